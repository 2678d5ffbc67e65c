internal import CSDL2
import Geometry
import PhotoLibrary
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
    private var cache: [Key: (content: ImageContent, lastUse: UInt64)] = [:]
    private var uses: UInt64 = 0

    init(textures: TextureStore, scale: Double) {
        self.textures = textures
        self.scale = scale
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
        guard !text.isEmpty, let font = font(pixelSize: Int((pointSize * scale).rounded())) else { return nil }
        let bytes = color.bytes
        guard let rendered = TTF_RenderUTF8_Blended(font, text, SDL_Color(r: bytes.red, g: bytes.green, b: bytes.blue, a: bytes.alpha)) else {
            return nil
        }
        defer { SDL_FreeSurface(rendered) }
        guard let argb = SDL_ConvertSurfaceFormat(rendered, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(argb) }
        let pixels = PixelBuffer.copying(argb)
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
        guard let font = font(pixelSize: Int((pointSize * scale).rounded())) else { return nil }
        var width: Int32 = 0, height: Int32 = 0
        guard TTF_SizeUTF8(font, text, &width, &height) == 0 else { return nil }
        return Double(width) / scale
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
