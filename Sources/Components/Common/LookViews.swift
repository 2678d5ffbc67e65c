// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import Pixels
import PhotoSources
import ViewTree

/// A view that shows a photographer's looks over its photos (the pager, Compare, the
/// culling pager).
public protocol LookShowing: AnyObject {
    var looks: Set<PictureLook> { get set }
}

extension PictureSource {
    /// The histogram of photo `index` while `looks` show one: of a RAW's sensor where that
    /// was asked (Shift+H), the pixels' standing in until it comes; else of the pixels.
    func histogram(_ looks: Set<PictureLook>, at index: Int) -> ImageContent? {
        guard looks.contains(.histogram) else { return nil }
        if looks.contains(.sensorLevels), let sensor = look(.sensorLevels, at: index) { return sensor }
        return look(.histogram, at: index)
    }
}

extension PictureSource {
    /// Photo `index`'s picture with the looks in `looks` painted in, to draw in place of
    /// `picture` (the one shown): never in place of a sharper one, such as the whole photo
    /// decoded for 100 % (the painted picture is of the photo's picture for the screen).
    /// Nil while nothing is shown, or it is not there.
    func painted(_ looks: Set<PictureLook>, at index: Int, over picture: ImageContent?) -> ImageContent? {
        guard let picture, let painted = overlaid(looks, at: index), painted.pixelSize.width >= picture.pixelSize.width - 1 else { return nil }
        return painted
    }
}

/// A look laid over a whole photo (where it clips, where it is sharp): the photo's size
/// and place, whatever its zoom, clear where the look has nothing to say.
final class LookLayer: View {
    init(_ look: PictureLook) {
        super.init(frame: .zero)
        name = "\(look) layer"
        isUserInteractionEnabled = false
        isHidden = true
    }

    func show(_ picture: ImageContent?) { showStretched(picture) }
}

extension View {
    /// `picture` stretched over the whole view, which is hidden while there is none.
    func showStretched(_ picture: ImageContent?) {
        var stretched = picture
        stretched?.mode = .fill
        guard stretched != content || isHidden != (picture == nil) else { return }
        content = stretched
        isHidden = picture == nil
    }
}

/// The looks laid over one photo, in the order they are painted (peaking over clipping).
final class LookLayers {
    let layers = PictureLook.laidOver.map { LookLayer($0) }

    /// Shows what `source` has drawn of photo `index` for the looks in `shown`; true when
    /// every one of them has its layer.
    @discardableResult
    func show(_ shown: Set<PictureLook>, of index: Int, from source: PictureSource?) -> Bool {
        var all = true
        for (look, layer) in zip(PictureLook.laidOver, layers) {
            let picture = shown.contains(look) ? source?.look(look, at: index) : nil
            layer.show(picture)
            if shown.contains(look) && picture == nil { all = false }
        }
        return all
    }

    func hide() { for layer in layers { layer.show(nil) } }

    /// The looks in `shown` over photo `index` with `part` (a part at full scale, or none)
    /// laid over it: painted into the part where `source` has that, else carried by the
    /// photo's painted picture where no part is laid over (`paintedWhole`), else as these
    /// layers. True when the layers show every look: the photo is then drawn as it is, not
    /// painted twice.
    @discardableResult
    func show(_ shown: Set<PictureLook>, of index: Int, from source: PictureSource?, over part: DetailOverlay, paintedWhole: Bool) -> Bool {
        let paintedPart = part.detail.flatMap { source?.overlaidPart(shown, at: index, region: $0.rect) }
        part.paint(paintedPart)
        let carried = part.detail == nil ? paintedWhole : paintedPart != nil
        if carried {
            hide()
            return false
        }
        return show(shown, of: index, from: source)
    }
}

/// The histogram of the photo in hand, small in a corner, on its own dark ground.
public final class HistogramView: View {
    /// Its size in points: the graph's own pixels, at most.
    public static let size = Size(width: 256, height: 100)
    public static let margin = 16.0
    public static let cornerRadius = 6.0

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        name = "histogram"
        isUserInteractionEnabled = false
        isHidden = true
        cornerRadius = Self.cornerRadius
        clipsToBounds = true
    }

    public func show(_ graph: ImageContent?) { showStretched(graph) }

    /// In the top right corner of `area`.
    public func place(in area: Rect) {
        frame = Rect(x: area.maxX - Self.size.width - Self.margin, y: area.minY + Self.margin, width: Self.size.width, height: Self.size.height)
    }
}
