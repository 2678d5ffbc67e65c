// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import ArgumentParser
import CMalloc
import Browser
import Components
import Foundation
import Geometry
import Localization
import PhotoLibrary
import Pictures
import PhotoSources
import Platform
import Shell
import SystemPackage

/// `--view` takes the album views' own names.
extension AlbumViewKind: ExpressibleByArgument {}

@main
enum FlickMain {
    static func main() {
        StartupTrace.mark("main")
        // Pixel buffers come and go by the megabyte. glibc would raise its mmap threshold
        // after the first few are freed and then carve them from heaps it rarely gives
        // back; a fixed threshold keeps every buffer its own mapping, returned on free.
        mallopt(M_MMAP_THRESHOLD, 128 << 10)
        // Flick runs its own decode helpers: the same binary, serving requests on its pipes.
        if CommandLine.arguments.dropFirst().first == DecodeHelper.subcommand { DecodeHelper.serve() }
        if CommandLine.arguments.dropFirst().first == PlayerHelper.subcommand { PlayerHelper.serve(Array(CommandLine.arguments.dropFirst(2))) }
        Flick.main()
    }
}

/// `flick [PATH]` browses; `flick thumbnail PATH...` fills the shared thumbnail cache;
/// `flick import SOURCE` copies a card.
struct Flick: ParsableCommand {
    static let version = "0.1.0"
    /// How Flick signs the thumbnails it writes to the shared cache.
    static let cacheApplication = "flick-\(version)"

    static let configuration = CommandConfiguration(
        commandName: "flick",
        abstract: "Browse a folder of photos with the mouse.",
        usage: """
            flick [PATH] [--view <view>] [--[no-]fullscreen] [--frame white|none|PNG]
              flick thumbnail [--size normal|large|x-large] [-r] PATH...
              flick import SOURCE [--to DEST] [--backup DEST2] [--rename TEMPLATE] [--job NAME]
            """,
        discussion: """
            PATH is a folder, or an image to open its folder at that photo; the current folder when omitted. \
            --view picks the first view (grid, stack, deck, cull, compare); --fullscreen starts full screen; \
            --frame sets how the stack frames its photos. \
            See 'flick help browse', 'flick help thumbnail' and 'flick help import'.
            """,
        version: version,
        subcommands: [Browse.self, MakeThumbnails.self, ImportCommand.self],
        defaultSubcommand: Browse.self)
}

