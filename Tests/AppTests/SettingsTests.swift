// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import Components
import Geometry
import Marks
import Platform
import Ingest
import PhotoLibrary
import Pixels
import SystemPackage
@testable import flick
import Shell

@Suite struct SettingsTests {
    func temporaryFile() -> FilePath {
        FilePath(FileManager.default.temporaryDirectory.path).appending("flick-settings-\(UUID().uuidString)").appending("flick").appending("settings")
    }

    @Test func whatIsSavedComesBackAndReadsAsAPersonWouldWriteIt() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: file.removingLastComponent().removingLastComponent().string) }
        let settings = Settings(view: .cull, windowSize: Size(width: 1400, height: 900), fullscreen: true)
        try settings.save(to: file)
        let text = try String(contentsOfFile: file.string, encoding: .utf8)
        #expect(text.contains("view = cull\n") && text.contains("window = 1400x900\n") && text.contains("fullscreen = true\n"))
        let (loaded, isFirstRun) = Settings.load(from: file) { Issue.record("unexpected warning: \($0)") }
        #expect(loaded == settings && !isFirstRun)
    }

    /// Set by hand to compare; kept through a run that saves the rest.
    @Test func colourManagementOffIsReadAndWrittenBack() throws {
        var warnings: [String] = []
        let settings = Settings(parsing: "view = grid\ncolour-management = false\n", warnings: &warnings)
        #expect(warnings.isEmpty && settings.colourManagement == false)
        #expect(settings.text.contains("colour-management = false\n"))
        #expect(!Settings(view: .grid).text.contains("colour-management"), "unset, nothing is written")
    }

    /// What a person wrote by hand (or a flag set for one run) is saved as it was read;
    /// what the run changed (its view, window, filter) is saved as the run left it.
    @Test func savingAfterARunKeepsWhatAPersonWroteAndTakesWhatTheRunChanged() throws {
        var warnings: [String] = []
        let written = Settings(parsing: "view = grid\ncolour-management = false\nreduce-motion = true\nselects-folder = /media/Selects\n"
            + "import-to = /photos/%Y\nimport-backup = /backup\nimport-rename = {job}-{seq}\nimport-job = Wedding\n"
            + "import-creator = Ann Lee\nimport-shift = GoPro=-0:00:30\n", warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        var run = Settings(view: .cull, windowSize: Size(width: 1000, height: 700), fullscreen: false)
        run.colourManagement = true
        run.reducesMotion = false
        let saved = run.keepingWhatAPersonWrites(from: written)
        #expect(saved.view == .cull && saved.windowSize == Size(width: 1000, height: 700) && saved.fullscreen == false)
        #expect(saved.colourManagement == false && saved.reducesMotion == true && saved.selectsFolder == FilePath("/media/Selects"))
        #expect(saved.importTo?.text == "/photos/%Y" && saved.importBackup?.text == "/backup" && saved.importRename?.text == "{job}-{seq}")
        #expect(saved.importJob == "Wedding" && saved.importCaption.creator == "Ann Lee" && saved.importClockShifts == ["GoPro": -30])
        #expect(Settings(view: .grid).keepingWhatAPersonWrites(from: Settings()).colourManagement == nil, "nothing written, nothing invented")
    }

    /// The slideshow's pace and drift and the grid's size, as last chosen.
    @Test func theSlideshowsPaceAndTheGridsSizeAreRememberedAndNonsenseIsLeftOut() throws {
        var warnings: [String] = []
        let settings = Settings(parsing: "slideshow-seconds = 8\nslideshow-motion = true\ngrid-size = small\n", warnings: &warnings)
        #expect(warnings.isEmpty && settings.slideshowSeconds == 8 && settings.slideshowMotion == true && settings.gridSize == 0)
        #expect(settings.text.contains("slideshow-seconds = 8\n") && settings.text.contains("slideshow-motion = true\n")
                && settings.text.contains("grid-size = small\n"))
        let odd = Settings(parsing: "slideshow-seconds = 7\ngrid-size = huge\nslideshow-motion = maybe\n", warnings: &warnings)
        #expect(warnings.count == 3 && odd.slideshowSeconds == nil && odd.gridSize == nil && odd.slideshowMotion == nil, "\(warnings)")
    }

    /// Set by hand: where a card is imported to, a backup, the copies' names and the job;
    /// a template Flick cannot fill is left out, saying which tokens it knows.
    @Test func theImportTemplatesAreReadCheckedAndWrittenBack() throws {
        var warnings: [String] = []
        let settings = Settings(parsing: "import-to = /photos/%Y/%Y-%m-%d\nimport-backup = /media/backup/{camera}\nimport-rename = {job}-{seq:4}\n"
            + "import-job = Wedding\nimport-rename = %Q\nimport-creator = Ann Lee\nimport-keywords = wedding, Lisbon\n", warnings: &warnings)
        #expect(settings.importCaption == XMPCaption(creator: "Ann Lee", keywords: ["wedding", "Lisbon"]))
        var shifted: [String] = []
        let shifts = Settings(parsing: "import-shift = Canon EOS R6=+1:00\nimport-shift = GoPro=-0:00:30\nimport-shift = soon\n", warnings: &shifted)
        #expect(shifts.importClockShifts == ["Canon EOS R6": 3600, "GoPro": -30] && shifted.count == 1, "\(shifted)")
        var none: [String] = []
        #expect(Settings(parsing: shifts.text, warnings: &none).importClockShifts == shifts.importClockShifts && none.isEmpty, "\(shifts.text)")
        #expect(settings.importTo?.text == "/photos/%Y/%Y-%m-%d" && settings.importBackup?.text == "/media/backup/{camera}")
        #expect(settings.importRename?.text == "{job}-{seq:4}" && settings.importJob == "Wedding")
        #expect(warnings.count == 1 && warnings[0].contains("%Q") && warnings[0].contains("{seq:N}"), "\(warnings)")
        var again: [String] = []
        #expect(Settings(parsing: settings.text, warnings: &again) == settings && again.isEmpty)
        #expect(Settings.defaultImportDestination(environment: ["HOME": "/home/ann"]).text == "/home/ann/Pictures/%Y/%Y-%m-%d")
    }

    /// Set by hand: where the picks go, an absolute path kept as written; the default is
    /// the Pictures folder xdg-user-dirs names.
    @Test func theSelectsFolderIsReadWrittenBackAndDefaultsToThePicturesFolder() throws {
        var warnings: [String] = []
        let settings = Settings(parsing: "selects-folder = /media/backup/Selects\nselects-folder = relative\n", warnings: &warnings)
        #expect(settings.selectsFolder == FilePath("/media/backup/Selects"))
        #expect(warnings.count == 1 && warnings[0].contains("absolute"), "\(warnings)")
        #expect(settings.text.contains("selects-folder = /media/backup/Selects\n"))

        let home = FileManager.default.temporaryDirectory.appendingPathComponent("flick-home-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: home) }
        #expect(Settings.defaultSelectsFolder(environment: ["HOME": home.path]) == FilePath(home.path + "/Pictures/Selects"))
        try FileManager.default.createDirectory(at: home.appendingPathComponent(".config"), withIntermediateDirectories: true)
        try Data("XDG_PICTURES_DIR=\"$HOME/Bilder\"\n".utf8).write(to: home.appendingPathComponent(".config/user-dirs.dirs"))
        #expect(Settings.defaultSelectsFolder(environment: ["HOME": home.path]) == FilePath(home.path + "/Bilder/Selects"))
    }

    @Test func thePhotographersLooksAreRememberedAndNonsenseIsLeftOut() {
        var warnings: [String] = []
        let settings = Settings(parsing: "looks = peaking, histogram\n", warnings: &warnings)
        #expect(settings.looks == [.histogram, .peaking] && warnings.isEmpty)
        #expect(settings.text.contains("looks = histogram, peaking\n"))
        var none = Settings(view: .grid)
        none.looks = []
        #expect(none.text.contains("looks = none\n") && Settings(parsing: none.text, warnings: &warnings).looks == [])
        #expect(Settings(parsing: "looks = zebra\n", warnings: &warnings).looks == nil && warnings.count == 1)
    }

    @Test func groupingBurstsIsRemembered() {
        var warnings: [String] = []
        let settings = Settings(parsing: "group-bursts = true\n", warnings: &warnings)
        #expect(warnings.isEmpty && settings.groupsBursts == true && settings.text.contains("group-bursts = true\n"))
        #expect(Settings(parsing: "group-bursts = often\n", warnings: &warnings).groupsBursts == nil && warnings.count == 1)
    }

    @Test func theOrderOfEveryFolderIsRememberedApartFromOneFolders() {
        var warnings: [String] = []
        let settings = Settings(parsing: "order = name\nevery-folder-order = date-taken-reversed\n", warnings: &warnings)
        #expect(warnings.isEmpty && settings.order == PhotoOrder(.name) && settings.everyFolderOrder == PhotoOrder(.dateTaken, reversed: true))
        #expect(settings.text.contains("every-folder-order = date-taken-reversed\n"))
        #expect(Settings(parsing: "every-folder-order = shuffled\n", warnings: &warnings).everyFolderOrder == nil && warnings.count == 1)
    }

    /// The first screen's thumbnails are made at the size the grid will ask for.
    @Test func theFirstScreensCellsAreGuessedFromTheRememberedWindowAndGridSize() {
        let sides = (0..<3).map { GridView.cellSide(windowWidth: 1000, sizeStep: $0) }
        #expect(sides[0] < sides[1] && sides[1] < sides[2], "\(sides)")
        #expect(sides[1] == Int(GridLayout(width: 1000).cellSide))
        #expect(GridView.cellSide(windowWidth: PlatformWindow.defaultSize.width, sizeStep: nil) == Int(GridLayout(width: PlatformWindow.defaultSize.width).cellSide))
    }

    @Test func whatWasShownAndItsOrderAreRemembered() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: file.removingLastComponent().removingLastComponent().string) }
        let settings = Settings(view: .cull, filter: .rated(atLeast: 3), order: PhotoOrder(.dateTaken, reversed: true))
        try settings.save(to: file)
        let text = try String(contentsOfFile: file.string, encoding: .utf8)
        #expect(text.contains("show = rated-3\n") && text.contains("order = date-taken-reversed\n"))
        #expect(Settings.load(from: file) { Issue.record("unexpected warning: \($0)") }.settings == settings)
        var auto = Settings()
        auto.advancesAfterMark = true
        #expect(auto.text.contains("advance-after-mark = true\n"))
        var warnings: [String] = []
        #expect(Settings(parsing: auto.text, warnings: &warnings).advancesAfterMark == true && warnings.isEmpty)
        let odd = Settings(parsing: "show = favourites\norder = colour\n", warnings: &warnings)
        #expect(odd.filter == nil && odd.order == nil && warnings.count == 2)
    }

    @Test func noFileIsTheFirstRun() {
        let (settings, isFirstRun) = Settings.load(from: temporaryFile()) { Issue.record("unexpected warning: \($0)") }
        #expect(settings == Settings() && isFirstRun)
    }

    @Test func aCorruptFileIsIgnoredWithAWarningAndWhatCanBeReadIsKept() throws {
        let file = temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: file.removingLastComponent().removingLastComponent().string) }
        try FileManager.default.createDirectory(atPath: file.removingLastComponent().string, withIntermediateDirectories: true)
        try Data("view = deck\nwindow = 99999x-3\nfullscreen = maybe\ncolour = blue\nthis line is nonsense\n".utf8)
            .write(to: URL(fileURLWithPath: file.string))
        var warnings: [String] = []
        let (settings, _) = Settings.load(from: file) { warnings.append($0) }
        #expect(settings == Settings(view: .deck), "the good line is kept")
        #expect(warnings.count == 4, "\(warnings)")

        try Data([0xFF, 0xFE, 0x00, 0x01, 0x80]).write(to: URL(fileURLWithPath: file.string))
        warnings = []
        let (binary, isFirstRun) = Settings.load(from: file) { warnings.append($0) }
        #expect(binary == Settings() && !isFirstRun && warnings.count == 1)
    }

    @Test func theFileLivesUnderXDGConfigHomeOrHomesConfig() {
        #expect(Settings.file(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/a"]) == FilePath("/cfg/flick/settings"))
        #expect(Settings.file(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"]) == FilePath("/home/a/.config/flick/settings"),
                "a relative XDG_CONFIG_HOME is ignored, as the spec says")
        #expect(Settings.file(environment: ["HOME": "/home/a"]) == FilePath("/home/a/.config/flick/settings"))
    }
}

