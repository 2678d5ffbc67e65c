// SPDX-License-Identifier: GPL-3.0-or-later
import Browser
import Components
import PhotoSources
import Pixels
import Geometry
import Marks
import ViewTree

/// An in-memory album: photo `id` has texture handle `id + 1` (`id + 100_000` at screen
/// size) and the aspect ratio given by `sizes` (repeating), so tests can tell photos apart
/// in draw lists. At first photo `i` is at index `i`.
final class FakePhotoSource: PhotoSource {
    /// Which photo is at each index: photos keep their ids (and textures) when the album
    /// changes around them.
    var ids: [Int]
    var photoCount: Int {
        get { ids.count }
        set { ids = Array(0..<newValue) }
    }
    var sizes: [Size]
    var failing: Set<Int> = []
    /// Photos whose files end early: their pictures are what arrived.
    var incomplete: Set<Int> = []
    /// Photos whose picture has not arrived yet.
    var loading: Set<Int> = []
    private var demands: [() -> FakeDemand?] = []

    /// A view's demand: everything it asked for, in order.
    final class FakeDemand: PictureDemand {
        private(set) var history: [[PictureRequest]] = []
        var current: [PictureRequest] { history.last ?? [] }

        func want(_ requests: [PictureRequest]) { history.append(requests) }
    }

    init(count: Int, sizes: [Size] = [Size(width: 400, height: 300)]) {
        ids = Array(0..<count)
        self.sizes = sizes
    }

    static func handle(of index: Int) -> TextureHandle { TextureHandle(rawValue: UInt64(index + 1)) }
    static func screenHandle(of index: Int) -> TextureHandle { TextureHandle(rawValue: UInt64(100_000 + index)) }

    func size(of index: Int) -> Size { sizes[index % sizes.count] }

    /// The demands views hold now (a dropped one is gone).
    var liveDemands: [FakeDemand] { demands.compactMap { $0() } }

    /// What all views want now, in the order each asked.
    var wanted: [PictureRequest] { liveDemands.flatMap(\.current) }

    /// The fits wanted now (the pager's and the stack's screen-sized pictures).
    var wantedFits: [PictureRequest] { wanted.filter { if case .filling = $0.size { false } else { true } } }

    func makePictureDemand() -> PictureDemand {
        let demand = FakeDemand()
        demands.append { [weak demand] in demand }
        return demand
    }

    /// Marks by photo id.
    var marksByID: [Int: PhotoMarks] = [:]

    func marks(at index: Int) -> PhotoMarks { index < ids.count ? marksByID[ids[index]] ?? .none : .none }

    /// "RAW+JPEG" by photo id.
    var pairNames: [Int: String] = [:]

    func pairName(at index: Int) -> String? { index < ids.count ? pairNames[ids[index]] : nil }

    /// Names given by photo id, instead of "photo-<id>.jpg".
    var names: [Int: String] = [:]
    func fileName(at index: Int) -> String { names[ids[index]] ?? "photo-\(ids[index]).jpg" }

    /// True where the photos' sizes in pixels are known (their `sizes`), as the app knows
    /// them once their facts are read; unknown by default, as before facts arrive.
    var pixelSizesKnown = false

    /// The photos whose sizes were asked for (the app reads a photo's facts when first asked).
    private(set) var pixelSizesAsked: Set<Int> = []

    func pixelSize(at index: Int) -> Size? {
        if index < ids.count { pixelSizesAsked.insert(ids[index]) }
        return pixelSizesKnown && index < ids.count && !factsReading.contains(index) ? size(of: ids[index]) : nil
    }

    /// Bursts by photo id: their frames (ids, in time order) and the sharpest.
    var burstsByID: [(frames: [Int], sharpest: Int)] = []

    /// Days the photos were taken on, one per photo in order: the album sorted by date.
    var days: [CalendarDay]? { didSet { sections = days.map(DaySection.runs(of:)) } }
    private var sections: [DaySection]?

    func daySections() -> [DaySection]? { sections }

    /// Where each photo was taken, by index (none: no place).
    var places: [Int: String] = [:]

