// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import Geometry
import PhotoLibrary
import Pixels
import Platform
import ViewTree

/// Draws a tree with the real compositor into memory and reads pixels back.
@Suite struct CompositorPixelTests {
    let canvas = OffscreenCanvas(width: 400, height: 300)!
    let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))

    /// Image content of one colour (BGRA bytes given as a Color), registered with the canvas.
    func solid(_ color: Color, width: Int = 64, height: Int = 64, opaque: Bool = true) -> ImageContent {
        let b = color.bytes
        let pixels = PixelBuffer(width: width, height: height, blue: b.blue, green: b.green, red: b.red, alpha: opaque ? 255 : b.alpha)
        return ImageContent(texture: canvas.textures.add(pixels), pixelSize: Size(width: Double(width), height: Double(height)),
                            isOpaque: opaque, mode: .fill)
    }

    /// An image whose left half is red and right half blue.
    func halves(width: Int = 200, height: Int = 100) -> ImageContent {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let left = x < width / 2
                bytes[i] = left ? 0 : 255; bytes[i + 1] = 0; bytes[i + 2] = left ? 255 : 0
            }
        }
        let pixels = PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: true)
        return ImageContent(texture: canvas.textures.add(pixels), pixelSize: Size(width: Double(width), height: Double(height)), mode: .fill)
    }

    func render() { canvas.draw(root.drawList()) }

    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    func isRed(_ c: Color) -> Bool { c.red > 0.8 && c.green < 0.2 && c.blue < 0.2 }
    func isBlue(_ c: Color) -> Bool { c.blue > 0.8 && c.red < 0.2 && c.green < 0.2 }
    func isBlack(_ c: Color) -> Bool { c.red < 0.05 && c.green < 0.05 && c.blue < 0.05 }

    /// A photo of 2×1 pixels (red, blue) enlarged 100 times.
    func enlargedTwoPixelPhoto(showsPixels: Bool) -> (left: Color, right: Color) {
        var content = halves(width: 2, height: 1)
        content.showsPixelsWhenEnlarged = showsPixels
        let photo = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        photo.content = content
        root.addSubview(photo)
        render()
        return (canvas.pixel(x: 90, y: 50), canvas.pixel(x: 110, y: 50))
    }

    @Test func aPhotoEnlargedPastItsPixelsShowsThemCrisp() {
        // Either side of the seam, 10 px away: each pixel is a square of its own colour.
        let (left, right) = enlargedTwoPixelPhoto(showsPixels: true)
        #expect(left == Self.red && right == Self.blue, "\(left) \(right)")
    }

    @Test func aStandInEnlargedIsSmoothed() {
        let (left, right) = enlargedTwoPixelPhoto(showsPixels: false)
        #expect(left != Self.red && left.red > left.blue && right != Self.blue && right.blue > right.red, "\(left) \(right)")
    }

    @Test func aCheckerboardShowsBehindTransparentBlackArtwork() {
        let photo = View(frame: Rect(x: 40, y: 40, width: 160, height: 160))
        photo.showsCheckerboard = true
        // Black artwork on a transparent ground: left half black, right half clear.
        var bytes = [UInt8](repeating: 0, count: 16 * 16 * 4)
        for y in 0..<16 { for x in 0..<8 { bytes[(y * 16 + x) * 4 + 3] = 255 } }
        photo.content = ImageContent(texture: canvas.textures.add(PixelBuffer(width: 16, height: 16, bytesPerRow: 64, bytes: bytes, isOpaque: false)),
                                     pixelSize: Size(width: 16, height: 16), isOpaque: false, mode: .fill)
        root.addSubview(photo)
        render()
        // The clear half shows squares of 8 pt: light, dark, light along a row.
        let a = canvas.pixel(x: 140, y: 44), b = canvas.pixel(x: 148, y: 44), c = canvas.pixel(x: 156, y: 44)
        #expect(a.red > b.red + 0.1 && c.red > b.red + 0.1 && abs(a.red - c.red) < 0.02, "\(a) \(b) \(c)")
        #expect(!isBlack(a) && !isBlack(b), "black artwork would show on either square")
        // The artwork itself stays black; outside the view, the black of the window.
        #expect(isBlack(canvas.pixel(x: 60, y: 100)) && isBlack(canvas.pixel(x: 30, y: 100)))
    }

    @Test func anOpaqueQuadFillsExactlyItsRectangle() {
        let photo = View(frame: Rect(x: 50, y: 40, width: 100, height: 80))
        photo.content = solid(Self.red)
        root.addSubview(photo)
        render()
        #expect(isRed(canvas.pixel(x: 50, y: 40)) && isRed(canvas.pixel(x: 149, y: 119)))
        #expect(isBlack(canvas.pixel(x: 49, y: 40)) && isBlack(canvas.pixel(x: 150, y: 119)) && isBlack(canvas.pixel(x: 100, y: 120)))
    }

    @Test func aRotatedQuadTurnsAboutItsCentre() {
        let photo = View(frame: Rect(x: 150, y: 100, width: 100, height: 100))
        photo.content = solid(Self.red)
        photo.transform = .rotation(radians: .pi / 4, x: 0, y: 0, z: 1)
        root.addSubview(photo)
        render()
        // The diamond's right tip reaches 50·√2 ≈ 70.7 from the centre (200, 150).
        #expect(isRed(canvas.pixel(x: 200 + 66, y: 150)))
        #expect(isBlack(canvas.pixel(x: 200 + 75, y: 150)))
        #expect(isBlack(canvas.pixel(x: 153, y: 103)))
    }

    @Test func aSixtyDegreePerspectiveFlipLandsWithinAPixelOfTheAnalyticProjection() throws {
        let card = View(frame: Rect(x: 100, y: 100, width: 200, height: 100))
        card.content = halves()
        let turn = Transform3D.rotation(radians: .pi / 3, x: 0, y: 1, z: 0).concatenating(.perspective(eyeDistance: 500))
        card.transform = turn
        root.addSubview(card)
        render()
        // Along three scanlines, the card's two outer edges and the red/blue seam at local
        // x = 0 (centre) are found where the analytic projection puts them.
        for localY in [-40.0, 0, 40] {
            func projectedX(_ localX: Double) -> Double { turn.apply(to: Point(x: localX, y: localY)).x + 200 }
            let y = Int((turn.apply(to: Point(x: 0, y: localY)).y + 150).rounded())
            let row = (0..<400).map { canvas.pixel(x: $0, y: y) }
            let firstLit = try #require(row.firstIndex { !isBlack($0) })
            let lastLit = try #require(row.lastIndex { !isBlack($0) })
            let seam = try #require(row.indices.first { $0 > firstLit && isBlue(row[$0]) })
            #expect(abs(Double(firstLit) - projectedX(-100)) <= 1, "left edge at y \(y): \(firstLit) vs \(projectedX(-100))")
            #expect(abs(Double(lastLit + 1) - projectedX(100)) <= 1, "right edge at y \(y): \(lastLit + 1) vs \(projectedX(100))")
            #expect(abs(Double(seam) - projectedX(0)) <= 1, "seam at y \(y): \(seam) vs \(projectedX(0))")
        }
    }

    @Test func halfOpacityBlendsHalfWayIntoTheBackground() {
        let photo = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        photo.content = solid(.white)
        photo.opacity = 0.5
        let fill = View(frame: Rect(x: 200, y: 0, width: 100, height: 100))
        fill.backgroundColor = Color.white.withAlpha(0.5)
        root.addSubview(photo)
        root.addSubview(fill)
        render()
        #expect(abs(canvas.pixel(x: 50, y: 50).red - 0.5) < 0.02)
        #expect(abs(canvas.pixel(x: 250, y: 50).red - 0.5) < 0.02)
    }

    @Test func aClippingViewCutsItsSubviewsAtItsBounds() {
        let clip = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        clip.clipsToBounds = true
        let child = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        child.content = solid(Self.red)
        clip.addSubview(child)
        root.addSubview(clip)
        render()
        #expect(isRed(canvas.pixel(x: 199, y: 199)) && isRed(canvas.pixel(x: 150, y: 150)))
        #expect(isBlack(canvas.pixel(x: 200, y: 200)) && isBlack(canvas.pixel(x: 240, y: 240)))
    }

    @Test func roundedCornersLeaveTheCornersEmpty() {
        let card = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        card.content = solid(Self.red)
        card.cornerRadius = 20
        let fill = View(frame: Rect(x: 250, y: 100, width: 100, height: 100))
        fill.backgroundColor = Self.blue
        fill.cornerRadius = 20
        root.addSubview(card)
        root.addSubview(fill)
        render()
        #expect(isBlack(canvas.pixel(x: 102, y: 102)) && isBlack(canvas.pixel(x: 197, y: 197)))
        #expect(isRed(canvas.pixel(x: 150, y: 150)) && isRed(canvas.pixel(x: 100, y: 150)) && isRed(canvas.pixel(x: 150, y: 101)))
        #expect(isBlack(canvas.pixel(x: 252, y: 102)) && isBlue(canvas.pixel(x: 300, y: 150)) && isBlue(canvas.pixel(x: 300, y: 101)))
    }

    /// A culling card of 960×720 pt cropping a 1056×792 picture: the crop's arithmetic
    /// gives a source edge of -7e-17, which SDL refused, and the card showed nothing.
    @Test func aRoundedCardCroppingItsPictureIsDrawnWhateverTheCropsRounding() {
        let card = View(frame: Rect(x: 0, y: 0, width: 960, height: 720))
        var content = solid(Self.red, width: 1056, height: 792)
        content.mode = .aspectFill
        card.content = content
        card.cornerRadius = 8
        let source = content.pieces(in: card.bounds)[0].sourceInTexture
        #expect(source.minY < 0 || source.maxY > 792, "the case: the crop strays past the picture by a rounding error (\(source))")
        card.transform = .scale(x: 0.4, y: 0.4)
        card.center = Point(x: 200, y: 150)
        root.addSubview(card)
        render()
        #expect(isRed(canvas.pixel(x: 200, y: 150)), "\(canvas.pixel(x: 200, y: 150))")
    }

    @Test func bordersAreDrawnInsideTheEdge() {
        let framed = View(frame: Rect(x: 100, y: 100, width: 100, height: 100))
        framed.content = solid(Self.red)
        framed.borderWidth = 5
        framed.borderColor = .white
        root.addSubview(framed)
        render()
        let edge = canvas.pixel(x: 102, y: 150), inside = canvas.pixel(x: 106, y: 150)
        #expect(edge.red > 0.95 && edge.green > 0.95 && isRed(inside))
        #expect(isBlack(canvas.pixel(x: 98, y: 150)))
    }

    @Test func contentNotYetUploadedIsSkippedNotDrawnGarbled() {
        let photo = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        photo.content = ImageContent(texture: TextureHandle(rawValue: 9999), pixelSize: Size(width: 10, height: 10))
        photo.backgroundColor = Self.blue
        root.addSubview(photo)
        render()
        #expect(isBlue(canvas.pixel(x: 50, y: 50)))
    }
}

