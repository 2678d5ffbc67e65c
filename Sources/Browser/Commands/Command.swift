// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Gestures
import Localization
import Marks
import Pixels
import PhotoSources

/// What a user can ask of Flick, however it is asked (a key, a menu row): the browser
/// does it, or the handler the app registered for it.
public enum CommandAction: Hashable, Sendable {
    case mark(MarkChange)
    case undo
    case toggleAdvanceAfterMark
    case filter(PhotoFilter)
    case sort(PhotoOrder.Key)
    case toggleBurstGrouping
    case trashRejects
    /// The picks copied, with their pairs and sidecars, to the selects folder (asks first).
    case copyPicks
    /// The picks moved there instead, as one undo step (asks first; never from a card).
    case movePicks
    /// The card the album is on imported to verified copies (its form first; again: stops).
    case importCard
    /// Copies among the album's photos found, shown together and offered to the Trash.
    case findDuplicates
    /// Words typed narrow the album (Ctrl+F).
    case search
    /// The next (1) or previous (−1) album.
    case stepAlbum(Int)
    /// Every folder below the opened one at once (true), or the folder of the photo in hand
    /// alone (false).
    case everyFolder(Bool)
    case moveFocus(backwards: Bool)
    case showView(AlbumViewKind)
    case toggleFullScreen
    case slideshow
    case toggleDetails
    /// A photographer's look shown over the photo, or no longer.
    case toggleLook(PictureLook)
    /// A loupe under the pointer while the key is held: 1 at 100 %, 2 at 200 %.
    case loupe(magnification: Int)
    case photoMenu
    /// What the photo menu does, to the photo in hand.
    case photo(PhotoAction)
    case closeDetails
    case chooseDetail(Int)
    case copyDetails
    case help
    /// What the album's view on screen, or the pager while it is up, does with the key.
    case view(ViewAction)
    /// What the slideshow does while it plays.
    case inSlideshow(SlideshowAction)
    /// What a video playing in the pager does.
    case video(PlaybackControl)
    /// A Live Photo's moment played while the key is held.
    case holdMoment
    /// What the menu that is open (the photo menu, the arrangement menu) does.
    case menu(MenuAction)
    /// The question in front answered: yes (true) or no.
    case answer(confirming: Bool)
    /// What the control Tab gave the keys to (the album strip, the arrangement, the
    /// switcher) does.
    case focused(MenuAction)
    /// Esc where nothing in front took it: out of full screen.
    case closeFront
    case quit
}

/// What a key asks of a menu, or of a control that has the keys: the ring moved down (1)
/// or up (−1) its rows, across (Right: into a submenu, the next column or item; Left:
/// back), to the first or last, the ringed row chosen, the menu closed.
public enum MenuAction: Hashable, Sendable {
    case move(Int)
    case side(Int)
    case first
    case last
    case choose
    case close
}

/// Where a key binding is looked for, in the order a key travels: a binding there acts
/// only if nothing nearer the front took the key.
public enum KeyContext: Hashable, Sendable, CaseIterable {
    /// Before anything on screen sees the key: quitting, and help over anything.
    case always
    /// The slideshow's own keys while it plays (the rest wait for it to end).
    case slideshow
    /// A menu's while it is open (every key is the menu's then).
    case menu
    /// A question's while it asks (every key waits for the answer).
    case question
    /// The details' own keys while they are shown beside the photo.
    case details
    /// The control Tab gave the keys to.
    case focus
    /// A video's own keys while it is the full-screen photo (before the album's and the
    /// pager's: Space plays it rather than paging on); the arrows are its only while it
    /// plays, and page on once it is paused.
    case video
    /// The album's commands, on the photo in hand (the pager's while it is up), once no
    /// menu or question has the keys.
    case album
    /// The full-screen photo's own keys while it is up (the view behind it has none).
    case pager
    /// An album view's own keys while it is shown.
    case view(AlbumViewKind)
    /// The stack's photos dealt out ("Show all").
    case spread
    /// What nothing in front took: the app's own.
    case app

    public static var allCases: [KeyContext] {
        [.always, .slideshow, .menu, .question, .details, .focus, .video, .album, .pager] + AlbumViewKind.allCases.map { .view($0) } + [.spread, .app]
    }
}

/// A key that asks for a command's action, and where it does.
public struct KeyBinding: Hashable, Sendable {
    public let chord: KeyChord
    public let action: CommandAction
    public let context: KeyContext
    /// Another key for the same (Ctrl+Backspace where a keyboard has no Del): the manual
    /// and the README list it, the help overlay leaves it out to stay short.
    public let isAlternative: Bool

