// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Foundation
import Marks
import PhotoLibrary
import Shell
import SystemPackage
import Testing
import TestSupport

/// Every folder at once, as the session keeps it: a Pictures folder of years opens whole,
/// photos copied anywhere below arrive, Alt+Up and Alt+Down keep the photo in hand, and a
/// tree opened again comes from the index before its walk.
@Suite(.serialized) struct EveryFolderSessionTests {
    typealias Fixture = AlbumSessionTests.Fixture

    /// A Pictures folder with no photo of its own: years and a phone's camera below.
    final class Pictures {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-pictures-\(UUID().uuidString)")
        var path: String { root.appendingPathComponent("Pictures").path }
        var index: FilePath { FilePath(root.appendingPathComponent("cache/library.sqlite").path) }
        // A 1×1 PNG.
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!

        init() throws {
            for relative in ["2019/Summer/a.png", "2019/Summer/b.png", "2020/c.png", "Phone/DCIM/Camera/d.png"] { try add(relative) }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func add(_ relative: String) throws {
            let url = URL(fileURLWithPath: path + "/" + relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try png.write(to: url)
        }

        func names(_ f: Fixture) -> [String] {
            (0..<(f.browser.source?.photoCount ?? 0)).compactMap { f.browser.source?.fileName(at: $0) }
        }
    }

    @Test func aFolderOfYearsOpensWholeAndAPhotoCopiedAnywhereBelowArrives() throws {
        let pictures = try Pictures()
        let f = try Fixture(opening: pictures.path)
        #expect(f.session.album.includesSubfolders, "more folders than photos: every folder at once")
        #expect(f.run { f.session.isListed && f.browser.source?.photoCount == 4 })
        #expect(Set(pictures.names(f)) == ["a.png", "b.png", "c.png", "d.png"])
        #expect(f.session.title == "All of Pictures — Flick")
        // Into a folder deep below, and into a folder that did not exist.
        try pictures.add("Phone/DCIM/Camera/e.png")
        #expect(f.run { f.browser.source?.photoCount == 5 }, "a photo copied deep below arrives")
        try pictures.add("2021/New trip/f.png")
        #expect(f.run { f.browser.source?.photoCount == 6 }, "a new folder's photo arrives")
        try FileManager.default.removeItem(atPath: pictures.path + "/2019")
        #expect(f.run { Set(pictures.names(f)) == ["c.png", "d.png", "e.png", "f.png"] }, "a folder removed takes its photos with it: \(pictures.names(f))")
    }

    /// A family's library opens newest first, a card's shoot in the order it was taken; the
    /// default is not remembered as a choice, a choice is.
    @Test func aLibraryOpensNewestFirstAndACardAsItWasShot() throws {
        let pictures = try Pictures()
        let library = try Fixture(opening: pictures.path)
        #expect(library.session.everyFolderOrder == PhotoOrder(.dateTaken, reversed: true))
        #expect(library.session.everyFolderOrderChosen == nil, "the default is no choice to remember")
        library.browser.onChooseOrder?(.name)
        #expect(library.session.everyFolderOrderChosen?.key == .name, "a choice is remembered")

        try pictures.add("../Card/DCIM/100CANON/IMG_0001.png")
        try pictures.add("../Card/DCIM/101CANON/IMG_0002.png")
        let card = try Fixture(opening: pictures.root.appendingPathComponent("Card").path)
        #expect(card.session.album.includesSubfolders)
        #expect(card.session.everyFolderOrder == PhotoOrder(.dateTaken), "a card, oldest first: the shoot as it went")
    }

    @Test func altDownShowsThePhotosFolderAloneAndAltUpEveryFolderThePhotoStillInHand() throws {
        let pictures = try Pictures()
        let f = try Fixture(opening: pictures.path)
        #expect(f.run { f.session.isListed && f.browser.source?.photoCount == 4 })
        let index = try #require(pictures.names(f).firstIndex(of: "c.png"))
        f.browser.grid.select(index)
        f.browser.onEveryFolder?(false)
        #expect(f.session.album == Folder(folderPath: FilePath(pictures.path + "/2020")))
        #expect(f.run { f.session.isListed && f.browser.source?.photoCount == 1 })
        #expect(f.session.title == "2020 — Flick")
        f.browser.onEveryFolder?(true)
        #expect(f.session.album == Folder(folderPath: FilePath(pictures.path), includesSubfolders: true))
        #expect(f.run { f.session.isListed && f.browser.source?.photoCount == 4 })
        let inHand = try #require(f.browser.photoInHand)
        #expect(f.browser.source?.fileName(at: inHand) == "c.png", "the photo in hand stays in hand")
    }

    @Test func theStripOffersEveryFolderFirstAndItsAlbumsBelow() throws {
        let pictures = try Pictures()
        let f = try Fixture(opening: pictures.path)
        #expect(f.run { f.session.shelf.albumCount == 4 })
        #expect((0..<4).map { f.session.shelf.albumName(at: $0) } == ["All of Pictures", "2019/Summer", "2020", "Phone/DCIM/Camera"])
        #expect(f.session.shelf.albumPhotoCount(at: 0) == 4)
        f.browser.onSelectAlbum?(2)
        #expect(f.session.album == Folder(folderPath: FilePath(pictures.path + "/2020")))
        f.browser.onSelectAlbum?(0)
        #expect(f.session.album.includesSubfolders)
    }

    /// The strip counts an album's photos as the album shows them: a Live Photo's still and
    /// video are one photo, not a photo and a video, and a RAW+JPEG pair is one photo.
    @Test func theStripCountsALivePhotoAndARawJpegPairAsOnePhotoEach() throws {
        let pictures = try Pictures()
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xFF, 0xD9])
        let mov = Data([0, 0, 0, 0x14] + Array("ftypqt  ".utf8) + [0, 0, 2, 0] + Array("qt  ".utf8) + [0, 0, 0, 8] + Array("free".utf8))
        let mp4 = Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8) + [0, 0, 0, 8] + Array("free".utf8))
        let raw = Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0] + [UInt8](repeating: 0, count: 64))
        for (name, data) in [("IMG_0001.JPG", jpeg), ("IMG_0001.MOV", mov), ("DSC_0002.JPG", jpeg), ("DSC_0002.DNG", raw), ("clip.mp4", mp4)] {
            let url = URL(fileURLWithPath: pictures.path + "/2021/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        let f = try Fixture(opening: pictures.path)
        #expect(f.run { f.session.shelf.albumCount == 5 })
        let year = try #require((0..<5).first { f.session.shelf.albumName(at: $0) == "2021" })
        #expect(f.session.shelf.albumPhotoCount(at: year) == 3 && f.session.shelf.albumVideoCount(at: year) == 1,
                "\(f.session.shelf.albumPhotoCount(at: year)) with \(f.session.shelf.albumVideoCount(at: year)) videos")
        #expect(f.session.shelf.albumPhotoCount(at: 0) == 7 && f.session.shelf.albumVideoCount(at: 0) == 1, "every folder at once likewise")
        f.browser.onSelectAlbum?(year)
        #expect(f.run { f.session.isListed && f.browser.source?.photoCount == 3 }, "as many as the album shows")
    }

    /// The index shows the tree before its walk: its dates order the timeline though no
    /// date is read here; a photo deleted since is never shown; one added since arrives
    /// with the walk.
    @Test func aTreeOpenedAgainComesFromTheIndexFirst() throws {
        let pictures = try Pictures()
        let index = LibraryIndex(file: pictures.index)
        let walked = TreeWalker.photos(under: FilePath(pictures.path)).photos
        index.record(walked, under: FilePath(pictures.path))
        let dates = ["a.png": "2019-07-01 10:00:00", "b.png": "2019-06-01 10:00:00", "c.png": "2020-01-01 10:00:00", "d.png": "2018-01-01 10:00:00"]
        index.record(traits: Dictionary(uniqueKeysWithValues: walked.map { ($0.path, PhotoTraits.date(dates[$0.fileName]!)) }))
        try FileManager.default.removeItem(atPath: pictures.path + "/2020/c.png")
        try pictures.add("2020/z.png")

        let f = try Fixture(opening: pictures.path, index: LibraryIndex(file: pictures.index))
        var sawDeleted = false
        #expect(f.run {
            sawDeleted = sawDeleted || pictures.names(f).contains("c.png")
            return f.session.isListed && f.browser.source?.photoCount == 4
        })
        #expect(!sawDeleted, "a photo deleted since is never shown")
        #expect(pictures.names(f).filter { $0 != "z.png" } == ["a.png", "b.png", "d.png"], "the index's dates, in the timeline's order: newest first")
        #expect(pictures.names(f).contains("z.png"), "the walk brings what is new")
    }
}

