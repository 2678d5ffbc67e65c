// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import Foundation
import Geometry
import Ingest
import Marks
import PhotoLibrary
import Pixels
import SystemPackage

/// What Flick remembers between runs: the last view, what it showed and in which order, the
/// window's size and whether it was full screen, as a few `key = value` lines in `$XDG_CONFIG_HOME/flick/settings` that a
/// person can read and edit. Anything it cannot read is left out with a warning; the
/// command line's flags win over it.
public struct Settings: Equatable, Sendable {
    public var view: AlbumViewKind?
    /// In points, while windowed.
    public var windowSize: Size?
    public var fullscreen: Bool?
    /// `colour-management = false` shows colours as files store them (set by hand; the
    /// `--[no-]colour-management` flag wins for one run).
    public var colourManagement: Bool?
    /// What the album showed ("all", "picks", "rated-3", "label-red"…) and its order
    /// ("name", "date-taken-reversed"…).
    public var filter: PhotoFilter?
    public var order: PhotoOrder?
    /// The order of every folder at once (by default the timeline: "date-taken").
    public var everyFolderOrder: PhotoOrder?
    /// `advance-after-mark = true`: the pagers go on to the next photo after a mark (Shift+A).
    public var advancesAfterMark: Bool?
    /// `reduce-motion = true` (or false): less motion whatever the desktop says (set by
    /// hand; unset, Flick follows the desktop's switch).
    public var reducesMotion: Bool?

    /// The slideshow's pace in seconds (one of its paces, + and − while it plays) and whether
    /// each photo drifts (M): kept as last chosen.
    public var slideshowSeconds: Int?
    public var slideshowMotion: Bool?
    /// The grid's size: "small" (by month in a timeline), "medium", "large" (Ctrl+wheel).
    public var gridSize: Int?
    /// `group-bursts = true`: each burst's frames together, folded in the grid (Alt+B).
    public var groupsBursts: Bool?
    /// `looks = histogram, clipping`: a photographer's looks shown (H, O, K; `none`: none).
    public var looks: Set<PictureLook>?
    public static let gridSizeNames = ["small", "medium", "large"]
    /// `selects-folder = PATH` (absolute): where the picks are copied, each album into a
    /// folder of its name (set by hand; by default the Pictures folder's `Selects`).
    public var selectsFolder: FilePath?
    /// `export-folder = PATH` (absolute): where shared copies are saved (set by hand; by
    /// default the Pictures folder's `Shared`).
    public var exportFolder: FilePath?
    /// `share = 2048, without-place`: the long side (or `full`) and the metadata of shared copies.
    public var sharedCopy: SharedCopy?
    /// `import-to = ~/Pictures/%Y/%Y-%m-%d`, `import-backup = /media/backup/%Y`, `import-rename
    /// = {name}`, `import-job = …`: how a card is imported (set by hand; `flick help import`
    /// names the tokens).
    public var importTo: NameTemplate?
    public var importBackup: NameTemplate?
    public var importRename: NameTemplate?
    public var importJob: String?
    /// `import-creator`, `import-copyright`, `import-credit`, `import-caption` and
    /// `import-keywords` (comma-separated): written into each copy's sidecar.
    public var importCaption = XMPCaption()
    /// `import-shift = Canon EOS R6=+1:00`, one line a camera: a clock that was wrong.
    public var importClockShifts: [String: Int] = [:]
    /// `import-skip-imported = false`: a card's photos are copied again where a destination
    /// holds them already.
    public var importSkipsImported: Bool?

    /// What to save after a run: these settings as the run left them, with what only a
    /// person writes (by hand, or a flag for one run) kept as it was read from the file.
    public func keepingWhatAPersonWrites(from remembered: Settings) -> Settings {
        var kept = self
        (kept.colourManagement, kept.reducesMotion, kept.selectsFolder) = (remembered.colourManagement, remembered.reducesMotion, remembered.selectsFolder)
        kept.exportFolder = remembered.exportFolder
        // The import's choices as the file had them, unless the import's dialog took new ones.
        if importTo == nil {
            (kept.importTo, kept.importBackup, kept.importRename) = (remembered.importTo, remembered.importBackup, remembered.importRename)
            (kept.importJob, kept.importCaption, kept.importClockShifts) = (remembered.importJob, remembered.importCaption, remembered.importClockShifts)
            kept.importSkipsImported = remembered.importSkipsImported
        }
        return kept
    }

    /// The import's choices as its dialog took them, to be remembered: the job and the
    /// sidecar's words too (an empty one written empty, so the next run starts as this one left).
    public mutating func remember(_ options: IngestOptions) {
        importTo = options.destinations.first
        importBackup = options.destinations.dropFirst().first
        importRename = options.rename
        importJob = options.job.isEmpty ? nil : options.job
        importCaption = options.caption
        importClockShifts = options.clockShifts
        importSkipsImported = options.skipsImported
    }

