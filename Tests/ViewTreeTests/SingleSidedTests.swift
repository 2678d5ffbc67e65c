// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Geometry
import ViewTree

/// A card built of two single-sided faces, back to back, turned about the vertical axis
/// under perspective as the deck flips it.
@Suite struct SingleSidedTests {
    let root = View(frame: Rect(x: 0, y: 0, width: 800, height: 600))
    let card = View(frame: Rect(x: 250, y: 150, width: 300, height: 300))
    let front = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let back = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let backLabel = View(frame: Rect(x: 20, y: 20, width: 100, height: 20))

    init() {
        front.name = "front"
        back.name = "back"
        backLabel.name = "back label"
        front.backgroundColor = .white
        back.backgroundColor = Color(white: 0.3)
        backLabel.backgroundColor = .black
        for face in [front, back] { face.isDoubleSided = false }
        // The back is made facing away; turning the card half round shows it.
        back.transform = .rotation(radians: .pi, x: 0, y: 1, z: 0)
        back.addSubview(backLabel)
        card.addSubview(front)
        card.addSubview(back)
        root.addSubview(card)
    }

    func turn(_ radians: Double) {
        card.transform = Transform3D.rotation(radians: radians, x: 0, y: 1, z: 0).concatenating(.perspective(eyeDistance: 1000))
    }

    func drawn() -> [String] { root.drawList().compactMap(\.viewName) }

    @Test(arguments: [0.0, 0.4, 1.4, -1.4])
    func turnedLessThanAQuarterTheFrontShowsAndTheBackDoesNot(radians: Double) {
        turn(radians)
        #expect(drawn() == ["front"])
        #expect(root.hitTest(Point(x: 400, y: 300)) === front)
    }

    @Test(arguments: [.pi, 1.7, .pi * 0.75, -1.7])
    func turnedPastAQuarterTheBackShowsWithWhatIsOnIt(radians: Double) {
        turn(radians)
        #expect(drawn() == ["back", "back label"])
        #expect(root.hitTest(Point(x: 400, y: 300)) === back)
    }

    @Test func aDoubleSidedViewShowsEitherWay() {
        front.isDoubleSided = true
        turn(.pi)
        #expect(drawn() == ["front", "back", "back label"])
    }
}
