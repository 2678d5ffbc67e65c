// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Browser
import Foundation
import Marks
import PhotoLibrary
import Shell
import SystemPackage
import Testing
import TestSupport

/// A date fix asked in an album shown by name, whose dates are not read yet: they are read
/// first, so the shift moves each photo from the date its EXIF gives; one Undo takes it back.
@Suite(.serialized) struct DateFixSessionTests {
    @Test func aFixWaitsForTheDatesThenMovesThemAndUndoTakesItBack() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-redate-\(getpid())-\(UUID().uuidString.prefix(6))")
        let folder = root.appendingPathComponent("Holiday")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, hour) in [("a.jpg", 9), ("b.jpg", 15)] {
            let path = folder.appendingPathComponent(name).path
            #expect(try runExternalTool(["convert", "-size", "32x24", "xc:gray", path]).status == 0)
            #expect(try runExternalTool(["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2015:01:01 \(hour):00:00", path]).status == 0)
        }
        let helper = [builtExecutable(named: "fake-decode-helper")]
        let book = MarkBook(decoder: IsolatedDecoder(command: helper), dataFolder: FilePath(root.appendingPathComponent("data").path))
        let f = try AlbumSessionTests.Fixture(opening: folder.path, markBook: book, takenDates: TakenDates(decoder: IsolatedDecoder(command: helper)))
        #expect(f.run { f.session.photos.count == 2 && f.session.marksAreKnown })

        f.session.redateChosen([0, 1], .shift(DateShift(years: 9, seconds: 3_600)))
        #expect(f.run { f.browser.toast.message?.contains("dated anew") == true }, "\(f.browser.toast.message ?? "no toast")")
        book.waitForWrites()
        #expect(book.dateTaken(of: FilePath(folder.appendingPathComponent("a.jpg").path)) == "2024-01-01 10:00:00")
        #expect(book.dateTaken(of: FilePath(folder.appendingPathComponent("b.jpg").path)) == "2024-01-01 16:00:00")
        let sidecar = folder.appendingPathComponent("b.jpg.xmp").path
        #expect(try runExternalTool(["exiftool", "-s", "-s", "-s", "-XMP-exif:DateTimeOriginal", sidecar]).output.hasPrefix("2024:01:01 16:00:00"))

        f.browser.undo()
        book.waitForWrites()
        #expect(book.dateTaken(of: FilePath(folder.appendingPathComponent("a.jpg").path)) == nil)
        #expect(try runExternalTool(["exiftool", "-s", "-s", "-s", "-XMP-exif:DateTimeOriginal", sidecar]).output.isEmpty)
    }

    /// Asked before the marks are read (a sidecar may hold a date): made once they are.
    @Test func aFixAskedBeforeTheMarksAreReadIsMadeOnceTheyAre() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-redate-marks-\(getpid())-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let path = root.appendingPathComponent("a.jpg").path
        #expect(try runExternalTool(["convert", "-size", "32x24", "xc:gray", path]).status == 0)
        #expect(try runExternalTool(["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2015:01:01 09:00:00", path]).status == 0)
        let helper = [builtExecutable(named: "fake-decode-helper")]
        let book = MarkBook(decoder: IsolatedDecoder(command: helper), dataFolder: FilePath(root.appendingPathComponent("data").path))
        let dates = TakenDates(decoder: IsolatedDecoder(command: helper))
        let f = try AlbumSessionTests.Fixture(opening: root.path, markBook: book, takenDates: dates, readsMarks: false)
        #expect(f.run { f.session.photos.count == 1 })
        f.session.redateChosen([0], .shift(DateShift(seconds: 60)))
        dates.waitUntilIdle()
        f.session.update()
        #expect(book.dateTaken(of: FilePath(path)) == nil, "not before the marks are known")
        f.session.startReadingMarks()
        #expect(f.run { book.dateTaken(of: FilePath(path)) == "2015-01-01 09:01:00" })
        book.waitForWrites()
    }
}
