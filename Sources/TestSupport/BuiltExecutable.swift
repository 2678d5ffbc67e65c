// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A program built beside the tests (a helper target), found from the running test bundle.
public func builtExecutable(named name: String, sourceFile: String = #filePath) -> String {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for directory in [bundle, bundle.deletingLastPathComponent()] {
        let candidate = directory.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return URL(fileURLWithPath: sourceFile).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/debug/\(name)").path
}
