// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Two folders, "first" and "second", of two tiny PNGs each (a.png, b.png), removed with
/// this value.
public final class TwoPhotoFolders {
    public let root = FileManager.default.temporaryDirectory.appendingPathComponent("flick-folders-\(UUID().uuidString)")
    public var first: String { root.appendingPathComponent("first").path }
    public var second: String { root.appendingPathComponent("second").path }

    public init() throws {
        // A 1×1 PNG.
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")!
        for folder in [first, second] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for name in ["a.png", "b.png"] { try png.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name)) }
        }
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}
