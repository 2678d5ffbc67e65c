// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Components
import Pictures
import PhotoSources
import Foundation
import Geometry
import Gestures
import Localization
import Marks
import Motion
import PhotoLibrary
import Platform
import Shell
import SystemPackage
import ViewTree

/// The running app: one window, its view tree, and the wiring between them. It owns the
/// animator, the gesture arena and the photo pipeline and passes them down.
final class FlickApp: FrameDriver {
    let rootView = View()
    let backgroundColor = Color(white: 0.08)
    private(set) var shouldQuit = false

    private let window: PlatformWindow
    let animator: Animator
    private let arena: GestureArena
    private let context: ComponentContext
    /// The album on screen: its listing, rescans, the albums beside it, the Trash.
    private let session: AlbumSession
    private let images: PictureStore
    /// The facts on the deck's card backs, read by a decode helper of their own.
    private var facts: FactsStore?
    /// Every photo's marks and their sidecars, read and written through helpers of their own.
    private let markBook: MarkBook
    let browser: PhotoBrowser
    private let probe = BenchProbe.fromEnvironment()
    private let service: DecodeService
    private var displayColours: DisplayColours?
    private let motion: MotionPreference
    /// The photo Flick was opened on, until its screen picture has been drawn.
    private var heldForStart: FilePath?
    /// The very first run's hint, said once the start photo is drawn: its fade-in would
    /// otherwise tick the frame loop while that photo decodes.
    private var hintAfterStart: String?

    /// `service` and `lister` were started before the window, so their work overlaps
    /// SDL's start-up.
    /// `windowSize` in points (the default's if nil); on the very first run a hint says
    /// where help is. `environment` says where the caches are.
    init(opening: Folder.Opening, service: DecodeService, lister: AlbumLister, view: AlbumViewKind, fullscreen: Bool,
         windowSize: Size? = nil, startScreenPicture: PictureSize = .within(width: 1280, height: 800), isFirstRun: Bool = false, frame: LoadedStackFrame,
         displayColours: DisplayColours? = nil, filter: PhotoFilter = .all, order: PhotoOrder = .byName,
         advancesAfterMark: Bool = false, motion: MotionPreference = MotionPreference(forced: nil),
         environment: [String: String] = ProcessInfo.processInfo.environment) throws(PlatformError) {
        window = try PlatformWindow(title: "\(opening.album.name) — Flick", fullscreen: fullscreen, size: windowSize)
        StartupTrace.mark("window-created")
        windowedSize = fullscreen ? windowSize : window.sizeInPoints
        animator = Animator(startTime: window.now)
        animator.reducesMotion = motion.reducesMotion
        self.motion = motion
        arena = GestureArena(root: rootView)
        context = ComponentContext(animator: animator, arena: arena, labels: PlatformLabels(text: window.text), pixelScale: window.scale)
        let waker = window.wakeHandle
        images = PictureStore(photos: [], service: service, textures: window.textures)
        if let start = opening.startPath { images.noteScreenRequest(start, size: startScreenPicture) }
        self.service = service
        heldForStart = opening.startPath
        browser = PhotoBrowser(context: context)
        browser.advancesAfterMark = advancesAfterMark
        browser.stack.frameStyle = Self.style(of: frame, textures: window.textures)

        rootView.name = "root"
        rootView.frame = Rect(origin: .zero, size: window.sizeInPoints)
        rootView.addSubview(browser)
        browser.frame = rootView.bounds
        markBook = MarkBook(decoder: IsolatedDecoder(command: DecodeHelper.command)) { waker.wake() }
        session = AlbumSession(opening: opening, lister: lister, pictures: images, browser: browser, markBook: markBook,
                               takenDates: TakenDates(decoder: IsolatedDecoder(command: DecodeHelper.command)) { waker.wake() },
                               likenesses: Likenesses(decoder: IsolatedDecoder(command: DecodeHelper.command),
                                                      cache: LikenessCache(root: LikenessCache.defaultRoot(environment: environment)),
                                                      thumbnails: service.thumbnailsAlongside) { waker.wake() },
                               filter: filter, order: order) { waker.wake() }
        desktopActions = PhotoDesktopActions(desktop: PlatformDesktop(), decoder: IsolatedDecoder(command: DecodeHelper.command)) { waker.wake() }
        browser.grid.today = {
            let now = Calendar.current.dateComponents([.year, .month, .day], from: Date())
            return CalendarDay(year: now.year ?? 1970, month: now.month ?? 1, day: now.day ?? 1)
        }
        browser.show(view)
        rootView.layoutIfNeeded()
        service.wake.connect { waker.wake() }
        let facts = FactsStore(decoder: IsolatedDecoder(command: DecodeHelper.command)) { waker.wake() }
        if heldForStart != nil { facts.hold(atMost: DecodeService.startHoldSeconds) }
        self.facts = facts
        images.factsStore = facts
        if isFirstRun { hintAfterStart = Self.firstRunHint }
        self.displayColours = displayColours
        displayColours?.watch { waker.wake() }
        motion.watch { waker.wake() }
        browser.onSlideshowChange = { [unowned self] playing in
            window.setPresenting(playing)
            probe?.noteScreenSaver(allowed: window.allowsScreenSaver)
        }
        // Esc never quits: it closes the front-most thing, the last of which is full screen.
        browser.register(.quit) { [unowned self] in shouldQuit = true }
        browser.register(.toggleFullScreen) { [unowned self] in window.isFullscreen.toggle() }
        browser.register(.closeFront) { [unowned self] in if window.isFullscreen { window.isFullscreen = false } }
        browser.onCopyText = { [unowned self] text in window.copyToClipboard(text) }
        browser.applicationsFor = { [unowned self] index in
            index < session.photos.count ? desktopActions.applications(for: session.photos[index].path) : []
        }
        browser.onPhotoAction = { [unowned self] action, index in
            guard index < session.photos.count else { return }
            let photo = session.photos[index]
            if action == .copyPath {
                window.copyToClipboard(photo.path.string)
                return browser.showToast(Toast(localized("The path of {name} is on the clipboard", ["name": photo.displayName])))
            }
            desktopActions.perform(action, on: photo.path, named: photo.displayName, applications: browser.applicationsFor?(index) ?? [])
        }
    }

