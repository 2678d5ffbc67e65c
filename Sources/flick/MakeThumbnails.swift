// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import PhotoLibrary
import SystemPackage

/// `flick thumbnail`: fills the shared thumbnail cache, on every core, with a progress
/// line and a summary. Exits 0 when it ran, even if some files could not be read.
struct MakeThumbnails: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnail",
        abstract: "Make thumbnails in the shared cache (~/.cache/thumbnails) for file managers and Flick.")

    enum SizeName: String, ExpressibleByArgument, CaseIterable {
        case normal, large
        case xLarge = "x-large"

        var flavor: ThumbnailCache.Flavor {
            switch self {
            case .normal: .normal
            case .large: .large
            case .xLarge: .xLarge
            }
        }
    }

    @Option(help: "Thumbnail size: normal (128 px), large (256 px) or x-large (512 px, for HiDPI screens).")
    var size: SizeName = .large

    @Flag(name: .short, help: "Go into subfolders.")
    var recursive = false

    @Argument(help: "Folders or images.")
    var paths: [String]

    func run() throws {
        // Absolute, as the cache's URIs are; each path with its own bytes.
        let here = FilePath(FileManager.default.currentDirectoryPath)
        let photos: [Photo]
        do { photos = try FolderScanner.photos(named: paths.map { here.pushing(RawArguments.path($0)).lexicallyNormalized() }, recursive: recursive) } catch { fail(error.description) }
        let decoder = IsolatedDecoder(command: DecodeHelper.command)
        let maker = ThumbnailMaker(cache: ThumbnailCache(root: ThumbnailCache.defaultRoot(), application: "flick-\(Flick.version)"),
                                   decode: { decoder.decode($0, maximumPixelSize: $1, colours: .sRGB) })
        let total = photos.count, isTerminal = isatty(2) == 1
        let summary = maker.makeAll(photos, flavor: size.flavor) { done in
            if isTerminal && (done % 10 == 0 || done == total) { FileHandle.standardError.write(Data("\rthumbnails: \(done)/\(total)".utf8)) }
        }
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        for failure in summary.failures { warn("\(failure.photo.path.string): \(failure.error)") }
        print("\(total) photos: \(summary.made) made, \(summary.reused) reused, \(summary.failures.count) failed")
    }
}
