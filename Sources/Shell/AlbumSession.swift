// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Components
import Foundation
import PhotoLibrary
import Pictures
import SystemPackage

/// The album on screen and its upkeep, for the browser: the folder's listing as it arrives
/// (the photo Flick was opened on full screen once listed), rescans when the folder
/// changes, the albums beside it in the strip, opening another one (picked in the strip,
/// or dropped on the window), the Trash with undo, and what the window's title says. No
/// window and no clock: the frame driver calls `update()` and sets the title it reads.
public final class AlbumSession {
    public private(set) var album: Folder
    private var model: AlbumModel
    private var modelObservation: ObservationToken?
    private var watcher: FolderWatcher?
    private var lister: AlbumLister
    private var listingFinished = false
    /// A folder change seen while the first listing still runs waits for it to finish.
    private var rescanPending = false
    /// The photo Flick was opened on, until the listing reaches it.
    private var startPath: FilePath?
    /// The opened folder's albums: searched in the background, watched for folders that
    /// appear or vanish.
    private var albumSearch: AlbumSearch
    private var albumWatcher: FolderWatcher?
    public let pictures: PictureStore
    public let shelf: AlbumShelf
    private let browser: PhotoBrowser
    /// Wakes the frame loop: a listing batch, a search result or a folder change is waiting.
    private let wake: @Sendable () -> Void

    /// `lister` was started before the window, so its work overlaps the platform's start-up.
    public init(opening: Folder.Opening, lister: AlbumLister, pictures: PictureStore, browser: PhotoBrowser,
                wake: @escaping @Sendable () -> Void) {
        album = opening.album
        model = AlbumModel(folder: opening.album.folderPath, trash: .forCurrentUser())
        self.lister = lister
        self.pictures = pictures
        self.browser = browser
        self.wake = wake
        startPath = opening.startPath
        shelf = AlbumShelf(pictures: pictures)
        albumSearch = AlbumSearch(root: opening.album.folderPath)
        browser.source = pictures
        browser.albumSource = shelf
        pictures.onChange = { [unowned browser] in browser.reloadData() }
        pictures.onFramesChange = { [unowned browser] in browser.reloadPlayingPictures() }
        pictures.onCoversChange = { [unowned browser] in browser.reloadAlbums() }
        lister.wake.connect(wake)
        albumSearch.wake.connect(wake)
        watcher = FolderWatcher(folder: album.folderPath, onChange: wake)
        browser.onSelectAlbum = { [unowned self] index in open(shelf.albums[index].path) }
        observeModel()
        connectTrash()
    }

    /// The album's photos as the model has them.
    public var photos: [Photo] { model.photos }

    /// "photo — album — Flick" while the pager is up, "album — Flick" otherwise.
    public var title: String {
        let photo = browser.isPagerOpen && browser.pager.currentIndex < model.count ? model.photos[browser.pager.currentIndex] : nil
        return [photo?.displayName, album.name, "Flick"].compactMap { $0 }.joined(separator: " — ")
    }

    /// Takes what arrived since the last frame: listed photos, the album search's answer,
    /// folder changes.
    public func update() {
        takeListedPhotos()
        if albumWatcher?.takeChange() == true { albumSearch.start() }
        takeAlbumSearch()
        if watcher?.takeChange() == true { rescanPending = true }
        if rescanPending && listingFinished { rescanAlbum() }
    }

    /// A folder or an image dropped on the window opens as if Flick had been launched on it:
    /// its albums in the strip, the image (if it is one) full screen once listed.
    public func openDropped(_ path: String) {
        let opening: Folder.Opening
        do {
            opening = try Folder.open(path: path)
        } catch {
            browser.showToast(Toast("Flick cannot open that: \(error.description)"))
            return
        }
        albumSearch = AlbumSearch(root: opening.album.folderPath)
        albumSearch.wake.connect(wake)
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

    /// What the view says while the album has no photos.
    public static func message(for status: AlbumModel.Status, album: String) -> String? {
        switch status {
        case .listing, .ready: nil
        case .empty: "No photos in “\(album)”: nothing in this folder is an image Flick can show."
        case let .unavailable(reason): reason
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
            (browser.superview ?? browser).layoutIfNeeded()
            // Opened on one photo: show it full screen at once, with its place in the view
            // behind revealed for when the pager closes.
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
        albumWatcher = FolderWatcher(folders: search.searchedFolders, onChange: wake)
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

    /// Shows another album: its listing starts afresh (with `start` first), the view starts
    /// at its first photo.
    private func open(_ folder: FilePath, start: FilePath? = nil) {
        guard folder != album.folderPath else { return }
        lister.cancel()
        album = Folder(folderPath: folder)
        model = AlbumModel(folder: folder, trash: .forCurrentUser())
        observeModel()
        lister = AlbumLister(folder: folder, start: start)
        lister.wake.connect(wake)
        listingFinished = false
        rescanPending = false
        startPath = nil
        pictures.replacePhotos([])
        browser.albumDidChange()
        watcher = FolderWatcher(folder: folder, onChange: wake)
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

    /// The pictures follow the album's photos: a listing batch is appended, any other
    /// change keeps what is known of the photos still there.
    private func observeModel() {
        browser.albumMessage = nil
        browser.cull.trashedCount = model.trashedCount
        modelObservation = model.observe { [unowned self] diff in
            browser.albumMessage = Self.message(for: model.status, album: album.name)
            browser.cull.trashedCount = model.trashedCount
            if diff.removed.isEmpty && diff.moved.isEmpty && diff.changed.isEmpty, let first = diff.inserted.first,
               first == pictures.photoCount, diff.inserted.last == model.count - 1 {
                pictures.appendPhotos(Array(model.photos[first...]))
            } else if !diff.isEmpty {
                pictures.replacePhotos(model.photos)
                browser.photosMoved(diff.newIndex(ofOld:))
            }
        }
    }
}
