// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Gestures
import Localization

// Each view's own keys and gestures, the full-screen photo's and the slideshow's: a view's
// help is its section of the table. A new view declares its section here; what its keys
// ask is a `ViewAction` its `perform` does.
extension Command {
    static let inViews: [Command] = grid + stack + deck + cull + compare + pager + slideshow + controls

    private static let grid: [Command] = [
        Command("grid-select", { localized("Select a photo") }, .view(.grid),
                keys: [KeyBinding(KeyChord(.left), .view(.step(-1)), in: .view(.grid)), KeyBinding(KeyChord(.right), .view(.step(1)), in: .view(.grid)),
                       KeyBinding(KeyChord(.up), .view(.stepRow(-1)), in: .view(.grid)), KeyBinding(KeyChord(.down), .view(.stepRow(1)), in: .view(.grid)),
                       KeyBinding(KeyChord(.pageUp), .view(.stepPage(-1)), in: .view(.grid)),
                       KeyBinding(KeyChord(.pageDown), .view(.stepPage(1)), in: .view(.grid))] + firstAndLast(in: .view(.grid), listed: true),
                pointer: { localized("Click") }, repeats: true),
        open(in: .grid),
        Command("grid-scroll", { localized("Scroll; the thumb jumps anywhere") }, .view(.grid),
                pointer: { localized("Drag, wheel, the thumb at the right") }),
        Command("grid-size", { localized("Larger, smaller photos (smallest: by month)") }, .view(.grid),
                // Ctrl and the key that types "+": with Shift on most layouts, alone on the keypad.
                keys: [KeyBinding(KeyChord("+", .control), .view(.resize(1)), in: .view(.grid)),
                       KeyBinding(KeyChord("-", .control), .view(.resize(-1)), in: .view(.grid)),
                       KeyBinding(KeyChord("+", [.control, .shift]), .view(.resize(1)), in: .view(.grid), alternative: true),
                       KeyBinding(KeyChord("=", .control), .view(.resize(1)), in: .view(.grid), alternative: true)],
                pointer: { localized("Ctrl+wheel") }),
        Command("grid-burst", { localized("Fan the burst out, or fold it again") }, .view(.grid),
                keys: [KeyBinding(KeyChord(.space), .view(.toggleBurst), in: .view(.grid))]),
        // As a file manager chooses several: then marks, Del and R act on all of them.
        Command("grid-choose", { localized("Choose several (marks, Del, R act on all); Esc: none") }, .view(.grid),
                keys: [KeyBinding(KeyChord("a", .control), .view(.chooseAll), in: .view(.grid)),
                       KeyBinding(KeyChord(.left, .shift), .view(.extendChoice(.step(-1))), in: .view(.grid)),
                       KeyBinding(KeyChord(.right, .shift), .view(.extendChoice(.step(1))), in: .view(.grid)),
                       KeyBinding(KeyChord(.up, .shift), .view(.extendChoice(.stepRow(-1))), in: .view(.grid)),
                       KeyBinding(KeyChord(.down, .shift), .view(.extendChoice(.stepRow(1))), in: .view(.grid)),
                       KeyBinding(KeyChord(.escape), .view(.clearChoice), in: .view(.grid)),
                       KeyBinding(KeyChord(.space, .control), .view(.toggleChosen), in: .view(.grid), alternative: true),
                       KeyBinding(KeyChord(.home, .shift), .view(.extendChoice(.first)), in: .view(.grid), alternative: true),
                       KeyBinding(KeyChord(.end, .shift), .view(.extendChoice(.last)), in: .view(.grid), alternative: true)],
                pointer: { localized("Ctrl+click, Shift+click, a band, a day's circle") }, repeats: true),
    ]

    private static let stack: [Command] = [
        Command("stack-throw", { localized("Throw the top photo under the pile") }, .view(.stack), pointer: { localized("Drag, flick") }),
        Command("stack-step", { localized("Next / previous photo") }, .view(.stack),
                keys: steps(in: .view(.stack), forward: [.right, .space], back: [.left], alternatives: [.down, .pageDown], [.backspace, .up, .pageUp])
                    + firstAndLast(in: .view(.stack)),
                repeats: true),
        Command("stack-show-all", { localized("Deal them all out; click one to put it on top") }, .view(.stack),
                keys: [KeyBinding(KeyChord("s"), .view(.toggleSpread), in: .view(.stack))], pointer: { localized("Show all") }),
        Command("stack-gather", { localized("Gather them again") }, .view(.stack),
                keys: [KeyBinding(KeyChord("s"), .view(.toggleSpread), in: .spread), KeyBinding(KeyChord(.escape), .view(.close), in: .spread)]),
        open(in: .stack),
    ]

