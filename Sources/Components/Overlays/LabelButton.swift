// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Gestures
import ViewTree

/// A small pill with a word on it that does something when clicked ("Show all").
public final class LabelButton: View {
    /// Distance kept from the edges of the view it sits in.
    public static let margin = 16.0
    public static let textSize = 14.0
    public static let pill = PillStyle.standard

    /// Changed, it is rendered again at the next layout (a choice going round).
    public var title: String {
        didSet { if title != oldValue { label.content = nil } }
    }
    private let label = View()
    private var action: (() -> Void)?
    /// Its click, which a click handler of the view beneath should wait out.
    private(set) lazy var tap = TapGestureRecognizer { [unowned self] in
        if $0.state == .recognized { action?() }
    }

    public init(title: String) {
        self.title = title
        super.init()
        Self.pill.apply(to: self)
        label.isUserInteractionEnabled = false
        addSubview(label)
    }

    /// True once the title has been rendered (there is a font).
    public var hasTitle: Bool { label.content != nil }

    public func attach(to context: ComponentContext, action: @escaping () -> Void) {
        self.action = action
        context.arena.add(tap, to: self)
    }

    /// Renders the title once (again once it changed) and sizes the pill around it.
    public func update(labels: LabelRenderer?) {
        guard label.content == nil, let rendered = labels?.label(title, pointSize: Self.textSize, color: .white) else { return }
        label.name = "\(name ?? title) label"
        label.content = rendered.content
        let padding = Self.pill.padding
        label.frame = Rect(origin: Point(x: padding.left, y: padding.top), size: rendered.size)
        bounds = Rect(origin: .zero, size: Size(width: rendered.size.width + padding.horizontal, height: rendered.size.height + padding.vertical))
    }
}
