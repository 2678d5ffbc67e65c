// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Localization
import Marks
import Pixels
import ViewTree

/// A photo's picture as a view can show it right now: a grid cell's, a card's, the pager's.
public enum Picture: Equatable, Sendable {
    /// Being decoded; show the loading look.
    case loading
    case ready(ImageContent)
    /// It cannot be shown; the headline says which way, in a few words for the tile
    /// ("cannot open", "too large", "permission denied", "incomplete file").
    case failed(headline: String)
    /// What has arrived of a file that ends before its picture does (a copy or download
    /// still arriving): shown, grey where nothing arrived, with `headline` over it.
    case partial(ImageContent)

    public var image: ImageContent? {
        switch self {
        case let .ready(image), let .partial(image): image
        case .loading, .failed: nil
        }
    }

    public var isFailed: Bool {
        if case .failed = self { true } else { false }
    }

    /// The few words said over the tile or page: why it shows nothing, or only part.
    public var headline: String? {
        switch self {
        case let .failed(headline): headline
        case .partial: localized("incomplete file")
        case .loading, .ready: nil
        }
    }
}

/// How a picture is cut for showing.
public enum PictureSize: Hashable, Sendable {
    /// For a square cell `side` pixels wide: the photo scaled until its shorter side is
    /// `side` (the cell crops it), which a software renderer draws unscaled.
    case filling(Int)
    /// The whole photo within `side` pixels on its longer side (stack, culling pager).
    case fitting(Int)
    /// The whole photo within a `width`×`height` box (the pager's window): a 4:3 photo on
    /// a 16:9 screen is cut to the screen's height, a third smaller than a square limit of
    /// its width would leave it, and drawn unscaled.
    case within(width: Int, height: Int)
    /// A rectangle of the photo at full scale, upright (a page zoomed to 100 % and more):
    /// decoded alone, in a fraction of the whole photo's time, where the source says so
    /// (`decodesParts`); it is `.failed` when it could not be (the whole photo serves).
    case region(PixelRect)
}

extension PictureSize {
    /// This size, or one no larger than `side` pixels a side; nil for a part of the photo,
    /// which only a zoomed view asks.
    func atMost(_ side: Int) -> PictureSize? {
        switch self {
        case let .filling(fill): .filling(min(fill, side))
        case let .fitting(fit): .fitting(min(fit, side))
        case let .within(width, height): max(width, height) <= side ? self : .fitting(side)
        case .region: nil
        }
    }
}

/// One picture a view wants: photo `index` cut at `size`.
public struct PictureRequest: Hashable, Sendable {
    public var index: Int
    public var size: PictureSize
    public var priority: PicturePriority
    /// An animated photo (GIF, APNG, WebP) plays where this is set: the photo in front of
    /// a pager. Elsewhere it shows its first frame. At most one request of a demand plays.
    public var plays: Bool

    public init(index: Int, size: PictureSize, priority: PicturePriority, plays: Bool = false) {
        self.index = index
        self.size = size
        self.priority = priority
        self.plays = plays
    }
}

/// One view's standing order for pictures. The source serves every view's demand at once,
/// by priority; dropping the demand (or wanting nothing) lets its pictures go.
public protocol PictureDemand: AnyObject {
    /// Replaces what this view wants, most wanted first.
    func want(_ requests: [PictureRequest])
}

