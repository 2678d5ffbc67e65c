// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Foundation
import Ingest
import Localization
import PhotoLibrary
import SystemPackage

/// A card imported while the photographer culls: offered when Flick is opened on a card
/// (and on Ctrl+I), copied on a thread of its own, and the copies' folder opened as soon as
/// it is known, so the first photos are culled while the rest arrive; marks go to the
/// copies' sidecars. The card is only ever read.
extension AlbumSession {
    /// Where the album's photos would be imported from: the card it is on, else its folder
    /// (a phone's folder copied over, a card copied as is).
    var importSource: FilePath { CardFiles.cardRoot(of: album.folderPath) ?? album.folderPath }

    /// Volumes mounted since the last frame: a card among them (a volume holding DCIM) is
    /// offered once a run, as Ctrl+I asks.
    func takeMountedVolumes() {
        for volume in mountedVolumes.take() {
            guard cardImport?.isRunning != true, let card = CardFiles.cardRoot(of: volume), card == volume, cardsOffered.insert(card).inserted else { continue }
            askToImport(card)
        }
    }

    /// Asks once per card, when an album on a card is opened.
    func offerImportIfOnCard() {
        guard cardImport?.isRunning != true, let card = CardFiles.cardRoot(of: album.folderPath), cardsOffered.insert(card).inserted else { return }
        askToImport()
    }

    /// Ctrl+I: asks to import the album's card (or folder); while an import runs, asks to
    /// stop it.
    func askToImport(_ card: FilePath? = nil) {
        if let running = cardImport, running.isRunning {
            browser.ask(Confirmation(localized("Stop importing? The photos copied so far stay."), confirmTitle: localized("Stop"),
                                     confirm: { running.cancel() }, cancel: {}))
            return
        }
        let source = card ?? importSource
        let destinations = importOptions.destinations.map { PicksDelivery.shown(FilePath($0.text)) }
        let question = destinations.count > 1
            ? localized("Import {card} to {folder}, and a backup to {backup}? Each copy is checked against the card, which is only read.",
                        ["card": Self.shown(source), "folder": destinations[0], "backup": destinations[1]])
            : localized("Import {card} to {folder}? Each copy is checked against the card, which is only read.",
                        ["card": Self.shown(source), "folder": destinations[0]])
        browser.ask(Confirmation(question, confirmTitle: localized("Import"), confirm: { [unowned self] in startImport(from: source) }, cancel: {}))
    }

    func startImport(from source: FilePath) {
        cardImport = CardImport(source: source, options: importOptions, facts: importFacts, captioner: importCaptioner, wake: wake)
        browser.showToast(Toast(localized("Reading {card}…", ["card": Self.shown(source)])))
    }

    /// Each frame: what the import said since. The copies' folder opens once known.
    func takeImportReports() {
        guard let running = cardImport else { return }
        for report in running.takeReports() {
            if case let .planned(plan) = report, let folder = plan.folder {
                openDropped(folder)
            }
            browser.showToast(Toast(CardImport.message(report, from: Self.shown(running.source))))
        }
    }

    /// Blocks until the import asked for has ended (tests).
    public func waitForImport() { cardImport?.waitUntilEnded() }

    /// Quitting: the copy being made is abandoned (its temporary file removed); what was
    /// copied stays, and the next import skips it.
    public func stopImporting() { cardImport?.stop(waitingAtMost: 0.5) }

    /// A card by its volume's name ("EOS_DIGITAL"), a folder by its path.
    static func shown(_ source: FilePath) -> String {
        source.lastComponent.map { DisplayName.of(FilePath(root: nil, [$0]).rawBytes) } ?? PicksDelivery.shown(source)
    }
}