/// A stretched image crossing the window's edge is drawn from the pixels that show; what
/// shows must be what the whole image would show there.
@Suite struct CompositorEdgeTests {
    /// Twenty columns of distinct colours, one row high.
    static func columns() -> PixelBuffer {
        var bytes = [UInt8](repeating: 255, count: 20 * 4)
        for x in 0..<20 {
            bytes[x * 4] = UInt8(x * 12)
            bytes[x * 4 + 1] = UInt8(255 - x * 12)
            bytes[x * 4 + 2] = UInt8(x % 2 == 0 ? 40 : 220)
        }
        return PixelBuffer(width: 20, height: 1, bytesPerRow: 80, bytes: bytes, isOpaque: true)
    }

    /// The middle row of `columns()` stretched to 400×100 at `x` on a canvas `width` wide.
    static func row(canvasWidth: Int, imageAt x: Double, crisp: Bool) -> [Color] {
        let canvas = OffscreenCanvas(width: canvasWidth, height: 100)!
        let root = View(frame: Rect(x: 0, y: 0, width: Double(canvasWidth), height: 100))
        let image = View(frame: Rect(x: x, y: 0, width: 400, height: 100))
        var content = ImageContent(texture: canvas.textures.add(columns()), pixelSize: Size(width: 20, height: 1), mode: .fill)
        content.showsPixelsWhenEnlarged = crisp
        image.content = content
        root.addSubview(image)
        canvas.draw(root.drawList())
        return (0..<canvasWidth).map { canvas.pixel(x: $0, y: 50) }
    }

