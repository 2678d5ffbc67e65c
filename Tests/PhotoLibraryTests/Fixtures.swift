// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Pixels
import SystemPackage
import Testing
import TestSupport

/// The fixture folder, made once per test run by Tests/Fixtures/make-fixtures.sh.
enum Fixtures {
    static let root: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-fixtures-\(getpid())")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/make-fixtures.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script.path, folder.path]
        try! process.run()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, "make-fixtures.sh failed")
        return folder
    }()

    static var photos: URL { root.appendingPathComponent("photos") }
    static var odd: URL { root.appendingPathComponent("odd") }
    static func photo(_ name: String) -> FilePath { FilePath(photos.appendingPathComponent(name).path) }
    static func odd(_ name: String) -> FilePath { FilePath(odd.appendingPathComponent(name).path) }
    /// Pictures in formats SDL_image decodes.
    static func format(_ name: String) -> FilePath { FilePath(root.appendingPathComponent("formats/\(name)").path) }
    /// PNGs crafted against decoders (Tests/Fixtures/make-hostile-pngs.py).
    static func hostile(_ name: String) -> FilePath { FilePath(root.appendingPathComponent("hostile/\(name)").path) }
    /// Animations with known frames (Tests/Fixtures/make-animations.py).
    static func animation(_ name: String) -> FilePath { FilePath(root.appendingPathComponent("animations/\(name)").path) }
}

/// Runs `command` (a tool on the PATH: the independent decoders and converters tests compare
/// Flick with) and requires that it succeeds.
func runTool(_ command: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    _ = try toolOutput(command, sourceLocation: sourceLocation)
}

/// Colour at (x, y) as 0…255 (red, green, blue).
func rgb(_ pixels: PixelBuffer, _ x: Int, _ y: Int) -> (Int, Int, Int) {
    let p = pixels.pixel(x: x, y: y)
    return (Int(p.red), Int(p.green), Int(p.blue))
}

/// Expects the fixtures' upright picture: 60×40, red top-left, green top-right, blue
/// bottom-left, white bottom-right.
func expectUpright(_ pixels: PixelBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(pixels.width == 60 && pixels.height == 40, "\(pixels)", sourceLocation: sourceLocation)
    #expect(near(rgb(pixels, 15, 10), (255, 0, 0)), "top-left red", sourceLocation: sourceLocation)
    #expect(near(rgb(pixels, 45, 10), (0, 255, 0)), "top-right green", sourceLocation: sourceLocation)
    #expect(near(rgb(pixels, 15, 30), (0, 0, 255)), "bottom-left blue", sourceLocation: sourceLocation)
    #expect(near(rgb(pixels, 45, 30), (255, 255, 255)), "bottom-right white", sourceLocation: sourceLocation)
}

func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int), within tolerance: Int = 40) -> Bool {
    abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
}

/// What `command` (a tool on the PATH) prints, requiring that it succeeds.
func toolOutput(_ command: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let (status, output) = try runExternalTool(command)
    try #require(status == 0, "\(command.joined(separator: " ")) failed", sourceLocation: sourceLocation)
    return output
}
