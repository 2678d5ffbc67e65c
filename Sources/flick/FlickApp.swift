// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Browser
import Components
import Foundation
import Geometry
import Gestures
import Marks
import Motion
import PhotoLibrary
import Pictures
import PhotoSources
import Platform
import Shell
import SystemPackage
import ViewTree

/// The running app: the window and its frame loop, the view tree, the animator and the
/// gesture arena, wired to the app shell (everything shown, without the window).
final class FlickApp: FrameDriver {
    let rootView = View()
    let backgroundColor = Color(white: 0.08)
    private(set) var shouldQuit = false

    private let window: PlatformWindow
    let animator: Animator
    private let arena: GestureArena
    private let shell: AppShell
    var browser: PhotoBrowser { shell.browser }
    private let probe = BenchProbe.fromEnvironment()
    private let displayColours: DisplayColours?
    private let motion: MotionPreference
    /// The window's size when last not full screen, in points.
    private var windowedSize: Size?

    /// `service` and `lister` were started before the window, so their work overlaps
    /// SDL's start-up. `windowSize` in points (the default's if nil); on the very first run
    /// a hint says where help is. `environment` says where the caches are.
    init(opening: Folder.Opening, service: DecodeService, lister: AlbumLister, index: LibraryIndex? = nil, view: AlbumViewKind, fullscreen: Bool,
         windowSize: Size? = nil, startScreenPicture: PictureSize = .within(width: 1280, height: 800), isFirstRun: Bool = false, frame: LoadedStackFrame,
         displayColours: DisplayColours? = nil, filter: PhotoFilter = .all, order: PhotoOrder = .byName,
         advancesAfterMark: Bool = false, motion: MotionPreference = MotionPreference(forced: nil),
         environment: [String: String] = ProcessInfo.processInfo.environment) throws(PlatformError) {
        let window = try PlatformWindow(title: "\(opening.album.name) — Flick", fullscreen: fullscreen, size: windowSize)
        StartupTrace.mark("window-created")
        self.window = window
        windowedSize = fullscreen ? windowSize : window.sizeInPoints
        animator = Animator(startTime: window.now)
        animator.reducesMotion = motion.reducesMotion
        self.motion = motion
        arena = GestureArena(root: rootView)
        let context = ComponentContext(animator: animator, arena: arena, labels: PlatformLabels(text: window.text), pixelScale: window.scale)
        let waker = window.wakeHandle
        shell = AppShell(opening: opening, service: service, lister: lister,
                         index: index ?? LibraryIndex(file: LibraryIndex.defaultFile(environment: environment)), context: context, textures: window.textures, desktop: PlatformDesktop(),
                         likenessCache: LikenessCache(root: LikenessCache.defaultRoot(environment: environment)),
                         startScreenPicture: startScreenPicture, isFirstRun: isFirstRun, filter: filter, order: order,
                         advancesAfterMark: advancesAfterMark, copyText: { window.copyToClipboard($0) }, wake: { waker.wake() })
        self.displayColours = displayColours
        shell.session.onDuplicatesShown = { [probe] in probe?.noteDuplicates(groups: $0, copies: $1) }
        shell.onShared = { [probe] in probe?.noteShared(copies: $0) }
        let browser = shell.browser
        if InputTrace.isOn { browser.onToast = { InputTrace.note("toast \($0.message.debugDescription)") } }
        browser.stack.frameStyle = frame.style(textures: window.textures)
        rootView.name = "root"
        rootView.frame = Rect(origin: .zero, size: window.sizeInPoints)
        rootView.addSubview(browser)
        browser.frame = rootView.bounds
        // The clock is read here, at the edge: the views are given the day.
        browser.grid.today = {
            let now = Calendar.current.dateComponents([.year, .month, .day], from: Date())
            return CalendarDay(year: now.year ?? 1970, month: now.month ?? 1, day: now.day ?? 1)
        }
        browser.show(view)
        rootView.layoutIfNeeded()
        displayColours?.watch { waker.wake() }
        motion.watch { waker.wake() }
        shell.watchMounts { waker.wake() }
        browser.onSlideshowChange = { [unowned self] playing in
            window.setPresenting(playing)
            probe?.noteScreenSaver(allowed: window.allowsScreenSaver)
        }
        // Esc never quits: it closes the front-most thing, the last of which is full screen.
        browser.register(.quit) { [unowned self] in shouldQuit = true }
        browser.register(.toggleFullScreen) { window.isFullscreen.toggle() }
        browser.register(.closeFront) { if window.isFullscreen { window.isFullscreen = false } }
    }

    func run() {
        window.run(self)
        window.hide()
        shell.finish()
    }

    /// The window says which album, and which photo while it is full screen.
    private func updateTitle() {
        let title = shell.session.title
        if title != window.title { window.setTitle(title) }
    }

    /// Shown once, on Flick's very first run.
    static var firstRunHint: String { AppShell.firstRunHint }

    /// What to remember for the next run.
    var settings: Settings { shell.settings(windowSize: windowedSize, fullscreen: window.isFullscreen) }

    /// What was remembered of the slideshow, the grid and bursts, as they were left.
    func restore(_ remembered: Settings) { shell.restore(remembered) }

    var allowsScreenSaver: Bool { window.allowsScreenSaver }

    var needsFrames: Bool { animator.isMoving || arena.isTracking }

    var nextDeadline: Seconds? {
        [arena.nextDeadline, animator.scheduler.nextDeadline, animator.nextStart, shell.pictures.nextAnimationChange].compactMap { $0 }.min()
    }

    func handle(_ event: PlatformEvent) {
        InputTrace.beat()
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
            if pointer.phase != .moved { InputTrace.note("pointer \(pointer.phase) mods \(pointer.modifiers.rawValue) at \(pointer.locationInWindow)") }
            arena.handle(pointer)
            browser.pointerMoved(to: pointer.locationInWindow)
        case let .input(.wheel(wheel)):
            browser.handleWheel(wheel)
        case let .input(.key(key)) where key.isDown:
            let wasOn = browser.pager.currentIndex
            probe?.keyPressed(at: key.time, repeating: key.isRepeat)
            let taken = browser.handleKey(key)
            InputTrace.note("key \(key.key) down\(key.isRepeat ? " repeat" : "") mods \(key.modifiers.rawValue) \(taken ? "taken" : "not taken")")
            if taken { probeTurn(from: wasOn, at: key.time) }
        case let .hover(location):
            browser.pointerMoved(to: location)
        case let .dropped(path):
            shell.session.openDropped(FilePath(rawBytes: path))
            updateTitle()
        case .redraw:
            StartupTrace.mark("window-exposed")
        case let .text(text):
            InputTrace.note("text \(text.debugDescription)")
            browser.handleText(text)
        case let .input(.key(key)):
            InputTrace.note("key \(key.key) up mods \(key.modifiers.rawValue)")
            probe?.keyReleased()
            browser.handleKeyUp(key)
        }
    }

    func didPresentFrame(at time: Seconds) {
        InputTrace.beat()
        StartupTrace.mark("first-frame-presented")
        shell.framePresented()
        probe?.framePresented(at: time, root: rootView, images: shell.pictures, textures: window.textures)
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
        shell.update(at: now)
        if shell.session.marksAreKnown { probe?.noteMarksKnown() }
        probe?.noteAlbum(listed: shell.session.isListed, count: shell.session.photos.count) { shell.session.datesAreKnown }
        displayColours?.update(monitor: window.monitorIndex)
        motion.update(animator)
        probe?.noteMotion(reduced: animator.reducesMotion)
        updateTitle()
        rootView.layoutIfNeeded()
    }
}
