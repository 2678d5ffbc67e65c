// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Runs `command` (a tool on the PATH: the independent readers and converters tests check
/// Flick against) and returns how it ended and what it printed; its errors go nowhere.
public func runExternalTool(_ command: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
