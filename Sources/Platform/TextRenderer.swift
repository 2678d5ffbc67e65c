// SPDX-License-Identifier: GPL-3.0-or-later
internal import CDeferredLibraries
internal import CSDL2
import Geometry
import Pixels
import ViewTree

/// Renders labels with SDL_ttf in the system's sans-serif font, as textures in the store.
/// Each (text, size, colour) is rendered once and kept, pinned so the texture store never
/// evicts a label in use; the least recently asked-for go beyond `cacheLimit` (the pager's
/// "12 / 240" makes a new label per page).
public final class TextRenderer {
    static let cacheLimit = 256

    private struct Key: Hashable { let text: String, pointSize: Double, color: Color }
    private let textures: TextureStore
    private let scale: Double
    private let fontPath: String?
    private var fonts: [Int: OpaquePointer] = [:]
    private var fallbackPaths: [Unicode.Scalar: String?] = [:]
    private var fallbackFonts: [String: OpaquePointer] = [:]
    private var cache: [Key: (content: ImageContent, lastUse: UInt64)] = [:]
    private var uses: UInt64 = 0

    init(textures: TextureStore, scale: Double) {
        self.textures = textures
        self.scale = scale
        // Without SDL_ttf (or fontconfig) there is no font: labels are left out, as without one.
        guard flick_library_problem(FLICK_LIBRARY_SDL2_TTF) == nil else {
            fontPath = nil
            return
        }
        if TTF_WasInit() == 0 { TTF_Init() }
        fontPath = SystemSettings.sansSerifFontPath()
    }

