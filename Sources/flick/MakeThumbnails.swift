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
        var found: [Photo] = []
        for path in paths {
            let absolute = FilePath(URL(fileURLWithPath: path).standardizedFileURL.path)
            if let photo = FolderScanner.photo(at: absolute) {
                found.append(photo)
            } else {
                do { found += try Self.photos(in: absolute, recursive: recursive) } catch { fail(error.description) }
            }
        }
        let photos = found
        let decoder = IsolatedDecoder(command: DecodeHelper.command)
        let maker = ThumbnailMaker(cache: ThumbnailCache(root: ThumbnailCache.defaultRoot(), application: "flick-\(Flick.version)"),
                                   decode: { decoder.decode($0, maximumPixelSize: $1, colours: .sRGB) })
        let flavor = size.flavor
        let tally = Tally(total: photos.count)
        DispatchQueue.concurrentPerform(iterations: ProcessInfo.processInfo.activeProcessorCount) { worker in
            for index in stride(from: worker, to: photos.count, by: ProcessInfo.processInfo.activeProcessorCount) {
                tally.count(maker.thumbnail(of: photos[index], flavor: flavor), photo: photos[index])
            }
        }
        tally.finish()
    }

    static func photos(in folder: FilePath, recursive: Bool) throws(FolderError) -> [Photo] {
        var found = try FolderScanner.photos(in: folder)
        guard recursive else { return found }
        for subfolder in FolderScanner.subfolders(of: folder) { found += (try? photos(in: subfolder, recursive: true)) ?? [] }
        return found
    }
}

/// Counts outcomes from several threads and keeps one progress line on stderr.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private var made = 0, reused = 0, failed = 0
    private var failures: [String] = []
    private let isTerminal = isatty(2) == 1

    init(total: Int) { self.total = total }

    func count(_ outcome: ThumbnailMaker.Outcome, photo: Photo) {
        lock.lock()
        defer { lock.unlock() }
        switch outcome {
        case .made: made += 1
        case .reused: reused += 1
        case let .failed(error): failed += 1; failures.append("\(photo.path.string): \(error)")
        }
        let done = made + reused + failed
        if isTerminal && (done % 10 == 0 || done == total) {
            FileHandle.standardError.write(Data("\rthumbnails: \(done)/\(total)".utf8))
        }
    }

    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        for failure in failures { FileHandle.standardError.write(Data("flick: \(failure)\n".utf8)) }
        print("\(total) photos: \(made) made, \(reused) reused, \(failed) failed")
    }
}
