// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Browser
import Components
import Foundation
import Ingest
import Geometry
import Localization
import Marks
import PhotoLibrary
import Pictures
import PhotoSources
import SystemPackage

/// Everything the window shows, without the window: the browser and the album session over
/// it, the pictures, every photo's marks, the photos' facts and the desktop's actions, wired
/// together; the hold that lets the photo Flick was opened on decode alone; what is
/// remembered between runs. The app owns the window and the frame loop: it calls `update`
/// each frame and `framePresented` after each present, and does what needs the window
/// through the closures it gives.
public final class AppShell {
    public let browser: PhotoBrowser
    public let session: AlbumSession
    public let pictures: PictureStore
    let service: DecodeService
    /// The facts on the deck's card backs, read by a decode helper of their own.
    private let facts: FactsStore
    /// Every photo's marks and their sidecars, read and written through helpers of their own.
    private let markBook: MarkBook
    /// The photo menu's copy, file manager, programs and wallpaper.
    let desktopActions: PhotoDesktopActions
    private var desktopActionsPrepared = false
    /// Shared copies (Share…), made in a helper of their own.
    let export: PhotoExport
    /// Where shared copies are saved (`export-folder`, else the Pictures folder's `Shared`).
    public var exportFolder = Settings.defaultExportFolder()
    /// A share ended with this many copies made (the bench probe hears it).
    public var onShared: ((Int) -> Void)?
    /// Cards put in while Flick runs (`watchMounts`).
    private var mountWatch: MountWatch?
    /// The photo Flick was opened on, until its screen picture has been drawn.
    private var heldForStart: FilePath?
    /// The very first run's hint, said once the start photo is drawn: its fade-in would
    /// otherwise tick the frame loop while that photo decodes.
    private var hintAfterStart: String?

    /// `service` and `lister` were started before the window, so their work overlaps the
    /// platform's start-up; `startScreenPicture` is the size the start photo is decoded at.
    /// `copyText` puts words on the clipboard; `wake` brings a frame.
    public init(opening: Folder.Opening, service: DecodeService, lister: AlbumLister, index: LibraryIndex, context: ComponentContext, textures: PictureTextures,
                desktop: DesktopServices, likenessCache: LikenessCache, startScreenPicture: PictureSize, isFirstRun: Bool,
                filter: PhotoFilter, order: PhotoOrder, advancesAfterMark: Bool,
                copyText: @escaping (String) -> Void, wake: @escaping @Sendable () -> Void) {
        self.service = service
        // One knowledge of what sidecars turn: the marks' reader sets it, every decoder turns by it.
        let turns = service.decoder?.turns ?? PhotoTurns()
        let helper = { IsolatedDecoder(command: DecodeHelper.command, turns: turns) }
        pictures = PictureStore(photos: [], service: service, textures: textures)
        pictures.videoPlayerCommand = PlayerHelper.ownCommand
        if let start = opening.startPath { pictures.noteScreenRequest(start, size: startScreenPicture) }
        heldForStart = opening.startPath
        browser = PhotoBrowser(context: context)
        browser.advancesAfterMark = advancesAfterMark
        markBook = MarkBook(decoder: helper(), wake: wake)
        session = AlbumSession(opening: opening, lister: lister, pictures: pictures, browser: browser, markBook: markBook,
                               takenDates: TakenDates(decoder: helper(), wake: wake),
                               likenesses: Likenesses(decoder: helper(), cache: likenessCache, thumbnails: service.thumbnailsAlongside, wake: wake),
                               index: index, filter: filter, order: order, wake: wake)
        desktopActions = PhotoDesktopActions(desktop: desktop, decoder: helper(), wake: wake)
        export = PhotoExport(decoder: helper(), mail: { files in desktop.composeEmail(attaching: files) }, wake: wake)
        service.wake.connect(wake)
        facts = FactsStore(decoder: helper(), wake: wake)
        if let heldForStart { facts.hold(atMost: DecodeService.startHold(for: heldForStart)) }
        session.factsStore = facts
        // Names looked up in earlier runs come from the index; new ones go to it.
        session.placeNames = PlaceNames(wake: wake, earlier: { [index] in index.placeNames() },
                                        remember: { [index] position, name in index.record(placeName: name, at: position) })
        let importDecoder = helper()
        session.imports.facts = Ingest.facts(from: importDecoder)
        session.imports.captioner = Ingest.captioner(from: importDecoder)
        if isFirstRun { hintAfterStart = Self.firstRunHint }
        connectPhotoActions(copyText: copyText)
        session.onPhotosTurned = { [unowned self] paths in photosTurned(paths) }
        browser.onChosenAction = { [unowned self] action, indices in
            switch action {
            case let .mark(change): session.markChosen(indices, change)
            case .trash: session.trashChosen(indices)
            case let .turn(clockwise): turn(indices.filter { $0 < session.photos.count }.map { session.photos[$0] }, clockwise: clockwise)
            case let .redate(fix): session.redateChosen(indices, fix)
            case let .share(copy, mailing): share(indices, as: copy, mailing: mailing)
            }
        }
        browser.onDatePreview = { [unowned self] fix, indices in session.datePreview(fix, indices) }
        session.duplicateFinder = DuplicateFinder(decoder: helper())
        browser.register(.findDuplicates) { [unowned self] in session.findDuplicates() }
    }