    /// The label as image content whose pixel size is `scale` times its size in points
    /// (so `pixelSize / scale` is the size to lay it out at), or nil without a font.
    public func label(_ text: String, pointSize: Double, color: Color = .white) -> ImageContent? {
        let key = Key(text: text, pointSize: pointSize, color: color)
        uses += 1
        if let cached = cache[key] {
            cache[key]?.lastUse = uses
            return cached.content
        }
        let pixelSize = Int((pointSize * scale).rounded())
        guard !text.isEmpty, let main = font(pixelSize: pixelSize),
              let pixels = render(runs(of: text, pixelSize: pixelSize), lineHeight: TTF_FontHeight(main), color: color) else { return nil }
        let content = ImageContent(texture: textures.add(pixels, pinned: true),
                                   pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height)), isOpaque: false, mode: .aspectFit)
        cache[key] = (content, uses)
        if cache.count > Self.cacheLimit, let oldest = cache.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            cache[oldest.key] = nil
            textures.remove(oldest.value.content.texture)
        }
        return content
    }

    /// How wide `text` is at `pointSize`, in points, without rendering it; nil without a font.
    public func width(of text: String, pointSize: Double) -> Double? {
        let pixelSize = Int((pointSize * scale).rounded())
        guard let main = font(pixelSize: pixelSize) else { return nil }
        var total: Int32 = 0
        for run in runs(of: text, pixelSize: pixelSize) {
            var width: Int32 = 0, height: Int32 = 0
            guard TTF_SizeUTF8(run.font, run.text, &width, &height) == 0 else { return nil }
            total += Self.shrunk(width, font: run.font, lineHeight: TTF_FontHeight(main))
        }
        return Double(total) / scale
    }

    /// The characters of `text` that no font here can draw (they would show as empty boxes):
    /// none, for any language Flick is translated into, on a system with `make deps`' fonts.
    public func charactersWithoutGlyphs(in text: String, pointSize: Double = 15) -> [Character] {
        let pixelSize = Int((pointSize * scale).rounded())
        guard let main = font(pixelSize: pixelSize) else { return Array(text) }
        return text.filter { character in
            guard let scalar = character.unicodeScalars.first, !scalar.properties.isWhitespace else { return false }
            return TTF_GlyphIsProvided32(main, scalar.value) == 0 && fallbackFont(for: scalar, pixelSize: pixelSize) == nil
        }.map { $0 }
    }

    /// `text` split where the font changes: the main font where it has the glyphs, else a

    /// font fontconfig finds with them (CJK, say). Empty without a main font.
    private func runs(of text: String, pixelSize: Int) -> [(text: String, font: OpaquePointer)] {
        guard let main = font(pixelSize: pixelSize) else { return [] }
        var runs: [(text: String, font: OpaquePointer)] = []
        for character in text {
            let scalar = character.unicodeScalars.first!
            var chosen = main
            if TTF_GlyphIsProvided32(main, scalar.value) == 0, let fallback = fallbackFont(for: scalar, pixelSize: pixelSize) {
                chosen = fallback
            }
            if let last = runs.last, last.font == chosen {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append((String(character), chosen))
            }
        }
        return runs
    }

    /// A length in a run's font brought to the main font's line: a colour emoji font has
    /// one bitmap size (109 px in Noto Color Emoji), which SDL_ttf draws as it is.
    private static func shrunk(_ length: Int32, font: OpaquePointer, lineHeight: Int32) -> Int32 {
        let height = TTF_FontHeight(font)
        guard height > lineHeight * 5 / 4, height > 0 else { return length }
        return Int32((Double(length) * Double(lineHeight) / Double(height)).rounded())
    }

    /// The runs rendered side by side on one baseline, as pixels; a run drawn far taller
    /// than the line (a bitmap emoji) is scaled down to it.
    private func render(_ runs: [(text: String, font: OpaquePointer)], lineHeight: Int32, color: Color) -> PixelBuffer? {
        guard !runs.isEmpty else { return nil }
        let bytes = color.bytes
        var surfaces: [(surface: UnsafeMutablePointer<SDL_Surface>, ascent: Int32)] = []
        defer { for part in surfaces { SDL_FreeSurface(part.surface) } }
        for run in runs {
            guard let rendered = TTF_RenderUTF8_Blended(run.font, run.text, SDL_Color(r: bytes.red, g: bytes.green, b: bytes.blue, a: bytes.alpha)),
                  let argb = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
            SDL_FreeSurface(rendered)
            let width = Self.shrunk(argb.pointee.w, font: run.font, lineHeight: lineHeight)
            if width != argb.pointee.w, let small = SDL_CreateRGBSurfaceWithFormat(0, max(1, width),
                    max(1, Self.shrunk(argb.pointee.h, font: run.font, lineHeight: lineHeight)), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) {
                SDL_SoftStretchLinear(argb, nil, small, nil)
                SDL_FreeSurface(argb)
                surfaces.append((small, Self.shrunk(TTF_FontAscent(run.font), font: run.font, lineHeight: lineHeight)))
            } else {
                surfaces.append((argb, TTF_FontAscent(run.font)))
            }
        }
        if surfaces.count == 1 { return PixelBuffer.copying(surfaces[0].surface) }
        let ascent = surfaces.map(\.ascent).max() ?? 0
        let width = surfaces.reduce(Int32(0)) { $0 + $1.surface.pointee.w }
        let height = surfaces.map { ascent - $0.ascent + $0.surface.pointee.h }.max() ?? 0
        guard let line = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        defer { SDL_FreeSurface(line) }
        var x: Int32 = 0
        for part in surfaces {
            SDL_SetSurfaceBlendMode(part.surface, SDL_BLENDMODE_NONE)
            var target = SDL_Rect(x: x, y: ascent - part.ascent, w: part.surface.pointee.w, h: part.surface.pointee.h)
            SDL_UpperBlit(part.surface, nil, line, &target)
            x += part.surface.pointee.w
        }
        return PixelBuffer.copying(line)
    }

    /// A font with `scalar` at `pixelSize`, found once per character and file.
    private func fallbackFont(for scalar: Unicode.Scalar, pixelSize: Int) -> OpaquePointer? {
        // A fallback already open usually has the next character too (a CJK font has
        // them all): asking fontconfig costs milliseconds a character.
        for path in Set(fallbackPaths.values.compactMap { $0 }).sorted() {
            if let font = openFallback(path, pixelSize: pixelSize), TTF_GlyphIsProvided32(font, scalar.value) != 0 { return font }
        }
        let path: String?
        if let known = fallbackPaths[scalar] {
            path = known
        } else {
            path = SystemSettings.fallbackFontPath(for: scalar)
            fallbackPaths[scalar] = .some(path)
        }
        guard let path else { return nil }
        return openFallback(path, pixelSize: pixelSize)
    }

    private func openFallback(_ path: String, pixelSize: Int) -> OpaquePointer? {
        let key = "\(path)@\(pixelSize)"
        if let font = fallbackFonts[key] { return font }
        guard let font = TTF_OpenFont(path, Int32(pixelSize)) else { return nil }
        fallbackFonts[key] = font
        return font
    }

    /// The size in points that `label` should be laid out at.
    public func pointSize(of content: ImageContent) -> Size { content.pixelSize / scale }

    private func font(pixelSize: Int) -> OpaquePointer? {
        if let font = fonts[pixelSize] { return font }
        guard let fontPath, let font = TTF_OpenFont(fontPath, Int32(pixelSize)) else { return nil }
        fonts[pixelSize] = font
        return font
    }

    deinit {
        for font in fonts.values { TTF_CloseFont(font) }
        for font in fallbackFonts.values { TTF_CloseFont(font) }
    }
}

extension PixelBuffer {
    /// Copies an ARGB8888 surface.
    static func copying(_ surface: UnsafeMutablePointer<SDL_Surface>) -> PixelBuffer {
        let width = Int(surface.pointee.w), height = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let source = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        bytes.withUnsafeMutableBufferPointer { target in
            for row in 0..<height { (target.baseAddress! + row * width * 4).update(from: source + row * pitch, count: width * 4) }
        }
        return PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: false)
    }
}