    func place(ofPhotos photos: Range<Int>) -> String? {
        let counts = Dictionary(photos.compactMap { places[$0] }.map { ($0, 1) }, uniquingKeysWith: +)
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// Where bursts run together (the album grouping them), by index.
    var runs: [Range<Int>] = []

    func burstRuns() -> [Range<Int>] { runs }

    func burst(at index: Int) -> (frames: [Int], sharpest: Int)? {
        guard index < ids.count, let burst = burstsByID.first(where: { $0.frames.contains(ids[index]) }) else { return nil }
        let frames = burst.frames.compactMap { ids.firstIndex(of: $0) }
        return frames.count >= 2 ? (frames, ids.firstIndex(of: burst.sharpest) ?? frames[0]) : nil
    }

    /// Photos whose facts are still being read.
    var factsReading: Set<Int> = []

    func details(at index: Int) -> [(label: String, value: String)]? {
        factsReading.contains(index) || index >= ids.count ? nil : [("Name", fileName(at: index)), ("Camera", "Camera of photo \(ids[index])")]
    }


    func facts(at index: Int) -> [String]? {
        factsReading.contains(index) ? nil : [fileName(at: index), "600 × 400 pixels", "48 KB"]
    }

    /// The widest whole picture of a photo decoded so far: larger fits are still on their
    /// way (a 24 MP photo decoded whole takes a while).
    var widestFit = Double.infinity
    /// False while parts at full scale (`.region`) are on their way.
    var regionsArrive = true
    /// False for photos decoded whole only (a PNG's): no part ever comes.
    var partsDecoded = true
    /// True when a part could not be decoded.
    var partsFail = false

    func decodesParts(at index: Int) -> Bool { partsDecoded && !partsFail }

    /// The looks the views asked for, and whether they have been drawn yet.
    var wantedLooks: Set<PictureLook> = []
    var looksDrawn = true
    /// Whether the photos' pictures (and parts at full scale) with their looks painted in
    /// have been drawn yet.
    var overlaidDrawn = false
    var partsPainted = false

    func wantLooks(_ looks: Set<PictureLook>) { wantedLooks = looks }

    /// Videos playing in place, by index, and what was asked of them, in order. A video
    /// does as a player would: pauses and plays, skips only while it plays.
    var playbacks: [Int: PlaybackState] = [:]
    private(set) var controls: [(control: PlaybackControl, index: Int)] = []

    func playback(at index: Int) -> PlaybackState? { playbacks[index] }

    /// Live Photos by index, and each moment asked shown (true) or the still again (false).
    var livePhotos: Set<Int> = []
    private(set) var moments: [(shown: Bool, index: Int)] = []

    func motion(at index: Int) -> PhotoMotion? { livePhotos.contains(index) ? .live : nil }

    func showMoment(_ shown: Bool, at index: Int) -> Bool {
        guard livePhotos.contains(index) else { return false }
        moments.append((shown, index))
        return true
    }

    /// Why the moment shown for a photo cannot play, by index.
    var momentProblems: [Int: String] = [:]
    func momentProblem(at index: Int) -> String? { moments.last.map { $0.shown && $0.index == index } == true ? momentProblems[index] : nil }

    func control(_ control: PlaybackControl, at index: Int) -> Bool {
        guard var state = playbacks[index] else { return false }
        switch control {
        case .togglePause: state.isPaused.toggle()
        case let .seek(to: seconds): state.position = seconds
        case .skip, .toStart, .toEnd, .changeVolume: guard state.isPlaying else { return false }
        case .toggleMute: state.isMuted.toggle()
        }
        playbacks[index] = state
        controls.append((control, index))
        return true
    }

    func look(_ look: PictureLook, at index: Int) -> ImageContent? {
        guard wantedLooks.contains(look), looksDrawn, index < photoCount else { return nil }
        let size = look == .histogram || look == .sensorLevels ? Size(width: 256, height: 100) : size(of: ids[index])
        return ImageContent(texture: Self.lookHandle(look, of: index), pixelSize: size, isOpaque: false, mode: .fill)
    }

    func overlaid(_ looks: Set<PictureLook>, at index: Int) -> ImageContent? {
        guard overlaidDrawn, !wantedLooks.isDisjoint(with: PictureLook.laidOver), looks == wantedLooks, index < photoCount else { return nil }
        let box = Rect(x: 0, y: 0, width: paintedSide, height: paintedSide)
        return ImageContent(texture: Self.overlaidHandle(of: index), pixelSize: Rect.aspectFit(size(of: ids[index]), in: box).size)
    }

    /// The longer side of a picture with its looks painted in: the screen's fit's.
    var paintedSide = 1620.0

    static func overlaidHandle(of index: Int) -> TextureHandle { TextureHandle(rawValue: UInt64(400_000 + index)) }

    func overlaidPart(_ looks: Set<PictureLook>, at index: Int, region: PixelRect) -> ImageContent? {
        guard partsPainted, !wantedLooks.isDisjoint(with: PictureLook.laidOver), looks == wantedLooks, index < photoCount else { return nil }
        return ImageContent(texture: Self.paintedPartHandle(of: index), pixelSize: Size(width: Double(region.width), height: Double(region.height)))
    }

    static func paintedPartHandle(of index: Int) -> TextureHandle { TextureHandle(rawValue: UInt64(500_000 + index)) }

    static func lookHandle(_ look: PictureLook, of index: Int) -> TextureHandle {
        TextureHandle(rawValue: UInt64(300_000 + index * 4 + (PictureLook.allCases.firstIndex(of: look) ?? 0)))
    }

    /// A thumbnail's size: the photo's own while every fit comes at once (the tests that
    /// do not tell them apart), else within 256 pixels.
    func thumbnailSize(of id: Int) -> Size {
        widestFit.isFinite ? Rect.aspectFit(size(of: id), in: Rect(x: 0, y: 0, width: 256, height: 256)).size : size(of: id)
    }

    static func regionHandle(of index: Int) -> TextureHandle { TextureHandle(rawValue: UInt64(200_000 + index)) }

    /// A fit once wanted (decoding is instant here), else the thumbnail.
    func picture(at index: Int, size wantedSize: PictureSize) -> Picture {
        if failing.contains(index) { return .failed(headline: "cannot open") }
        if loading.contains(index) { return .loading }
        let id = ids[index]
        if case let .region(rect) = wantedSize {
            let asked = wanted.contains { $0.index == index && $0.size == wantedSize }
            if partsFail { return .failed(headline: "cannot open") }
            guard asked, regionsArrive, partsDecoded else { return .loading }
            return .ready(ImageContent(texture: Self.regionHandle(of: id), pixelSize: Size(width: Double(rect.width), height: Double(rect.height))))
        }
        let fits = wantedFits.filter { $0.index == index }.compactMap { request -> Size? in
            switch request.size {
            case let .fitting(side): Rect.aspectFit(size(of: id), in: Rect(x: 0, y: 0, width: Double(side), height: Double(side))).size
            case let .within(width, height): Rect.aspectFit(size(of: id), in: Rect(x: 0, y: 0, width: Double(width), height: Double(height))).size
            case .filling, .region: nil
            }
        }.filter { $0.width <= widestFit }
        let picture = fits.max(by: { $0.width < $1.width }).map { ImageContent(texture: Self.screenHandle(of: id), pixelSize: $0) }
            ?? ImageContent(texture: Self.handle(of: id), pixelSize: thumbnailSize(of: id))
        return incomplete.contains(index) ? .partial(picture) : .ready(picture)
    }
}

/// Labels as 8 pt per character by 16 pt, each text its own texture.
final class FakeLabels: LabelRenderer {
    private var handles: [String: TextureHandle] = [:]
    private(set) var rendered: [String] = []
    /// The point size each text was last asked at.
    private(set) var pointSizes: [String: Double] = [:]

