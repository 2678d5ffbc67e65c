// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Foundation
import Gestures
import Localization
import Marks

// Every user action Flick has, in the help's order. A new action is an entry here and its
// case in `PhotoBrowser.perform(_:)` (or a handler the app registers); its keys, its help
// line, its menu row and its line in the manual and the README follow from the entry.
extension Command {
    public static let all: [Command] = everywhere + inViews

    /// What works whatever is on screen.
    private static let everywhere: [Command] = [
        // Marks, as Lightroom and darktable key them, without modifiers.
        Command("rate", { localized("Rate the photo: no stars to five stars") }, .marks,
                keys: (0...PhotoMarks.maximumRating).map { KeyBinding(digit($0), .mark(.rate($0))) }),
        Command("flag", { localized("Pick, reject, clear the flag") }, .marks,
                keys: [KeyBinding(KeyChord("p"), .mark(.flag(.pick))), KeyBinding(KeyChord("x"), .mark(.flag(.reject))),
                       KeyBinding(KeyChord("u"), .mark(.flag(.none)))]),
        Command("label", { localized("Red, yellow, green, blue label (again: off)") }, .marks,
                keys: (6...9).compactMap { key in ColourLabel(key: key).map { KeyBinding(digit(key), .mark(.toggleLabel($0))) } }),
        Command("undo", { localized("Undo the last mark or trashing") }, .marks,
                keys: [KeyBinding(KeyChord("z", .control), .undo)], repeats: true),
        Command("advance-after-mark", { localized("After a mark, go on or stay (pagers)") }, .marks,
                keys: [KeyBinding(KeyChord("a", .shift), .toggleAdvanceAfterMark)]),

        // What is shown and in which order: Alt with the mark keys filters, with letters sorts.
        Command("show", { localized("Show all, ★ or more…, picks, rejects, unrated") }, .arrangement,
                keys: [KeyBinding(digit(0, .alt), .filter(.all))]
                    + (1...PhotoMarks.maximumRating).map { KeyBinding(digit($0, .alt), .filter(.rated(atLeast: $0))) }
                    + [KeyBinding(KeyChord("p", .alt), .filter(.picks)), KeyBinding(KeyChord("x", .alt), .filter(.rejects)),
                       KeyBinding(KeyChord("u", .alt), .filter(.unrated))]),
        Command("show-label", { localized("Show one label") }, .arrangement,
                keys: (6...9).compactMap { key in ColourLabel(key: key).map { KeyBinding(digit(key, .alt), .filter(.label($0))) } }),
        // Grouping bursts is an arrangement too, and its key sits with the sorts'.
        Command("sort", { localized("Sort: name, taken, modified, size, sharpness; B: bursts") }, .arrangement,
                keys: [("n", PhotoOrder.Key.name), ("d", .dateTaken), ("m", .dateModified), ("s", .size), ("f", .sharpness)].map {
                    KeyBinding(KeyChord($0.0, .alt), .sort($0.1))
                } + [KeyBinding(KeyChord("b", .alt), .toggleBurstGrouping)]),
        Command("trash-rejects", { localized("Move the rejects to the Trash (asks first)") }, .arrangement,
                keys: [KeyBinding(KeyChord(.delete, .control), .trashRejects), KeyBinding(KeyChord(.backspace, .control), .trashRejects, alternative: true)]),

        Command("search", { localized("Search by name, folder, year, month or mark; Esc: all again") }, .arrangement,
                keys: [KeyBinding(KeyChord("f", .control), .search)], pointer: { localized("Shift-drag the timeline scrubber: the days it goes over") }),
        Command("copy-picks", { localized("Copy the picks to the selects folder (asks first)") }, .arrangement,
                keys: [KeyBinding(KeyChord("e", [.control, .shift]), .copyPicks)]),
        Command("move-picks", { localized("Move the picks to the selects folder (asks first; Ctrl+Z brings them back)") }, .arrangement,
                keys: [KeyBinding(KeyChord("m", [.control, .shift]), .movePicks)]),
        Command("find-duplicates", { localized("Find duplicates: the same file, the same picture (asks before the Trash)") }, .arrangement,
                keys: [KeyBinding(KeyChord("f", [.control, .shift]), .findDuplicates)]),
        Command("import", { localized("Import the card: its choices, then verified copies (again: stops)") }, .arrangement,
                keys: [KeyBinding(KeyChord("i", .control), .importCard)]),

        Command("album", { localized("Previous / next album") }, .moving,
                keys: [KeyBinding(KeyChord(.pageUp, .control), .stepAlbum(-1)), KeyBinding(KeyChord(.pageDown, .control), .stepAlbum(1))],
                repeats: true),
        // Alt+Up as a file manager's goes to the folder above: here, to every folder at once.
        Command("every-folder", { localized("Every folder at once, or the photo's folder alone") }, .moving,
                keys: [KeyBinding(KeyChord(.up, .alt), .everyFolder(true)), KeyBinding(KeyChord(.down, .alt), .everyFolder(false))]),
        Command("focus", { localized("Keys to the albums, the arrangement, the views") }, .moving,
                keys: [KeyBinding(KeyChord(.tab), .moveFocus(backwards: false)), KeyBinding(KeyChord(.tab, .shift), .moveFocus(backwards: true))],
                repeats: true),
        // One per registered view: a new view gets its Ctrl+N here by itself.
        Command("view", { AlbumViewKind.allCases.map(\.title).joined(separator: localized(", ")) }, .moving,
                keys: AlbumViewKind.allCases.enumerated().map { KeyBinding(digit($0.offset + 1, .control), .showView($0.element)) }),
        Command("full-screen", { localized("Full screen") }, .moving,
                keys: [KeyBinding(KeyChord("f"), .toggleFullScreen, in: .app), KeyBinding(KeyChord(.function(11), nil), .toggleFullScreen, in: .app)]),

        // The photo in hand, and the photo menu's rows in the menu's order. The menu shows
        // its rows' keys (Ctrl+C, Del), so the help names only the menu: short enough to read.
        Command("open", { localized("Open the photo full screen") }, .photo,
                menu: CommandMenuRow({ localized("Open") }, .open, inPager: false), inHelp: false),
        Command("copy", { localized("Copy the photo: the picture, the file and its path") }, .photo,
                keys: [KeyBinding(KeyChord("c", .control), .photo(.copyImage))],
                menu: CommandMenuRow({ localized("Copy") }, .copyImage, startsGroup: true), inHelp: false),
        Command("copy-path", { localized("Copy the photo's path") }, .photo,
                menu: CommandMenuRow({ localized("Copy Path") }, .copyPath), inHelp: false),
        Command("show-in-files", { localized("Show the photo in the file manager") }, .photo,
                menu: CommandMenuRow({ localized("Show in Files") }, .showInFiles, startsGroup: true), inHelp: false),
        Command("open-with", { localized("Open the photo with another program") }, .photo,
                menu: CommandMenuRow({ localized("Open With") }, nil), inHelp: false),
        Command("wallpaper", { localized("Make the photo the desktop's wallpaper") }, .photo,
                menu: CommandMenuRow({ localized("Set as Wallpaper") }, .setWallpaper), inHelp: false),
        Command("details", { localized("The photo's details (Up/Down choose, Ctrl+C copies)") }, .photo,
                keys: [KeyBinding(KeyChord("i"), .toggleDetails)],
                menu: CommandMenuRow({ localized("Details") }, .details, startsGroup: true)),
        // A photographer's looks, as FastRawViewer and Photo Mechanic key them where they can.
        Command("looks", { localized("Histogram, clipping, focus peaking; Shift+H: a RAW's histogram from its sensor (full screen, Compare, culling)") }, .photo,
                keys: [KeyBinding(KeyChord("h"), .toggleLook(.histogram)), KeyBinding(KeyChord("o"), .toggleLook(.clipping)),
                       KeyBinding(KeyChord("k"), .toggleLook(.peaking)), KeyBinding(KeyChord("h", .shift), .toggleLook(.sensorLevels))]),
        Command("loupe", { localized("Hold (or hold the middle button): a loupe at 100 % under the pointer (Shift: 200 %)") }, .photo,
                keys: [KeyBinding(KeyChord("l"), .loupe(magnification: 1)), KeyBinding(KeyChord("l", .shift), .loupe(magnification: 2))]),
        Command("slideshow", { localized("Slideshow from the photo in hand") }, .photo,
                keys: [KeyBinding(KeyChord(.function(5), nil), .slideshow)],
                menu: CommandMenuRow({ localized("Slideshow") }, .slideshow)),
        // Turning is the one change Flick makes to a photo's file, and only when asked.
        Command("turn-right", { localized("Turn the photo a quarter right (Shift+R: left)") }, .photo,
                keys: [KeyBinding(KeyChord("r"), .photo(.turn(clockwise: true)))],
                menu: CommandMenuRow({ localized("Rotate Right") }, .turn(clockwise: true), startsGroup: true)),
        Command("turn-left", { localized("Turn the photo a quarter left") }, .photo,
                keys: [KeyBinding(KeyChord("r", .shift), .photo(.turn(clockwise: false)))],
                menu: CommandMenuRow({ localized("Rotate Left") }, .turn(clockwise: false)), inHelp: false),
        // Into the sidecar, as darktable and digiKam fix a date: the photo is not changed.
        Command("fix-date", { localized("Fix the date taken: shift it (+1h, -1d) or set it") }, .photo,
                keys: [KeyBinding(KeyChord("d", [.control, .shift]), .photo(.fixDate))],
                menu: CommandMenuRow({ localized("Fix Date…") }, .fixDate)),
        // Copies only: the photos themselves are read, never changed.
        Command("share", { localized("Share copies: JPEGs into a folder, or by email") }, .photo,
                keys: [KeyBinding(KeyChord("s", [.control, .shift]), .photo(.share))],
                menu: CommandMenuRow({ localized("Share…") }, .share)),
        Command("trash", { localized("Move the photo to the Trash") }, .photo,
                keys: [KeyBinding(KeyChord(.delete), .photo(.trash))],
                menu: CommandMenuRow({ localized("Move to Trash") }, .trash, startsGroup: true), inHelp: false),
        Command("menu", { localized("Copy, show in Files, open with, wallpaper…") }, .photo,
                keys: [KeyBinding(KeyChord(.menu, nil), .photoMenu), KeyBinding(KeyChord(.function(10), .shift), .photoMenu, alternative: true)],
                pointer: { localized("Right-click") }),

        Command("close-details", { localized("Close the details") }, .details,
                keys: [KeyBinding(KeyChord(.escape, nil), .closeDetails, in: .details), KeyBinding(KeyChord("i"), .closeDetails, in: .details)],
                inHelp: false),
        Command("choose-detail", { localized("Choose a row of the details") }, .details,
                keys: [KeyBinding(KeyChord(.up), .chooseDetail(-1), in: .details), KeyBinding(KeyChord(.down), .chooseDetail(1), in: .details)],
                repeats: true, inHelp: false),
        Command("copy-details", { localized("Copy the chosen row, or every row") }, .details,
                keys: [KeyBinding(KeyChord("c", .control), .copyDetails, in: .details)], inHelp: false),

        Command("close", { localized("Close what is in front") }, .app,
                keys: [KeyBinding(KeyChord(.escape, nil), .closeFront, in: .app)]),
        Command("quit", { localized("Quit") }, .app,
                keys: [KeyBinding(KeyChord("q"), .quit, in: .app), KeyBinding(KeyChord("q", .control), .quit, in: .always),
                       KeyBinding(KeyChord("w", .control), .quit, in: .always)]),
        Command("help", { localized("These keys (any key closes them)") }, .app,
                keys: [KeyBinding(KeyChord("?", nil), .help, in: .always), KeyBinding(KeyChord(.function(1), nil), .help, in: .always)]),
    ]

