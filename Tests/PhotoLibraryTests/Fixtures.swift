import Foundation
import PhotoLibrary
import Pixels
import SystemPackage

/// The fixture folder, made once per test run by scripts/make-fixtures.sh.
enum Fixtures {
    static let root: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-fixtures-\(getpid())")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/make-fixtures.sh")
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
    /// PNGs crafted against decoders (scripts/make-hostile-pngs.py).
    static func hostile(_ name: String) -> FilePath { FilePath(root.appendingPathComponent("hostile/\(name)").path) }
    /// Animations with known frames (scripts/make-animations.py).
    static func animation(_ name: String) -> FilePath { FilePath(root.appendingPathComponent("animations/\(name)").path) }
}

/// Colour at (x, y) as 0…255 (red, green, blue).
func rgb(_ pixels: PixelBuffer, _ x: Int, _ y: Int) -> (Int, Int, Int) {
    let p = pixels.pixel(x: x, y: y)
    return (Int(p.red), Int(p.green), Int(p.blue))
}

func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int), within tolerance: Int = 40) -> Bool {
    abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
}
