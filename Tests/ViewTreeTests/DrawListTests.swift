// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import Geometry
import ViewTree

@Suite struct DrawListTests {
    let root = View(frame: Rect(x: 0, y: 0, width: 800, height: 600))

    @Test func commandsComeBackToFrontWithBackgroundImageThenBorder() {
        let photo = named("photo", Rect(x: 10, y: 10, width: 100, height: 100))
        photo.backgroundColor = .white
        photo.content = ImageContent(texture: TextureHandle(rawValue: 7), pixelSize: Size(width: 400, height: 200), mode: .aspectFit)
        photo.borderWidth = 5
        photo.borderColor = .black
        let badge = named("badge", Rect(x: 0, y: 0, width: 10, height: 10))
        badge.backgroundColor = Color(red: 1, green: 0, blue: 0)
        root.addSubview(photo)
        root.addSubview(badge)
        let list = root.drawList()
        #expect(list.map(\.viewName) == ["photo", "photo", "photo", "badge"])
        #expect(list[0].kind == .fill(.white) && list[0].isOpaque)
        #expect(list[1].kind == .image(TextureHandle(rawValue: 7), sourceInTexture: Rect(x: 0, y: 0, width: 400, height: 200)))
        #expect(list[1].boundsInWindow == Rect(x: 10, y: 35, width: 100, height: 50))
        #expect(list[2].kind == .border(width: 5, color: .black) && !list[2].isOpaque)
    }

    @Test func aspectFillCropsTheSourceInsteadOfOverdrawing() {
        let cell = named("cell", Rect(x: 0, y: 0, width: 100, height: 100))
        cell.content = ImageContent(texture: TextureHandle(rawValue: 1), pixelSize: Size(width: 300, height: 200))
        root.addSubview(cell)
        let command = root.drawList()[0]
        #expect(command.kind == .image(TextureHandle(rawValue: 1), sourceInTexture: Rect(x: 50, y: 0, width: 200, height: 200)))
        #expect(command.boundsInWindow == Rect(x: 0, y: 0, width: 100, height: 100))
    }

    @Test func aNineSliceImageKeepsItsCornersAndStretchesTheRest() {
        let frame = named("frame", Rect(x: 0, y: 0, width: 200, height: 100))
        frame.content = ImageContent(texture: TextureHandle(rawValue: 3), pixelSize: Size(width: 30, height: 30), isOpaque: false,
                                     mode: .nineSlice(capInsets: EdgeInsets(top: 10, left: 8, bottom: 10, right: 8)))
        root.addSubview(frame)
        let pieces = root.drawList().map { command -> (Rect, Rect) in
            guard case let .image(_, source) = command.kind else { return (.zero, .zero) }
            return (command.boundsInWindow, source)
        }
        #expect(pieces.count == 9)
        // Top left: unscaled; top middle: stretched along; middle: both ways; bottom right: unscaled.
        #expect(pieces[0].0 == Rect(x: 0, y: 0, width: 8, height: 10) && pieces[0].1 == Rect(x: 0, y: 0, width: 8, height: 10))
        #expect(pieces[1].0 == Rect(x: 8, y: 0, width: 184, height: 10) && pieces[1].1 == Rect(x: 8, y: 0, width: 14, height: 10))
        #expect(pieces[4].0 == Rect(x: 8, y: 10, width: 184, height: 80) && pieces[4].1 == Rect(x: 8, y: 10, width: 14, height: 10))
        #expect(pieces[8].0 == Rect(x: 192, y: 90, width: 8, height: 10) && pieces[8].1 == Rect(x: 22, y: 20, width: 8, height: 10))
    }

    @Test func aNineSliceImageInATooSmallViewShrinksItsCapsTogether() {
        let frame = named("frame", Rect(x: 0, y: 0, width: 10, height: 40))
        frame.content = ImageContent(texture: TextureHandle(rawValue: 3), pixelSize: Size(width: 30, height: 30), isOpaque: false,
                                     mode: .nineSlice(capInsets: EdgeInsets(all: 10)))
        root.addSubview(frame)
        let destinations = root.drawList().map(\.boundsInWindow)
        // Left and right caps half size, no middle column; rows as given.
        #expect(destinations.count == 6)
        #expect(destinations.first == Rect(x: 0, y: 0, width: 5, height: 10))
        #expect(destinations.last == Rect(x: 5, y: 30, width: 5, height: 10))
    }