    /// Shown once, on Flick's very first run.
    public static var firstRunHint: String { localized("Press ? for help") }

    /// The photo menu's and the keys' actions on files: the browser asks, the session knows
    /// the files, the desktop acts.
    private func connectPhotoActions(copyText: @escaping (String) -> Void) {
        browser.onCopyText = copyText
        browser.applicationsFor = { [unowned self] index in
            index < session.photos.count ? desktopActions.applications(for: session.photos[index].path) : []
        }
        browser.onPhotoAction = { [unowned self] action, index in
            guard index < session.photos.count else { return }
            let photo = session.photos[index]
            if case let .turn(clockwise) = action { return turn([photo], clockwise: clockwise) }
            if action == .copyPath {
                copyText(photo.path.string)
                return browser.showToast(Toast(localized("The path of {name} is on the clipboard", ["name": photo.displayName])))
            }
            desktopActions.perform(action, on: photo.path, named: photo.displayName, applications: browser.applicationsFor?(index) ?? [])
        }
    }

    /// A frame reached the screen. Once the start photo is on it (or failed), the thumbnails
    /// and facts held for it may start, the desktop's services are readied, marks are read,
    /// and the first run's hint is said.
    public func framePresented() {
        if let held = heldForStart, !pictures.isScreenDecodePending(held) {
            heldForStart = nil
            service.releaseStartHold()
            facts.release()
        }
        guard heldForStart == nil else { return }
        if !desktopActionsPrepared {
            desktopActionsPrepared = true
            desktopActions.prepare()
        }
        session.startReadingMarks()
        session.prepareSearchWhileTyped()
        if let hint = hintAfterStart {
            hintAfterStart = nil
            browser.showToast(Toast(hint))
        }
    }

    /// Once a frame, at `now`: what arrived (listing, pictures, facts, marks, the desktop's
    /// messages) goes on screen.
    public func update(at now: Double) {
        session.update()
        browser.updateDetails()
        pictures.drainResults()
        _ = pictures.advanceAnimations(to: now)
        if !facts.drain().isEmpty { browser.reloadData() }
        for message in desktopActions.takeMessages() { browser.showToast(Toast(message)) }
        takeShareReports()
    }

    /// Quitting: a mark made just before is in its sidecar before Flick is gone (marks still
    /// being read are not waited for), and a photo copied still pastes where the desktop
    /// keeps clipboards.
    /// From now on a card mounted while Flick runs is offered for import.
    public func watchMounts(wake: @escaping @Sendable () -> Void) {
        mountWatch = MountWatch { [volumes = session.imports.mountedVolumes] volume in
            volumes.post(volume)
            wake()
        }
    }

    public func finish() {
        mountWatch?.stop()
        markBook.finishWriting()
        // A copy of the picks under way stops after the photo being copied: quitting stays
        // quick, and no file is left half written (a copy asked again skips what arrived).
        session.stopCopying()
        session.stopImporting()
        export.stop()
        desktopActions.finish()
    }

    /// What to remember for the next run, the window's part given.
    public func settings(windowSize: Size?, fullscreen: Bool) -> Settings {
        var settings = Settings(view: browser.viewKind, windowSize: windowSize, fullscreen: fullscreen, filter: session.filter, order: session.order)
        settings.advancesAfterMark = browser.advancesAfterMark
        settings.slideshowSeconds = Int(browser.slideshow.interval)
        settings.slideshowMotion = browser.slideshow.drifts
        settings.gridSize = browser.grid.sizeStep
        settings.groupsBursts = session.groupsBursts
        settings.everyFolderOrder = session.everyFolderOrderChosen
        settings.looks = browser.looks
        settings.sharedCopy = browser.shareBar.copy
        if session.imports.optionsChosen { settings.remember(session.imports.options) }
        return settings
    }

    /// What was remembered of the slideshow, the grid and bursts, as they were left.
    public func restore(_ remembered: Settings) {
        if let seconds = remembered.slideshowSeconds { browser.slideshow.setPace(seconds: Double(seconds)) }
        if let motion = remembered.slideshowMotion { browser.slideshow.drifts = motion }
        if let size = remembered.gridSize { browser.grid.resize(by: size - browser.grid.sizeStep) }
        if remembered.groupsBursts == true { session.setGroupsBursts(true) }
        if let folder = remembered.selectsFolder { session.selectsFolder = folder }
        if let order = remembered.everyFolderOrder { session.setEveryFolderOrder(order) }
        if let looks = remembered.looks { browser.looks = looks }
        if let copy = remembered.sharedCopy { browser.shareBar.copy = copy }
        if let folder = remembered.exportFolder { exportFolder = folder }
        session.imports.options = IngestOptions(destinations: [remembered.importTo ?? Settings.defaultImportDestination()] + [remembered.importBackup].compactMap { $0 },
                                              rename: remembered.importRename ?? session.imports.options.rename, job: remembered.importJob ?? "",
                                              caption: remembered.importCaption)
        session.imports.options.clockShifts = remembered.importClockShifts
        session.imports.options.skipsImported = remembered.importSkipsImported ?? true
    }
}