/// Where views get the album's pictures: counts, indices and images, never files. The
/// picture store serves it.
public protocol PictureSource: AnyObject {
    var photoCount: Int { get }
    /// The name a person knows the photo by (its file name).
    func fileName(at index: Int) -> String
    /// A new demand, empty, for one view to hold.
    func makePictureDemand() -> PictureDemand
    /// The picture to show for photo `index` where `size` is wanted, as it stands: that
    /// cut once decoded, meanwhile the sharpest other picture of the photo, else loading
    /// (or why it cannot be shown). A photo playing (`PictureRequest.plays`) shows its
    /// frame of the moment wherever it is fitted.
    func picture(at index: Int, size: PictureSize) -> Picture
    /// True where a part of photo `index` at full scale (`PictureSize.region`) costs less
    /// than the whole photo and is decoded when asked; elsewhere none ever comes.
    func decodesParts(at index: Int) -> Bool
    /// The looks a photographer turned on (a histogram, clipping, focus peaking): the
    /// source works them out from each photo's picture for the screen from now on (none
    /// wanted: it keeps nothing for them).
    func wantLooks(_ looks: Set<PictureLook>)
    /// `look` of photo `index`, from its picture for the screen (a histogram's graph, or a
    /// layer to lay over the whole photo); nil while it is worked out (the source reloads
    /// its views once it is), or while the look is not wanted.
    func look(_ look: PictureLook, at index: Int) -> ImageContent?
    /// Photo `index`'s picture for the screen with `looks`' layers painted into it (the
    /// looks laid over a whole photo: clipping, peaking), to draw at fit in place of the
    /// picture and its layers; nil while it is worked out, or while none of them is wanted.
    func overlaid(_ looks: Set<PictureLook>, at index: Int) -> ImageContent?
    /// Photo `index`'s part at full scale `region` (`PictureSize.region`) with `looks`' layers
    /// painted in, worked out from the part's own pixels; nil while it is worked out, or
    /// while none of them is wanted.
    func overlaidPart(_ looks: Set<PictureLook>, at index: Int, region: PixelRect) -> ImageContent?
    /// Where video `index` stands while it plays in place (a view that plays it asked for it
    /// with `PictureRequest.plays`); nil for a photo, or a video not playing.
    func playback(at index: Int) -> PlaybackState?
    /// Does `control` to video `index` playing in place; false where it is not playing.
    @discardableResult
    func control(_ control: PlaybackControl, at index: Int) -> Bool
    /// A Live Photo's moment (its movie) played as photo `index`'s whole picture (true), or
    /// its still again (false); false where the photo has no moment to play.
    @discardableResult
    func showMoment(_ shown: Bool, at index: Int) -> Bool
    /// Why the moment shown for photo `index` cannot play (its movie is no video, say);
    /// nil while it plays or none is shown.
    func momentProblem(at index: Int) -> String?
}

/// Where a video playing in place stands (what its bar shows).
public struct PlaybackState: Equatable, Sendable {
    /// Its length, and how far in it is shown, in seconds.
    public var length: Double
    public var position: Double
    public var isPaused: Bool
    /// Played to its end: it rests on its last frame.
    public var hasEnded: Bool
    public var isMuted: Bool
    /// 0 (silent) to 1.
    public var volume: Double
    public var hasSound: Bool
    /// It has sound, but there is nowhere to play it (no audio server).
    public var soundUnavailable: Bool
    /// Why it cannot be played, in words; nil while it can.
    public var problem: String?

    public init(length: Double = 0, position: Double = 0, isPaused: Bool = true, hasEnded: Bool = false, isMuted: Bool = false,
                volume: Double = 1, hasSound: Bool = false, soundUnavailable: Bool = false, problem: String? = nil) {
        self.length = length
        self.position = position
        self.isPaused = isPaused
        self.hasEnded = hasEnded
        self.isMuted = isMuted
        self.volume = volume
        self.hasSound = hasSound
        self.soundUnavailable = soundUnavailable
        self.problem = problem
    }

    /// Playing now: not paused, not at its end, not failed.
    public var isPlaying: Bool { !isPaused && !hasEnded && problem == nil }
}

/// What the person asks of a video playing in place.
public enum PlaybackControl: Hashable, Sendable {
    /// Play where paused (from the start where it ended), pause where playing.
    case togglePause
    /// To this many seconds in.
    case seek(to: Double)
    /// Forward (back, negative) this many seconds.
    case skip(by: Double)
    case toStart
    case toEnd
    /// Louder (quieter, negative) by this much of the whole (0…1).
    case changeVolume(by: Double)
    case toggleMute
}

extension PictureSource {
    /// A source that decodes photos whole only.
    public func decodesParts(at index: Int) -> Bool { false }
    /// A source that works out no looks.
    public func wantLooks(_ looks: Set<PictureLook>) {}
    public func look(_ look: PictureLook, at index: Int) -> ImageContent? { nil }
    public func overlaid(_ looks: Set<PictureLook>, at index: Int) -> ImageContent? { nil }
    public func overlaidPart(_ looks: Set<PictureLook>, at index: Int, region: PixelRect) -> ImageContent? { nil }
    /// A source that plays no videos.
    public func playback(at index: Int) -> PlaybackState? { nil }
    public func control(_ control: PlaybackControl, at index: Int) -> Bool { false }
    public func showMoment(_ shown: Bool, at index: Int) -> Bool { false }
    public func momentProblem(at index: Int) -> String? { nil }
}

/// What moves in a photo of the album.
public enum PhotoMotion: Equatable, Sendable {
    /// A video, shown by its poster: its length in seconds once read (nil before).
    case video(seconds: Double?)
    /// A still with the moment around it: an iPhone's Live Photo (the still and its video).
    case live
    /// A still with the moment's video inside its file: a Pixel's or a Samsung's Motion Photo.
    case motionPhoto
}

