// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Gestures
import Localization
import Marks
import Pixels

/// The responder chain: a key goes from the front-most thing on screen to the back, and
/// the first that takes it acts. Whatever is in front (help, the slideshow, a menu, a
/// question) has the keys while it is shown; then the details, a message (Esc), the
/// control Tab gave the keys to, a video playing in the pager, the album's commands on the
/// photo in hand, the pager,
/// the album's view, and last the app (full screen, quit). So "Esc closes the front-most
/// thing" needs no list of its own: each layer takes Esc while it is there.
extension PhotoBrowser {
    /// Returns false for a key nobody took.
    public func handleKey(_ key: KeyEvent) -> Bool {
        // A key may put another photo in hand: the details follow it.
        defer { updateDetails() }
        let chain: [(KeyEvent) -> Bool] = [
            // Letters typed into the search are words, not commands ("?" too).
            { self.formSheet.handleKey($0) },
            { self.searchBar.isEditing && self.searchBar.handleKey($0) },
            { self.dateBar.handleKey($0) },
            { self.shareBar.handleKey($0) },
            { self.performCommand(for: $0, in: .always) },
            // Help is in front of everything: any key closes it.
            { _ in self.help.isShown && self.closing(self.help.hide) },
            { self.slideshowTakes($0) },
            // Every key is a menu's while it is open, and a question's while it asks.
            { self.photoMenu.isShown && (self.performCommand(for: $0, in: .menu) || true) },
            { self.confirmBar.isShown && (self.performCommand(for: $0, in: .question) || true) },
            { self.arrangementMenu.isShown && (self.performCommand(for: $0, in: .menu) || true) },
            { self.details.isShown && self.performCommand(for: $0, in: .details) },
            { $0.key == .escape && self.toast.message != nil && self.closing(self.toast.dismiss) },
            // Esc takes the search's words away, before it closes anything behind.
            { !self.isPagerOpen && self.searchBar.handleKey($0) },
            { self.focus != .view && !self.isPagerOpen && self.performCommand(for: $0, in: .focus) },
            // A held arrow that turned the page pages on past a video that started playing.
            { self.isPagerOpen && !self.pager.isPaging(with: $0) && self.performCommand(for: $0, in: .video) },
            { self.performCommand(for: $0, in: .album) },
            { self.performCommand(for: $0, in: self.viewContext) },
            { self.performCommand(for: $0, in: .app) },
        ]
        return chain.contains { $0(key) }
    }

    /// Something in front waits on the user's answer — a form, a question, a menu, the
    /// share or date bar, words being typed into the search. What Flick would ask unbidden
    /// (a card put in) waits until it is answered, so it never takes a key meant for it.
    public var awaitsAnAnswer: Bool {
        formSheet.isShown || shareBar.isShown || dateBar.isShown || confirmBar.isShown
            || photoMenu.isShown || arrangementMenu.isShown || searchBar.isEditing
    }

    /// A key was let go: a held key's paging stops with it.
    public func handleKeyUp(_ key: KeyEvent) {
        pager.handleKeyUp(key)
        // The loupe is there while its key is held, and a Live Photo's moment.
        if key.key == .character("l") { loupe.turnOff() }
        if key.key == .character("v"), let index = momentShown {
            momentShown = nil
            source?.showMoment(false, at: index)
        }
    }

    /// The wheel: the pager's while it is up, the strip's over it, else the view's.
    public func handleWheel(_ wheel: WheelEvent) {
        if pager.phase == .open || pager.phase == .opening {
            pager.handleWheel(wheel)
        } else if isAlbumStripShown, let point = convert(wheel.locationInWindow, from: nil), albumStrip.frame.contains(point) {
            albumStrip.handleWheel(wheel)
        } else {
            collection.handleWheel(wheel)
        }
    }

    /// Text the keyboard typed (a letter, an accented one, an input method's word): the
    /// search's, while it has the keys.
    public func handleText(_ text: String) {
        if formSheet.isShown { return formSheet.insert(text) }
        if dateBar.isShown { return dateBar.insert(text) }
        searchBar.insert(text)
    }

    /// Closes something in front: the key that did it goes no further.
    private func closing(_ close: () -> Void) -> Bool {
        close()
        return true
    }