    /// The photo menu's copy, file manager, programs and wallpaper.
    private let desktopActions: PhotoDesktopActions
    private var desktopActionsPrepared = false


    func run() {
        window.run(self)
        // A mark made just before quitting is in its sidecar before Flick is gone (marks
        // still being read are not waited for), and a photo copied still pastes where the
        // desktop keeps clipboards.
        markBook.finishWriting()
        desktopActions.finish()
    }

    /// The window says which album, and which photo while it is full screen.
    private func updateTitle() {
        let title = session.title
        if title != window.title { window.setTitle(title) }
    }

    /// The album on screen.
    var albumFolder: FilePath { session.album.folderPath }

    /// Shown once, on Flick's very first run.
    static var firstRunHint: String { localized("Press ? for help") }

    /// The window's size when last not full screen, in points.
    private var windowedSize: Size?

    /// What to remember for the next run.
    var settings: Settings {
        var settings = Settings(view: browser.viewKind, windowSize: windowedSize, fullscreen: window.isFullscreen, filter: session.filter, order: session.order)
        settings.advancesAfterMark = browser.advancesAfterMark
        settings.slideshowSeconds = Int(browser.slideshow.interval)
        settings.slideshowMotion = browser.slideshow.drifts
        settings.gridSize = browser.grid.sizeStep
        settings.groupsBursts = session.groupsBursts
        return settings
    }

    /// What was remembered of the slideshow, the grid and bursts, as they were left.
    func restore(_ remembered: Settings) {
        if let seconds = remembered.slideshowSeconds { browser.slideshow.setPace(seconds: Double(seconds)) }
        if let motion = remembered.slideshowMotion { browser.slideshow.drifts = motion }
        if let size = remembered.gridSize { browser.grid.resize(by: size - browser.grid.sizeStep) }
        if remembered.groupsBursts == true { session.setGroupsBursts(true) }
    }

    var windowTitle: String { window.title }

    var allowsScreenSaver: Bool { window.allowsScreenSaver }

