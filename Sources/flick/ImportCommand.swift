// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import Ingest
import PhotoLibrary
import SystemPackage

/// `flick import`: a card's photos copied to one or two destinations, each copy read back
/// and compared with the card before it counts, renamed by a template; the card is only
/// read. Prints a line per file and exits 1 if any file was not copied.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Copy a card's photos to verified copies, renamed, never writing to the card.",
        discussion: """
            Every photo and video under SOURCE (a card's DCIM, a phone's folder) is copied with the files that \
            share its name (RAW+JPEG pairs, Live Photos, sidecars). Each copy is written under a temporary name, \
            flushed, read back and compared by hash with the card before it takes its name; nothing is ever \
            replaced. A file a destination already holds (by content, under any name) is skipped, so an import \
            cut short resumes where it stopped. DEST and the rename template take %Y %y %m %d %H %M %S (when the \
            photo was taken) and {name} {number} {camera} {job} {seq} {seq:N}. --creator, --copyright, --credit, --caption \
            and --keyword go into each copy's XMP sidecar (the card's own copied with it, else a new NAME.EXT.xmp), where \
            Photo Mechanic, Lightroom, darktable and exiftool read them.
            """)

    @Argument(help: "The card or folder to import from; only ever read.")
    var source: String

    @Option(name: .customLong("to"), help: ArgumentHelp("Where the copies go, a folder template.", valueName: "DEST"))
    var destination: String = IngestOptions.defaultDestination

    @Option(help: ArgumentHelp("A second destination (a backup drive), a folder template too.", valueName: "DEST2"))
    var backup: String?

    @Option(help: ArgumentHelp("The copies' names without their extensions.", valueName: "TEMPLATE"))
    var rename: String = IngestOptions.defaultRename

    @Option(help: "The job's name, for {job}.")
    var job: String = ""

    @Option(help: "The photographer, written into each copy's sidecar (dc:creator).")
    var creator: String?

    @Option(help: "The copyright notice, into each copy's sidecar (dc:rights).")
    var copyright: String?

    @Option(help: "The credit line, into each copy's sidecar (photoshop:Credit).")
    var credit: String?

    @Option(help: "The caption, into each copy's sidecar (dc:description).")
    var caption: String?

    @Option(name: .customLong("keyword"), help: "A keyword for each copy's sidecar (dc:subject); again for more.")
    var keywords: [String] = []

    @Option(name: .customLong("shift"), help: ArgumentHelp(
        "A camera whose clock was wrong, and how far: \"Canon EOS R6=+1:00\" (as {camera} names it; hours:minutes[:seconds] to add, - to take off); again for more.",
        valueName: "CAMERA=±H:MM"))
    var shifts: [String] = []

    @Flag(name: .customLong("dry-run"), help: "Print where each file would go, and write nothing.")
    var isDryRun = false

    func run() throws {
        let options: IngestOptions
        do throws(IngestConsole.Invalid) {
            options = try IngestConsole.options(destination: destination, backup: backup, rename: rename, job: job,
                                                caption: XMPCaption(creator: creator, copyright: copyright, credit: credit, caption: caption, keywords: keywords),
                                                clockShifts: shifts, isDryRun: isDryRun)
        } catch {
            fail(error.description)
        }
        let decoder = IsolatedDecoder(command: DecodeHelper.command)
        let ingest = Ingest(source: RawArguments.path(source), options: options, facts: Ingest.facts(from: decoder), captioner: Ingest.captioner(from: decoder))
        IngestConsole.stopOnQuitSignals()
        let report: IngestReport
        do {
            report = try IngestConsole.run(ingest, status: isatty(2) == 1 ? { FileHandle.standardError.write(Data($0.utf8)) } : nil)
        } catch {
            fail(error.description)
        }
        for line in report.lines(relativeTo: ingest.source) { print(line) }
        if !report.isComplete { throw ExitCode(1) }
    }
}
