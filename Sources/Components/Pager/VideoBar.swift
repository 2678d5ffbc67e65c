// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Gestures
import Localization
import PhotoSources
import ViewTree

/// A video's bar in the pager, bottom centre on a dark pill: play or pause, where it is and
/// how long it is ("0:03 / 0:42"), and a track to click or drag to go anywhere in it. It
/// shows while the video in front plays in place, and fades with the caption.
final class VideoBar: View {
    static let margin = 16.0
    static let height = 40.0
    static let widest = 560.0
    static let buttonSide = 28.0
    static let textSize = 13.0
    static let trackHeight = 4.0
    static let gap = 12.0
    static let trackColor = Color(white: 1, alpha: 0.3)

    /// What a click or a drag on it asks.
    var onControl: ((PlaybackControl) -> Void)?

    private let playGlyph = View()
    private let pauseBars = [View(), View()]
    private let timeLabel = View()
    private let track = View()
    private let played = View()
    private var state: PlaybackState?
    private var shownText: String?
    private var textWidth = 0.0

    private(set) lazy var tap = TapGestureRecognizer { [unowned self] in
        guard $0.state == .recognized, let point = $0.location(in: self) else { return }
        if point.x < Self.margin + Self.buttonSide + Self.gap / 2 { onControl?(.togglePause) } else { seek(to: point) }
    }
    private(set) lazy var drag = PanGestureRecognizer { [unowned self] in
        guard [.began, .changed, .ended].contains($0.state), let point = $0.location(in: self) else { return }
        seek(to: point)
    }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        name = "video bar"
        PillStyle.standard.apply(to: self)
        for part in [playGlyph, timeLabel, track, played] + pauseBars { part.isUserInteractionEnabled = false }
        for bar in pauseBars { bar.backgroundColor = .white }
        track.backgroundColor = Self.trackColor
        played.backgroundColor = .white
        track.cornerRadius = Self.trackHeight / 2
        played.cornerRadius = Self.trackHeight / 2
        addSubview(playGlyph)
        for bar in pauseBars { addSubview(bar) }
        addSubview(timeLabel)
        addSubview(track)
        addSubview(played)
        isHidden = true
    }

    func attach(to context: ComponentContext) {
        context.arena.add(tap, to: self)
        context.arena.add(drag, to: self)
    }

    /// What the bar says of the video in front; nil hides it.
    var playback: PlaybackState? { state }

    /// Shows `state` (nil: no video plays in front), at the bottom of `bounds`.
    func show(_ state: PlaybackState?, in area: Rect, labels: LabelRenderer?) {
        self.state = state
        guard let state else { isHidden = true; return }
        isHidden = false
        let text = Self.text(of: state)
        if text != shownText, let rendered = labels?.label(text, pointSize: Self.textSize, color: .white) {
            shownText = text
            timeLabel.content = rendered.content
            timeLabel.bounds = Rect(origin: .zero, size: rendered.size)
            textWidth = rendered.size.width
        }
        if playGlyph.content == nil, let glyph = labels?.label("▶", pointSize: 16, color: .white) {
            playGlyph.content = glyph.content
            playGlyph.bounds = Rect(origin: .zero, size: glyph.size)
        }
        let width = min(Self.widest, area.width - 2 * Self.margin)
        frame = Rect(x: (area.midX - width / 2).rounded(), y: (area.maxY - Self.margin - Self.height).rounded(), width: width, height: Self.height)
        let middle = Self.height / 2
        let button = Rect(x: Self.margin, y: middle - Self.buttonSide / 2, width: Self.buttonSide, height: Self.buttonSide)
        playGlyph.center = Point(x: button.midX, y: button.midY)
        playGlyph.isHidden = state.isPlaying
        for (index, bar) in pauseBars.enumerated() {
            bar.frame = Rect(x: button.midX - 6 + Double(index) * 8, y: button.midY - 7, width: 4, height: 14)
            bar.isHidden = !state.isPlaying
        }
        timeLabel.frame = Rect(x: button.maxX + Self.gap, y: (middle - timeLabel.bounds.height / 2).rounded(),
                               width: timeLabel.bounds.width, height: timeLabel.bounds.height)
        let trackStart = timeLabel.frame.maxX + Self.gap
        let trackWidth = max(0, width - trackStart - Self.margin)
        track.frame = Rect(x: trackStart, y: middle - Self.trackHeight / 2, width: trackWidth, height: Self.trackHeight)
        let fraction = state.length > 0 ? min(1, max(0, state.position / state.length)) : 0
        played.frame = Rect(x: trackStart, y: middle - Self.trackHeight / 2, width: (trackWidth * fraction).rounded(), height: Self.trackHeight)
        track.isHidden = state.problem != nil
        played.isHidden = state.problem != nil
    }

    /// "0:03 / 0:42", and what is wrong where something is.
    static func text(of state: PlaybackState) -> String {
        // TRANSLATORS: over a video Flick cannot play; the reason is the player's, in English.
        if let problem = state.problem { return localized("Cannot play: {reason}", ["reason": problem]) }
        var text = "\(Language.playingTime(state.position)) / \(Language.playingTime(state.length))"
        // TRANSLATORS: on a video's bar, where it has sound but no audio output would open.
        if state.soundUnavailable { text += " · " + localized("no sound here") } else if state.isMuted { text += " · " + localized("muted") }
        return text
    }

    /// The point's place along the track, as a time to go to.
    private func seek(to point: Point) {
        guard let state, state.length > 0, track.frame.width > 0 else { return }
        let fraction = min(1, max(0, (point.x - track.frame.minX) / track.frame.width))
        onControl?(.seek(to: fraction * state.length))
    }
}