    private static func digit(_ number: Int, _ modifiers: KeyModifiers = []) -> KeyChord {
        KeyChord(Character(String(number)), modifiers)
    }

    /// The command a key asks for in `context`, and what it asks.
    public static func lookUp(_ key: KeyEvent, in context: KeyContext) -> (command: Command, action: CommandAction)? {
        for command in all {
            for binding in command.bindings where binding.context == context && binding.chord.matches(key) {
                return (command, binding.action)
            }
        }
        return nil
    }

    /// The help's lines for what works everywhere, after a view's own.
    public static var helpEntries: [HelpEntry] {
        [HelpEntry("", "")] + all.filter { $0.inHelp && Section.everywhere.contains($0.section) }.map(\.helpEntry)
    }

    /// The help's lines for `section` alone: a view's, the full-screen photo's, the slideshow's.
    public static func helpEntries(for section: Section) -> [HelpEntry] {
        all.filter { $0.inHelp && $0.section == section }.map(\.helpEntry)
    }

    /// The photo menu's rows: Open only where the photo is not already full screen, Open
    /// With only where the desktop has a program for it.
    static func menuRows(inPager: Bool, hasApplications: Bool) -> [MenuPanel.Row] {
        all.compactMap { command in
            guard let row = command.menuRow, inPager ? row.inPager : true, row.action != nil || hasApplications else { return nil }
            // Open With's row opens a panel of its own, and says so.
            let hint = row.action == nil ? "▸" : KeyChord.label(of: command.bindings.prefix(1).map(\.chord))
            return MenuPanel.Row(title: row.title(), hint: hint, action: row.action, startsGroup: row.startsGroup)
        }
    }

    /// Every command by section ("Ctrl+Z: Undo the last mark or trashing"), for the command
    /// line's help and so the man page. English, as the rest of that help is, and ASCII:
    /// the man page generator drops what is not.
    public static var manual: String {
        Section.allCases.map { section in
            section.heading + ": " + all.filter { $0.section == section }.map(\.manualLine).joined(separator: "; ") + "."
        }.joined(separator: "\n\n")
    }

    /// The README's list of keys, as Markdown.
    public static var markdown: String {
        Section.allCases.map { section in
            "\(section.heading):\n\n" + all.filter { $0.section == section }.map { command in
                "- " + (command.inputLabel.isEmpty ? "the photo menu" : "`\(command.inputLabel)`") + ": " + command.summary
            }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}

extension Command {
    var helpEntry: HelpEntry { HelpEntry(helpLabel, summary) }

    /// Its keys and what it does, as the manual says them.
    public var manualLine: String {
        let line = (inputLabel.isEmpty ? "Photo menu" : inputLabel) + ": " + summary
        return line.replacingOccurrences(of: " – ", with: " to ").replacingOccurrences(of: "★", with: "stars")
            .replacingOccurrences(of: "…", with: "...")
    }
}
