// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Localization
import Marks
import ViewTree

/// The photo menu: a right-click's, or the Menu key's on the photo in hand, and what its
/// rows do.
extension PhotoBrowser {
    /// A right-click at `location` (window points): the menu for the photo there (the
    /// pager's while it is up), which the view points at; none between photos.
    func openPhotoMenu(at location: Point) {
        if photoMenu.isShown { photoMenu.hide() }
        guard !slideshow.isPlaying, !help.isShown else { return }
        let index: Int?
        if isPagerOpen {
            index = photoInHand
        } else {
            index = collection.convert(location, from: nil).flatMap { point in
                collection.bounds.contains(point) ? collection.photo(at: point) : nil
            }
        }
        guard let index, let point = convert(location, from: nil) else { return }
        if !isPagerOpen { collection.pointAtPhoto(index) }
        showPhotoMenu(for: index, at: point)
    }

    /// The Menu key: the menu for the photo in hand, at its middle.
    func openPhotoMenuOnPhotoInHand() {
        guard let index = photoInHand else { return }
        let placement = isPagerOpen ? nil : collection.revealPhoto(index)
        let centre = placement.flatMap { convert($0.frame, from: nil) }.map { Point(x: $0.midX, y: $0.midY) }
        showPhotoMenu(for: index, at: centre ?? Point(x: bounds.midX, y: bounds.midY))
    }

    private func showPhotoMenu(for index: Int, at point: Point) {
        bringSubviewToFront(photoMenu)
        photoMenu.show(for: index, at: point, inPager: isPagerOpen, applications: applicationsFor?(index) ?? [])
        bringSubviewToFront(toast)
        bringSubviewToFront(help)
    }

    /// The pointer moved over the menu: its ring follows.
    func hoverMenu(at location: Point) {
        if photoMenu.isShown { photoMenu.pointerMoved(to: location) }
    }

    /// Does what the menu (or Ctrl+C) asked for photo `index`.
    public func perform(_ action: PhotoAction, on index: Int) {
        guard let source, index >= 0, index < source.photoCount else { return }
        // On one of the photos chosen together: on all of them.
        let chosen = chosenPhotos
        if chosen.contains(index) {
            switch action {
            case .trash: return onChosenAction?(.trash, chosen) ?? ()
            case let .turn(clockwise): return onChosenAction?(.turn(clockwise: clockwise), chosen) ?? ()
            case .fixDate: return beginDateFix(chosen)
            case .share: return beginSharing(chosen)
            case .slideshow where chosen.count >= 2: return startSlideshow(playing: chosen)
            default: break
            }
        }
        switch action {
        case .open:
            openPhoto(index)
        case .details:
            details.show(index, from: source)
            setNeedsLayout()
        case .slideshow:
            startSlideshow(at: index)
        case .trash:
            trash(index)
        case .fixDate:
            beginDateFix([index])
        case .share:
            beginSharing([index])
        case .turn, .copyImage, .copyPath, .showInFiles, .openWith, .setWallpaper:
            onPhotoAction?(action, index)
        }
    }

    /// Moves photo `index` to the Trash from the menu, with Undo, as the culling pager does:
    /// the view's own way when it is the photo in hand there (the card thrown up).
    private func trash(_ index: Int) {
        if !isPagerOpen, let view = collection as? TrashingView, collection.photoInHand == index { return view.trashPhotoInHand() }
        let name = source?.fileName(at: index) ?? ""
        showToast(Trashing.attempt(index, named: name, trash: trashPhoto) { [unowned self] in undo() }.toast)
    }
}