    /// The slideshow's own keys while it plays; the app's (full screen, quit) go on to the
    /// app, and the rest wait for it to end.
    private func slideshowTakes(_ key: KeyEvent) -> Bool {
        guard slideshow.isPlaying else { return false }
        return performCommand(for: key, in: .slideshow) || Command.lookUp(key, in: .app) == nil
    }

    /// Whose own keys come after the album's: the pager's while it is up (the view behind
    /// it has none), else the view's on screen.
    var viewContext: KeyContext {
        if isPagerOpen { return .pager }
        return viewKind == .stack && stack.isShowingAll ? .spread : .view(viewKind)
    }

    /// The command `key` is bound to in `context`, done; false if it has none there or it
    /// cannot act now (no photo in hand), so the key goes on down the chain. A held key's
    /// repeats are taken and ignored unless the command repeats.
    func performCommand(for key: KeyEvent, in context: KeyContext) -> Bool {
        guard let (command, action) = Command.lookUp(key, in: context) else { return false }
        if key.isRepeat && !command.repeats { return true }
        return perform(action, key: key)
    }

    /// The app does these (quit, full screen, Esc's last use): the browser calls `handler`.
    public func register(_ action: CommandAction, handler: @escaping () -> Void) {
        commandHandlers[action] = handler
    }

    /// Does `action` (the photo in hand's, where it acts on one); false where it cannot now.
    @discardableResult
    public func perform(_ action: CommandAction) -> Bool { perform(action, key: nil) }

    /// Does `action`, asked by `key` where a key asked (a held key's paging minds it).
    private func perform(_ action: CommandAction, key: KeyEvent?) -> Bool {
        if let handler = commandHandlers[action] {
            handler()
            return true
        }
        switch action {
        case let .mark(change):
            let chosen = chosenPhotos
            if !chosen.isEmpty { onChosenAction?(.mark(change), chosen); return true }
            guard let index = photoInHand else { return false }
            mark(index, change)
        case .undo:
            undo()
        case .toggleAdvanceAfterMark:
            advancesAfterMark.toggle()
            showToast(Toast(advancesAfterMark ? localized("After a mark, the next photo") : localized("After a mark, the same photo")))
        case let .filter(filter):
            onChooseFilter?(filter)
        case let .sort(key):
            onChooseOrder?(key)
        case .toggleBurstGrouping:
            onGroupBursts?(!shownGroupsBursts)
        case .trashRejects:
            onTrashRejects?()
        case .copyPicks:
            onDeliverPicks?(false)
        case .movePicks:
            onDeliverPicks?(true)
        case .importCard:
            onImportCard?()
        case .findDuplicates:
            // The app registers it; without the app, there is no finder.
            return false
        case .search:
            if isPagerOpen { closePager() }
            searchBar.begin()
        case let .stepAlbum(step):
            stepAlbum(by: step)
        case let .everyFolder(every):
            onEveryFolder?(every)
        case let .moveFocus(backwards):
            guard !isPagerOpen else { return false }
            moveFocus(backwards: backwards)
        case let .showView(kind):
            // The pager stays over the view it came from.
            guard !isPagerOpen else { return false }
            show(kind)
        case .slideshow:
            // Photos chosen together play by themselves.
            let chosen = chosenPhotos
            startSlideshow(playing: chosen.count >= 2 ? chosen : nil)
        case .toggleDetails:
            guard let index = photoInHand else { return false }
            perform(.details, on: index)
        case let .video(control):
            guard isPagerOpen, let index = photoInHand, let source else { return false }
            return source.control(control, at: index)
        case .holdMoment:
            guard isPagerOpen, let index = photoInHand, let source, source.showMoment(true, at: index) else { return false }
            momentShown = index
        case let .loupe(magnification):
            // Where photos are looked at closely: full screen, Compare.
            guard isPagerOpen || viewKind == .compare else { return false }
            loupe.turnOn(magnification: Double(magnification))
            updateLoupe()
        case let .toggleLook(look):
            looks.formSymmetricDifference([look])
            // The sensor's values are the histogram's: asked for, the histogram shows.
            if look == .sensorLevels, looks.contains(.sensorLevels) { looks.insert(.histogram) }
            showToast(Toast(Self.saying(look, shown: looks.contains(look))))
        case .photoMenu:
            openPhotoMenuOnPhotoInHand()
        case let .photo(photoAction):
            // Del and R act on every photo chosen together, where some are.
            switch (photoAction, chosenPhotos.first) {
            case let (.trash, first?), let (.turn, first?), let (.fixDate, first?), let (.share, first?):
                perform(photoAction, on: first)
                return true
            default: break
            }
            guard let index = photoInHand else { return false }
            perform(photoAction, on: index)
        case .closeDetails:
            details.hide()
            setNeedsLayout()
        case let .chooseDetail(step):
            details.chooseRow(by: step)
        case .copyDetails:
            onCopyText?(details.textToCopy)
            showToast(Toast(details.chosenRow == nil ? localized("The details are on the clipboard") : localized("Copied")))
        case .help:
            if help.isShown { help.hide() } else { showHelp() }
        case let .view(viewAction):
            let performer: ViewActionPerformer = isPagerOpen ? pager : collection
            return performer.perform(viewAction, key: key)
        case let .inSlideshow(slideshowAction):
            return slideshow.perform(slideshowAction)
        case let .menu(menuAction):
            // The photo menu opens over the arrangement menu, never under it.
            if photoMenu.isShown { photoMenu.perform(menuAction) } else if arrangementMenu.isShown { arrangementMenu.perform(menuAction) } else { return false }
        case let .answer(confirming):
            confirmBar.answer(confirming: confirming)
        case let .focused(menuAction):
            return !isPagerOpen && performFocused(menuAction)
        case .toggleFullScreen, .closeFront, .quit:
            // The app's, through the handlers it registered.
            return false
        }
        return true
    }

