// SPDX-License-Identifier: GPL-3.0-or-later
import Album
import Geometry
import Localization
import Marks
import PhotoLibrary
import Pictures
import PhotoSources
import Pixels
import SystemPackage
import ViewTree

/// The album as the views see it (`PhotoSource`): pictures from the picture store, and what
/// is known of each photo from where it is kept — marks from the mark book, facts, details
/// and pixel sizes from the facts store, days, bursts and their runs from the album's
/// arrangement. The store's photos, in the order shown, give the indices.
final class AlbumPhotos: PhotoSource {
    private let pictures: PictureStore
    private let markBook: MarkBook?
    /// The photos' facts, read off the UI thread; none before the app gives a store.
    var factsStore: FactsStore? {
        didSet { pictures.factsStore = factsStore }
    }
    /// Names where the photos were taken (libgweather), for their details.
    var placeNames: PlaceNames?
    /// The album's arrangement as it stands (a new album is a new model).
    private let model: () -> AlbumModel

    init(pictures: PictureStore, markBook: MarkBook?, model: @escaping () -> AlbumModel) {
        self.pictures = pictures
        self.markBook = markBook
        self.model = model
    }

    private func photo(at index: Int) -> Photo? {
        index >= 0 && index < pictures.photos.count ? pictures.photos[index] : nil
    }

    // The pictures: the store's.

    var photoCount: Int { pictures.photoCount }
    func fileName(at index: Int) -> String { pictures.fileName(at: index) }
    func makePictureDemand() -> PictureDemand { pictures.makePictureDemand() }
    func picture(at index: Int, size: PictureSize) -> Picture { pictures.picture(at: index, size: size) }
    func decodesParts(at index: Int) -> Bool { pictures.decodesParts(at: index) }
    func wantLooks(_ looks: Set<PictureLook>) { pictures.wantLooks(looks) }
    func look(_ look: PictureLook, at index: Int) -> ImageContent? { pictures.look(look, at: index) }
    func overlaid(_ looks: Set<PictureLook>, at index: Int) -> ImageContent? { pictures.overlaid(looks, at: index) }
    func overlaidPart(_ looks: Set<PictureLook>, at index: Int, region: PixelRect) -> ImageContent? {
        pictures.overlaidPart(looks, at: index, region: region)
    }
    func playback(at index: Int) -> PlaybackState? { pictures.playback(at: index) }
    func control(_ control: PlaybackControl, at index: Int) -> Bool { pictures.control(control, at: index) }
    func momentProblem(at index: Int) -> String? { pictures.momentProblem(at: index) }

    func showMoment(_ shown: Bool, at index: Int) -> Bool {
        let part = photo(at: index).flatMap { factsStore?.knownFacts(of: $0.path)?.embedded?.motionVideo }
        return pictures.showMoment(shown, at: index, part: part)
    }

    // What is known of the photos.

    /// The photo's marks as the album shows them (a pair's: its RAW's first).
    func marks(at index: Int) -> PhotoMarks {
        guard let photo = photo(at: index), let markBook else { return .none }
        return markBook.marks(of: photo)
    }

    func pairName(at index: Int) -> String? { photo(at: index)?.pairName }

    /// A video's length comes with its facts (read as its badge first asks); a Motion Photo
    /// is known once its facts have been read (the pager reads them, the grid does not ask).
    func motion(at index: Int) -> PhotoMotion? {
        guard let photo = photo(at: index) else { return nil }
        if photo.liveVideo != nil { return .live }
        if photo.format == .video { return .video(seconds: factsStore?.facts(of: photo.path)?.embedded?.duration) }
        return factsStore?.knownFacts(of: photo.path)?.embedded?.motionVideo == nil ? nil : .motionPhoto
    }

    func facts(at index: Int) -> [String]? {
        guard let photo = photo(at: index) else { return nil }
        // A pair's facts are its JPEG's, and the RAW beside it.
        let companions = photo.companions.map {
            localized("With {name}, {size}", ["name": $0.displayName, "size": PhotoFacts.sizeText($0.byteCount)])
        }
        return factsStore?.facts(of: photo.path).map { $0.lines + companions }
    }

