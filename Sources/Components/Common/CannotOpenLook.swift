// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import ViewTree

/// How every view shows a photo that cannot be shown: a dull red tile saying why in a few
/// words ("cannot open", "too large", …).
enum CannotOpenLook {
    static let tileColor = Color(red: 0.28, green: 0.12, blue: 0.12)
    static let textColor = Color(white: 0.85)
    /// Behind the words where they lie over a picture (what arrived of a file cut short),
    /// so they read on any photo.
    static let backingOverPicture = Color(red: 0, green: 0, blue: 0, alpha: 0.6)
}

/// The words on a photo's tile saying why it cannot be shown; its owner centres it on the
/// tile. Hidden while there is nothing to say (or no font to say it with).
final class CannotOpenLabel: View {
    /// In its own coordinates: larger where its owner is drawn scaled down.
    var pointSize: Double {
        didSet { if pointSize != oldValue { shown = nil } }
    }
    private var shown: String?

    init(pointSize: Double) {
        self.pointSize = pointSize
        super.init()
        name = "cannot-open headline"
        isUserInteractionEnabled = false
        isHidden = true
    }

    /// Says `headline`, or nothing (nil); on a dark backing where it lies over a picture.
    func show(_ headline: String?, overPicture: Bool = false, labels: LabelRenderer?) {
        guard let headline else {
            isHidden = true
            return
        }
        backgroundColor = overPicture ? CannotOpenLook.backingOverPicture : .clear
        if headline != shown || content == nil {
            let rendered = labels?.label(headline, pointSize: pointSize, color: CannotOpenLook.textColor)
            content = rendered?.content
            bounds = Rect(origin: .zero, size: rendered?.size ?? .zero)
            shown = headline
        }
        isHidden = content == nil
    }
}