    /// The text that texture `handle` shows.
    func text(of handle: TextureHandle) -> String? { handles.first { $0.value == handle }?.key }

    /// The texts drawn in `frame` by views whose names start with `prefix`, in drawing order.
    func texts(in frame: [DrawCommand], ofViewsNamed prefix: String) -> [String] {
        frame.compactMap { command -> String? in
            guard command.viewName?.hasPrefix(prefix) == true, case let .image(handle, _) = command.kind else { return nil }
            return text(of: handle)
        }
    }

    func label(_ text: String, pointSize: Double, color: Color) -> (content: ImageContent, size: Size)? {
        rendered.append(text)
        pointSizes[text] = pointSize
        let handle = handles[text] ?? TextureHandle(rawValue: UInt64(500_000 + handles.count))
        handles[text] = handle
        let size = Size(width: width(of: text, pointSize: pointSize)!, height: 16)
        return (ImageContent(texture: handle, pixelSize: size, isOpaque: false, mode: .aspectFit), size)
    }

    /// Every character 8 points wide.
    func width(of text: String, pointSize: Double) -> Double? { Double(text.count) * 8 }
}

/// The Trash as the app keeps it, over a fake album: a photo trashed leaves the album (the
/// browser told as the app tells it), the undo puts it back where it was.
final class FakeTrash {
    /// Each trashed photo's id and where it was, the last trashed last.
    private(set) var trashed: [(id: Int, index: Int)] = []
    /// While set, the Trash refuses, for this reason.
    var refusal: String?

    /// Trashing and undo wired into `browser` over `source`.
    init(browser: PhotoBrowser, source: FakePhotoSource) {
        browser.trashPhoto = { [unowned self] index in
            if let refusal { return refusal }
            trashed.append((source.ids.remove(at: index), index))
            browser.reloadData()
            browser.photosMoved { $0 == index ? nil : $0 > index ? $0 - 1 : $0 }
            return nil
        }
        browser.onUndo = { [unowned self] in
            guard let last = trashed.popLast() else { return .nothing }
            source.ids.insert(last.id, at: last.index)
            browser.reloadData()
            browser.photosMoved { $0 >= last.index ? $0 + 1 : $0 }
            return .restored(last.index)
        }
    }
}