    private static func style(of frame: LoadedStackFrame, textures: TextureStore) -> PileFrameStyle {
        switch frame {
        case let .style(style):
            return style
        case let .image(image):
            let caps = image.capInsets
            let texture = textures.add(image.pixels, pinned: true)
            return .image(ImageContent(texture: texture, pixelSize: Size(width: Double(image.pixels.width), height: Double(image.pixels.height)),
                                       isOpaque: image.pixels.isOpaque,
                                       mode: .nineSlice(capInsets: EdgeInsets(top: Double(caps.top), left: Double(caps.left),
                                                                             bottom: Double(caps.bottom), right: Double(caps.right)))))
        }
    }

    var needsFrames: Bool { animator.isMoving || arena.isTracking }

    var nextDeadline: Seconds? {
        [arena.nextDeadline, animator.scheduler.nextDeadline, animator.nextStart, images.nextAnimationChange].compactMap { $0 }.min()
    }

    func handle(_ event: PlatformEvent) {
        // What an input starts begins when the user acted. The loop sleeps while nothing
        // moves, and the animator's clock stays where the last frame left it: a page turn
        // begun at that stale time was over before its first frame was drawn.
        if case let .input(input) = event { animator.advance(to: input.time) }
        switch event {
        case .closeRequested:
            shouldQuit = true
        case .resized:
            StartupTrace.mark("window-resized")
            browser.frame = rootView.bounds
            if !window.isFullscreen { windowedSize = window.sizeInPoints }
        case let .input(.pointer(pointer)):
            arena.handle(pointer)
            browser.pointerMoved(to: pointer.locationInWindow)
        case let .input(.wheel(wheel)):
            browser.handleWheel(wheel)
        case let .input(.key(key)) where key.isDown:
            handleKey(key)
        case let .hover(location):
            browser.pointerMoved(to: location)
        case let .dropped(path):
            session.openDropped(FilePath(rawBytes: path))
            updateTitle()
        case .redraw:
            StartupTrace.mark("window-exposed")
        case let .input(.key(key)):
            probe?.keyReleased()
            browser.handleKeyUp(key)
        }
    }



    private func handleKey(_ key: KeyEvent) {
        let wasOn = browser.pager.currentIndex
        if browser.handleKey(key) { probeTurn(from: wasOn, at: key.time) }
    }

    func didPresentFrame(at time: Seconds) {
        StartupTrace.mark("first-frame-presented")
        // The start photo is on screen (or failed): the thumbnails held for it may start.
        if let held = heldForStart, !images.isScreenDecodePending(held) {
            heldForStart = nil
            service.releaseStartHold()
            facts?.release()
        }
        if heldForStart == nil && !desktopActionsPrepared {
            desktopActionsPrepared = true
            desktopActions.prepare()
        }
        if heldForStart == nil { session.startReadingMarks() }
        if heldForStart == nil, let hint = hintAfterStart {
            hintAfterStart = nil
            browser.showToast(Toast(hint))
        }
        probe?.framePresented(at: time, root: rootView, images: images, textures: window.textures)
    }

    /// For the benchmark: the pager turned from photo `index` (by a key, or by a held key's
    /// turn that waited for a picture), leaving it sharp or not.
    private func probeTurn(from index: Int, at time: Seconds) {
        guard let probe, browser.isPagerOpen, browser.pager.currentIndex != index else { return }
        probe.pageKeyPressed(at: time, heading: browser.pager.currentIndex, leavingSharp: browser.pager.isPictureSharp(at: index))
    }

    func update(at now: Seconds) {
        // What starts here (a held key's turn as its picture arrives) starts now, not when
        // the loop last drew.
        arena.advance(to: now)
        animator.advance(to: now)
        let wasOn = browser.pager.currentIndex
        defer { probeTurn(from: wasOn, at: now) }
        session.update()
        if session.marksAreKnown { probe?.noteMarksKnown() }
        displayColours?.update(monitor: window.monitorIndex)
        motion.update(animator)
        browser.updateDetails()
        probe?.noteMotion(reduced: animator.reducesMotion)
        updateTitle()
        images.drainResults()
        images.advanceAnimations(to: now)
        if facts?.drain().isEmpty == false { browser.reloadData() }
        for message in desktopActions.takeMessages() { browser.showToast(Toast(message)) }
        rootView.layoutIfNeeded()
    }
}
