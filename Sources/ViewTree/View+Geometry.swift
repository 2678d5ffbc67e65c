// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry

/// Which of a view's values a question is about.
public enum ValueLayer: Sendable {
    /// What the program last set: where things will be once animations end.
    case model
    /// What is on screen now.
    case presentation
}

extension View {
    /// The map from this view's bounds coordinates into its superview's: undo the bounds
    /// origin, move the centre to the origin so the transform turns about it, apply the
    /// transform (flattened onto the superview's plane), then move to `center`.
    public func homographyToSuperview(_ layer: ValueLayer = .presentation) -> Homography {
        let (center, bounds, transform) = layer == .model
            ? (self.center, self.bounds, self.transform)
            : (animatedCenter.presentation, animatedBounds.presentation, animatedTransform.presentation)
        let toCentre = Homography.translation(x: -bounds.minX - bounds.width / 2, y: -bounds.minY - bounds.height / 2)
        let turned = transform.isIdentity ? toCentre : toCentre.concatenating(transform.homography)
        return turned.concatenating(.translation(x: center.x, y: center.y))
    }

    /// The map from this view's bounds coordinates into its root's (the window's).
    public func homographyToRoot(_ layer: ValueLayer = .presentation) -> Homography {
        var result = Homography.identity
        var current: View = self
        while let parent = current.superview {
            result = result.concatenating(current.homographyToSuperview(layer))
            current = parent
        }
        return result
    }

    /// `point` in this view's coordinates, seen in `view`'s (nil: the root's). Nil when the
    /// point has no image there (it projects behind the eye, or a view is collapsed flat).
    public func convert(_ point: Point, to view: View?, _ layer: ValueLayer = .presentation) -> Point? {
        guard let inRoot = homographyToRoot(layer).apply(to: point) else { return nil }
        guard let view else { return inRoot }
        return view.homographyToRoot(layer).inverted()?.apply(to: inRoot)
    }

    /// `point` in `view`'s coordinates (nil: the root's), seen in this view's.
    public func convert(_ point: Point, from view: View?, _ layer: ValueLayer = .presentation) -> Point? {
        let inRoot = view.map { $0.homographyToRoot(layer).apply(to: point) } ?? point
        guard let inRoot else { return nil }
        return homographyToRoot(layer).inverted()?.apply(to: inRoot)
    }

    /// The bounding box of `rect`'s corners once converted into `view`'s coordinates.
    public func convert(_ rect: Rect, to view: View?, _ layer: ValueLayer = .presentation) -> Rect? {
        let corners = rect.corners.compactMap { convert($0, to: view, layer) }
        return corners.count == 4 ? Rect(boundingPoints: corners) : nil
    }

    public func convert(_ rect: Rect, from view: View?, _ layer: ValueLayer = .presentation) -> Rect? {
        let corners = rect.corners.compactMap { convert($0, from: view, layer) }
        return corners.count == 4 ? Rect(boundingPoints: corners) : nil
    }

    /// Whether the view's front faces the viewer under `homography` (its map into the
    /// window): the projected corners keep their clockwise order on screen (y down). A view
    /// turned edge-on or past it, or partly behind the eye, does not.
    public func facesViewer(under homography: Homography) -> Bool {
        let corners = animatedBounds.presentation.corners.compactMap { homography.apply(to: $0) }
        guard corners.count == 4 else { return false }
        var twiceArea = 0.0
        for index in 0..<4 {
            let a = corners[index], b = corners[(index + 1) % 4]
            twiceArea += a.x * b.y - b.x * a.y
        }
        return twiceArea > 0
    }
}

