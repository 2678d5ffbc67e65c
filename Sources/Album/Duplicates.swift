// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Synchronization
import SystemPackage

/// Photos that are copies of one another, in two tiers kept apart: the same file (the same
/// bytes: a backup copied back, a download saved twice) and the same picture (a copy
/// resized — WhatsApp's, a shared album's —, or one whose pixels decode the same under
/// other metadata). A burst's frames are not copies: their pixels differ at one size.
/// Each group's first photo is the one to keep: the largest, then the oldest, then one
/// with marks, then the first by name.
public struct DuplicateGroup: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case sameFile
        case samePicture
    }

    public let kind: Kind
    /// The one to keep first, then its copies.
    public let photos: [Photo]

    public var keep: Photo { photos[0] }
    public var copies: ArraySlice<Photo> { photos.dropFirst() }
}

public enum Duplicates {
    /// Looks this many bits apart or fewer may be one picture (a resized copy's look hash
    /// moves a bit or two; another photo's, ~32).
    public static let copyDistance = 4
    /// Pictures whose sides' ratios differ by more than this are not one picture cropped
    /// the same.
    static let aspectTolerance = 0.01
    /// The first bytes hashed of files of one size, before the whole of those still alike.
    static let prefixBytes = 64 << 10
    /// The side two pictures of one size are decoded at to compare their pixels.
    public static let comparedSide = 256

    /// What the finder knows of a photo before it reads it: its look (nil: unreadable) and
    /// whether it carries marks.
    public struct Candidate: Sendable {
        public let photo: Photo
        public let likeness: PhotoLikeness?
        public let isMarked: Bool

        public init(photo: Photo, likeness: PhotoLikeness?, isMarked: Bool) {
            (self.photo, self.likeness, self.isMarked) = (photo, likeness, isMarked)
        }
    }

    /// What is read of a photo in the same-picture tier: its size standing and its own date.
    public struct Facts: Sendable {
        public let width: Int
        public let height: Int
        /// As EXIF writes it; nil where the photo has none (a messenger's copy).
        public let dateTaken: String?

        public init(width: Int, height: Int, dateTaken: String?) {
            (self.width, self.height, self.dateTaken) = (width, height, dateTaken)
        }
    }

    /// The same file: photos of one byte count whose first bytes, then whole contents,
    /// hash alike (as fdupes narrows by size, then a part, then the whole).
    public static func sameFiles(_ photos: [Photo], hash: (FilePath, _ prefix: Int?) -> ContentHash?) -> [[Photo]] {
        var groups: [[Photo]] = []
        for sized in Dictionary(grouping: photos, by: \.byteCount).values where sized.count > 1 {
            let byPrefix = Dictionary(grouping: sized) { hash($0.path, prefixBytes) }
            for (prefix, alike) in byPrefix where prefix != nil && alike.count > 1 {
                let whole = alike[0].byteCount <= prefixBytes
                    ? [prefix: alike] : Dictionary(grouping: alike) { hash($0.path, nil) }
                for (full, group) in whole where full != nil && group.count > 1 { groups.append(group) }
            }
        }
        return groups
    }

    /// The same picture among `candidates`: looks within `copyDistance`, found through
    /// their hash's bands (two hashes that close share one of five bands whole), then read
    /// (`facts`): the same shape, dates that agree (or one missing), and either other
    /// sizes (a resized copy) or, at one size, pixels that decode alike (`pixels`: a hash of
    /// the photo decoded at `comparedSide`, asked once a photo). Groups join only where
    /// every photo of one is a copy of every photo of the other, the closest looks first:
    /// a messenger's copy without a date does not join two frames of a burst into one.
    /// A band shared by more than `largestBucket` photos (thousands of black frames) is
    /// not searched.
    public static func samePictures(_ candidates: [Candidate], facts: (Photo) -> Facts?, pixels: (Photo) -> ContentHash?) -> [[Photo]] {
        let looked = candidates.filter { $0.likeness != nil }
        let hashes = looked.map { $0.likeness!.hash }
        func distance(_ a: Int, _ b: Int) -> Int { (hashes[a] ^ hashes[b]).nonzeroBitCount }
        var pairs = Set<[Int]>()
        for band in 0..<5 {
            let shift = UInt64(band * 13)
            let buckets = Dictionary(grouping: looked.indices) { (hashes[$0] >> shift) & 0x1FFF }
            for members in buckets.values where members.count > 1 && members.count <= largestBucket {
                for (offset, first) in members.enumerated() {
                    for second in members[(offset + 1)...] where distance(first, second) <= copyDistance { pairs.insert([first, second]) }
                }
            }
        }
        var factsRead: [Int: Facts?] = [:], printed: [Int: ContentHash?] = [:], verdicts: [[Int]: Bool] = [:]
        func read(_ index: Int) -> Facts? {
            if let known = factsRead[index] { return known }
            let found = facts(looked[index].photo)
            factsRead[index] = found
            return found
        }
        func print(_ index: Int) -> ContentHash? {
            if let known = printed[index] { return known }
            let found = pixels(looked[index].photo)
            printed[index] = found
            return found
        }
        func alike(_ a: Int, _ b: Int) -> Bool {
            let key = [min(a, b), max(a, b)]
            if let verdict = verdicts[key] { return verdict }
            let verdict = distance(a, b) <= copyDistance && {
                guard let first = read(a), let second = read(b) else { return false }
                return isSamePicture(first, second, pixelsMatch: { print(a).map { $0 == print(b) } ?? false })
            }()
            verdicts[key] = verdict
            return verdict
        }
        var group = Array(looked.indices), members = looked.indices.map { [$0] }
        let ordered = pairs.sorted { (distance($0[0], $0[1]), $0[0], $0[1]) < (distance($1[0], $1[1]), $1[0], $1[1]) }
        for pair in ordered {
            let (left, right) = (group[pair[0]], group[pair[1]])
            guard left != right, members[left].allSatisfy({ a in members[right].allSatisfy { alike(a, $0) } }) else { continue }
            for index in members[right] { group[index] = left }
            members[left] += members[right]
            members[right] = []
        }
        return members.filter { $0.count > 1 }.map { $0.sorted().map { looked[$0].photo } }
    }

