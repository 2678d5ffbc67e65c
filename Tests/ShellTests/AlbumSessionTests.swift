// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Gestures
import Testing
import Album
import Browser
import Components
import Marks
import PhotoLibrary
import Pictures
import PhotoSources
import Pixels
import Shell
import SystemPackage
import TestSupport

/// The album on screen without a window: a real folder listed in the background, pictures
/// from in-memory decodes into fake textures, the browser laid out in a test scene.
@Suite(.serialized) struct AlbumSessionTests {
    typealias Folders = TwoPhotoFolders

    /// A session on `path`, its browser filling an 800×600 scene.
    final class Fixture {
        let scene = TestScene()
        let browser: PhotoBrowser
        let session: AlbumSession

        /// `readsMarks`: marks are read from the start, as once the app's first frame is up.
        init(opening path: String, markBook: MarkBook? = nil, takenDates: TakenDates? = nil, likenesses: Likenesses? = nil,
             readsMarks: Bool = true, index: LibraryIndex? = nil) throws {
            let opening = try Folder.open(path: path)
            let decode: @Sendable (DecodeRequest) -> Result<PixelBuffer, DecodeError> = { _ in
                .success(PixelBuffer(width: 8, height: 8, blue: 0, green: 0, red: 255))
            }
            let service = DecodeService(thumbnails: DecodeQueue(workerCount: 1, decode: decode, wake: {}),
                                        screens: DecodeQueue(workerCount: 1, decode: decode, wake: {}), wake: WakeRelay())
            let pictures = PictureStore(photos: [], service: service, textures: FakeTextures())
            browser = PhotoBrowser(context: ComponentContext(animator: scene.animator, arena: scene.arena))
            scene.root.addSubview(browser)
            browser.frame = scene.root.bounds
            session = AlbumSession(opening: opening, lister: AlbumLister(album: opening.album, start: opening.startPath, index: index),
                                   pictures: pictures, browser: browser, markBook: markBook, takenDates: takenDates, likenesses: likenesses,
                                   index: index, wake: {})
            browser.show(.grid)
            if readsMarks { session.startReadingMarks() }
        }

        /// Runs the per-frame work until `condition` holds (at most 20 s: listing runs on a
        /// thread of its own).
        func run(until condition: () -> Bool) -> Bool {
            waitUntil(seconds: 20, pollingEvery: 5_000) {
                session.update()
                session.pictures.drainResults()
                scene.runFrames(for: 0.02)
                return condition()
            }
        }
    }

    @Test func aFilterKeepsThePhotoInHandAndSaysSoWhenItLetsNothingThrough() throws {
        let folders = try Folders()
        let data = FilePath(folders.root.appendingPathComponent("data").path)
        let book = MarkBook(decoder: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")]), dataFolder: data)
        let f = try Fixture(opening: folders.first, markBook: book)
        #expect(f.run { f.browser.source?.photoCount == 2 })
        let second = try #require(f.browser.source?.fileName(at: 1))
        f.browser.grid.select(1)
        f.browser.onMark?(1, .flag(.pick))
        #expect(f.browser.source?.marks(at: 1).flag == .pick, "the badge's marks change at once")
        f.browser.onChooseFilter?(.picks)
        #expect(f.run { f.browser.source?.photoCount == 1 })
        #expect(f.browser.source?.fileName(at: 0) == second && f.browser.grid.selectedIndex == 0, "the photo in hand stays in hand")
        #expect(f.session.filter == .picks)
        f.browser.onChooseFilter?(.rejects)
        // The pick's sidecar, once written, is read again (the watcher saw it): "Reading
        // marks…" may show meanwhile, and then what the filter lets through.
        #expect(f.run { f.browser.source?.photoCount == 0 && f.browser.albumMessage?.contains("“Rejects”") == true },
                "\(f.browser.albumMessage ?? "no message")")
        f.browser.onChooseFilter?(.all)
        #expect(f.run { f.browser.source?.photoCount == 2 } && f.browser.albumMessage == nil)
        book.waitUntilIdle()
        #expect(FileManager.default.fileExists(atPath: folders.first + "/" + second + ".xmp"), "the pick is in its sidecar")
    }