    /// A window size outside this (points, either side) is not believed.
    public static let plausibleSide = 200.0...16_384.0

    /// Where the settings live: `$XDG_CONFIG_HOME/flick/settings`, by default under ~/.config.
    public static func file(environment: [String: String] = ProcessInfo.processInfo.environment) -> FilePath {
        FilePath(configHome(environment)).appending("flick").appending("settings")
    }

    /// `$XDG_CONFIG_HOME` when it is absolute (the spec ignores a relative one), else ~/.config.
    static func configHome(_ environment: [String: String]) -> String {
        environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
    }

    public init(view: AlbumViewKind? = nil, windowSize: Size? = nil, fullscreen: Bool? = nil, filter: PhotoFilter? = nil, order: PhotoOrder? = nil) {
        self.view = view
        self.windowSize = windowSize
        self.fullscreen = fullscreen
        self.filter = filter
        self.order = order
    }

    /// Reads `text`; what it cannot make sense of goes into `warnings` and is left out.
    public init(parsing text: String, warnings: inout [String]) {
        self.init()
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.trimmingCharacters(in: .whitespaces)
            if content.isEmpty || content.hasPrefix("#") { continue }
            let parts = content.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else {
                warnings.append("line \(number + 1) is not \"key = value\"")
                continue
            }
            let (key, value) = (parts[0], parts[1])
            switch key {
            case "view":
                if let kind = AlbumViewKind(rawValue: value) { view = kind } else { warnings.append("no view is called \"\(value)\"") }
            case "window":
                let sides = value.split(separator: "x").compactMap { Double($0) }
                if sides.count == 2, sides.allSatisfy(Self.plausibleSide.contains) {
                    windowSize = Size(width: sides[0], height: sides[1])
                } else {
                    warnings.append("\"\(value)\" is not a window size like 1280x800")
                }
            case "fullscreen":
                if let flag = Bool(value) { fullscreen = flag } else { warnings.append("fullscreen is true or false, not \"\(value)\"") }
            case "show":
                if let choice = PhotoFilter(settingName: value) { filter = choice } else { warnings.append("\"\(value)\" is not something Flick can show") }
            case "order":
                if let choice = PhotoOrder(settingName: value) { order = choice } else { warnings.append("\"\(value)\" is not an order Flick knows") }
            case "every-folder-order":
                if let choice = PhotoOrder(settingName: value) { everyFolderOrder = choice } else { warnings.append("\"\(value)\" is not an order Flick knows") }
            case "advance-after-mark":
                if let flag = Bool(value) { advancesAfterMark = flag } else { warnings.append("advance-after-mark is true or false, not \"\(value)\"") }
            case "reduce-motion":
                if let flag = Bool(value) { reducesMotion = flag } else { warnings.append("reduce-motion is true or false, not \"\(value)\"") }
            case "slideshow-seconds":
                if let seconds = Int(value), SlideshowView.intervals.contains(Double(seconds)) {
                    slideshowSeconds = seconds
                } else {
                    warnings.append("slideshow-seconds is one of \(SlideshowView.intervals.map { String(Int($0)) }.joined(separator: ", ")), not \"\(value)\"")
                }
            case "slideshow-motion":
                if let flag = Bool(value) { slideshowMotion = flag } else { warnings.append("slideshow-motion is true or false, not \"\(value)\"") }
            case "grid-size":
                if let step = Self.gridSizeNames.firstIndex(of: value) { gridSize = step } else { warnings.append("grid-size is small, medium or large, not \"\(value)\"") }
            case "group-bursts":
                if let flag = Bool(value) { groupsBursts = flag } else { warnings.append("group-bursts is true or false, not \"\(value)\"") }
            case "looks":
                let names = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0 != "none" }
                let chosen = names.compactMap { name in PictureLook.allCases.first { "\($0)" == name } }
                if chosen.count == names.count { looks = Set(chosen) } else { warnings.append("looks are histogram, clipping, peaking, sensorLevels or none, not \"\(value)\"") }
            case "colour-management":
                if let flag = Bool(value) { colourManagement = flag } else { warnings.append("colour-management is true or false, not \"\(value)\"") }
            case "import-to", "import-backup", "import-rename":
                do throws(NameTemplate.Problem) {
                    let template = try NameTemplate(value)
                    switch key {
                    case "import-to": importTo = template
                    case "import-backup": importBackup = template
                    default: importRename = template
                    }
                } catch {
                    warnings.append("\(key): \(error.description)")
                }
            case "import-job":
                importJob = value
            case "import-skip-imported":
                if let flag = Bool(value) { importSkipsImported = flag } else { warnings.append("import-skip-imported is true or false, not \"\(value)\"") }
            case "import-shift":
                if let shift = IngestOptions.clockShift(value) {
                    importClockShifts[shift.camera] = shift.seconds
                } else {
                    warnings.append("import-shift is a camera and how far its clock was off, like \"Canon EOS R6=+1:00\", not \"\(value)\"")
                }
            case "import-creator": importCaption.creator = value
            case "import-copyright": importCaption.copyright = value
            case "import-credit": importCaption.credit = value
            case "import-caption": importCaption.caption = value
            case "import-keywords":
                importCaption.keywords = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            case "export-folder":
                if value.hasPrefix("/") { exportFolder = FilePath(value) } else { warnings.append("export-folder is an absolute path, not \"\(value)\"") }
            case "share":
                if let copy = SharedCopy(settingText: value) { sharedCopy = copy } else { warnings.append("share is a long side (1024, 2048, 3072 or full) and none, without-place or with-place, not \"\(value)\"") }
            case "selects-folder":
                if value.hasPrefix("/") { selectsFolder = FilePath(value) } else { warnings.append("selects-folder is an absolute path, not \"\(value)\"") }
            default:
                warnings.append("\"\(key)\" is not something Flick remembers")
            }
        }
    }

    public var text: String {
        var lines = ["# What Flick remembers between runs. Flags on the command line win."]
        if let view { lines.append("view = \(view.rawValue)") }
        if let windowSize { lines.append("window = \(Int(windowSize.width.rounded()))x\(Int(windowSize.height.rounded()))") }
        if let fullscreen { lines.append("fullscreen = \(fullscreen)") }
        if let filter { lines.append("show = \(filter.settingName)") }
        if let order { lines.append("order = \(order.settingName)") }
        if let everyFolderOrder { lines.append("every-folder-order = \(everyFolderOrder.settingName)") }
        if let advancesAfterMark { lines.append("advance-after-mark = \(advancesAfterMark)") }
        if let looks {
            let names = PictureLook.allCases.filter(looks.contains).map { "\($0)" }
            lines.append("looks = \(names.isEmpty ? "none" : names.joined(separator: ", "))")
        }
        if let reducesMotion { lines.append("reduce-motion = \(reducesMotion)") }
        if let colourManagement { lines.append("colour-management = \(colourManagement)") }
        if let slideshowSeconds { lines.append("slideshow-seconds = \(slideshowSeconds)") }
        if let slideshowMotion { lines.append("slideshow-motion = \(slideshowMotion)") }
        if let gridSize, Self.gridSizeNames.indices.contains(gridSize) { lines.append("grid-size = \(Self.gridSizeNames[gridSize])") }
        if let groupsBursts { lines.append("group-bursts = \(groupsBursts)") }
        if let selectsFolder { lines.append("selects-folder = \(selectsFolder.string)") }
        if let exportFolder { lines.append("export-folder = \(exportFolder.string)") }
        if let sharedCopy { lines.append("share = \(sharedCopy.settingText)") }
        if let importTo { lines.append("import-to = \(importTo.text)") }
        if let importBackup { lines.append("import-backup = \(importBackup.text)") }
        if let importRename { lines.append("import-rename = \(importRename.text)") }
        if let importJob { lines.append("import-job = \(importJob)") }
        if let importSkipsImported { lines.append("import-skip-imported = \(importSkipsImported)") }
        for (key, value) in [("import-creator", importCaption.creator), ("import-copyright", importCaption.copyright),
                             ("import-credit", importCaption.credit), ("import-caption", importCaption.caption)] {
            if let value { lines.append("\(key) = \(value)") }
        }
        if !importCaption.keywords.isEmpty { lines.append("import-keywords = \(importCaption.keywords.joined(separator: ", "))") }
        for (camera, seconds) in importClockShifts.sorted(by: { $0.key < $1.key }) {
            let size = abs(seconds)
            lines.append("import-shift = \(camera)=\(seconds < 0 ? "-" : "+")\(size / 3600):\(String(format: "%02d:%02d", size / 60 % 60, size % 60))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The settings at `path`, and whether there were any (none: Flick's first run). A file
    /// that cannot be read, or is not text, is ignored with a warning.
    public static func load(from path: FilePath, warn: (String) -> Void) -> (settings: Settings, isFirstRun: Bool) {
        guard FileManager.default.fileExists(atPath: path.string) else { return (Settings(), true) }
        guard let data = FileManager.default.contents(atPath: path.string), data.count <= 64 << 10,
              let text = String(data: data, encoding: .utf8) else {
            warn("\(path): cannot be read as settings; starting with the defaults")
            return (Settings(), false)
        }
        var warnings: [String] = []
        let settings = Settings(parsing: text, warnings: &warnings)
        for warning in warnings { warn("\(path): \(warning); left out") }
        return (settings, false)
    }

    /// Writes the settings whole or not at all (a new file renamed over the old).
    public func save(to path: FilePath) throws {
        let folder = path.removingLastComponent()
        try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
        let temporary = folder.appending(".settings-\(getpid())")
        try Data(text.utf8).write(to: URL(fileURLWithPath: temporary.string))
        guard rename(temporary.string, path.string) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary.string)
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