/// A date its reader failed to read (a helper that dies, twice) is no date kept: the index
/// holds none for the photo, so the next run reads it again; one read is kept.
@Suite(.serialized) struct FailedReadsSessionTests {
    typealias Pictures = EveryFolderSessionTests.Pictures

    @Test func aDateThatCouldNotBeReadIsNotKeptInTheIndex() throws {
        let pictures = try Pictures()
        let dying = IsolatedDecoder(command: ["/bin/sh", "-c", "exit 3"], deadline: 5)
        let dates = TakenDates(decoder: dying)
        let f = try AlbumSessionTests.Fixture(opening: pictures.path, takenDates: dates, index: LibraryIndex(file: pictures.index))
        #expect(f.run { f.session.isListed && f.session.datesAreKnown }, "every date asked for, read or failed")
        #expect(f.run { LibraryIndex(file: pictures.index).photos(under: FilePath(pictures.path)).count == 4 }, "the walk is in the index")
        let kept = LibraryIndex(file: pictures.index).photos(under: FilePath(pictures.path))
        #expect(kept.allSatisfy { $0.traits == nil }, "no date kept for photos whose reads failed: \(kept.map(\.traits))")

        // Read by a working helper, the same photos' dates (none, in these PNGs) are kept.
        let again = try AlbumSessionTests.Fixture(opening: pictures.path,
                                                  takenDates: TakenDates(decoder: IsolatedDecoder(command: [builtExecutable(named: "fake-decode-helper")])),
                                                  index: LibraryIndex(file: pictures.index))
        #expect(again.run { again.session.datesAreKnown && LibraryIndex(file: pictures.index).photos(under: FilePath(pictures.path)).allSatisfy { $0.traits != nil } })
    }
}

