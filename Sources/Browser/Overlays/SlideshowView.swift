// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Gestures
import Localization
import Motion
import PhotoSources
import ViewTree

/// What a key asks of the slideshow while it plays.
public enum SlideshowAction: Hashable, Sendable {
    case togglePause
    /// The next (1) or previous (−1) photo.
    case step(Int)
    /// Slower (1) or faster (−1).
    case changePace(Int)
    case toggleDrift
    case end
}

/// The album played for people on a sofa: one photo at a time, fitted on black, the next
/// crossfading in every few seconds. The next photo is decoded while this one shows, and a
/// photo that is not ready when its time comes is waited for, never shown half there.
/// Space pauses, Left/Right step, + and − change the pace (said briefly), a click or Esc
/// ends it where it is (`onEnd`).
public final class SlideshowView: View {
    /// The paces + and − step through, in seconds a photo.
    public static let intervals: [Seconds] = [2, 3, 5, 8, 12]
    public static let defaultInterval = 2
    public static let crossfadeSeconds: Seconds = 0.8
    public static let crossfade = Timing.easeInOut(crossfadeSeconds)
    public static let noteTiming = Timing.easeOut(0.2)
    public static let noteShown: Seconds = 1.5
    public static let notePointSize = 15.0

    private let context: ComponentContext
    public weak var source: PhotoSource?
    /// The slideshow ended on photo `index` (the view and the pager take it in hand).
    public var onEnd: ((Int) -> Void)?

    public private(set) var isPlaying = false
    public private(set) var isPaused = false
    /// The photo shown (or fading in).
    public private(set) var index = 0
    public private(set) var intervalStep = SlideshowView.defaultInterval
    /// A gentle zoom across each photo while it shows (M; off unless asked for, and never
    /// while the desktop asks for less motion).
    public var drifts = false
    /// How much larger a drifting photo ends than it starts.
    public static let driftScale = 1.06
    public var interval: Seconds { Self.intervals[intervalStep] }