    static let largestBucket = 2_000

    private static func isSamePicture(_ a: Facts, _ b: Facts, pixelsMatch: () -> Bool) -> Bool {
        guard a.width > 0, a.height > 0, b.width > 0, b.height > 0 else { return false }
        let ratio = (Double(a.width) / Double(a.height)) / (Double(b.width) / Double(b.height))
        guard abs(ratio - 1) <= aspectTolerance else { return false }
        if let first = a.dateTaken, let second = b.dateTaken, first.prefix(19) != second.prefix(19) { return false }
        if a.width != b.width || a.height != b.height { return true }
        return pixelsMatch()
    }

    /// `photos` with the one to keep first: the most pixels, then the oldest file, then one
    /// with marks, then the first name.
    public static func keeperFirst(_ photos: [Photo], pixels: (Photo) -> Int, isMarked: (Photo) -> Bool) -> [Photo] {
        photos.sorted { a, b in
            let (pa, pb) = (pixels(a), pixels(b))
            if pa != pb { return pa > pb }
            if a.modificationDate != b.modificationDate { return a.modificationDate < b.modificationDate }
            let (ma, mb) = (isMarked(a), isMarked(b))
            if ma != mb { return ma }
            return a.path.rawBytes.lexicographicallyPrecedes(b.path.rawBytes)
        }
    }
}

/// Finds an album's duplicates on a thread of its own, reading what it needs through a
/// helper: files hashed (those of one size), facts and small decodes (those that look alike).
public final class DuplicateFinder: Sendable {
    private let decoder: IsolatedDecoder
    private let queue = DispatchQueue(label: "flick.duplicates", qos: .utility)
    /// The same-file tier found ahead (`prepare`), for the photos it was found among.
    private let prepared = Mutex<(photos: [FilePath], groups: [[Photo]])?>(nil)

    public init(decoder: IsolatedDecoder) {
        self.decoder = decoder
    }

    /// Finds the same files among `photos` (the tier that needs no looks) while their looks
    /// are read: `find` among the same photos then takes them.
    public func prepare(_ photos: [Photo]) {
        queue.async { [self] in
            let groups = Self.sameFiles(photos)
            prepared.withLock { $0 = (photos.map(\.path), groups) }
        }
    }

    /// The groups among `candidates`, the same file's first, delivered on the finder's thread.
    public func find(_ candidates: [Duplicates.Candidate], then deliver: @escaping @Sendable ([DuplicateGroup]) -> Void) {
        queue.async { [self] in
            let ready = prepared.withLock { ready in
                defer { ready = nil }
                return ready
            }
            let photos = candidates.map(\.photo)
            let sameFiles = ready.flatMap { $0.photos == photos.map(\.path) ? $0.groups : nil } ?? Self.sameFiles(photos)
            deliver(Self.groups(candidates, sameFiles: sameFiles, decoder: decoder))
        }
    }

    static func sameFiles(_ photos: [Photo]) -> [[Photo]] {
        Duplicates.sameFiles(photos) { ContentHash.of($0, prefix: $1) }
    }

    /// Blocks until the search asked for is done (tests).
    public func waitUntilIdle() { queue.sync {} }

    static func groups(_ candidates: [Duplicates.Candidate], sameFiles: [[Photo]], decoder: IsolatedDecoder) -> [DuplicateGroup] {
        let marked = Set(candidates.filter(\.isMarked).map(\.photo.path))
        var facts: [FilePath: Duplicates.Facts?] = [:]
        func read(_ photo: Photo) -> Duplicates.Facts? {
            if let known = facts[photo.path] { return known }
            let embedded = try? decoder.facts(photo.path).get()
            let found = embedded.flatMap { facts -> Duplicates.Facts? in
                guard let width = facts.pixelWidth, let height = facts.pixelHeight else { return nil }
                return Duplicates.Facts(width: width, height: height, dateTaken: facts.dateTaken)
            }
            facts[photo.path] = found
            return found
        }
        let sameFiles = sameFiles.map { Duplicates.keeperFirst($0, pixels: { _ in 0 }, isMarked: { marked.contains($0.path) }) }
        let copies = Set(sameFiles.flatMap { $0.dropFirst().map(\.key) })
        let samePictures = Duplicates.samePictures(candidates.filter { !copies.contains($0.photo.key) }, facts: read) { photo in
            guard case let .success(pixels) = decoder.decode(photo.path, maximumPixelSize: Duplicates.comparedSide, colours: .untouched) else { return nil }
            return pixels.bytes.withUnsafeBytes { bytes in
                guard let hasher = ContentHasher() else { return nil }
                hasher.update(bytes)
                return hasher.digest
            }
        }.map { group in
            Duplicates.keeperFirst(group, pixels: { read($0).map { $0.width * $0.height } ?? 0 }, isMarked: { marked.contains($0.path) })
        }
        let byName: ([Photo], [Photo]) -> Bool = { $0[0].path.rawBytes.lexicographicallyPrecedes($1[0].path.rawBytes) }
        return sameFiles.sorted(by: byName).map { DuplicateGroup(kind: .sameFile, photos: $0) }
            + samePictures.sorted(by: byName).map { DuplicateGroup(kind: .samePicture, photos: $0) }
    }
}
