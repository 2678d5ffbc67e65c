// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Ingest
import SystemPackage
import Testing

@Suite struct NameTemplateTests {
    let facts = NameFacts(taken: TakenTime(year: 2026, month: 3, day: 7, hour: 9, minute: 5, second: 2), camera: "Canon EOS R6",
                          originalStem: "IMG_0042", sequence: 7, job: "Wedding")

    @Test func tokensAreFilledFromThePhotosFacts() throws {
        #expect(try NameTemplate("%Y-%m-%d_%H%M%S_{name}").filled(with: facts) == "2026-03-07_090502_IMG_0042")
        #expect(try NameTemplate("{job}-{seq:4}-{number}-{camera}-%y").filled(with: facts) == "Wedding-0007-0042-Canon EOS R6-26")
        #expect(try NameTemplate("100%% {seq}").filled(with: facts) == "100% 7")
    }

    @Test(arguments: ["%Q", "{nmae}", "{seq:0}", "end %", "{name"])
    func anUnknownTokenIsRefusedNamingTheKnownOnes(text: String) {
        #expect(throws: NameTemplate.Problem.self) { try NameTemplate(text) }
        do { _ = try NameTemplate(text) } catch { #expect(error.description.contains("{seq:N}"), "\(error)") }
    }

    @Test func aFolderTemplateMakesSafeFoldersUnderHome() throws {
        let template = try NameTemplate("~/Pictures/%Y/%Y-%m-%d {camera}")
        #expect(template.folder(for: facts, home: "/home/ann") == FilePath("/home/ann/Pictures/2026/2026-03-07 Canon EOS R6"))
        #expect(template.base(home: "/home/ann") == FilePath("/home/ann/Pictures"))
        #expect(try NameTemplate("/media/backup/2026-%m").base() == FilePath("/media/backup"))
        #expect(try NameTemplate("/media/backup/shoot").base() == FilePath("/media/backup/shoot"))
        // A camera's name with a slash makes no folder of its own.
        var slashed = facts
        slashed.camera = "AC/DC 1"
        #expect(try NameTemplate("/p/{camera}/../x").folder(for: slashed) == FilePath("/p/x"))
        #expect(try NameTemplate("/p/{camera}").folder(for: slashed) == FilePath("/p/AC-DC 1"))
    }

    @Test func namesAreMadeSafeForEveryDestination() {
        #expect(SafeName.of("a/b:c*d?e\"f<g>h|i\\j", room: 255) == "a-b-c-d-e-f-g-h-i-j")
        #expect(SafeName.of(".hidden", room: 255) == "_hidden")
        #expect(SafeName.of("", room: 255) == "_")
        let long = String(repeating: "ü", count: 200)
        let cut = SafeName.of(long, room: 100)
        #expect(cut.utf8.count == 100 && cut.allSatisfy { $0 == "ü" }, "cut at a character's edge")
    }

    @Test func aCamerasClockShiftMovesItsPhotosAcrossDaysAndYears() {
        #expect(IngestOptions.clockShift("Canon EOS R6=+1:30")! == ("Canon EOS R6", 5400))
        #expect(IngestOptions.clockShift("GoPro = -0:00:45")! == ("GoPro", -45))
        for bad in ["Canon=1:00", "=+1:00", "Canon=+1:75", "Canon=+1", "Canon=+a:00"] { #expect(IngestOptions.clockShift(bad) == nil, "\(bad)") }
        let newYear = TakenTime(year: 2025, month: 12, day: 31, hour: 23, minute: 30)
        #expect(newYear.adding(seconds: 3600) == TakenTime(year: 2026, month: 1, day: 1, hour: 0, minute: 30))
        #expect(TakenTime(year: 2024, month: 3, day: 1, hour: 0, minute: 10).adding(seconds: -900) == TakenTime(year: 2024, month: 2, day: 29, hour: 23, minute: 55))
    }

    @Test func anEXIFDateIsReadAsTheCamerasLocalTime() {
        #expect(TakenTime(exifStyle: "2024-05-01 14:03:22.35") == TakenTime(year: 2024, month: 5, day: 1, hour: 14, minute: 3, second: 22))
        #expect(TakenTime(exifStyle: "2024-05-01") == TakenTime(year: 2024, month: 5, day: 1))
        #expect(TakenTime(exifStyle: "0000-00-00 00:00:00") == nil)
        #expect(TakenTime(exifStyle: "yesterday") == nil)
    }
}
