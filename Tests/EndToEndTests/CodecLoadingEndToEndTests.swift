// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The codec libraries few folders need (libheif, libjxl, librsvg and cairo, LibRaw,
/// SDL_image) and exempi are loaded by the helper that meets such a file, never by Flick
/// itself; GIO by the thread that asks the desktop (or with librsvg): a folder of JPEGs
/// does not wait for any of them at every start. SDL2, SDL_ttf and fontconfig are Flick's
/// window's, loaded after its first helper is forked: no decode helper loads them.
@Suite(.serialized) struct CodecLoadingEndToEndTests {
    static let lazyLibraries = ["libheif.so", "libjxl.so", "librsvg-2.so", "libcairo.so", "libraw.so", "libSDL2_image-2.0.so", "libexempi.so"]
    static let desktopLibraries = ["libgio-2.0.so", "libgobject-2.0.so"]
    static let windowLibraries = ["libSDL2-2.0.so", "libSDL2_ttf-2.0.so"]

    /// The shared libraries mapped into process `pid`, by file name. Read to its end: the
    /// kernel gives /proc's files a page at a time, and String(contentsOfFile:) stops early.
    func libraries(of pid: Int32) -> Set<String> {
        let data = FileHandle(forReadingAtPath: "/proc/\(pid)/maps")?.readDataToEndOfFile() ?? Data()
        let maps = String(decoding: data, as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line in line.split(separator: "/").last.map(String.init) })
    }

    @Test func anSVGShowsThoughFlickItselfNeverLoadsLibrsvg() throws {
        let folder = try makeSolidColourFolder([(220, 30, 30)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let drawing = #"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="rgb(30,200,60)"/></svg>"#
        try Data(drawing.utf8).write(to: folder.appendingPathComponent("photo_2.svg"))
        let flick = try FlickSession(arguments: [folder.path])
        let window = try flick.geometry()
        let (first, second) = (cellCentre(0, in: window), cellCentre(1, in: window))
        let (_, both) = try flick.waitForScreen { shot in
            shot.matches(x: first.x, y: first.y, (220, 30, 30)) && shot.matches(x: second.x, y: second.y, (30, 200, 60))
        }
        #expect(both, "the PNG and the SVG in the grid: \(flick.errorOutput())")

        let pid = flick.process.processIdentifier
        let own = libraries(of: pid)
        #expect(own.contains { $0.hasPrefix("libSDL2-2.0.so") } && own.contains { $0.hasPrefix("libturbojpeg.so") },
                "Flick's maps are read whole: \(own.sorted())")
        for library in Self.lazyLibraries {
            #expect(!own.contains { $0.hasPrefix(library) }, "Flick itself loaded \(library)")
        }
        let helpersLoaded = helpers(of: pid).map(libraries(of:))
        #expect(helpersLoaded.contains { loaded in loaded.contains { $0.hasPrefix("librsvg-2.so") } },
                "the helper that drew the SVG loaded librsvg: \(helpersLoaded.map { $0.sorted() })")
        // librsvg brings GIO with it; the helpers that drew no SVG never load it.
        let plainHelpers = helpersLoaded.filter { loaded in !loaded.contains { $0.hasPrefix("librsvg-2.so") } }
        for library in Self.desktopLibraries {
            #expect(!plainHelpers.contains { loaded in loaded.contains { $0.hasPrefix(library) } }, "a helper loaded \(library)")
        }
        // cairo brings fontconfig to the SVG's helper; the others never load it.
        #expect(own.contains { $0.hasPrefix("libSDL2_ttf-2.0.so") } && own.contains { $0.hasPrefix("libfontconfig.so") })
        for library in Self.windowLibraries {
            #expect(!helpersLoaded.contains { loaded in loaded.contains { $0.hasPrefix(library) } }, "a helper loaded \(library)")
        }
        #expect(!plainHelpers.contains { loaded in loaded.contains { $0.hasPrefix("libfontconfig.so") } }, "a helper loaded fontconfig")
    }
}
