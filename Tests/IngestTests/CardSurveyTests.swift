// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Ingest
import PhotoLibrary
import Synchronization
import SystemPackage
import Testing

/// The card as the import's dialog reads it before anything is copied: its photos with
/// their dates and cameras, the names the first ones will get, read once for the dialog and
/// the import.
@Suite struct CardSurveyTests {
    @Test func theSurveyReadsEveryPhotoOnceWithItsDateAndCamera() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(3)
        try card.pairs(1, in: "DCIM/101CANON", first: 7)
        let asked = Mutex<[String]>([])
        let ingest = Ingest(source: card.source, options: try card.ingest(to: [card.folder("Pictures").path]).options) { path in
            asked.withLock { $0.append(path.lastComponent!.string) }
            let number = Int(path.stem!.dropFirst(4))!
            return (TakenTime(year: 2026, month: 6, day: number), number == 7 ? "SONY ILCE-7M4" : "Canon EOS R6", nil)
        }
        var heard: [(Int, Int)] = []
        let shots = try #require(ingest.survey { heard.append(($0, $1)); return true })
        #expect(shots.count == 4)
        #expect(Set(shots.map(\.camera)) == ["Canon EOS R6", "SONY ILCE-7M4"])
        #expect(shots.first { $0.item.stem == "IMG_0007" }?.taken == TakenTime(year: 2026, month: 6, day: 7))
        // A pair's date is read from one of its files.
        #expect(asked.withLock { $0.count } == 4)
        #expect(heard.last! == (4, 4))
    }

    @Test func aSurveyOfASourceThatIsNotThereIsNil() throws {
        let ingest = Ingest(source: "/nonexistent/card", options: IngestOptions(destinations: [try NameTemplate("/tmp/x")], rename: try NameTemplate("{name}"))) { _ in (nil, nil, nil) }
        #expect(ingest.survey() == nil)
    }

    /// The first names follow the order taken (clocks set right), the templates and the
    /// sequence, in every destination.
    @Test func theFirstCopiesAreNamedInTheOrderTakenWithClocksSetRight() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(3)
        let facts: [String: (TakenTime, String)] = [
            "IMG_0001": (TakenTime(year: 2026, month: 6, day: 2, hour: 10), "Canon EOS R6"),
            "IMG_0002": (TakenTime(year: 2026, month: 6, day: 2, hour: 9, minute: 30), "SONY ILCE-7M4"),
            "IMG_0003": (TakenTime(year: 2026, month: 6, day: 1, hour: 23, minute: 30), "Canon EOS R6"),
        ]
        var options = IngestOptions(destinations: [try NameTemplate("/p/%Y-%m-%d"), try NameTemplate("/b")], rename: try NameTemplate("{job}-{seq:3}"), job: "Dunes")
        // The Canon's clock was an hour behind: its 23:30 was 00:30 the next day.
        options.clockShifts = ["canon eos r6": 3600]
        let ingest = Ingest(source: card.source, options: options) { path in
            let read = facts[path.stem!]!
            return (read.0, read.1, nil)
        }
        let copies = ingest.firstCopies(of: try #require(ingest.survey()), count: 2)
        #expect(copies.map { $0.source.lastComponent!.string } == ["IMG_0003.JPG", "IMG_0002.JPG"])
        #expect(copies.map { $0.copies.map(\.string) } == [["/p/2026-06-02/Dunes-001.JPG", "/b/Dunes-001.JPG"],
                                                           ["/p/2026-06-02/Dunes-002.JPG", "/b/Dunes-002.JPG"]])
    }

    @Test func rememberedFactsAreReadOnceUnlessTheyFailed() {
        let reads = Mutex(0)
        let remembered = RememberedFacts { path in
            reads.withLock { $0 += 1 }
            return path.string.hasSuffix("bad") ? (nil, nil, "the helper crashed") : (TakenTime(year: 2026, month: 1, day: 1), "X", nil)
        }
        for _ in 0..<3 {
            #expect(remembered.reader("/card/good").taken == TakenTime(year: 2026, month: 1, day: 1))
            #expect(remembered.reader("/card/bad").problem != nil)
        }
        #expect(reads.withLock { $0 } == 4)
    }

    /// With "skip photos already imported" off, a card imported twice is copied twice, the
    /// second time under the next numbers; on (the default), nothing is copied again.
    @Test func skippingWhatWasImportedCanBeTurnedOff() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(2)
        let destination = card.folder("Pictures")
        _ = try card.ingest(to: [destination.path]).run()
        let again = try card.ingest(to: [destination.path]).run()
        #expect(again.copiedCount == 0 && again.skippedCount == 4)
        var options = try card.ingest(to: [destination.path]).options
        options.skipsImported = false
        let twice = try Ingest(source: card.source, options: options) { _ in (nil, "Canon EOS R6", nil) }.run()
        #expect(twice.copiedCount == 4)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: destination.path))
            == Set(["IMG_0001", "IMG_0002", "IMG_0001-2", "IMG_0002-2"].flatMap { [$0 + ".CR3", $0 + ".JPG"] }))
    }

}
