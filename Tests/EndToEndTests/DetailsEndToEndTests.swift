// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// I and Ctrl+C in the real binary: the photo's details reach the desktop's clipboard,
/// where another program (xclip) reads them.
@Suite struct DetailsEndToEndTests {
    @Test func theDetailsGoToTheClipboardWhereAnotherProgramReadsThem() throws {
        let folder = try makeSolidColourFolder([(red: 200, green: 40, blue: 40)], size: "640x480")
        let photo = folder.appendingPathComponent("photo_1.png").path
        let flick = try FlickSession(arguments: [photo])
        let window = try flick.geometry()
        #expect(try flick.waitForScreen { $0.matches(x: Int(window.midX) - 100, y: Int(window.midY), (200, 40, 40)) }.1, "the photo full screen")
        _ = try flick.server.xdotool("key", "i")
        // The details are read in a helper: copied once they are there.
        var clipboard = ""
        let deadline = Date().addingTimeInterval(20)
        repeat {
            _ = try flick.server.xdotool("key", "ctrl+c")
            clipboard = try run("xclip", ["-o", "-selection", "clipboard"], environment: ["DISPLAY": flick.server.display], timeout: 5).output
            if clipboard.contains("Dimensions") { break }
            usleep(200_000)
        } while Date() < deadline
        #expect(clipboard.contains("Name: photo_1.png"), "\(clipboard)")
        #expect(clipboard.contains("Dimensions: 640 × 480 pixels"), "\(clipboard)")
        #expect(clipboard.contains("Folder: \(folder.path)"), "\(clipboard)")
        _ = try flick.server.xdotool("key", "Escape", "q")
        #expect(flick.waitForExit() == 0)
    }
}
