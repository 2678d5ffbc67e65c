// SPDX-License-Identifier: GPL-3.0-or-later
internal import CX11
internal import CDeferredLibraries
internal import CFontconfig
import Foundation
import Geometry

/// Desktop settings read once at start-up.
enum SystemSettings {
    /// The X resource `Xft.dpi` over 96: the scale desktops set for HiDPI screens. 1 when
    /// unset, unreadable or absurd. `FLICK_SCALE` overrides it.
    static func displayScale() -> Double {
        forcedScale ?? screen()?.scale ?? 1
    }

    /// `FLICK_SCALE`, when it is a sensible scale.
    private static var forcedScale: Double? {
        ProcessInfo.processInfo.environment["FLICK_SCALE"].flatMap(Double.init).flatMap { (0.5...4).contains($0) ? $0 : nil }
    }

    /// The default screen's size in pixels and the desktop's scale (`displayScale`), read
    /// over one short X connection; nil without an X display.
    static func screen() -> (pixelSize: Size, scale: Double)? {
        guard let display = XOpenDisplay(nil) else { return nil }
        defer { XCloseDisplay(display) }
        let screen = XDefaultScreen(display)
        let size = Size(width: Double(XDisplayWidth(display, screen)), height: Double(XDisplayHeight(display, screen)))
        let scale = forcedScale ?? XResourceManagerString(display).map { Self.scale(fromResources: String(cString: $0)) } ?? 1
        return (size, scale)
    }

    /// Parses `Xft.dpi:\t144` out of an X resource string.
    static func scale(fromResources resources: String) -> Double {
        for line in resources.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi",
                  let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)), dpi >= 48, dpi <= 384 else { continue }
            return dpi / 96
        }
        return 1
    }

    /// The file of the system's sans-serif font, as fontconfig matches it.
    /// True when the machine has a GPU that Mesa can render with (a DRM render node).
    /// Without one, "accelerated" OpenGL is llvmpipe on the CPU: slower to start (≈150 ms
    /// of LLVM set-up), heavier (≈100 MB more), and no faster than SDL's own software
    /// renderer for Flick's 2D work.
    static func hasGPURenderNode(devices: String = "/dev/dri") -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: devices)) ?? []
        return entries.contains { $0.hasPrefix("renderD") }
    }

    /// The file of a font that has `scalar`, as fontconfig finds one for sans-serif text:
    /// where the main font lacks a glyph (Chinese, Japanese, …), the text falls back to it.
    static func fallbackFontPath(for scalar: Unicode.Scalar) -> String? {
        guard flick_library_problem(FLICK_LIBRARY_FONTCONFIG) == nil else { return nil }
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcNameParse("sans-serif"), let wanted = FcCharSetCreate() else { return nil }
        defer { FcPatternDestroy(pattern); FcCharSetDestroy(wanted) }
        FcCharSetAddChar(wanted, FcChar32(scalar.value))
        FcPatternAddCharSet(pattern, FC_CHARSET, wanted)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        // The best match need not have the character: only one that does is any use.
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(match, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
              FcCharSetHasChar(charset, FcChar32(scalar.value)) != 0 else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }

    static func sansSerifFontPath() -> String? {
        guard flick_library_problem(FLICK_LIBRARY_FONTCONFIG) == nil else { return nil }
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcNameParse("DejaVu Sans:style=Book") else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, "file", 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }
}
