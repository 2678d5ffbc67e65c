// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Ingest
import PhotoLibrary
import SystemPackage
import Testing

/// `flick import` at a terminal: the options as typed, the progress line, stopping.
@Suite struct IngestConsoleTests {
    @Test func theTypedOptionsBecomeTemplatesAndClockShiftsOrSayWhatIsWrong() throws {
        let options = try IngestConsole.options(destination: "/copies/%Y", backup: "/backup/%Y-%m", rename: "{camera}_{seq:3}", job: "Wedding",
                                                caption: XMPCaption(creator: "Ann"), clockShifts: ["Canon EOS R6=+1:00", "GoPro=-0:00:30"], isDryRun: true)
        #expect(options.destinations.map(\.text) == ["/copies/%Y", "/backup/%Y-%m"])
        #expect(options.rename.text == "{camera}_{seq:3}" && options.job == "Wedding" && options.caption.creator == "Ann" && options.isDryRun)
        #expect(options.clockShifts == ["Canon EOS R6": 3600, "GoPro": -30])
        let noBackup = try IngestConsole.options(destination: "/copies", backup: nil, rename: "{name}", job: "", caption: XMPCaption(), clockShifts: [], isDryRun: false)
        #expect(noBackup.destinations.count == 1 && !noBackup.isDryRun)

        #expect(throws: IngestConsole.Invalid.clockShift("Canon=1:00")) {
            try IngestConsole.options(destination: "/c", backup: nil, rename: "{name}", job: "", caption: XMPCaption(), clockShifts: ["Canon=1:00"], isDryRun: false)
        }
        do throws(IngestConsole.Invalid) {
            _ = try IngestConsole.options(destination: "/c", backup: "/b/%Q", rename: "{name}", job: "", caption: XMPCaption(), clockShifts: [], isDryRun: false)
            Issue.record("a backup template with an unknown token was taken")
        } catch {
            guard case .template = error else { Issue.record("\(error)"); return }
            #expect(error.description.contains("%Q") || error.description.contains("{seq:N}"), "the message names the problem: \(error)")
        }
        #expect(IngestConsole.Invalid.clockShift("x").description.contains("CAMERA=+H:MM"))
    }

    @Test func theProgressLineIsRewrittenAtMostFiveTimesASecondAndAlwaysAtTheEnd() {
        var line = IngestConsole.ProgressLine()
        var progress = IngestProgress(isCopying: false, files: 3, totalFiles: 40)
        #expect(line.text(for: progress, at: 10) == "import: reading the card, 3/40 files")
        progress.files = 4
        #expect(line.text(for: progress, at: 10.1) == nil, "a tenth of a second later: the line stands")
        progress = IngestProgress(isCopying: true, files: 5, totalFiles: 40, bytes: 12_500_000, totalBytes: 900_000_000)
        #expect(line.text(for: progress, at: 10.25) == "import: 5/40 files, 12/900 MB")
        progress.files = 40
        progress.bytes = 900_000_000
        #expect(line.text(for: progress, at: 10.26) == "import: 40/40 files, 900/900 MB", "the last file is always shown")
    }

    @Test func aRunSaysHowFarItIsOnTheTerminalAndClearsTheLineAtTheEnd() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(3)
        let ingest = try card.ingest(to: [card.folder("copies").path])
        var shown: [String] = []
        let report = try IngestConsole.run(ingest, status: { shown.append($0) }, shouldStop: { false })
        #expect(report.isComplete && report.copiedCount == 6, "three RAW+JPEG pairs")
        #expect(shown.first?.hasPrefix("\r\u{1B}[Kimport: ") == true, "\(shown)")
        #expect(shown.contains("\r\u{1B}[Kimport: 6/6 files, 0/0 MB"), "the last file's line: \(shown)")
        #expect(shown.last == "\r\u{1B}[K", "the line is cleared before the report is printed")
        card.expectEveryFileOnce(in: card.folder("copies"))

        let quiet = try IngestConsole.run(try card.ingest(to: [card.folder("again").path]), status: nil, shouldStop: { false })
        #expect(quiet.copiedCount == 6, "without a terminal nothing is shown and the import is the same")
    }

    @Test func aStoppedRunCopiesNoMoreAndSaysItIsIncomplete() throws {
        let card = try TestCard()
        defer { card.remove() }
        try card.pairs(4)
        var asked = 0
        let report = try IngestConsole.run(try card.ingest(to: [card.folder("copies").path]), status: nil, shouldStop: {
            asked += 1
            return asked > 1
        })
        #expect(!report.isComplete, "a stopped import exits non-zero")
        #expect(report.copiedCount < 8)
        card.expectOnlyWholeCopies(in: card.folder("copies"))
    }
}
