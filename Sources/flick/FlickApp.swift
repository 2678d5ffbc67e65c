import Album
import Components
import Pictures
import Foundation
import Geometry
import Gestures
import Motion
import PhotoLibrary
import Platform
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
    private var album: Folder
    private var model: AlbumModel
    private var modelObservation: ObservationToken?
    private var watcher: FolderWatcher?
    private var lister: AlbumLister
    /// The opened folder's albums: searched in the background, watched for folders that
    /// appear or vanish.
    private var albumSearch: AlbumSearch
    private var albumWatcher: FolderWatcher?
    private let shelf: AlbumShelf
    private var listingFinished = false
    /// A folder change seen while the first listing still runs waits for it to finish.
    private var rescanPending = false
    /// The photo Flick was opened on, until the listing reaches it.
    private var startPath: FilePath?
    private let images: PictureStore
    /// The facts on the deck's card backs, read by a decode helper of their own.
    private var facts: FactsStore?
    let browser: PhotoBrowser
    private let probe = BenchProbe.fromEnvironment()
    private let service: DecodeService
    /// The photo Flick was opened on, until its screen picture has been drawn.
    private var heldForStart: FilePath?

    /// `service` and `lister` were started before the window, so their work overlaps
    /// SDL's start-up.
    /// `windowSize` in points (the default's if nil); on the very first run a hint says
    /// where help is.
    init(opening: Folder.Opening, service: DecodeService, lister: AlbumLister, view: AlbumViewKind, fullscreen: Bool,
         windowSize: Size? = nil, startScreenPicture: PictureSize = .within(width: 1280, height: 800), isFirstRun: Bool = false, frame: LoadedStackFrame) throws(PlatformError) {
        album = opening.album
        model = AlbumModel(folder: opening.album.folderPath, trash: .forCurrentUser())
        window = try PlatformWindow(title: "\(opening.album.name) — Flick", fullscreen: fullscreen, size: windowSize)
        StartupTrace.mark("window-created")
        windowedSize = fullscreen ? windowSize : window.sizeInPoints
        animator = Animator(startTime: window.now)
        arena = GestureArena(root: rootView)
        context = ComponentContext(animator: animator, arena: arena, labels: PlatformLabels(text: window.text), pixelScale: window.scale)
        let waker = window.wakeHandle
        images = PictureStore(photos: [], service: service, textures: window.textures)
        if let start = opening.startPath { images.noteScreenRequest(start, size: startScreenPicture) }
        self.service = service
        heldForStart = opening.startPath
        browser = PhotoBrowser(context: context)
        shelf = AlbumShelf(pictures: images)
        albumSearch = AlbumSearch(root: opening.album.folderPath)
        browser.stack.frameStyle = Self.style(of: frame, textures: window.textures)

        rootView.name = "root"
        rootView.frame = Rect(origin: .zero, size: window.sizeInPoints)
        rootView.addSubview(browser)
        browser.frame = rootView.bounds
        browser.source = images
        browser.show(view)
        images.onChange = { [unowned browser] in browser.reloadData() }
        images.onFramesChange = { [unowned browser] in browser.reloadPlayingPictures() }
        browser.albumSource = shelf
        images.onCoversChange = { [unowned browser] in browser.reloadAlbums() }
        rootView.layoutIfNeeded()
        startPath = opening.startPath
        self.lister = lister
        service.wake.connect { waker.wake() }
        lister.wake.connect { waker.wake() }
        albumSearch.wake.connect { waker.wake() }
        watcher = FolderWatcher(folder: album.folderPath) { waker.wake() }
        facts = FactsStore(decoder: IsolatedDecoder(command: DecodeHelper.command)) { waker.wake() }
        images.factsStore = facts
        browser.onSelectAlbum = { [unowned self] index in open(shelf.albums[index].path) }
        observeModel()
        connectTrash()
        if isFirstRun { browser.showToast(Toast(Self.firstRunHint)) }
    }

    func run() { window.run(self) }

    /// What the title shows now: the album, and the photo while it is full screen.
    private var titled: (album: FilePath, photo: FilePath?)?

    /// "photo — album — Flick" while the pager is up, "album — Flick" otherwise.
    private func updateTitle() {
        let photo = browser.isPagerOpen && browser.pager.currentIndex < model.count ? model.photos[browser.pager.currentIndex] : nil
        guard titled?.album != album.folderPath || titled?.photo != photo?.path else { return }
        titled = (album.folderPath, photo?.path)
        window.setTitle([photo?.displayName, album.name, "Flick"].compactMap { $0 }.joined(separator: " — "))
    }

    /// The album on screen.
    var albumFolder: FilePath { album.folderPath }

    /// Shown once, on Flick's very first run.
    static let firstRunHint = "Press ? for help"

    /// The window's size when last not full screen, in points.
    private var windowedSize: Size?

    /// What to remember for the next run.
    var settings: Settings {
        Settings(view: browser.viewKind, windowSize: windowedSize, fullscreen: window.isFullscreen)
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
            browser.pointerMoved()
        case let .input(.wheel(wheel)):
            browser.handleWheel(wheel)
        case let .input(.key(key)) where key.isDown:
            handleKey(key)
        case .hover:
            browser.pointerMoved()
        case let .dropped(path):
            openDropped(path)
        case .redraw:
            StartupTrace.mark("window-exposed")
        case let .input(.key(key)):
            probe?.keyReleased()
            browser.handleKeyUp(key)
        }
    }

    /// The grid grows as the listing arrives; the photo Flick was opened on is opened in
    /// the pager once listed.
    private func takeListedPhotos() {
        guard !listingFinished else { return }
        let (photos, finished) = lister.drain()
        listingFinished = finished
        model.appendListing(photos)
        if finished { model.finishListing() }
        if let start = startPath, let index = model.index(of: start) {
            startPath = nil
            StartupTrace.mark("start-photo-listed")
            rootView.layoutIfNeeded()
            // Opened on one photo: show it full screen at once, with its place
            // in the view behind revealed for when the pager closes.
            browser.showPhotoAtLaunch(index)
        }
    }

    /// The album search answered: the strip shows what it found, keeping the album on
    /// screen selected. An album on screen that is not among them has no photos: the
    /// opened folder holding only albums (the first of them opens), or an album that
    /// vanished from disk (the one now in its place opens).
    private func takeAlbumSearch() {
        guard let search = albumSearch.take() else { return }
        let previousIndex = shelf.index(of: album.folderPath)
        shelf.replaceAlbums(search.albums)
        albumWatcher = FolderWatcher(folders: search.searchedFolders) { [waker = window.wakeHandle] in waker.wake() }
        if let index = shelf.index(of: album.folderPath) {
            browser.reloadAlbums(selecting: index)
        } else if !search.albums.isEmpty {
            let index = min(previousIndex ?? 0, search.albums.count - 1)
            open(search.albums[index].path)
            browser.reloadAlbums(selecting: index)
        } else {
            browser.reloadAlbums()
        }
    }

    /// A folder or an image dropped on the window opens as if Flick had been launched on it:
    /// its albums in the strip, the image (if it is one) full screen once listed.
    private func openDropped(_ path: String) {
        let opening: Folder.Opening
        do {
            opening = try Folder.open(path: path)
        } catch {
            browser.showToast(Toast("Flick cannot open that: \(error.description)"))
            return
        }
        let waker = window.wakeHandle
        albumSearch = AlbumSearch(root: opening.album.folderPath)
        albumSearch.wake.connect { waker.wake() }
        albumWatcher = nil
        shelf.replaceAlbums([])
        browser.reloadAlbums()
        if opening.album.folderPath == album.folderPath, let start = opening.startPath, let index = model.index(of: start) {
            browser.openPhoto(index)
            return
        }
        open(opening.album.folderPath, start: opening.startPath)
        startPath = opening.startPath
    }

    /// Shows another album: its listing starts afresh (with `start` first), the view starts
    /// at its first photo.
    private func open(_ folder: FilePath, start: FilePath? = nil) {
        guard folder != album.folderPath else { return }
        lister.cancel()
        album = Folder(folderPath: folder)
        model = AlbumModel(folder: folder, trash: .forCurrentUser())
        observeModel()
        lister = AlbumLister(folder: folder, start: start)
        let waker = window.wakeHandle
        lister.wake.connect { waker.wake() }
        listingFinished = false
        rescanPending = false
        startPath = nil
        images.replacePhotos([])
        browser.albumDidChange()
        watcher = FolderWatcher(folder: folder) { waker.wake() }
        updateTitle()
    }

    /// Photos were added, removed, renamed or rewritten: list the folder again; the model
    /// turns it into a diff. A folder that vanished or became unreadable empties the album
    /// rather than leaving it stale.
    private func rescanAlbum() {
        rescanPending = false
        do {
            model.applyRescan(try FolderScanner.photos(in: album.folderPath))
        } catch {
            model.folderFailed(error)
        }
    }

    /// The pictures follow the album's photos: a listing batch is appended, any other
    /// change keeps what is known of the photos still there.
    /// The culling pager's Trash is the album model's: a photo leaves every view at once,
    /// and comes back to its place on undo.
    private func connectTrash() {
        browser.cull.trashPhoto = { [unowned self] index in
            guard index < model.count else { return "That photo has left the album." }
            let photo = model.photos[index]
            do throws(TrashError) {
                try model.moveToTrash(photo.path)
                return nil
            } catch .vanished {
                // Gone meanwhile: the folder is read again and it leaves every view.
                rescanPending = true
                return "\(photo.displayName) is no longer there; it leaves the album."
            } catch {
                return "\(photo.displayName) cannot go to the Trash: \(error.reason). It was left where it is."
            }
        }
        browser.cull.undoTrash = { [unowned self] in
            let name = model.undoStack.last?.photo.displayName ?? ""
            do throws(TrashError) {
                guard let record = try model.undoTrash() else { return .nothing }
                return model.index(of: record.photo.path).map { .restored($0) } ?? .nothing
            } catch {
                return .failed("\(name) stays in the Trash: \(error.reason).")
            }
        }
    }

    private func observeModel() {
        browser.albumMessage = nil
        browser.cull.trashedCount = model.trashedCount
        modelObservation = model.observe { [unowned self] diff in
            browser.albumMessage = Self.message(for: model.status, album: album.name)
            browser.cull.trashedCount = model.trashedCount
            if diff.removed.isEmpty && diff.moved.isEmpty && diff.changed.isEmpty, let first = diff.inserted.first,
               first == images.photoCount, diff.inserted.last == model.count - 1 {
                images.appendPhotos(Array(model.photos[first...]))
            } else if !diff.isEmpty {
                images.replacePhotos(model.photos)
                browser.photosMoved(diff.newIndex(ofOld:))
            }
        }
    }

    /// What the view says while the album has no photos.
    static func message(for status: AlbumModel.Status, album: String) -> String? {
        switch status {
        case .listing, .ready: nil
        case .empty: "No photos in “\(album)”: nothing in this folder is an image Flick can show."
        case let .unavailable(reason): reason
        }
    }

    /// Ctrl+Q, Ctrl+W and q quit (q as in nsxiv and feh); Esc never does: it closes the
    /// front-most thing, the last of which is full screen.
    private func handleKey(_ key: KeyEvent) {
        if key.modifiers.contains(.control) && [.character("q"), .character("w")].contains(key.key) {
            shouldQuit = true
            return
        }
        let wasOn = browser.pager.currentIndex
        if browser.handleKey(key) {
            probeTurn(from: wasOn, at: key.time)
            return
        }
        switch key.key {
        case .escape:
            if window.isFullscreen { window.isFullscreen = false }
        case .character("q") where key.modifiers.isEmpty:
            shouldQuit = true
        case .function(11), .character("f"):
            window.isFullscreen.toggle()
        default:
            break
        }
    }

    func didPresentFrame(at time: Seconds) {
        StartupTrace.mark("first-frame-presented")
        // The start photo is on screen (or failed): the thumbnails held for it may start.
        if let held = heldForStart, !images.isScreenDecodePending(held) {
            heldForStart = nil
            service.releaseStartHold()
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
        takeListedPhotos()
        if albumWatcher?.takeChange() == true { albumSearch.start() }
        takeAlbumSearch()
        if watcher?.takeChange() == true { rescanPending = true }
        if rescanPending && listingFinished { rescanAlbum() }
        updateTitle()
        images.drainResults()
        images.advanceAnimations(to: now)
        if facts?.drain().isEmpty == false { browser.reloadData() }
        rootView.layoutIfNeeded()
    }
}