    private static let deck: [Command] = [
        Command("deck-throw", { localized("Throw the front card that way") }, .view(.deck),
                keys: [KeyBinding(KeyChord(.left), .view(.throwCard(toTheRight: false)), in: .view(.deck)),
                       KeyBinding(KeyChord(.right), .view(.throwCard(toTheRight: true)), in: .view(.deck))],
                pointer: { localized("Drag, flick") }, repeats: true),
        Command("deck-turn", { localized("Turn it over: the photo's facts") }, .view(.deck),
                keys: [KeyBinding(KeyChord(.space), .view(.turnOver), in: .view(.deck))], pointer: { localized("Click") }),
        Command("deck-first-last", { localized("First / last photo") }, .view(.deck), keys: firstAndLast(in: .view(.deck), listed: true)),
        open(in: .deck),
    ]

    private static let cull: [Command] = [
        Command("cull-step", { localized("Next / previous photo") }, .view(.cull),
                keys: steps(in: .view(.cull), forward: [.right], back: [.left], alternatives: [.space, .pageDown], [.backspace, .pageUp])
                    + firstAndLast(in: .view(.cull)),
                pointer: { localized("Drag sideways") }, repeats: true),
        // Del is the album's Trash, which asks the culling pager to throw the card up.
        Command("cull-trash", { localized("Move the photo to the Trash") }, .view(.cull),
                keys: [KeyBinding(KeyChord(.delete), .photo(.trash), in: .view(.cull))], pointer: { localized("Drag up, flick up") }),
        open(in: .cull),
    ]

    private static let compare: [Command] = [
        Command("compare-choose", { localized("Choose a candidate") }, .view(.compare),
                keys: [KeyBinding(KeyChord(.up), .view(.chooseCandidate(-1)), in: .view(.compare)),
                       KeyBinding(KeyChord(.down), .view(.chooseCandidate(1)), in: .view(.compare))],
                pointer: { localized("Click") }, repeats: true),
        oneToOne(in: .view(.compare)),
        Command("compare-look", { localized("Zoom, look around: all together") }, .view(.compare), pointer: { localized("Ctrl+wheel, drag") }),
        Command("compare-step", { localized("Previous / next photo in its place") }, .view(.compare),
                keys: [KeyBinding(KeyChord(.left), .view(.step(-1)), in: .view(.compare)), KeyBinding(KeyChord(.right), .view(.step(1)), in: .view(.compare))],
                repeats: true),
        Command("compare-add", { localized("Compare one more (up to four)") }, .view(.compare),
                keys: [KeyBinding(KeyChord("c"), .view(.addCandidate), in: .view(.compare))]),
        Command("compare-trash", { localized("Move the candidate to the Trash") }, .view(.compare),
                keys: [KeyBinding(KeyChord(.delete), .photo(.trash), in: .view(.compare)),
                       KeyBinding(KeyChord(.backspace), .photo(.trash), in: .view(.compare), alternative: true)]),
        Command("compare-fit", { localized("Back to fit") }, .view(.compare),
                keys: [KeyBinding(KeyChord(.escape), .view(.close), in: .view(.compare))]),
        open(in: .compare),
    ]

