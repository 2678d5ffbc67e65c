// SPDX-License-Identifier: GPL-3.0-or-later
import Localization
import PhotoSources

extension PhotoSource {
    /// The small words on a photo's badge, in every view: "RAW+JPEG" for a camera's pair
    /// shown as one, "Sharpest" for the sharpest frame of a burst (once the album's looks
    /// are read), both where both are true.
    func badgeNote(at index: Int) -> String? {
        let sharpest = burst(at: index)?.sharpest == index ? localized("Sharpest") : nil
        let parts = [pairName(at: index), sharpest].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