    @Test func trashingTheRejectsWaitsUntilEveryPhotosMarksAreRead() throws {
        // A card whose rejects were marked in an earlier run: ten of thirty.
        let card = FileManager.default.temporaryDirectory.appendingPathComponent("flick-rejects-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: card) }
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        let png = try #require(PNGEncoder.encode(PixelBuffer(width: 4, height: 4, blue: 90, green: 90, red: 90)))
        let reject = Data("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Rating="-1"/></rdf:RDF></x:xmpmeta>
            """.utf8)
        for number in 1...30 {
            let name = String(format: "IMG_%04d.png", number)
            try Data(png).write(to: card.appendingPathComponent(name))
            if number % 5 == 0 || number % 7 == 0 { try reject.write(to: card.appendingPathComponent(name + ".xmp")) }
        }
        let data = FilePath(card.appendingPathComponent("data").path)
        let book = MarkBook(decoder: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")]), dataFolder: data)
        let f = try Fixture(opening: card.path, markBook: book, readsMarks: false)
        #expect(f.run { f.browser.source?.photoCount == 30 })

        // Asked before any mark is read: it says so, and asks nothing yet.
        f.browser.onTrashRejects?()
        #expect(!f.browser.confirmBar.isShown, "no question over a part of the rejects")
        #expect(f.browser.toast.message?.contains("Reading marks") == true, "\(f.browser.toast.message ?? "no toast")")
        #expect(!f.session.marksAreKnown)

        f.session.startReadingMarks()
        #expect(f.run { f.browser.confirmBar.isShown })
        let question = f.browser.confirmBar.confirmation?.question ?? ""
        #expect(question.contains("10"), "all ten rejects are offered: \(question)")
        #expect(f.session.marksAreKnown)
    }

    /// A scratch folder holding `name`: PNGs IMG_0001…, every `pickedEvery`th picked in a
    /// digiKam sidecar.
    static func shoot(named name: String, photos: Int, pickedEvery: Int) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-picks-\(UUID().uuidString.prefix(8))")
        let folder = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let png = try #require(PNGEncoder.encode(PixelBuffer(width: 4, height: 4, blue: 90, green: 90, red: 90)))
        let pick = Data("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:digiKam="http://www.digikam.org/ns/1.0/" digiKam:PickLabel="3"/></rdf:RDF></x:xmpmeta>
            """.utf8)
        for number in 1...photos {
            let name = String(format: "IMG_%04d.png", number)
            try Data(png).write(to: folder.appendingPathComponent(name))
            if number % pickedEvery == 0 { try pick.write(to: folder.appendingPathComponent(name + ".xmp")) }
        }
        return root
    }

    /// The session on `root/name`, marks read through a helper, the selects in `root/Selects`.
    static func picksFixture(_ root: URL, _ name: String, readsMarks: Bool = true) throws -> Fixture {
        let book = MarkBook(decoder: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")]),
                            dataFolder: FilePath(root.appendingPathComponent("data").path))
        let f = try Fixture(opening: root.appendingPathComponent(name).path, markBook: book, readsMarks: readsMarks)
        f.session.selectsFolder = FilePath(root.appendingPathComponent("Selects").path)
        return f
    }

    /// The picks of a card go to the selects folder with their sidecars, once every photo's
    /// marks are known: asked first, over the picks shown, and said when done.
    @Test func copyingThePicksWaitsForTheMarksAsksAndCopiesThePicksOnly() throws {
        let root = try Self.shoot(named: "Wedding", photos: 12, pickedEvery: 4)
        defer { try? FileManager.default.removeItem(at: root) }
        let f = try Self.picksFixture(root, "Wedding", readsMarks: false)
        #expect(f.run { f.browser.source?.photoCount == 12 })

        f.browser.perform(.copyPicks)
        #expect(!f.browser.confirmBar.isShown, "no question over a part of the picks")
        #expect(f.browser.toast.message?.contains("Reading marks") == true, "\(f.browser.toast.message ?? "no toast")")

        f.session.startReadingMarks()
        #expect(f.run { f.browser.confirmBar.isShown })
        let question = f.browser.confirmBar.confirmation?.question ?? ""
        #expect(question.contains("3") && question.contains("Selects/Wedding"), "\(question)")
        #expect(f.browser.source?.photoCount == 3, "the picks are shown while it asks")

        _ = f.browser.handleKey(KeyEvent(key: .enter, timestampNanoseconds: 0))
        f.session.waitForCopies()
        #expect(f.run { f.browser.toast.message?.contains("3 picks copied") == true }, "\(f.browser.toast.message ?? "no toast")")
        #expect(f.browser.source?.photoCount == 12, "the album is shown as before")
        let copied = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Selects/Wedding").path).sorted()
        #expect(copied == ["IMG_0004.png", "IMG_0004.png.xmp", "IMG_0008.png", "IMG_0008.png.xmp", "IMG_0012.png", "IMG_0012.png.xmp"])
    }

    /// Moved, the picks leave the album and land in the selects with their sidecars; one
    /// Ctrl+Z brings them all back where they were. A card's picks are never moved.
    @Test func movingThePicksTakesThemOutOfTheAlbumAndCtrlZBringsThemBack() throws {
        let root = try Self.shoot(named: "Shoot", photos: 6, pickedEvery: 3)
        defer { try? FileManager.default.removeItem(at: root) }
        let shoot = root.appendingPathComponent("Shoot")
        let f = try Self.picksFixture(root, "Shoot")
        #expect(f.run { f.browser.source?.photoCount == 6 && f.session.marksAreKnown })

        f.browser.perform(.movePicks)
        #expect(f.run { f.browser.confirmBar.isShown })
        let question = f.browser.confirmBar.confirmation?.question ?? ""
        #expect(question.hasPrefix("Move these 2 picks") && question.contains("Selects/Shoot"), "\(question)")
        _ = f.browser.handleKey(KeyEvent(key: .enter, timestampNanoseconds: 0))
        f.session.waitForCopies()
        #expect(f.run { f.browser.toast.message?.contains("2 picks moved") == true }, "\(f.browser.toast.message ?? "no toast")")
        #expect(f.run { f.browser.source?.photoCount == 4 }, "the moved picks left the album")
        let selects = root.appendingPathComponent("Selects/Shoot").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: selects).sorted()
                == ["IMG_0003.png", "IMG_0003.png.xmp", "IMG_0006.png", "IMG_0006.png.xmp"])