    private static let pager: [Command] = [
        Command("pager-page", { localized("Next / previous photo") }, .pager,
                keys: steps(in: .pager, forward: [.right, .down], back: [.left, .up], alternatives: [.space, .pageDown], [.backspace, .pageUp])
                    + firstAndLast(in: .pager),
                pointer: { localized("Drag, flick, wheel") }, repeats: true),
        Command("pager-held", { localized("Page on, each photo sharp") }, .pager, pointer: { localized("Hold an arrow") }),
        Command("pager-zoom", { localized("Zoom in, out, to fit") }, .pager,
                // "+" as typed, with Shift or without (the keypad's); "=" is its key unshifted.
                keys: [KeyBinding(KeyChord("+", nil), .view(.zoomIn), in: .pager), KeyBinding(KeyChord("-", nil), .view(.zoomOut), in: .pager),
                       KeyBinding(KeyChord("0", .control), .view(.zoomToFit), in: .pager),
                       KeyBinding(KeyChord("=", nil), .view(.zoomIn), in: .pager, alternative: true)],
                pointer: { localized("Ctrl+wheel") }, repeats: true),
        Command("pager-zoom-click", { localized("Zoom in, or back to fit") }, .pager, pointer: { localized("Double-click") }),
        oneToOne(in: .pager),
        Command("pager-look", { localized("Look around it") }, .pager, pointer: { localized("Drag a zoomed photo") }),
        Command("pager-back", { localized("Back") }, .pager,
                keys: [KeyBinding(KeyChord(.escape, nil), .view(.close), in: .pager)], pointer: { localized("Click, drag down") }),
    ] + video

    /// A video in the pager: it plays when it is paged to.
    private static let video: [Command] = [
        Command("video-play", { localized("Play, pause a video") }, .pager,
                keys: [KeyBinding(KeyChord(.space), .video(.togglePause), in: .video)], pointer: { localized("Click its bar's button") }),
        Command("video-skip", { localized("Go anywhere in it; 5 s back, forward while it plays") }, .pager,
                keys: [KeyBinding(KeyChord(.left), .video(.skip(by: -5)), in: .video), KeyBinding(KeyChord(.right), .video(.skip(by: 5)), in: .video)],
                pointer: { localized("Click, drag its bar") }, repeats: true),
        Command("video-ends", { localized("To its start, its end while it plays") }, .pager,
                keys: [KeyBinding(KeyChord(.home), .video(.toStart), in: .video), KeyBinding(KeyChord(.end), .video(.toEnd), in: .video)]),
        Command("video-volume", { localized("Louder, quieter while it plays") }, .pager,
                keys: [KeyBinding(KeyChord(.up), .video(.changeVolume(by: 0.1)), in: .video),
                       KeyBinding(KeyChord(.down), .video(.changeVolume(by: -0.1)), in: .video)],
                repeats: true),
        Command("video-mute", { localized("Sound off, on") }, .pager, keys: [KeyBinding(KeyChord("m"), .video(.toggleMute), in: .video)]),
        Command("live-moment", { localized("While held: a Live or Motion Photo's moment, with its sound") }, .pager,
                keys: [KeyBinding(KeyChord("v"), .holdMoment, in: .pager)], pointer: { localized("Press and hold it") }),
    ]

    private static let slideshow: [Command] = [
        Command("slideshow-pause", { localized("Pause, play on") }, .slideshow,
                keys: [KeyBinding(KeyChord(.space), .inSlideshow(.togglePause), in: .slideshow)]),
        Command("slideshow-step", { localized("Previous / next photo") }, .slideshow,
                keys: [KeyBinding(KeyChord(.left), .inSlideshow(.step(-1)), in: .slideshow), KeyBinding(KeyChord(.right), .inSlideshow(.step(1)), in: .slideshow)],
                repeats: true),
        Command("slideshow-pace", { localized("Slower, faster") }, .slideshow,
                keys: [KeyBinding(KeyChord("+", nil), .inSlideshow(.changePace(1)), in: .slideshow),
                       KeyBinding(KeyChord("-", nil), .inSlideshow(.changePace(-1)), in: .slideshow),
                       KeyBinding(KeyChord("=", nil), .inSlideshow(.changePace(1)), in: .slideshow, alternative: true)]),
        Command("slideshow-motion", { localized("Gentle motion across each photo, on or off") }, .slideshow,
                keys: [KeyBinding(KeyChord("m"), .inSlideshow(.toggleDrift), in: .slideshow)]),
        Command("slideshow-end", { localized("End the slideshow here") }, .slideshow,
                keys: [KeyBinding(KeyChord(.escape, nil), .inSlideshow(.end), in: .slideshow),
                       KeyBinding(KeyChord(.function(5), nil), .inSlideshow(.end), in: .slideshow)],
                pointer: { localized("Click") }),
    ]