    func pixelSize(at index: Int) -> Size? {
        guard let photo = photo(at: index), let embedded = factsStore?.facts(of: photo.path)?.embedded,
              let width = embedded.pixelWidth, let height = embedded.pixelHeight, width > 0, height > 0 else { return nil }
        return Size(width: Double(width), height: Double(height))
    }

    func details(at index: Int) -> [(label: String, value: String)]? {
        guard let photo = photo(at: index), let facts = factsStore?.facts(of: photo.path) else { return nil }
        var rows = facts.details
        // Where it was taken, in words, under its position (once looked up).
        if let embedded = facts.embedded, let latitude = embedded.latitude, let longitude = embedded.longitude,
           case let .some(.some(place)) = placeNames?.name(latitude: latitude, longitude: longitude) {
            let location = rows.firstIndex { $0.label == localized("Location") }.map { $0 + 1 } ?? rows.count
            rows.insert((localized("Place"), localized("near {place}", ["place": place])), at: location)
        }
        // A date fixed in its sidecar is the photo's date taken now; its camera's is kept.
        if let fixed = model().fixedDateText(of: photo), let date = TakenMoment(exif: fixed)?.readable {
            let row = (localized("Taken"), localized("{date} (fixed)", ["date": date]))
            if let taken = rows.firstIndex(where: { $0.label == localized("Taken") }) {
                rows.insert((localized("Camera said"), rows[taken].value), at: taken + 1)
                rows[taken] = row
            } else {
                rows.insert(row, at: 0)
            }
        }
        // A pair's details are its JPEG's, and the RAW beside it.
        return rows + photo.companions.map {
            (localized("With"), "\($0.displayName), \(PhotoFacts.sizeText($0.byteCount))")
        }
    }

    /// At most this many of a day's photos, spread over it, say where the day was spent: a
    /// header asks on every frame it is drawn, and a day may hold thousands.
    static let placeSample = 64

    /// The place most of `photos` were taken at, of those whose place is named yet (the
    /// others are looked up as asked; the day's header shows it once they are).
    func place(ofPhotos photos: Range<Int>) -> String? {
        guard let placeNames else { return nil }
        let model = model()
        let shown = photos.clamped(to: 0..<min(model.photos.count, pictures.photoCount))
        let stride = max(1, shown.count / Self.placeSample)
        var counts: [String: Int] = [:]
        for index in Swift.stride(from: shown.lowerBound, to: shown.upperBound, by: stride) {
            guard let traits = model.traits(of: model.photos[index].path), let latitude = traits.latitude, let longitude = traits.longitude,
                  case let .some(.some(place)) = placeNames.name(latitude: latitude, longitude: longitude) else { continue }
            counts[place, default: 0] += 1
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// The photos cut into days when sorted by a date, while the store shows the model's photos.
    func daySections() -> [DaySection]? {
        guard let sections = model().daySections(), sections.reduce(0, { $0 + $1.count }) == pictures.photoCount else { return nil }
        return sections
    }

    /// Where the album's bursts run together, when it groups them.
    func burstRuns() -> [Range<Int>] {
        let runs = model().burstRuns()
        return runs.last.map({ $0.upperBound <= pictures.photoCount }) ?? true ? runs : []
    }

    /// The burst photo `index` is a frame of: its frames shown, the sharpest first (Compare
    /// opens on the sharpest frames, not those beside one), and the sharpest.
    func burst(at index: Int) -> (frames: [Int], sharpest: Int)? {
        let model = model()
        guard let path = photo(at: index)?.path, let frames = model.bursts[path], let sharpest = model.sharpestFrame(ofBurstWith: path) else { return nil }
        let sharpness = { (frame: FilePath) in model.likeness(of: frame)?.sharpness ?? 0 }
        let shown = frames.enumerated().sorted { (sharpness($0.element), -$0.offset) > (sharpness($1.element), -$1.offset) }
            .compactMap { pictures.index(of: $0.element) }
        guard shown.count >= 2, let sharpestShown = pictures.index(of: sharpest) ?? shown.first else { return nil }
        return (shown, sharpestShown)
    }
}