/// The album as the views see it: its pictures, and what is known of its photos (facts,
/// marks, pairs, bursts, days, details, pixel sizes). The app's adapts the model and the
/// picture store; tests use an in-memory one.
public protocol PhotoSource: PictureSource {
    /// Photo `index`'s facts as lines to read, its file name first (the back of a card);
    /// nil while they are read: the source reads them and reloads its views once they arrive.
    func facts(at index: Int) -> [String]?
    /// Photo `index`'s marks (stars, pick or reject, label) as they stand.
    func marks(at index: Int) -> PhotoMarks
    /// "RAW+JPEG" where photo `index` is a camera's pair of files shown as one; else nil.
    func pairName(at index: Int) -> String?
    /// What moves in photo `index`: nil for a still.
    func motion(at index: Int) -> PhotoMotion?
    /// Photo `index`'s size in pixels, upright, as its file says (what 100 % is); nil until
    /// read: the source reads it and reloads its views once it arrives.
    func pixelSize(at index: Int) -> Size?
    /// The burst photo `index` is a frame of (photos of one moment, by time and look): its
    /// frames shown, by index, the sharpest first (by their focus measure), and the
    /// sharpest of them; nil outside a burst (or before the photos' looks are read).
    func burst(at index: Int) -> (frames: [Int], sharpest: Int)?
    /// Photo `index`'s details, a label and a value a row (the details panel); nil while they
    /// are read: the source reads them and reloads its views once they arrive.
    func details(at index: Int) -> [(label: String, value: String)]?
    /// The photos cut into days, in order, when the album is sorted by a date (the grid's
    /// timeline); nil in any other order.
    func daySections() -> [DaySection]?
    /// Where most of `photos` (a day's) were taken, in words ("Lisbon, Portugal"), as far
    /// as it is known yet; nil where none of them says.
    func place(ofPhotos photos: Range<Int>) -> String?
    /// Where the photos shown run as one burst, its frames together (the album groups
    /// bursts): index ranges of two or more, in order; empty when it does not.
    func burstRuns() -> [Range<Int>]
}

extension PhotoSource {
    /// A source of stills.
    public func motion(at index: Int) -> PhotoMotion? { nil }
    /// A source that cannot tell: views zoom relative to the picture they have.
    public func pixelSize(at index: Int) -> Size? { nil }
    /// A source that knows no bursts.
    public func burst(at index: Int) -> (frames: [Int], sharpest: Int)? { nil }
    /// A source without dates: no timeline.
    public func daySections() -> [DaySection]? { nil }
    /// A source that knows no places.
    public func place(ofPhotos photos: Range<Int>) -> String? { nil }
    /// A source that does not group bursts.
    public func burstRuns() -> [Range<Int>] { [] }
    /// A source that knows only names.
    public func details(at index: Int) -> [(label: String, value: String)]? {
        index < photoCount ? [(label: "", value: fileName(at: index))] : nil
    }
}

/// A view's wants as it holds them: sent on only when they change, and let go when the
/// view leaves the screen (or its source changes).
public struct PictureWants {
    private var demand: PictureDemand?
    private weak var demandSource: PictureSource?
    public private(set) var requests: [PictureRequest] = []
    /// True while something opaque covers the view (the full-screen pager over the album):
    /// its pictures are wanted ahead only, after whatever is shown, no larger than
    /// `largestCoveredSide`, and nothing plays.
    public private(set) var isCovered = false

    /// The largest picture a covered view is given of a photo: a thumbnail the shared cache
    /// keeps (x-large). Enough to show at once when the pager flies home, where the pager's
    /// own picture of the photo in hand stands in until the view's sharper one comes; a
    /// culling pager's 1824 px cards, decoded behind the pager at each page turn for no one,
    /// took the processor the pager's next photos need.
    public static let largestCoveredSide = 512

    public init() {}

    public mutating func want(_ requests: [PictureRequest], from source: PictureSource?) {
        if requests.isEmpty && demand == nil { return }
        if source !== demandSource || demand == nil {
            demand = source?.makePictureDemand()
            demandSource = source
            self.requests = []
        }
        guard requests != self.requests else { return }
        self.requests = requests
        demand?.want(sent)
    }

    public mutating func setCovered(_ covered: Bool) {
        guard covered != isCovered else { return }
        isCovered = covered
        if !requests.isEmpty { demand?.want(sent) }
    }

    /// The requests as the source gets them.
    private var sent: [PictureRequest] {
        guard isCovered else { return requests }
        var seen = Set<PictureRequest>()
        return requests.compactMap { request in
            guard let size = request.size.atMost(Self.largestCoveredSide) else { return nil }
            let covered = PictureRequest(index: request.index, size: size, priority: .ahead)
            return seen.insert(covered).inserted ? covered : nil
        }
    }

    /// Lets every picture go (the demand is dropped).
    public mutating func release() {
        demand = nil
        requests = []
    }
}
