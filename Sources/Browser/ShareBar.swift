// SPDX-License-Identifier: GPL-3.0-or-later
import Components
import Geometry
import Gestures
import Localization
import Marks
import ViewTree

/// Sharing copies of the photo in hand, or of the photos chosen together: at the top of
/// the album, how big (a long side; S goes round the sizes) and with which metadata (M),
/// then Save to Folder (Enter) or Email (E); Esc or Cancel leaves. The copies are JPEGs;
/// the originals are only read. The choice is kept for the next share.
public final class ShareBar: View {
    static let topMargin = DateBar.topMargin

    private let context: ComponentContext
    private let pill = MessagePill(name: "share")
    private let sizeButton = LabelButton(title: "")
    private let metadataButton = LabelButton(title: "")
    private let saveButton = LabelButton(title: localized("Save to Folder"))
    private let mailButton = LabelButton(title: localized("Email"))
    private let cancelButton = LabelButton(title: localized("Cancel"))
    /// The photos it shares (indices, in order); none while it is away.
    public private(set) var photos: [Int] = []
    /// How the copies are made; the app remembers it.
    public var copy = SharedCopy() {
        didSet { refresh() }
    }
    /// Copies asked for: into the folder (`mailing` false) or for the mail program.
    var onShare: ((SharedCopy, _ mailing: Bool, [Int]) -> Void)?

    public var isShown: Bool { !photos.isEmpty }

    init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "share bar"
        pill.attach(to: self)
        for (button, name, action) in [(sizeButton, "share size button", { [unowned self] in copy.longSide = copy.nextSize }),
                                       (metadataButton, "share metadata button", { [unowned self] in copy.metadata = copy.nextMetadata }),
                                       (saveButton, "share save button", { [unowned self] in share(mailing: false) }),
                                       (mailButton, "share email button", { [unowned self] in share(mailing: true) }),
                                       (cancelButton, "share cancel button", { [unowned self] in close() })] as [(LabelButton, String, () -> Void)] {
            button.name = name
            button.attach(to: context, action: action)
            addSubview(button)
        }
        isHidden = true
    }

    func begin(_ photos: [Int]) {
        guard !photos.isEmpty else { return }
        self.photos = photos
        refresh()
    }

    func close() {
        photos = []
        refresh()
    }

    /// Every key is the bar's while it is up, but for commands (Ctrl+Q).
    func handleKey(_ key: KeyEvent) -> Bool {
        guard isShown else { return false }
        if TypedLine.isCommand(key) { return false }
        switch key.key {
        case .escape: close()
        case .enter: share(mailing: false)
        case .character("e"): share(mailing: true)
        case .character("s"): copy.longSide = copy.nextSize
        case .character("m"): copy.metadata = copy.nextMetadata
        default: break
        }
        return true
    }

    private func share(mailing: Bool) {
        let chosen = photos
        close()
        onShare?(copy, mailing, chosen)
    }

    private func refresh() {
        isHidden = !isShown
        superview?.setNeedsLayout()
        guard isShown else { return }
        pill.text.text = photos.count == 1 ? localized("Share a copy (S size, M metadata):")
            : localizedPlural("Share copies of {count} photo (S size, M metadata):", "Share copies of {count} photos (S size, M metadata):", count: photos.count)
        sizeButton.title = copy.sizeTitle
        metadataButton.title = copy.metadata.title
    }

    /// Top centre of `area`.
    func place(in area: Rect) {
        guard isShown else { return }
        pill.place(self, buttons: [sizeButton, metadataButton, saveButton, mailButton, cancelButton], in: area, bottomMargin: 0, labels: context.labels)
        center = Point(x: center.x, y: (area.minY + Self.topMargin + bounds.height / 2).rounded())
    }
}