        f.browser.perform(.undo)
        #expect(f.run { f.browser.source?.photoCount == 6 }, "one undo brings both back")
        #expect(try FileManager.default.contentsOfDirectory(atPath: selects).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: shoot.path).count == 8, "six photos and the two picks' sidecars")
        #expect(FileManager.default.fileExists(atPath: shoot.appendingPathComponent("IMG_0003.png.xmp").path), "its marks came back with it")
    }

    @Test func aCardsPicksAreCopiedNeverMoved() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-card-picks-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let card = root.appendingPathComponent("DCIM/100CANON")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        let png = try #require(PNGEncoder.encode(PixelBuffer(width: 4, height: 4, blue: 90, green: 90, red: 90)))
        try Data(png).write(to: card.appendingPathComponent("IMG_0001.png"))
        let f = try Fixture(opening: card.path)
        f.session.selectsFolder = FilePath(root.appendingPathComponent("Selects").path)
        #expect(f.run { f.browser.source?.photoCount == 1 })
        f.browser.perform(.movePicks)
        #expect(f.browser.toast.message?.contains("copied, not moved") == true, "\(f.browser.toast.message ?? "no toast")")
        let asked = f.browser.confirmBar.isShown ? f.browser.confirmBar.confirmation?.question ?? "" : ""
        #expect(!asked.hasPrefix("Move"), "no move is asked (the card's import offer may be): \(asked)")
    }

    @Test func aFilterSaysMarksAreBeingReadUntilTheyAre() throws {
        let folders = try Folders()
        let data = FilePath(folders.root.appendingPathComponent("data").path)
        let book = MarkBook(decoder: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")]), dataFolder: data)
        let f = try Fixture(opening: folders.first, markBook: book, readsMarks: false)
        f.browser.onChooseFilter?(.rejects)
        #expect(f.run { f.session.isListed } && f.browser.source?.photoCount == 0)
        #expect(f.browser.albumMessage == "Reading marks…", "not “no rejects” while they are unread: \(f.browser.albumMessage ?? "none")")
        f.session.startReadingMarks()
        #expect(f.run { f.browser.albumMessage?.contains("“Rejects”") == true }, "\(f.browser.albumMessage ?? "none")")
    }

    @Test func aDroppedFolderNamedInLatinOneOpens() throws {
        let folders = try Folders()
        let latin1 = FilePath(rawBytes: Array(folders.root.path.utf8) + Array("/caf".utf8) + [0xE9])
        #expect(latin1.withPlatformString { mkdir($0, 0o755) } == 0)
        let photo = FilePath(rawBytes: latin1.rawBytes + Array("/a.png".utf8))
        let png = try Data(contentsOf: URL(fileURLWithPath: folders.first + "/b.png"))
        let fd = photo.withPlatformString { open($0, O_WRONLY | O_CREAT, 0o644) }
        _ = png.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let f = try Fixture(opening: folders.first)
        #expect(f.run { f.browser.source?.photoCount == 2 })
        f.session.openDropped(latin1)
        #expect(f.session.album.folderPath == latin1, "the folder by its own bytes")
        #expect(f.run { f.browser.source?.photoCount == 1 })
    }

    @Test func aFolderWithoutPhotosSaysSoByName() throws {
        let folders = try Folders()
        let empty = folders.root.appendingPathComponent("Empty Trip").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: empty + "/notes.txt"))
        let f = try Fixture(opening: empty)
        #expect(f.run { f.browser.albumMessage != nil })
        #expect(f.browser.albumMessage == "No photos in “Empty Trip”: nothing in this folder is an image Flick can show.")
    }

    @Test func aDroppedFolderOpensAndADroppedImageOpensFullScreen() throws {
        let folders = try Folders()
        let f = try Fixture(opening: folders.first)
        #expect(f.run { f.browser.source?.photoCount == 2 })

        f.session.openDropped(folders.second)
        #expect(f.session.album.folderPath == FilePath(folders.second))
        #expect(f.run { f.browser.source?.photoCount == 2 })
        #expect(!f.browser.isPagerOpen)

        f.session.openDropped(folders.first + "/b.png")
        // Open at once on the image, which stays in hand as the rest of its folder is listed.
        #expect(f.run { f.browser.isPagerOpen && f.browser.source?.photoCount == 2 })
        #expect(f.session.album.folderPath == FilePath(folders.first) && f.browser.pager.currentIndex == 1, "the dropped image, full screen")
        #expect(f.session.title == "b.png — first — Flick", "its name in the title: \(f.session.title)")
        f.browser.closePager()
        #expect(f.run { f.session.title == "first — Flick" })
    }

    @Test func somethingThatCannotBeOpenedSaysSoAndChangesNothing() throws {
        let folders = try Folders()
        let f = try Fixture(opening: folders.first)
        f.session.openDropped("/no/such/thing")
        #expect(f.session.album.folderPath == FilePath(folders.first))
        #expect(f.browser.toast.message?.hasPrefix("Flick cannot open that") == true)
    }

    /// R turns a JPEG in its file; Ctrl+Z, in the same history as trashing and marks,
    /// turns it back byte for byte and has its pictures made again.
    @Test func aTurnedJPEGComesBackByteForByteWithCtrlZ() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-turn-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("IMG_0001.jpg")
        _ = try runExternalTool(["convert", "-size", "40x30", "gradient:white-black", file.path])
        _ = try runExternalTool(["exiftool", "-q", "-overwrite_original", "-n", "-Orientation=1", file.path])
        let original = try Data(contentsOf: file)
        let f = try Fixture(opening: folder.path)
        #expect(f.run { f.browser.source?.photoCount == 1 })
        var remade: [FilePath] = []
        f.session.onPhotosTurned = { remade += $0 }

        let photo = try #require(f.session.photos.first)
        #expect(f.session.turn(photo, .clockwise) == nil)
        #expect(try runExternalTool(["exiftool", "-s3", "-n", "-Orientation", file.path]).output.trimmingCharacters(in: .whitespacesAndNewlines) == "6")
        f.browser.undo()
        #expect(try Data(contentsOf: file) == original, "byte for byte")
        #expect(remade == [photo.path], "its pictures are made again")

        // Without sidecars (no mark book), a PNG has no tag to change in place: it is left
        // as it is, and the reason said.
        let png = folder.appendingPathComponent("IMG_0002.png")
        _ = try runExternalTool(["convert", "-size", "40x30", "xc:red", png.path])
        #expect(f.run { f.browser.source?.photoCount == 2 })
        let pngPhoto = try #require(f.session.photos.first { $0.path.string.hasSuffix(".png") })
        #expect(f.session.turn(pngPhoto, .clockwise)?.1 == .noTag)
    }

    /// A PNG (or a JPEG without a tag, a HEIC, a RAW) is turned in its sidecar, where
    /// digiKam and darktable read it, and shown turned; the photo's bytes stay as they were;
    /// Ctrl+Z takes the orientation out again.
    @Test func aPNGIsTurnedInItsSidecarAndShownSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-turn-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        let png = folder.appendingPathComponent("photos/IMG_0002.png")
        _ = try runExternalTool(["convert", "-size", "40x30", "xc:red", png.path])
        let original = try Data(contentsOf: png)
        let decoder = IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")])
        let book = MarkBook(decoder: decoder, dataFolder: FilePath(folder.appendingPathComponent("data").path))
        let f = try Fixture(opening: folder.appendingPathComponent("photos").path, markBook: book)
        #expect(f.run { f.browser.source?.photoCount == 1 })
        var remade: [FilePath] = []
        f.session.onPhotosTurned = { remade += $0 }
        func shownSize() throws -> String {
            let pixels = try decoder.decode(FilePath(png.path), maximumPixelSize: nil).get()
            return "\(pixels.width)×\(pixels.height)"
        }
        func sidecarOrientation() throws -> String {
            let sidecars = try FileManager.default.contentsOfDirectory(atPath: png.deletingLastPathComponent().path).filter { $0.hasSuffix(".xmp") }
            guard let sidecar = sidecars.first else { return "no sidecar" }
            let path = png.deletingLastPathComponent().appendingPathComponent(sidecar).path
            return try runExternalTool(["exiftool", "-s3", "-n", "-XMP-tiff:Orientation", path]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        let photo = try #require(f.session.photos.first)
        #expect(f.session.turn(photo, .clockwise) == nil)
        book.waitForWrites()
        #expect(try sidecarOrientation() == "6")
        #expect(try shownSize() == "30×40", "shown turned")
        #expect(try Data(contentsOf: png) == original, "the photo itself is not changed")
        #expect(f.session.turn(photo, .clockwise) == nil)
        book.waitForWrites()
        #expect(try sidecarOrientation() == "3" && shownSize() == "40×30", "half a turn")

        f.browser.undo()
        book.waitForWrites()
        #expect(try sidecarOrientation() == "6" && shownSize() == "30×40")
        f.browser.undo()
        book.waitForWrites()
        #expect(try sidecarOrientation() == "" && shownSize() == "40×30", "the orientation taken out")
        #expect(remade == Array(repeating: photo.path, count: 2), "its pictures are made again on each undo")
        #expect(try Data(contentsOf: png) == original)
    }

    /// A Live Photo's still turned (a JPEG, in its file) turns its movie too, in the movie's
    /// sidecar, so its moment plays as the still stands; Ctrl+Z takes both back.
    @Test func aLivePhotoTurnedTurnsItsMovieInTheMoviesSidecar() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-turn-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        let still = folder.appendingPathComponent("photos/IMG_0003.JPG"), movie = folder.appendingPathComponent("photos/IMG_0003.MOV")
        _ = try runExternalTool(["convert", "-size", "40x30", "gradient:white-black", still.path])
        _ = try runExternalTool(["exiftool", "-q", "-overwrite_original", "-n", "-Orientation=1", still.path])
        let made = try runExternalTool(["ffmpeg", "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=red:s=40x30:r=10", "-t", "1",
                                        "-c:v", "libx264", "-pix_fmt", "yuv420p", "-f", "mov", movie.path])
        try #require(made.status == 0)
        let original = try Data(contentsOf: still), originalMovie = try Data(contentsOf: movie)
        let decoder = IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")])
        let book = MarkBook(decoder: decoder, dataFolder: FilePath(folder.appendingPathComponent("data").path))
        let f = try Fixture(opening: folder.appendingPathComponent("photos").path, markBook: book)
        #expect(f.run { f.session.photos.count == 1 && f.session.photos.first?.liveVideo != nil })
        let photo = try #require(f.session.photos.first)
        func movieSidecarOrientation() throws -> String {
            let sidecar = try FileManager.default.contentsOfDirectory(atPath: movie.deletingLastPathComponent().path)
                .first { $0.hasPrefix("IMG_0003.MOV") && $0.lowercased().hasSuffix(".xmp") }
            guard let sidecar else { return "no sidecar" }
            let path = movie.deletingLastPathComponent().appendingPathComponent(sidecar).path
            return try runExternalTool(["exiftool", "-s3", "-n", "-XMP-tiff:Orientation", path]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        #expect(f.session.turn(photo, .clockwise) == nil)
        book.waitForWrites()
        #expect(try runExternalTool(["exiftool", "-s3", "-n", "-Orientation", still.path]).output.trimmingCharacters(in: .whitespacesAndNewlines) == "6")
        #expect(try movieSidecarOrientation() == "6", "the movie turned with it, in its sidecar")
        #expect(decoder.turns.turn(of: FilePath(movie.path)) == .right, "its moment plays turned")
        #expect(try Data(contentsOf: movie) == originalMovie, "the movie itself is not changed")

        f.browser.undo()
        book.waitForWrites()
        #expect(try Data(contentsOf: still) == original, "the still back byte for byte")
        #expect(try movieSidecarOrientation() != "6" && decoder.turns.turn(of: FilePath(movie.path)) == .up, "the movie's turn taken back")
    }

    /// A Live Photo another program renamed by time (its still and its video apart), in a
    /// folder shown by name, where no dates are read: the lone videos' identifiers are, then
    /// the stills' of their folder, and the two are one photo. A video of another moment
    /// stays a video.
    @Test func aLivePhotoNamedApartIsOnePhotoInAFolderShownByName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-live-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let photos = folder.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/make-maker-notes.py").path
        func still(_ name: String, identifier: String?) throws {
            let path = photos.appendingPathComponent(name).path
            try #require(runExternalTool(["convert", "-size", "40x30", "xc:teal", path]).status == 0)
            if let identifier { try #require(runExternalTool(["python3", script, path, "apple", identifier]).status == 0) }
        }
        func video(_ name: String, identifier: String) throws {
            let made = try runExternalTool(["ffmpeg", "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=s=64x48:r=10", "-t", "1",
                                            "-c:v", "libx264", "-pix_fmt", "yuv420p", "-movflags", "use_metadata_tags",
                                            "-metadata", "com.apple.quicktime.content.identifier=\(identifier)", photos.appendingPathComponent(name).path])
            try #require(made.status == 0, "\(made.output)")
        }
        try still("20230601_120001.jpg", identifier: "5C1B0E2A-7A1E-4C3B-9E55-0D2F8E7B6A41")
        try video("20230601_120002.mov", identifier: "5C1B0E2A-7A1E-4C3B-9E55-0D2F8E7B6A41")
        try still("20230601_120003.jpg", identifier: nil)
        try video("20230601_130000.mov", identifier: "0D2F8E7B-7A1E-4C3B-9E55-5C1B0E2A6A41")
        let decoder = IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")])
        let f = try Fixture(opening: photos.path, takenDates: TakenDates(decoder: decoder))
        #expect(f.run { f.session.photos.count == 3 }, "\(f.session.photos.map(\.fileName))")
        #expect(f.session.photos.map(\.fileName) == ["20230601_120001.jpg", "20230601_120003.jpg", "20230601_130000.mov"])
        #expect(f.session.photos.first?.liveVideo?.fileName == "20230601_120002.mov")
        #expect(f.browser.source?.photoCount == 3)
    }
}