    /// Within two levels of 255 (the filter's rounding differs with where it starts).
    static func close(_ a: Color, _ b: Color) -> Bool {
        let levels = 2.5 / 255
        return abs(a.red - b.red) < levels && abs(a.green - b.green) < levels && abs(a.blue - b.blue) < levels
    }

    @Test(arguments: [false, true])
    func anImageHalfOffTheLeftEdgeShowsWhatTheWholeImageShowsThere(crisp: Bool) {
        // The same image 137 px further right on a wider canvas is drawn whole.
        let cut = Self.row(canvasWidth: 200, imageAt: -137, crisp: crisp)
        let whole = Self.row(canvasWidth: 600, imageAt: 0, crisp: crisp)
        let wrong = (0..<200).filter { x in
            !(max(0, x + 136)...min(599, x + 138)).contains { Self.close(cut[x], whole[$0]) }
        }
        #expect(wrong.isEmpty, "columns that differ from the whole image's: \(wrong.prefix(12))")
    }

    @Test(arguments: [false, true])
    func anImageHalfOffTheRightEdgeShowsWhatTheWholeImageShowsThere(crisp: Bool) {
        let cut = Self.row(canvasWidth: 200, imageAt: 63, crisp: crisp)
        let whole = Self.row(canvasWidth: 600, imageAt: 63, crisp: crisp)
        let wrong = (0..<200).filter { x in
            !(max(0, x - 1)...(x + 1)).contains { Self.close(cut[x], whole[$0]) }
        }
        #expect(wrong.isEmpty, "columns that differ from the whole image's: \(wrong.prefix(12))")
    }
}