    /// The photo on screen (photo `shownIndex`), and the one crossfading in over it.
    private var shown = View()
    private var shownIndex = 0
    private var incoming: View?
    private let note = TextView()
    private var pictures = PictureWants()
    /// Its time has come, but its picture has not: it goes in when the picture does.
    private var waitingForPicture = false
    private lazy var advance = context.scheduler.task { [unowned self] in next() }
    private lazy var hideNote = context.scheduler.task { [unowned self] in
        context.animator.animate(note, \.animatedOpacity, to: 0, timing: Self.noteTiming)
    }
    private lazy var click = TapGestureRecognizer { [unowned self] in if $0.state == .recognized { end() } }

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "slideshow"
        backgroundColor = .black
        isHidden = true
        clipsToBounds = true
        for view in [shown] { view.isUserInteractionEnabled = false }
        addSubview(shown)
        note.name = "slideshow note"
        note.pointSize = Self.notePointSize
        note.textColor = Color(white: 0.9)
        note.opacity = 0
        note.isUserInteractionEnabled = false
        addSubview(note)
        context.arena.add(click, to: self)
    }

    /// The photos played, in order, where not the whole album (On this day's year).
    public private(set) var playlist: [Int]?

    /// Plays from photo `index`: the whole album, or only `playlist`'s photos.
    public func start(at index: Int, playing playlist: [Int]? = nil) {
        guard let source, index >= 0, index < source.photoCount else { return }
        self.playlist = playlist.flatMap { $0.isEmpty ? nil : $0.filter { $0 >= 0 && $0 < source.photoCount } }
        self.index = index
        isPlaying = true
        isPaused = false
        isHidden = false
        incoming?.removeFromSuperview()
        incoming = nil
        shownIndex = index
        shown.name = "slideshow photo \(index)"
        setNeedsLayout()
        layoutIfNeeded()
        advance.reschedule(after: interval)
    }

    /// Stops, and says where.
    public func end() {
        guard isPlaying else { return }
        isPlaying = false
        isHidden = true
        advance.cancel()
        waitingForPicture = false
        pictures.release()
        onEnd?(index)
    }

    /// The next photo's turn: it crossfades in once its picture is here (after the last,
    /// the first again).
    private func next() {
        guard isPlaying, !isPaused, let count = source?.photoCount, count > 0 else { return }
        // A video plays to its end, or through its first half minute, before the next turn.
        if let playback = source?.playback(at: index), playback.isPlaying, playback.position < Self.longestVideo {
            advance.reschedule(after: Self.videoCheck)
            return
        }
        step(to: neighbour(of: index, by: 1, in: count))
    }

    /// How much of a video the slideshow plays, in seconds, and how often it looks whether
    /// the video is done.
    public static let longestVideo: Seconds = 30
    static let videoCheck: Seconds = 0.25

    /// The photo `step` places after (or before) `index`: in the playlist, or the album,
    /// round from the last to the first.
    private func neighbour(of index: Int, by step: Int, in count: Int) -> Int {
        guard let playlist, !playlist.isEmpty else { return (index + step + count) % count }
        let position = playlist.firstIndex(of: index) ?? 0
        return playlist[(position + step + playlist.count) % playlist.count]
    }

    /// Photo `target` crossfades in (when its picture is ready; until then it is waited for).
    private func step(to target: Int) {
        guard let source, target >= 0, target < source.photoCount else { return }
        index = target
        guard picture(of: target) != nil else {
            waitingForPicture = true
            requestPictures()
            return
        }
        waitingForPicture = false
        let view = View()
        view.isUserInteractionEnabled = false
        view.name = "slideshow photo \(target)"
        view.opacity = 0
        insertSubview(view, above: shown)
        incoming?.removeFromSuperview()
        incoming = view
        layoutPhoto(view, index: target)
        drift(view)
        context.animator.animate(view, \.animatedOpacity, to: 1, timing: Self.crossfade) { [weak self, weak view] outcome in
            guard let self, let view, outcome == .finished, self.incoming === view else { return }
            self.shown.removeFromSuperview()
            self.shown = view
            self.shownIndex = target
            self.incoming = nil
        }
        requestPictures()
        if !isPaused { advance.reschedule(after: interval) }
    }

    /// A slow zoom in across the photo's time on screen, where asked for.
    private func drift(_ view: View) {
        view.transform = .identity
        guard drifts, !context.animator.reducesMotion else { return }
        context.animator.animate(view, \.animatedTransform, to: .scale(x: Self.driftScale, y: Self.driftScale),
                                 timing: .linear(interval + Self.crossfadeSeconds))
    }

    /// The photo's picture at the screen's size, if it is here.
    private func picture(of index: Int) -> ImageContent? {
        source?.picture(at: index, size: screenSize).image
    }

    private var screenSize: PictureSize {
        .within(width: Int((bounds.width * context.pixelScale).rounded(.up)), height: Int((bounds.height * context.pixelScale).rounded(.up)))
    }

    /// The photo shown and the next at the screen's size, the one before after them.
    private func requestPictures() {
        guard let count = source?.photoCount, count > 0, bounds.width > 0 else { return }
        // The photo shown plays, where it is a video.
        var requests = [PictureRequest(index: index, size: screenSize, priority: .visible, plays: true)]
        let next = neighbour(of: index, by: 1, in: count), previous = neighbour(of: index, by: -1, in: count)
        if next != index { requests.append(PictureRequest(index: next, size: screenSize, priority: .nearby)) }
        if previous != index && previous != next { requests.append(PictureRequest(index: previous, size: screenSize, priority: .ahead)) }
        pictures.want(requests, from: source)
    }

    private func layoutPhoto(_ view: View, index: Int) {
        guard let image = picture(of: index) else { return }
        var content = image
        content.mode = .fill
        view.content = content
        view.frame = PhotoZoom.fitted(imageSize: image.pixelSize, in: bounds.size)
    }

    /// Pictures arrived: the photo waited for goes in; the one shown gets its sharper copy.
    public func reloadData() {
        guard isPlaying else { return }
        if waitingForPicture, picture(of: index) != nil { step(to: index) }
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        guard isPlaying else { return }
        layoutPhoto(shown, index: shownIndex)
        if let incoming { layoutPhoto(incoming, index: index) }
        note.sizeToFit(maximumWidth: bounds.width - 40, labels: context.labels)
        note.frame = Rect(origin: Point(x: (bounds.width - note.bounds.width) / 2, y: bounds.height - note.bounds.height - 40), size: note.bounds.size)
        bringSubviewToFront(note)
        requestPictures()
    }

    /// Says `text` for a moment at the bottom.
    private func say(_ text: String) {
        note.text = text
        setNeedsLayout()
        context.animator.animate(note, \.animatedOpacity, to: 1, timing: Self.noteTiming)
        hideNote.reschedule(after: Self.noteShown)
    }

    /// Does what a key asked while the slideshow plays; false while it does not.
    public func perform(_ action: SlideshowAction) -> Bool {
        guard isPlaying, let count = source?.photoCount, count > 0 else { return false }
        switch action {
        case .togglePause:
            isPaused.toggle()
            if isPaused {
                advance.cancel()
                say(localized("Paused"))
            } else {
                advance.reschedule(after: interval)
                say(localized("Playing"))
            }
        case let .step(offset): step(to: neighbour(of: index, by: offset, in: count))
        case let .changePace(step): changePace(by: step)
        case .end: end()
        case .toggleDrift:
            drifts.toggle()
            say(drifts ? localized("Gentle motion on") : localized("Gentle motion off"))
        }
        return true
    }

    /// The pace closest to `seconds` (a remembered one).
    public func setPace(seconds: Seconds) {
        intervalStep = Self.intervals.indices.min { abs(Self.intervals[$0] - seconds) < abs(Self.intervals[$1] - seconds) } ?? Self.defaultInterval
    }

    private func changePace(by step: Int) {
        intervalStep = min(max(intervalStep + step, 0), Self.intervals.count - 1)
        say(localizedPlural("A photo every {count} second", "A photo every {count} seconds", count: Int(interval)))
        if !isPaused { advance.reschedule(after: interval) }
    }
}