/// Ctrl+F's words narrow the album as the session keeps it, and say so when nothing is found.
@Suite(.serialized) struct SearchSessionTests {
    typealias Pictures = EveryFolderSessionTests.Pictures

    /// The camera and the position read of a photo (here, from the index) find it: by the
    /// camera at once, by the place once libgweather has named it.
    @Test func theCameraAndThePlaceFindAPhoto() throws {
        let pictures = try Pictures()
        let index = LibraryIndex(file: pictures.index)
        let walked = TreeWalker.photos(under: FilePath(pictures.path)).photos
        index.record(walked, under: FilePath(pictures.path))
        let d = try #require(walked.first { $0.fileName == "d.png" })
        index.record(traits: [d.path: PhotoTraits(dateTaken: "2019-06-14 10:00:00", camera: "Pixel 7", latitude: 38.7139, longitude: -9.1394)])
        let f = try AlbumSessionTests.Fixture(opening: pictures.path, index: LibraryIndex(file: pictures.index))
        f.session.placeNames = PlaceNames()
        #expect(f.run { f.session.isListed && f.browser.source?.photoCount == 4 })
        f.browser.onSearch?("pixel")
        #expect(f.run { pictures.names(f) == ["d.png"] })
        f.browser.onSearch?("lisbon")
        #expect(f.run { pictures.names(f) == ["d.png"] }, "named offline, then found")
    }

    @Test func wordsNarrowTheAlbumAndNothingFoundIsSaid() throws {
        let pictures = try Pictures()
        let f = try AlbumSessionTests.Fixture(opening: pictures.path)
        #expect(f.run { f.session.isListed && f.browser.source?.photoCount == 4 })
        f.browser.onSearch?("summer")
        #expect(f.run { Set(pictures.names(f)) == ["a.png", "b.png"] })
        f.browser.onSearch?("camera d")
        #expect(f.run { pictures.names(f) == ["d.png"] })
        f.browser.onSearch?("lisbon")
        #expect(f.run { f.browser.source?.photoCount == 0 })
        #expect(f.browser.albumMessage == "Nothing in “All of Pictures” is found by “lisbon”. Esc shows every photo again.")
        // The words stay when another album opens.
        f.browser.onSearch?("b")
        f.browser.onEveryFolder?(false)
        f.browser.onSearch?("")
        #expect(f.run { f.browser.source?.photoCount == 2 || f.browser.source?.photoCount == 1 })
        f.browser.onEveryFolder?(true)
        #expect(f.run { f.session.isListed && f.browser.source?.photoCount == 4 }, "no words: every photo")
    }
}