struct Browse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Open a folder of photos (the default).",
        discussion: """
            Opens PATH (a folder, or an image to open its folder at that photo); the current folder when no PATH is given.

            ? or F1 shows every key of what is on screen, a view's own among them (the grid's arrows, the stack's \
            Space, Compare's Z for 100 %). These work in every view:

            \(Command.manual)

            Marks are written, as the user marks, into the XMP sidecar other tools read: NAME.EXT.xmp beside the photo, \
            or an existing NAME.xmp, keeping everything else in it (xmp:Rating, -1 for a reject; xmp:Label; digiKam's \
            PickLabel and Photo Mechanic's Tagged for a pick). Photos are never written to. Where the folder cannot be \
            written, marks are kept in $XDG_DATA_HOME/flick/sidecars.
            """)

    @Argument(help: "A folder of photos, or one image in it. Default: the current folder.")
    var path: String?

    @Option(help: "The first view: \(AlbumViewKind.allCases.map(\.rawValue).joined(separator: ", ")); by default the last one used, else grid.")
    var view: AlbumViewKind?

    @Flag(inversion: .prefixedNo, help: "Start full screen, or not; by default as Flick was left.")
    var fullscreen: Bool?

    @Flag(name: .customLong("colour-management"), inversion: .prefixedNo,
          help: "Show colours as the photos' profiles say, converted for the display (the default), or as the files store them, for comparison.")
    var colourManagement: Bool?

    @Option(help: ArgumentHelp("How the stack frames its photos: white (a 5 pt white border), none, or a PNG picture frame.",
                               discussion: "A picture frame is stretched around each photo; its border is read from the image, up to its transparent middle.",
                               valueName: "white|none|PNG"))
    var frame: StackFrameChoice = .white

    func run() throws {
        StartupTrace.mark("arguments-parsed")
        PlatformWindow.prepareEnvironment()
        // The first helper is ready before the album is opened and the window made: this
        // process forked while it is still one thread (before the service starts its own).
        // Quit signals wait, blocked in every thread, for the one thread that takes them,
        // started once the first helper is forked (which needs this process single-threaded).
        QuitSignals.block()
        let firstHelper = IsolatedDecoder.forkOwnHelper()
        QuitSignals.listen()
        Language.start(catalogues: Bundle.main.executableURL.flatMap { Language.catalogues(besideExecutable: $0.resolvingSymlinksInPath().path) })
        let settingsFile = Settings.file()
        let (remembered, isFirstRun) = Settings.load(from: settingsFile) { warn($0) }
        let colourManaged = colourManagement ?? remembered.colourManagement ?? true
        let service = DecodeService(firstHelper: firstHelper, application: Flick.cacheApplication, colourManaged: colourManaged)
        // Before the first decode: the photo Flick opens on is converted for this display.
        let displayColours = colourManaged ? DisplayColours(apply: service.setDisplayProfile) : nil
        let opening: Folder.Opening
        do {
            opening = try Folder.open(path: path.map { RawArguments.path($0) } ?? FilePath(FileManager.default.currentDirectoryPath))
        } catch {
            fail(error.description)
        }
        StartupTrace.mark("album-opened")
        let startFullscreen = fullscreen ?? remembered.fullscreen ?? false
        // Listing and the first decode start now and overlap the window's creation.
        let start = opening.startPath
        let screenPicture = Self.screenPicture(fullscreen: startFullscreen, windowSize: remembered.windowSize)
        let cellSide = GridView.cellSide(windowWidth: (startFullscreen ? nil : remembered.windowSize?.width) ?? PlatformWindow.defaultSize.width,
                                         sizeStep: remembered.gridSize)
        // The photo Flick was opened on is decoded at once; a folder's first screenful of
        // thumbnails once the first of its photos are listed.
        if let start { service.prefetchFirstScreen(of: [], start: start, screenPicture: screenPicture, cellSide: cellSide) }
        // Every folder at once is listed from the index first, where it knows the tree.
        let index = LibraryIndex()
        // Its top first: the order it will be shown in, as AlbumSession chooses it.
        let firstShown = remembered.everyFolderOrder ?? AlbumSession.defaultEveryFolderOrder(of: opening.album.folderPath)
        let lister = AlbumLister(album: opening.album, start: start, index: opening.album.includesSubfolders ? index : nil,
                                 firstShown: firstShown) { first in
            if start == nil { service.prefetchFirstScreen(of: first, start: nil, screenPicture: screenPicture, cellSide: cellSide) }
        }
        StartupTrace.mark("decodes-started")
        let app: FlickApp
        do {
            app = try FlickApp(opening: opening, service: service, lister: lister, index: index,
                               view: view ?? remembered.view ?? .grid,
                               fullscreen: startFullscreen, windowSize: remembered.windowSize, startScreenPicture: screenPicture,
                               isFirstRun: isFirstRun, frame: frame.loaded(warn: warn), displayColours: displayColours,
                               filter: remembered.filter ?? .all, order: remembered.order ?? .byName,
                               advancesAfterMark: remembered.advancesAfterMark ?? false,
                               motion: MotionPreference(forced: remembered.reducesMotion))
        } catch {
            fail(error.description)
        }
        app.restore(remembered)
        StartupTrace.mark("app-ready")
        InputTrace.watchUIThread()
        app.run()
        do {
            let settings = app.settings.keepingWhatAPersonWrites(from: remembered)
            try settings.save(to: settingsFile)
        } catch {
            warn(localized("cannot remember the settings in {file}: {reason}", ["file": settingsFile.string, "reason": error.localizedDescription]))
        }
    }

    /// The pager's first request, worked out before the window exists: the window in
    /// pixels, as the pager will ask (`FullScreenPager.screenPictureSize`), so the photo Flick
    /// was opened on is decoded once, for the window it will be shown in.
    static func screenPicture(fullscreen: Bool, windowSize: Size?) -> PictureSize {
        let pixels = PlatformWindow.expectedPixelSize(fullscreen: fullscreen, size: windowSize) ?? PlatformWindow.defaultSize
        return .within(width: Int(pixels.width.rounded(.up)), height: Int(pixels.height.rounded(.up)))
    }

}

extension StackFrameChoice: ExpressibleByArgument {}

func warn(_ message: String) {
    FileHandle.standardError.write(Data("flick: \(message)\n".utf8))
}

/// One clear line on stderr and exit status 2: the path or the request cannot be served.
func fail(_ message: String) -> Never {
    warn(message)
    Foundation.exit(2)
}
