import Components
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
    private let animator: Animator
    private let arena: GestureArena
    private let context: ComponentContext
    private var album: Album
    private var watcher: FolderWatcher?
    private let lister: AlbumLister
    private var listingFinished = false
    /// A folder change seen while the first listing still runs waits for it to finish.
    private var rescanPending = false
    /// The photo Flick was opened on, until the listing reaches it.
    private var startPath: FilePath?
    private let thumbnails: ThumbnailStore
    private let grid: GridView

    init(opening: Album.Opening, fullscreen: Bool) throws(PlatformError) {
        album = opening.album
        window = try PlatformWindow(title: "\(opening.album.name) — Flick", fullscreen: fullscreen)
        animator = Animator(startTime: window.now)
        arena = GestureArena(root: rootView)
        context = ComponentContext(animator: animator, arena: arena, labels: PlatformLabels(text: window.text), pixelScale: window.scale)
        let waker = window.wakeHandle
        thumbnails = ThumbnailStore(photos: album.photos, textures: window.textures, wake: { waker.wake() })
        grid = GridView(context: context)

        rootView.name = "root"
        rootView.frame = Rect(origin: .zero, size: window.sizeInPoints)
        rootView.addSubview(grid)
        grid.frame = rootView.bounds
        grid.source = thumbnails
        thumbnails.onChange = { [unowned grid] in grid.reloadData() }
        rootView.layoutIfNeeded()
        startPath = opening.startPath
        lister = AlbumLister(folder: album.folderPath) { waker.wake() }
        watcher = FolderWatcher(folder: album.folderPath) { waker.wake() }
    }

    func run() { window.run(self) }

    var needsFrames: Bool { animator.isAnimating || arena.isTracking }

    var nextDeadline: Seconds? { arena.nextDeadline }

    func handle(_ event: PlatformEvent) {
        switch event {
        case .closeRequested:
            shouldQuit = true
        case .resized:
            grid.frame = rootView.bounds
        case let .input(.pointer(pointer)):
            arena.handle(pointer)
        case let .input(.wheel(wheel)):
            grid.scroll(by: wheel.deltaInPoints.y)
        case let .input(.key(key)) where key.isDown:
            handleKey(key)
        case .input(.key), .dropped, .hover, .redraw:
            break
        }
    }

    /// The grid grows as the listing arrives; the photo Flick was opened on is scrolled to
    /// once listed.
    private func takeListedPhotos() {
        guard !listingFinished else { return }
        let (photos, finished) = lister.drain()
        listingFinished = finished
        guard !photos.isEmpty else { return }
        album.photos += photos
        thumbnails.appendPhotos(photos)
        if let start = startPath, let index = album.photos.firstIndex(where: { $0.path == start }) {
            startPath = nil
            rootView.layoutIfNeeded()
            grid.scrollToPhoto(index, animated: false)
        }
    }

    /// Photos were added, removed, renamed or rewritten: list the folder again. A folder
    /// that vanished or became unreadable shows as empty rather than stale.
    private func rescanAlbum() {
        rescanPending = false
        album.photos = (try? FolderScanner.photos(in: album.folderPath)) ?? []
        thumbnails.replacePhotos(album.photos)
    }

    private func handleKey(_ key: KeyEvent) {
        switch key.key {
        case .escape:
            shouldQuit = true
        case .character("q") where key.modifiers.contains(.control):
            shouldQuit = true
        case .function(11), .character("f"):
            window.isFullscreen.toggle()
        default:
            break
        }
    }

    func update(at now: Seconds) {
        takeListedPhotos()
        if watcher?.takeChange() == true { rescanPending = true }
        if rescanPending && listingFinished { rescanAlbum() }
        thumbnails.drainResults()
        arena.advance(to: now)
        animator.advance(to: now)
        rootView.layoutIfNeeded()
    }
}
