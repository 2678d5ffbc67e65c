// SPDX-License-Identifier: GPL-3.0-or-later
import Geometry
import PhotoSources
import Pixels
import ViewTree

/// A photo as it is drawn now: which one, and where all of it lies in the window (also
/// what is cut off by its pane or the screen).
public struct ShownPhoto: Equatable, Sendable {
    public var index: Int
    public var frameInWindow: Rect
    /// What stands for it until sharper comes (the picture it is drawn with).
    public var picture: ImageContent?

    public init(index: Int, frameInWindow: Rect, picture: ImageContent?) {
        self.index = index
        self.frameInWindow = frameInWindow
        self.picture = picture
    }
}

/// A view that can say which photo is under the pointer (the pager, Compare's panes).
public protocol PhotoUnderPointer: AnyObject {
    func shownPhoto(at locationInWindow: Point) -> ShownPhoto?
}

/// A square magnifier under the pointer (square: a child is clipped to its parent's
/// rectangle, not its rounded corners), showing the photo beneath it at 100 % (one photo
/// pixel a device pixel) or 200 %, from a part decoded at full scale as Z's is; the
/// picture already drawn, enlarged, stands in until that part comes. With clipping or
/// peaking on, the part shows them painted in, worked out from its own pixels.
public final class LoupeView: View, LookShowing {
    /// Its side, in points.
    public static let diameter = 260.0
    public static let ringColour = Color(white: 0.92)
    public static let ringWidth = 2.0
    /// How far the part asked reaches past the loupe, as a share of it, so that a small
    /// move of the pointer asks nothing new.
    static let margin = 0.5
    static let grid = 64

    private let context: ComponentContext
    public weak var source: PhotoSource? {
        didSet { pictures.release() }
    }
    private let image = View()
    /// Drawn over the picture, so the loupe's edge shows on any photo.
    private let ring = View()
    private var pictures = PictureWants()
    /// The part asked, and of which photo.
    private var part: (index: Int, rect: PixelRect)?
    /// Device pixels per photo pixel: 1 is 100 %.
    public private(set) var magnification = 1.0
    public private(set) var isOn = false
    public var looks: Set<PictureLook> = [] {
        didSet { if looks != oldValue { refresh() } }
    }
    private var following: (photo: ShownPhoto?, location: Point)?

    public init(context: ComponentContext) {
        self.context = context
        super.init()
        name = "loupe"
        isUserInteractionEnabled = false
        isHidden = true
        clipsToBounds = true
        backgroundColor = Color(white: 0.1)
        image.name = "loupe photo"
        image.isUserInteractionEnabled = false
        addSubview(image)
        ring.name = "loupe ring"
        ring.isUserInteractionEnabled = false
        ring.borderColor = Self.ringColour
        ring.borderWidth = Self.ringWidth
        addSubview(ring)
    }

    /// Shows the loupe at `magnification` (1: 100 %, 2: 200 %) from the next `follow`.
    public func turnOn(magnification: Double) {
        self.magnification = magnification
        isOn = true
    }

    public func turnOff() {
        isOn = false
        isHidden = true
        following = nil
        part = nil
        image.content = nil
        pictures.release()
    }

    /// Over `photo` at `location` (window points); hidden where no photo is under it.
    public func follow(_ photo: ShownPhoto?, at location: Point) {
        following = (photo, location)
        refresh()
    }

    /// Pictures arrived: the sharper one is shown.
    public func reloadData() { refresh() }

    private func refresh() {
        guard isOn, let (photo, location) = following, let photo, let source, photo.frameInWindow.contains(location),
              photo.frameInWindow.width > 0, let pixels = source.pixelSize(at: photo.index),
              let centre = superview?.convert(location, from: nil) else {
            isHidden = true
            return
        }
        isHidden = false
        let side = Self.diameter
        frame = Rect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side)
        ring.frame = bounds
        // The pointer's point of the photo, in its pixels, and points per photo pixel.
        let frameInWindow = photo.frameInWindow
        let point = Point(x: (location.x - frameInWindow.minX) / frameInWindow.width * pixels.width,
                          y: (location.y - frameInWindow.minY) / frameInWindow.height * pixels.height)
        let scale = magnification / context.pixelScale
        let wanted = partAround(point, reach: side / 2 / scale, pixels: pixels, index: photo.index)
        let size: PictureSize = source.decodesParts(at: photo.index) ? .region(wanted)
            : .within(width: FullScreenPager.maximumDecodeSide, height: FullScreenPager.maximumDecodeSide)
        pictures.want([PictureRequest(index: photo.index, size: size, priority: .instant)], from: source)
        let picture = source.picture(at: photo.index, size: size)
        if case let .ready(part) = picture, case .region = size {
            show(source.overlaidPart(looks, at: photo.index, region: wanted) ?? part, covering: Rect(x: Double(wanted.x), y: Double(wanted.y), width: Double(wanted.width), height: Double(wanted.height)),
                 around: point, scale: scale)
        } else if let whole = picture.image ?? photo.picture {
            show(whole, covering: Rect(origin: .zero, size: pixels), around: point, scale: scale)
        } else {
            image.content = nil
        }
    }

    /// `picture`, which shows `covered` of the photo (in its pixels), with `point` of the
    /// photo at the loupe's centre.
    private func show(_ picture: ImageContent, covering covered: Rect, around point: Point, scale: Double) {
        var picture = picture
        picture.mode = .fill
        image.content = picture
        image.frame = Rect(x: Self.diameter / 2 + (covered.minX - point.x) * scale, y: Self.diameter / 2 + (covered.minY - point.y) * scale,
                           width: covered.width * scale, height: covered.height * scale)
    }

    /// The part of the photo to ask for: what the loupe shows round `point` (`reach`
    /// photo pixels each way), and a margin, on a grid; the one asked before while what
    /// shows stays inside it.
    private func partAround(_ point: Point, reach: Double, pixels: Size, index: Int) -> PixelRect {
        func clamped(_ rect: Rect) -> PixelRect {
            let grid = Double(Self.grid)
            let x0 = max(0, (rect.minX / grid).rounded(.down) * grid), y0 = max(0, (rect.minY / grid).rounded(.down) * grid)
            let x1 = min(pixels.width, (rect.maxX / grid).rounded(.up) * grid), y1 = min(pixels.height, (rect.maxY / grid).rounded(.up) * grid)
            return PixelRect(x: Int(x0), y: Int(y0), width: max(Int(x1 - x0), 1), height: max(Int(y1 - y0), 1))
        }
        let shown = clamped(Rect(x: point.x - reach, y: point.y - reach, width: 2 * reach, height: 2 * reach))
        if let part, part.index == index, part.rect.contains(shown) { return part.rect }
        let reachWithMargin = reach * (1 + Self.margin)
        let rect = clamped(Rect(x: point.x - reachWithMargin, y: point.y - reachWithMargin, width: 2 * reachWithMargin, height: 2 * reachWithMargin))
        part = (index, rect)
        return rect
    }
}
