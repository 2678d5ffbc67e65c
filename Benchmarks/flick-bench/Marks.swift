// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import ArgumentParser
import Foundation
import Marks
import PhotoLibrary
import SystemPackage

/// `flick-bench marks FOLDER FLICK`: how fast every photo's marks in FOLDER are read in the
/// background (sidecars, else the photo's own packet) through FLICK's helpers, and how
/// long one mark takes to reach its sidecar.
func measureMarks(folder: String, flick: String) {
    guard let photos = try? FolderScanner.photos(in: FilePath(folder)) else { return print("cannot list \(folder)") }
    let data = FilePath(NSTemporaryDirectory()).appending("flick-bench-marks-\(getpid())")
    defer { try? FileManager.default.removeItem(atPath: data.string) }
    let book = MarkBook(decoder: IsolatedDecoder(command: [flick, DecodeHelper.subcommand]), dataFolder: data)
    var start = DispatchTime.now().uptimeNanoseconds
    book.read(photos.map(\.path))
    book.waitUntilIdle()
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let marked = book.drain().changed.count
    print(String(format: "marks of %d photos (%d marked) read in the background in %.2f s: %.0f photos/s",
                 photos.count, marked, seconds, Double(photos.count) / seconds))
    let rounds = min(100, photos.count)
    start = DispatchTime.now().uptimeNanoseconds
    for (number, photo) in photos.prefix(rounds).enumerated() {
        book.set(PhotoMarks(rating: number % 5 + 1), for: photo.path)
        book.waitUntilIdle()
    }
    let perMark = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(rounds)
    print(String(format: "a mark written to its sidecar (helper, new file, fsync, rename) in %.1f ms, behind the badge (which changes at once)", perMark))
}

struct MarksReading: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "marks", abstract: "How fast a folder's marks are read, and a mark written.")
    @Argument(help: "A folder of photos.") var folder: String
    @Argument(help: "The flick binary whose helpers read.") var flick: String
    func run() { measureMarks(folder: folder, flick: flick) }
}