    /// What a look's key says it did.
    static func saying(_ look: PictureLook, shown: Bool) -> String {
        switch (look, shown) {
        case (.histogram, true): localized("Histogram shown")
        case (.histogram, false): localized("Histogram hidden")
        case (.clipping, true): localized("Clipping shown: red highlights, blue shadows")
        case (.clipping, false): localized("Clipping hidden")
        case (.peaking, true): localized("Focus peaking shown: sharp edges in green")
        case (.peaking, false): localized("Focus peaking hidden")
        case (.sensorLevels, true): localized("A RAW's histogram is of its sensor's values (marked RAW)")
        case (.sensorLevels, false): localized("A RAW's histogram is of its preview")
        }
    }

    /// The loupe over the photo under the pointer (the middle of the window before the
    /// pointer was seen).
    func updateLoupe() {
        guard loupe.isOn else { return }
        let location = pointerLocation ?? Point(x: bounds.midX, y: bounds.midY)
        let under: PhotoUnderPointer? = isPagerOpen ? pager : viewKind == .compare ? compare : nil
        // Over the pager, which is put in front when it opens.
        if pager.superview === self {
            if subviews.last !== loupe { insertSubview(loupe, above: pager) }
        } else if let at = subviews.firstIndex(where: { $0 === toast }), at == 0 || subviews[at - 1] !== loupe {
            insertSubview(loupe, below: toast)
        }
        loupe.follow(under?.shownPhoto(at: location), at: location)
    }

    /// Marks photo `index`; after it, the pagers go on to the next photo if asked to.
    private func mark(_ index: Int, _ change: MarkChange) {
        let name = source?.fileName(at: index)
        onMark?(index, change)
        if isPagerOpen { pager.showCaptionForAWhile() }
        // A photo the mark took out of view (a filter) is already replaced by the next.
        if advancesAfterMark, source?.fileName(at: index) == name, index + 1 < source?.photoCount ?? 0 {
            if isPagerOpen {
                pager.goTo(index + 1)
            } else if viewKind == .cull {
                cull.go(to: index + 1)
            }
        }
    }

    /// A Live or Motion Photo's moment that cannot play (its movie is no video, a codec is
    /// missing) says why, once, instead of showing the still as if nothing were asked.
    func sayMomentProblem() {
        guard pager.phase != .closed, let problem = source?.momentProblem(at: pager.currentIndex), problem != momentProblemSaid else { return }
        momentProblemSaid = problem
        showToast(Toast(localized("This photo's moment cannot be played: {reason}", ["reason": problem])))
    }
}
