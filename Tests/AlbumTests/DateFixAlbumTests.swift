// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Marks
import PhotoLibrary
import SystemPackage
import Testing
import TestSupport

/// Fixing dates taken: into the sidecars (exif:DateTimeOriginal), never the photos; read
/// back before EXIF; one undo step.
@Suite struct DateFixAlbumTests {
    /// Three photos with EXIF dates: a.jpg 10:00, b.jpg 11:00, c.jpg 12:00 on 2024-06-14.
    private func dated(_ f: MarkFolder) throws -> AlbumModel {
        for (name, hour) in [("a.jpg", 10), ("b.jpg", 11), ("c.jpg", 12)] {
            try f.photo(name)
            try f.run(["exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2024:06:14 \(hour):00:00", f.path(name).string])
        }
        let model = AlbumModel(folder: FilePath(f.folder.path), trash: Trash(homeTrash: FilePath(f.dataFolder.string + "-trash")), markBook: f.book)
        model.appendListing(try FolderScanner.photos(in: FilePath(f.folder.path)))
        model.finishListing()
        let decoder = IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")])
        var read: [FilePath: PhotoTraits] = [:]
        for photo in model.photos { read[photo.path] = PhotoTraits.date(try decoder.facts(photo.path).get().dateTaken ?? "") }
        model.noteTraits(read)
        model.setOrder(PhotoOrder(.dateTaken))
        return model
    }

    private func names(_ model: AlbumModel) -> [String] { model.photos.map(\.fileName) }

    @Test func aShiftMovesThePhotosOnTheTimelineAndIntoTheirSidecars() throws {
        let f = try MarkFolder()
        let model = try dated(f)
        #expect(names(model) == ["a.jpg", "b.jpg", "c.jpg"])
        let before = try Data(contentsOf: f.folder.appendingPathComponent("a.jpg"))
        let shift = try #require(DateFix(typed: "+2h30m"))
        let outcome = try #require(model.redate([model.photos[0]], shift))
        #expect(outcome.moved.map(\.fileName) == ["a.jpg"] && outcome.refused.isEmpty)
        #expect(names(model) == ["b.jpg", "c.jpg", "a.jpg"], "a.jpg is now taken at 12:30")
        f.book.waitUntilIdle()
        #expect(try f.output(["exiftool", "-s", "-s", "-s", "-XMP-exif:DateTimeOriginal", f.path("a.jpg.xmp").string])
            .hasPrefix("2024:06:14 12:30:00"))
        #expect(try Data(contentsOf: f.folder.appendingPathComponent("a.jpg")) == before, "the photo itself is not changed")

        // Opened again: the sidecar's date is read with the marks, before the EXIF's.
        let next = MarkBook(decoder: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")]), dataFolder: f.dataFolder)
        next.read([f.path("a.jpg")])
        next.waitUntilIdle()
        #expect(next.drain().redated == [f.path("a.jpg")])
        #expect(next.dateTaken(of: f.path("a.jpg")) == "2024-06-14 12:30:00")

        #expect(try model.undo() == .redated([f.path("a.jpg")]))
        #expect(names(model) == ["a.jpg", "b.jpg", "c.jpg"])
        f.book.waitUntilIdle()
        #expect(try f.output(["exiftool", "-s", "-s", "-s", "-XMP-exif:DateTimeOriginal", f.path("a.jpg.xmp").string]).isEmpty,
                "the undone date is taken out of the sidecar, so the photo's own counts again")
    }

    /// Setting a date on several moves the earliest there and the others with it, as one step.
    @Test func settingSeveralKeepsTheirHoursApartInOneStep() throws {
        let f = try MarkFolder()
        let model = try dated(f)
        let photos = model.photos
        let fix = try #require(DateFix(typed: "2019-03-02 08:00"))
        _ = try #require(model.redate(photos, fix))
        #expect(photos.map { model.dateTakenText(of: $0) } == ["2019-03-02 08:00:00", "2019-03-02 09:00:00", "2019-03-02 10:00:00"])
        #expect(model.daySections()?.map(\.day) == [CalendarDay(year: 2019, month: 3, day: 2)])
        #expect(try model.undo() == .redated(photos.map(\.path)))
        #expect(photos.map { model.dateTakenText(of: $0) } == ["2024-06-14 10:00:00", "2024-06-14 11:00:00", "2024-06-14 12:00:00"])
        #expect(try model.undo() == nil, "one step")
    }

    /// A RAW and its JPEG move together; a date out of the calendar is refused, said, and
    /// changes nothing.
    @Test func pairsMoveTogetherAndTheCalendarsEndsAreKept() throws {
        let card = try RawPairAlbumTests.Card(pairs: ["P"])
        let (f, model) = (card.f, card.model)
        let pair = try #require(model.photos.first)
        let fix = try #require(DateFix(typed: "2020-01-01 00:00"))
        _ = model.redate([pair], fix)
        #expect(f.book.dateTaken(of: f.path("P.JPG")) == "2020-01-01 00:00:00" && f.book.dateTaken(of: f.path("P.DNG")) == "2020-01-01 00:00:00")
        let tooFar = DateFix.shift(DateShift(years: -3000))
        let refused = try #require(model.redate([pair], tooFar))
        #expect(refused.moved.isEmpty && refused.refused.count == 1)
        #expect(model.dateTakenText(of: pair) == "2020-01-01 00:00:00")
        f.book.waitUntilIdle()
    }
}
