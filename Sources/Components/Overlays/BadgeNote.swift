// SPDX-License-Identifier: GPL-3.0-or-later
import Localization
import PhotoSources

extension PhotoSource {
    /// The small words on a photo's badge, in every view: "▶ 0:42" for a video (its length
    /// once read), "RAW+JPEG" for a camera's pair shown as one, "Sharpest" for the sharpest
    /// frame of a burst (once the album's looks are read), each that is true.
    func badgeNote(at index: Int) -> String? {
        let sharpest = burst(at: index)?.sharpest == index ? localized("Sharpest") : nil
        let parts = [motionNote(at: index), pairName(at: index), sharpest].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

extension PhotoSource {
    /// "▶ 0:42" for a video, "▶" until its length is read; "LIVE" for a Live Photo (Apple's
    /// own word on the badge, untranslated as Apple leaves it), "MOTION" for a Motion Photo;
    /// nil for a still.
    func motionNote(at index: Int) -> String? {
        switch motion(at: index) {
        case .video(let seconds?): "▶ " + Language.playingTime(seconds)
        case .video(nil): "▶"
        case .live: "LIVE"
        // TRANSLATORS: the badge on a phone's Motion Photo (a still with a few seconds of video).
        case .motionPhoto: localized("MOTION")
        case nil: nil
        }
    }
}