    // The keys such things have on every desktop; not in the help overlay (they are not
    // the view's), in the manual and the README.
    private static let controls: [Command] = [
        Command("menu-rows", { localized("Move through a menu's rows") }, .controls,
                keys: [KeyBinding(KeyChord(.up), .menu(.move(-1)), in: .menu), KeyBinding(KeyChord(.down), .menu(.move(1)), in: .menu),
                       KeyBinding(KeyChord(.home), .menu(.first), in: .menu), KeyBinding(KeyChord(.end), .menu(.last), in: .menu)],
                repeats: true),
        Command("menu-across", { localized("Into Open With's programs or the next column, and back") }, .controls,
                keys: [KeyBinding(KeyChord(.right), .menu(.side(1)), in: .menu), KeyBinding(KeyChord(.left), .menu(.side(-1)), in: .menu)]),
        Command("menu-choose", { localized("Choose the ringed row") }, .controls,
                keys: [KeyBinding(KeyChord(.enter), .menu(.choose), in: .menu), KeyBinding(KeyChord(.space), .menu(.choose), in: .menu)]),
        Command("menu-close", { localized("Close the menu (its programs first)") }, .controls,
                keys: [KeyBinding(KeyChord(.escape, nil), .menu(.close), in: .menu), KeyBinding(KeyChord(.menu, nil), .menu(.close), in: .menu),
                       KeyBinding(KeyChord(.function(10), .shift), .menu(.close), in: .menu)]),
        Command("answer", { localized("Answer the question: yes, no") }, .controls,
                keys: [KeyBinding(KeyChord(.enter, nil), .answer(confirming: true), in: .question),
                       KeyBinding(KeyChord(.escape, nil), .answer(confirming: false), in: .question)]),
        Command("control-step", { localized("The next or previous album or view, on the control Tab chose") }, .controls,
                keys: [KeyBinding(KeyChord(.left), .focused(.side(-1)), in: .focus), KeyBinding(KeyChord(.right), .focused(.side(1)), in: .focus),
                       KeyBinding(KeyChord(.up), .focused(.move(-1)), in: .focus), KeyBinding(KeyChord(.down), .focused(.move(1)), in: .focus),
                       KeyBinding(KeyChord(.home), .focused(.first), in: .focus), KeyBinding(KeyChord(.end), .focused(.last), in: .focus)],
                repeats: true),
        Command("control-choose", { localized("Show the chosen view, open the arrangement menu") }, .controls,
                keys: [KeyBinding(KeyChord(.enter), .focused(.choose), in: .focus), KeyBinding(KeyChord(.space), .focused(.choose), in: .focus)]),
        Command("control-leave", { localized("Give the keys back to the view") }, .controls,
                keys: [KeyBinding(KeyChord(.escape, nil), .focused(.close), in: .focus)]),
    ]

    /// Double-click or Enter: the photo in hand full screen, from any view.
    private static func open(in kind: AlbumViewKind) -> Command {
        Command("\(kind.rawValue)-open", { localized("Open it full screen") }, .view(kind),
                keys: [KeyBinding(KeyChord(.enter), .view(.open), in: .view(kind))], pointer: { localized("Double-click") })
    }

    private static func oneToOne(in context: KeyContext) -> Command {
        let name = context == .pager ? "pager" : "compare"
        return Command("\(name)-one-to-one", { localized("100 % at the pointer, or back to fit") }, context == .pager ? .pager : .view(.compare),
                       keys: [KeyBinding(KeyChord("z"), .view(.toggleOneToOne), in: context)])
    }

    /// Home and End: the first and the last photo (listed in the help where `listed`).
    private static func firstAndLast(in context: KeyContext, listed: Bool = false) -> [KeyBinding] {
        [KeyBinding(KeyChord(.home), .view(.first), in: context, alternative: !listed),
         KeyBinding(KeyChord(.end), .view(.last), in: context, alternative: !listed)]
    }

    /// Keys that go on a photo (`forward`) or back one, and others that do the same
    /// (listed in the manual, not the help).
    private static func steps(in context: KeyContext, forward: [Key], back: [Key], alternatives forwardToo: [Key], _ backToo: [Key]) -> [KeyBinding] {
        forward.map { KeyBinding(KeyChord($0), .view(.step(1)), in: context) } + back.map { KeyBinding(KeyChord($0), .view(.step(-1)), in: context) }
            + forwardToo.map { KeyBinding(KeyChord($0), .view(.step(1)), in: context, alternative: true) }
            + backToo.map { KeyBinding(KeyChord($0), .view(.step(-1)), in: context, alternative: true) }
    }
}
