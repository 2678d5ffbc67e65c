// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Motion

/// A rectangle on screen: the one kind of node in Flick's view tree.
///
/// Geometry follows Core Animation: `center` places the view in its superview, `bounds`
/// gives its own coordinate space (origin = the point shown at the top-left, which is how
/// scrolling works), and `transform` turns the view about its centre. Subview order is
/// z-order: the last subview is in front.
///
/// Each animatable property has a model value (set at once) and a presentation value
/// (what is on screen); `presentation` gives the latter, and drawing and hit testing use it.
open class View {
    public var animatedCenter: Animated<Point>
    public var animatedBounds: Animated<Rect>
    public var animatedTransform = Animated(Transform3D.identity)
    public var animatedOpacity = Animated(1.0)
    public var animatedBackgroundColor = Animated(Color.clear)
    public var animatedCornerRadius = Animated(0.0)
    public var animatedBorderWidth = Animated(0.0)
    public var animatedBorderColor = Animated(Color.clear)

    public var isHidden = false
    /// When false, the view and its subviews are not drawn (nor hit) while turned away
    /// from the viewer: a card's front and back are two single-sided views, back to back.
    public var isDoubleSided = true
    /// Content and subviews outside the bounds are not drawn and do not receive the pointer.
    public var clipsToBounds = false
    /// When false, the view and its subviews are skipped by hit testing.
    public var isUserInteractionEnabled = true
    public var content: ImageContent?
    /// A checkerboard is drawn behind the content: the backdrop of a picture with
    /// transparency, on which black and white parts both show.
    public var showsCheckerboard = false
    /// A name for tests and debugging.
    public var name: String?

    public private(set) weak var superview: View?
    public private(set) var subviews: [View] = []
    public private(set) var needsLayout = true
    /// Live `ViewHold`s on this view.
    var holdCount = 0

    public init(frame: Rect = .zero) {
        animatedCenter = Animated(frame.center)
        animatedBounds = Animated(Rect(origin: .zero, size: frame.size))
    }

    // MARK: Model values

    public var center: Point {
        get { animatedCenter.model }
        set { animatedCenter.set(newValue) }
    }

    public var bounds: Rect {
        get { animatedBounds.model }
        set {
            if newValue.size != animatedBounds.model.size { setNeedsLayout() }
            animatedBounds.set(newValue)
        }
    }

    public var transform: Transform3D {
        get { animatedTransform.model }
        set { animatedTransform.set(newValue) }
    }

    public var opacity: Double {
        get { animatedOpacity.model }
        set { animatedOpacity.set(newValue) }
    }

    public var backgroundColor: Color {
        get { animatedBackgroundColor.model }
        set { animatedBackgroundColor.set(newValue) }
    }

    public var cornerRadius: Double {
        get { animatedCornerRadius.model }
        set { animatedCornerRadius.set(newValue) }
    }

    public var borderWidth: Double {
        get { animatedBorderWidth.model }
        set { animatedBorderWidth.set(newValue) }
    }

    public var borderColor: Color {
        get { animatedBorderColor.model }
        set { animatedBorderColor.set(newValue) }
    }

    /// The rectangle the view occupies in its superview, ignoring `transform` (UIKit's frame
    /// is the transformed bounding box; here a transformed view's frame means where it would
    /// be untransformed, which is what layout wants). Setting it sets centre and bounds size,
    /// each only if it changes: a layout pass that puts a view where it already is must not
    /// stop its running animations (a scroll view's glide lives in its bounds).
    public var frame: Rect {
        get { Rect(center: center, size: bounds.size) }
        set {
            if newValue.center != center { center = newValue.center }
            if newValue.size != bounds.size { bounds = Rect(origin: bounds.origin, size: newValue.size) }
        }
    }

    // MARK: Presentation

    /// What the view looks like on screen at the animator's current time.
    public struct Presentation: Sendable, Equatable {
        public var center: Point
        public var bounds: Rect
        public var transform: Transform3D
        public var opacity: Double
        public var backgroundColor: Color
        public var cornerRadius: Double
        public var borderWidth: Double
        public var borderColor: Color

        public var frame: Rect { Rect(center: center, size: bounds.size) }
    }

    public var presentation: Presentation {
        Presentation(center: animatedCenter.presentation, bounds: animatedBounds.presentation,
                     transform: animatedTransform.presentation, opacity: animatedOpacity.presentation,
                     backgroundColor: animatedBackgroundColor.presentation, cornerRadius: animatedCornerRadius.presentation,
                     borderWidth: animatedBorderWidth.presentation, borderColor: animatedBorderColor.presentation)
    }

    /// True while any of this view's own properties is animating.
    public var isAnimating: Bool {
        animatedCenter.isAnimating || animatedBounds.isAnimating || animatedTransform.isAnimating
            || animatedOpacity.isAnimating || animatedBackgroundColor.isAnimating || animatedCornerRadius.isAnimating
            || animatedBorderWidth.isAnimating || animatedBorderColor.isAnimating
    }

    // MARK: Hierarchy (subview order is z-order, back to front)

    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` in z-order (0 = at the back), moving it if it is already here.
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self && !isDescendant(of: view), "a view cannot contain itself")
        let isMove = view.superview === self
        if isMove {
            subviews.removeAll { $0 === view }
        } else {
            view.removeFromSuperview()
        }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        view.setNeedsLayout()
        if !isMove { view.didMoveToSuperview() }
    }

    public func insertSubview(_ view: View, above sibling: View) {
        guard sibling !== view else { return }
        view.removeFromSuperview()
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        insertSubview(view, at: index + 1)
    }

    public func insertSubview(_ view: View, below sibling: View) {
        guard sibling !== view else { return }
        view.removeFromSuperview()
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return insertSubview(view, at: 0) }
        insertSubview(view, at: index)
    }

    public func bringSubviewToFront(_ view: View) {
        guard view.superview === self else { return }
        addSubview(view)
    }

    public func sendSubviewToBack(_ view: View) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        didMoveToSuperview()
    }

    /// Called when the view joins a superview or leaves one (not when it only changes
    /// place among its siblings): a view that leaves the screen lets go of what it holds.
    open func didMoveToSuperview() {}

    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// This view and its superviews, nearest first.
    public var ancestry: [View] {
        var chain: [View] = []
        var current: View? = self
        while let v = current {
            chain.append(v)
            current = v.superview
        }
        return chain
    }

    /// The topmost ancestor: the window's root view when the view is on screen.
    public var root: View { ancestry.last ?? self }

    // MARK: Layout

    public func setNeedsLayout() { needsLayout = true }

    /// True if the bounds animated at the last layout pass.
    private var boundsWereAnimating = false

    /// Lays out this view if it asked to be, or while its bounds animate (a scroll: what is
    /// visible changes every frame) and once more when they stop, at their final value, then
    /// its subviews, top-down.
    public func layoutIfNeeded() {
        let boundsAnimating = animatedBounds.isAnimating
        if needsLayout || boundsAnimating || boundsWereAnimating {
            needsLayout = false
            layoutSubviews()
        }
        boundsWereAnimating = boundsAnimating
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Places the subviews; called by `layoutIfNeeded` after the bounds size changed or
    /// `setNeedsLayout`. Override it; the default does nothing.
    open func layoutSubviews() {}

    /// Whether `point` (in this view's coordinates) lies on the view, for hit testing.
    /// Override for shapes other than the bounds rectangle.
    open func point(inside point: Point) -> Bool {
        animatedBounds.presentation.contains(point)
    }
}
