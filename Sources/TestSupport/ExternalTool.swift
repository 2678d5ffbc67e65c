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

/// As `runExternalTool`, with what it said on stderr too (msgfmt's statistics, say) and
/// `environment` over this process's.
public func runExternalTool(_ command: [String], environment: [String: String]) throws -> (status: Int32, output: String, errors: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Both read at once: a tool that fills one pipe while the other is read would wait forever.
    nonisolated(unsafe) var errorData = Data()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        errorData = errors.fileHandleForReading.readDataToEndOfFile()
        done.signal()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    done.wait()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
}
