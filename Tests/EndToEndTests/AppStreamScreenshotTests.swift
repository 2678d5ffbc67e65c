// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The AppStream screenshots (packaging/screenshots) are Flick's own windows on the bundled
/// sample photos, taken by this run. `make screenshots` writes them into packaging/; every
/// other run takes them afresh and checks that the committed ones still show the same.
@Suite struct AppStreamScreenshotTests {
    static let committed = PackagingTests.packaging.appendingPathComponent("screenshots")
    /// What each screenshot shows, in the metainfo's order; the first is the default.
    static let shots = ["grid", "pager", "deck", "cull"]

    @Test func theScreenshotsAreFlicksOwnWindowsOnTheSamplePhotos() throws {
        let target = ProcessInfo.processInfo.environment["FLICK_SCREENSHOTS"].map { URL(fileURLWithPath: $0) }
        let output = try target ?? InstallTests.temporaryFolder("screenshots")
        defer { if target == nil { try? FileManager.default.removeItem(at: output) } }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)

        // A copy: whatever the run does, the repository's samples stay as they are.
        let samples = try InstallTests.temporaryFolder("samples").appendingPathComponent("Samples")
        defer { try? FileManager.default.removeItem(at: samples.deletingLastPathComponent()) }
        try FileManager.default.copyItem(at: InstallTests.repository.appendingPathComponent("Resources/Samples"), to: samples)

        let flick = try FlickSession(arguments: [samples.path, "--view", "grid"])
        func take(_ name: String) throws {
            let file = output.appendingPathComponent("\(name).png").path
            func shoot() throws {
                let result = try run("import", ["-window", String(flick.windowID), "-strip", file], environment: ["DISPLAY": flick.server.display])
                #expect(result.status == 0, "\(result.error)")
            }
            // Written anew (`make screenshots`, on a quiet machine): once the screen stands still.
            guard target == nil else {
                try waitUntilStill(flick)
                return try shoot()
            }
            // Checked against the one committed: taken until it shows the same, for at most a
            // minute. A screen that stood still a second may still await its pictures on a busy
            // machine; the comparison below says what differs if it never comes.
            let kept = Self.committed.appendingPathComponent("\(name).png").path
            let deadline = Date().addingTimeInterval(60)
            repeat {
                try shoot()
                if try Self.difference(file, kept) < 0.04 { return }
                usleep(250_000)
            } while Date() < deadline
        }
        try take("grid")
        // The landscape bird: four photos on from the first (Dune.jpg, its grass, the video,
        // its panorama, then Nuthatch.jpg).
        try flick.server.xdotool("key", "Right", "Right", "Right", "Right", "Return")
        try take("pager")
        try flick.server.xdotool("key", "Escape")
        // Back on the grid (its shot taken again) before another view is asked for.
        try take("grid")
        try flick.server.xdotool("key", "ctrl+3")
        try take("deck")
        try flick.server.xdotool("key", "ctrl+4")
        try take("cull")

        let metainfo = try String(contentsOf: PackagingTests.packaging.appendingPathComponent("io.github.flick.Flick.metainfo.xml"), encoding: .utf8)
        let listed = metainfo.components(separatedBy: "packaging/screenshots/").dropFirst().map { String($0.prefix { $0 != "<" }) }
        #expect(listed == Self.shots.map { "\($0).png" }, "the metainfo lists the screenshots: \(listed)")
        guard target == nil else { return }
        for name in Self.shots {
            let fresh = output.appendingPathComponent("\(name).png").path
            let kept = Self.committed.appendingPathComponent("\(name).png").path
            #expect(try Self.size(of: fresh) == Self.size(of: kept), "\(name).png is the window's size")
            let difference = try Self.difference(fresh, kept)
            #expect(difference < 0.04, "packaging/screenshots/\(name).png no longer shows what Flick shows (\(difference)): run `make screenshots`")
        }
    }

    /// Waits until the screen has not changed for a second: every animation has ended and
    /// the sharp pictures have replaced their stand-ins.
    func waitUntilStill(_ flick: FlickSession) throws {
        var last = try flick.server.screenshot().rgb
        var stillSince = Date()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            usleep(250_000)
            let next = try flick.server.screenshot().rgb
            if next != last { stillSince = Date(); last = next }
            if Date().timeIntervalSince(stillSince) >= 1 { return }
        }
        throw HarnessError("the screen never stood still")
    }

    static func size(of png: String) throws -> String {
        try run("identify", ["-format", "%wx%h", png]).output
    }

    /// How far apart two pictures are, 0 (same) to 1, seen small: what they show, not how
    /// each glyph's edge was rounded.
    static func difference(_ a: String, _ b: String) throws -> Double {
        let result = try run("convert-im6.q16", [a, b, "-resize", "64x40!", "-compose", "difference", "-composite",
                                                  "-colorspace", "gray", "-format", "%[fx:mean]", "info:"])
        return Double(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 1
    }
}