/// Opaque pictures are uploaded in the window's own format (no alpha) and copied as they
/// are; pictures with alpha keep it, whatever textures were made before them.
@Suite struct CompositorFormatTests {
    static let red = Color(red: 1, green: 0, blue: 0)

    func picture(_ color: Color, alpha: UInt8 = 255, side: Int = 32) -> PixelBuffer {
        let b = color.bytes
        return PixelBuffer(width: side, height: side, blue: b.blue, green: b.green, red: b.red, alpha: alpha)
    }

    func view(_ pixels: PixelBuffer, on canvas: OffscreenCanvas, frame: Rect) -> View {
        let view = View(frame: frame)
        view.content = ImageContent(texture: canvas.textures.add(pixels), pixelSize: Size(width: Double(pixels.width), height: Double(pixels.height)),
                                    isOpaque: pixels.isOpaque, mode: .fill)
        return view
    }

    @Test(arguments: [OffscreenCanvas.Format.window, .withAlpha])
    func anOpaquePictureShowsItsColoursAndAPictureWithAlphaBlendsOverIt(format: OffscreenCanvas.Format) throws {
        let canvas = try #require(OffscreenCanvas(width: 100, height: 100, format: format))
        let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(view(picture(Color(red: 0.2, green: 0.4, blue: 0.6)), on: canvas, frame: root.bounds))
        root.addSubview(view(picture(.white, alpha: 128), on: canvas, frame: Rect(x: 50, y: 0, width: 50, height: 100)))
        canvas.draw(root.drawList())
        let plain = canvas.pixel(x: 25, y: 50), veiled = canvas.pixel(x: 75, y: 50)
        #expect(abs(plain.red - 0.2) < 0.01 && abs(plain.green - 0.4) < 0.01 && abs(plain.blue - 0.6) < 0.01, "\(plain)")
        // Half white over it: half-way to white.
        #expect(abs(veiled.red - 0.6) < 0.02 && abs(veiled.blue - 0.8) < 0.02, "\(veiled)")
    }

    @Test func aPictureWithAlphaNeverTakesTheTextureAnOpaqueOneOfItsSizeLeft() throws {
        let canvas = try #require(OffscreenCanvas(width: 64, height: 64))
        let root = View(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        root.backgroundColor = Self.red
        // An opaque picture shown, then removed: its texture is kept for reuse.
        let opaque = view(picture(.black), on: canvas, frame: root.bounds)
        root.addSubview(opaque)
        canvas.draw(root.drawList())
        canvas.textures.remove(try #require(opaque.content?.texture))
        opaque.removeFromSuperview()
        // A clear picture of the same size: the red beneath shows through it.
        root.addSubview(view(picture(.black, alpha: 0), on: canvas, frame: root.bounds))
        canvas.draw(root.drawList())
        #expect(canvas.pixel(x: 32, y: 32) == Self.red)
    }

    @Test func aLetterboxedPicturesBackgroundShowsBesideIt() throws {
        let canvas = try #require(OffscreenCanvas(width: 200, height: 100))
        let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let photo = View(frame: root.bounds)
        photo.backgroundColor = Self.red
        photo.content = ImageContent(texture: canvas.textures.add(picture(.white)), pixelSize: Size(width: 32, height: 32), mode: .aspectFit)
        root.addSubview(photo)
        canvas.draw(root.drawList())
        #expect(canvas.pixel(x: 10, y: 50) == Self.red && canvas.pixel(x: 100, y: 50) == .white)
    }
}