    public init(_ chord: KeyChord, _ action: CommandAction, in context: KeyContext = .album, alternative: Bool = false) {
        self.chord = chord
        self.action = action
        self.context = context
        isAlternative = alternative
    }
}

/// A command's row in the photo menu (a right-click, the Menu key).
public struct CommandMenuRow: Sendable {
    let title: @Sendable () -> String
    /// Nil for the row that opens the programs' panel (Open With).
    let action: PhotoAction?
    let startsGroup: Bool
    /// Shown while the photo is full screen (Open is not: it already is).
    let inPager: Bool

    init(_ title: @escaping @Sendable () -> String, _ action: PhotoAction?, startsGroup: Bool = false, inPager: Bool = true) {
        self.title = title
        self.action = action
        self.startsGroup = startsGroup
        self.inPager = inPager
    }
}

/// One user action, declared once: what the help calls it, its keys in each context, its
/// row in the photo menu. The help overlay, the menu's rows and their keys, the command
/// line's help (hence the man page) and the README's key list are made from these.
public struct Command: Sendable {
    /// The parts of the help, the man page and the README, in their order: what works
    /// everywhere, then each view's, the full-screen photo's and the slideshow's own.
    public enum Section: Hashable, Sendable, CaseIterable {
        case marks, arrangement, moving, photo, details, app
        case view(AlbumViewKind)
        case pager, slideshow
        /// The menus, a question, the control Tab chose: the manual's and the README's.
        case controls

        public static var allCases: [Section] { everywhere + AlbumViewKind.allCases.map { .view($0) } + [.pager, .slideshow, .controls] }

        /// What the help lists after the keys of what is on screen.
        public static let everywhere: [Section] = [.marks, .arrangement, .moving, .photo, .details, .app]

        /// The manual's and the README's heading (English, as the command line's help is).
        public var heading: String {
            switch self {
            case .marks: "Marks, on the photo in hand (the full-screen photo while it is up)"
            case .arrangement: "What is shown, and in which order"
            case .moving: "Albums, views, the window"
            case .photo: "The photo in hand"
            case .details: "In the details"
            case .app: "Anywhere"
            case .view(.grid): "In the grid"
            case .view(.stack): "In the stack"
            case .view(.deck): "In the card deck"
            case .view(.cull): "In the culling pager"
            case .view(.compare): "In Compare"
            case .pager: "In the full-screen photo"
            case .slideshow: "In the slideshow"
            case .controls: "In a menu, a question, and on the control Tab chose"
            }
        }
    }

    /// Stable, for tests and the manual: "rate", "trash-rejects".
    public let name: String
    private let summaryText: @Sendable () -> String
    public let section: Section
    public let bindings: [KeyBinding]
    /// A pointer action that does the same, said before the keys ("Right-click"), or a way
    /// of pressing them ("Hold an arrow"); a command may be this alone.
    private let pointerText: (@Sendable () -> String)?
    public let menuRow: CommandMenuRow?
    /// Whether a held key's repeats act again (stepping through albums) or are ignored
    /// (a held Del would otherwise empty the album into the Trash).
    public let repeats: Bool
    /// Listed in the help overlay (the menu-only ones are summed up by the menu's row).
    public let inHelp: Bool

    init(_ name: String, _ summary: @escaping @Sendable () -> String, _ section: Section, keys bindings: [KeyBinding] = [],
         pointer: (@Sendable () -> String)? = nil, menu: CommandMenuRow? = nil, repeats: Bool = false, inHelp: Bool = true) {
        self.name = name
        summaryText = summary
        self.section = section
        self.bindings = bindings
        pointerText = pointer
        menuRow = menu
        self.repeats = repeats
        self.inHelp = inHelp
    }

    /// What it does, in the user's language.
    public var summary: String { summaryText() }

    /// Its inputs as the manual writes them: "Right-click, Menu, Shift+F10", "Alt+0 – 5, P, X, U".
    public var inputLabel: String { label(of: bindings) }

    /// As the help overlay writes them: without alternatives ("Right-click, Menu").
    public var helpLabel: String { label(of: bindings.filter { !$0.isAlternative }) }

    private func label(of bindings: [KeyBinding]) -> String {
        let keys = KeyChord.label(of: bindings.map(\.chord))
        guard let pointerText else { return keys }
        return keys.isEmpty ? pointerText() : pointerText() + localized(", ") + keys
    }
}