    @Test func whatAnOpaqueFullWindowViewHidesIsNotDrawn() {
        let below = named("below", Rect(x: 10, y: 10, width: 100, height: 100))
        below.backgroundColor = .white
        let cover = named("cover", root.bounds.insetBy(dx: -5, dy: -5))
        cover.backgroundColor = .black
        let above = named("above", Rect(x: 20, y: 20, width: 50, height: 50))
        above.backgroundColor = .white
        for view in [below, cover, above] { root.addSubview(view) }
        #expect(root.drawList().map(\.viewName) == ["cover", "above"])

        // Translucent, tilted, rounded or smaller than the window: what is beneath shows.
        cover.opacity = 0.9
        #expect(root.drawList().map(\.viewName) == ["below", "cover", "above"])
        cover.opacity = 1
        cover.transform = .rotation(radians: 0.1, x: 0, y: 0, z: 1)
        #expect(root.drawList().first?.viewName == "below")
        cover.transform = .identity
        cover.cornerRadius = 8
        #expect(root.drawList().first?.viewName == "below")
        cover.cornerRadius = 0
        cover.frame = Rect(x: 1, y: 0, width: 800, height: 600)
        #expect(root.drawList().first?.viewName == "below")
    }

    @Test func offScreenHiddenAndTransparentViewsEmitNothing() {
        for (name, frame) in [("gone", Rect(x: 900, y: 0, width: 50, height: 50)), ("hidden", Rect(x: 0, y: 0, width: 50, height: 50)),
                              ("clear", Rect(x: 0, y: 0, width: 50, height: 50)), ("seen", Rect(x: 790, y: 590, width: 50, height: 50))] {
            let view = named(name, frame)
            view.backgroundColor = .white
            root.addSubview(view)
        }
        root.subviews[1].isHidden = true
        root.subviews[2].opacity = 0
        #expect(root.drawList().map(\.viewName) == ["seen"])
    }

    @Test func opacityMultipliesDownTheTreeAndMakesContentBlended() {
        let parent = named("parent", Rect(x: 0, y: 0, width: 100, height: 100))
        parent.opacity = 0.5
        let child = named("child", Rect(x: 0, y: 0, width: 50, height: 50))
        child.opacity = 0.5
        child.content = ImageContent(texture: TextureHandle(rawValue: 2), pixelSize: Size(width: 50, height: 50))
        root.addSubview(parent)
        parent.addSubview(child)
        let command = root.drawList()[0]
        #expect(command.opacity == 0.25 && !command.isOpaque)
    }

    @Test func roundedCornersAndTransparentImagesAreNotOpaque() {
        let card = named("card", Rect(x: 0, y: 0, width: 100, height: 100))
        card.content = ImageContent(texture: TextureHandle(rawValue: 3), pixelSize: Size(width: 10, height: 10))
        card.cornerRadius = 10
        let png = named("png", Rect(x: 200, y: 0, width: 100, height: 100))
        png.content = ImageContent(texture: TextureHandle(rawValue: 4), pixelSize: Size(width: 10, height: 10), isOpaque: false)
        root.addSubview(card)
        root.addSubview(png)
        let list = root.drawList()
        #expect(list.map(\.isOpaque) == [false, false] && list[0].cornerRadius == 10)
    }

    @Test func clippingAncestorsNarrowTheClipAndCullWhatFallsOutside() {
        let scroller = named("scroller", Rect(x: 100, y: 100, width: 200, height: 200))
        scroller.clipsToBounds = true
        let inside = named("inside", Rect(x: 150, y: 150, width: 100, height: 100))
        let outside = named("outside", Rect(x: 250, y: 0, width: 50, height: 50))
        for view in [inside, outside] { view.backgroundColor = .white; scroller.addSubview(view) }
        root.addSubview(scroller)
        let list = root.drawList()
        #expect(list.map(\.viewName) == ["inside"])
        #expect(list[0].clipInWindow == Rect(x: 100, y: 100, width: 200, height: 200))
    }

    @Test func aPerspectiveViewCarriesItsProjectedQuad() {
        let card = named("card", Rect(x: 200, y: 150, width: 400, height: 300))
        card.backgroundColor = .white
        let turn = Transform3D.rotation(radians: .pi / 3, x: 0, y: 1, z: 0).concatenating(.perspective(eyeDistance: 1000))
        card.transform = turn
        root.addSubview(card)
        let command = root.drawList()[0]
        #expect(!command.viewToWindow.isAffine)
        // Top-left corner: (−200, −150) about the centre, turned and projected, then moved to (400, 300).
        let projected = turn.apply(to: Point(x: -200, y: -150)) + Point(x: 400, y: 300)
        #expect(command.quadInWindow[0].distance(to: projected) < 1e-9)
    }
}
