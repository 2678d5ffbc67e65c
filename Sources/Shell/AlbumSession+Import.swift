// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Foundation
import Ingest
import Localization
import PhotoLibrary
import SystemPackage

/// The session's part in importing cards: how (the choices the dialog last took), how a
/// card's photos' dates and cameras are read (a helper), the import running, the cards
/// offered, and the dialog while it is up.
public final class CardImports {
    public var options = IngestOptions(destinations: [Settings.defaultImportDestination()], rename: try! NameTemplate(IngestOptions.defaultRename))
    public var facts: Ingest.FactsReader = { _ in (nil, nil, nil) }
    public var captioner: Ingest.Captioner?
    /// The dialog's choices were taken this run: they are remembered in the settings.
    public internal(set) var optionsChosen = false
    var running: CardImport?
    /// The cards offered for import already (each once a run).
    var offered: Set<FilePath> = []
    /// An album was opened: whether it is on a card is asked once its first frame is drawn.
    var offerDue = true
    /// Volumes mounted while Flick runs (posted by the mount watch's thread).
    public let mountedVolumes = MountedVolumes()
    var dialog: ImportDialog?
    var survey: CardSurveyRun?
    /// The facts the dialog's survey read, asked again by the import it starts.
    var surveyed: RememberedFacts?

    var isRunning: Bool { running?.isRunning == true }
}

/// A card imported while the photographer culls: offered when Flick is opened on a card
/// (and on Ctrl+I), its choices made in a form, copied on a thread of its own, and the
/// copies' folder opened as soon as it is known, so the first photos are culled while the
/// rest arrive; marks go to the copies' sidecars. The card is only ever read.
extension AlbumSession {
    /// Where the album's photos would be imported from: the card it is on, else its folder
    /// (a phone's folder copied over, a card copied as is).
    var importSource: FilePath { CardFiles.cardRoot(of: album.folderPath) ?? album.folderPath }

    /// Volumes mounted since the last frame: a card among them (a volume holding DCIM) is
    /// offered once a run, as Ctrl+I asks — once nothing on screen waits on an answer: a
    /// card put in while the share bar or a form is up would otherwise take its Enter.
    func takeMountedVolumes() {
        guard !browser.awaitsAnAnswer else { return }
        for volume in imports.mountedVolumes.take() {
            guard !imports.isRunning, imports.dialog == nil, let card = CardFiles.cardRoot(of: volume), card == volume, imports.offered.insert(card).inserted else { continue }
            askToImport(card)
        }
    }

    /// Asks once per card, when an album on a card is opened.
    func offerImportIfOnCard() {
        guard !imports.isRunning, let card = CardFiles.cardRoot(of: album.folderPath), imports.offered.insert(card).inserted else { return }
        askToImport()
    }

    /// Ctrl+I: the import's dialog for the album's card (or folder), the card read behind
    /// it; while an import runs, stops it at once — nothing is lost: what was copied stays,
    /// and going on (the toast's button, or Ctrl+I) copies the rest.
    func askToImport(_ card: FilePath? = nil) {
        if let running = imports.running, running.isRunning { return running.cancel() }
        let source = card ?? importSource
        imports.survey?.stop()
        let surveyed = RememberedFacts(reading: imports.facts)
        imports.surveyed = surveyed
        imports.dialog = ImportDialog(source: source, options: imports.options)
        imports.survey = CardSurveyRun(Ingest(source: source, options: imports.options, facts: surveyed.reader), wake: wake)
        let sheet = browser.formSheet
        sheet.onEdit = { [unowned self] id, value in
            imports.dialog?.edit(id, value)
            return importForm()
        }
        sheet.onConfirm = { [unowned self] in
            guard let dialog = imports.dialog, let options = dialog.options(base: imports.options) else { return }
            closeImportDialog()
            imports.options = options
            imports.optionsChosen = true
            startImport(from: dialog.source, facts: surveyed.reader)
        }
        sheet.onCancel = { [unowned self] in closeImportDialog() }
        if let form = importForm() { sheet.begin(form) }
    }

    private func importForm() -> FormContent? {
        imports.dialog?.form(base: imports.options, facts: imports.surveyed?.reader ?? imports.facts)
    }

    private func closeImportDialog() {
        imports.survey?.stop()
        (imports.survey, imports.dialog) = (nil, nil)
        if browser.formSheet.isShown { browser.formSheet.close() }
    }

    /// Each frame: what the survey read since, into the dialog.
    func takeCardSurvey() {
        guard let news = imports.survey?.take(), imports.dialog != nil else { return }
        imports.dialog?.survey = news
        if let form = importForm() { browser.formSheet.show(form) }
    }

    func startImport(from source: FilePath, facts: Ingest.FactsReader? = nil) {
        imports.running = CardImport(source: source, options: imports.options, facts: facts ?? imports.facts, captioner: imports.captioner, wake: wake)
        browser.showToast(Toast(localized("Reading {card}…", ["card": Self.shown(source)])))
    }

    /// Each frame: what the import said since. The copies' folder opens once known.
    func takeImportReports() {
        takeCardSurvey()
        guard let running = imports.running else { return }
        for report in running.takeReports() {
            if case let .planned(plan) = report, let folder = plan.folder {
                openDropped(folder)
            }
            let message = CardImport.message(report, from: Self.shown(running.source))
            if case .finished(_, _, _, _, cancelled: true) = report {
                let source = running.source
                browser.showToast(Toast(message, action: (title: localized("Import the Rest"), perform: { [unowned self] in startImport(from: source) })))
            } else {
                browser.showToast(Toast(message))
            }
        }
    }

    /// Blocks until the import asked for has ended (tests).
    public func waitForImport() { imports.running?.waitUntilEnded() }

    /// Quitting: the copy being made is abandoned (its temporary file removed); what was
    /// copied stays, and the next import skips it. A survey of a card stops too.
    public func stopImporting() {
        imports.survey?.stop()
        imports.running?.stop(waitingAtMost: 0.5)
    }

    /// A card by its volume's name ("EOS_DIGITAL"), a folder by its path.
    static func shown(_ source: FilePath) -> String {
        source.lastComponent.map { DisplayName.of(FilePath(root: nil, [$0]).rawBytes) } ?? PicksDelivery.shown(source)
    }
}