@Suite struct RawArgumentsTests {
    @Test func aPathThatIsNotUTF8KeepsItsBytes() {
        let latin1: [UInt8] = Array("/photos/caf".utf8) + [0xE9]
        let lossy = String(decoding: latin1, as: UTF8.self)
        #expect(lossy.contains("\u{FFFD}"), "what the argument parser is given")
        let raw = [Array("--view".utf8), Array("grid".utf8), latin1]
        #expect(RawArguments.path(lossy, among: raw).rawBytes == latin1)
        #expect(RawArguments.path("/photos/plain", among: raw) == FilePath("/photos/plain"), "a path not on the command line is taken as given")
    }
}

@Suite struct ReduceMotionSettingTests {
    @Test func reduceMotionIsReadAndKeptAsThePersonWroteIt() {
        var warnings: [String] = []
        let settings = Settings(parsing: "reduce-motion = true\n", warnings: &warnings)
        #expect(warnings.isEmpty && settings.reducesMotion == true)
        #expect(settings.text.contains("reduce-motion = true\n"))
        #expect(!Settings().text.contains("reduce-motion"), "unset, the desktop decides")
        #expect(MotionPreference(forced: true).reducesMotion && !MotionPreference(forced: false).reducesMotion)
    }

    /// The import's choices, taken in its dialog, are remembered for the next run; a run
    /// that imported nothing keeps them as the file had them.
    @Test func theImportsChoicesAreRememberedOnlyWhenTheDialogTookThem() throws {
        var warnings: [String] = []
        let file = Settings(parsing: "import-to = /media/a/%Y\nimport-job = Old\nimport-creator = Bo\nimport-skip-imported = false\n", warnings: &warnings)
        #expect(warnings.isEmpty && file.importSkipsImported == false)
        #expect(Settings().keepingWhatAPersonWrites(from: file).text == file.keepingWhatAPersonWrites(from: file).text)
        #expect(Settings().keepingWhatAPersonWrites(from: file).text.contains("import-job = Old\n"))

        var options = IngestOptions(destinations: [try NameTemplate("~/Pictures/%Y"), try NameTemplate("/media/backup")], rename: try NameTemplate("{seq:3}"))
        options.caption.caption = "Dunes"
        options.clockShifts = ["Canon EOS R6": -90]
        var run = Settings()
        run.remember(options)
        let kept = run.keepingWhatAPersonWrites(from: file)
        let text = kept.text
        for line in ["import-to = ~/Pictures/%Y", "import-backup = /media/backup", "import-rename = {seq:3}", "import-caption = Dunes",
                     "import-skip-imported = true", "import-shift = Canon EOS R6=-0:01:30"] {
            #expect(text.contains(line + "\n"), "\(line) in \(text)")
        }
        #expect(!text.contains("import-job") && !text.contains("import-creator"), "what the dialog left empty is gone")
        let again = Settings(parsing: text, warnings: &warnings)
        #expect(warnings.isEmpty && again.importClockShifts == ["Canon EOS R6": -90] && again.importRename?.text == "{seq:3}")
    }
}
