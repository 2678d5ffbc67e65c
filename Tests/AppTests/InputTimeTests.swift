// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import Album
import Pictures
import PhotoSources
import Components
import Geometry
import Gestures
import Motion
import TestSupport
@testable import flick

/// What an input starts begins when the user acted, however long the loop slept before it.
@Suite(.serialized) struct InputTimeTests {
    @Test func aPageTurnAfterAnIdleSpellIsSeenFromItsStart() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-input-time-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // 1×1 PNGs.
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!
        for name in ["a.png", "b.png", "c.png"] { try png.write(to: folder.appendingPathComponent(name)) }
        let made = try AppUnderTest(opening: folder.appendingPathComponent("a.png").path), app = made.app
        // The loop's clock: where the app's animations already are.
        var now = app.animator.currentTime
        #expect(waitUntil(seconds: 20, pollingEvery: 5_000) {
            now += 0.02
            app.update(at: now)
            return app.browser.isPagerOpen && app.browser.source?.photoCount == 3 && !app.needsFrames
        })
        let pager = app.browser.pager
        #expect(pager.currentIndex == 0 && pager.presentedOffset == 0)

        // Five seconds with nothing to draw (the loop asleep), then the wheel (a key turns the
        // page at once; the wheel slides it).
        let pressed = now + 5
        app.handle(.input(.wheel(WheelEvent(deltaInPoints: Point(x: 0, y: 1_000), locationInWindow: Point(x: 100, y: 100),
                                            timestampNanoseconds: pressed.nanosecondStamp))))
        app.update(at: pressed + 0.016)
        #expect(pager.currentIndex == 1)
        #expect(pager.presentedOffset > 0 && pager.presentedOffset < 0.5 * pager.pageWidth,
                "one frame into the turn, the strip is at \(pager.presentedOffset) of \(pager.pageWidth)")
    }
}
