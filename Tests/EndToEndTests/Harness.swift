// SPDX-License-Identifier: GPL-3.0-or-later
internal import CXTest
import Components
import Foundation
import Geometry
@testable import Platform
import Testing
import ViewTree

/// Runs a program and collects its output and exit status.
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 30) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : "/usr/bin/env")
    process.arguments = executable.hasPrefix("/") ? arguments : [executable] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes aside, so a program that does not end cannot hold this up past `timeout`.
    let readers = DispatchGroup()
    nonisolated(unsafe) var outData = Data(), errData = Data()
    DispatchQueue.global().async(group: readers) { outData = out.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: readers) { errData = err.fileHandleForReading.readDataToEndOfFile() }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(10_000) }
    if process.isRunning {
        process.terminate()
        usleep(200_000)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    process.waitUntilExit()
    _ = readers.wait(timeout: .now() + 5)
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// The `flick` binary this test run built (beside the test bundle), or FLICK_BINARY.
var flickBinary: String {
    if let forced = ProcessInfo.processInfo.environment["FLICK_BINARY"] { return forced }
    return builtProgram("flick")
}

/// A program this test run built, found beside the test bundle.
func builtProgram(_ name: String) -> String {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    for directory in [bundle, bundle.deletingLastPathComponent()] {
        let candidate = directory.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/\(name)").path
}

/// A private X server for one test, on the first free display number.
final class XvfbServer {
    let display: String
    private let process: Process

    init(width: Int = 1920, height: Int = 1080) throws {
        // Xvfb picks a free display itself and writes its number once it accepts clients.
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        // -noreset: by default an X server resets when its last client leaves and drops a
        // client that connects meanwhile, a race of bare test servers, not of desktops.
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"]
        let ready = Pipe()
        process.standardOutput = ready
        process.standardError = FileHandle.nullDevice
        try process.run()
        var number = ""
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !number.hasSuffix("\n") {
            let byte = ready.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            number += String(decoding: byte, as: UTF8.self)
        }
        guard let display = Int(number.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw HarnessError("Xvfb did not start")
        }
        self.display = ":\(display)"
    }

    /// Sets the keyboard's XKB layout ("de").
    func setKeyboardLayout(_ layout: String) throws {
        let result = try run("setxkbmap", ["-display", display, layout])
        guard result.status == 0 else { throw HarnessError("setxkbmap \(layout): \(result.error)") }
    }

    /// What xdotool printed (a window's id or name); most commands print nothing.
    @discardableResult
    func xdotool(_ arguments: String...) throws -> String { try xdotool(arguments) }

    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        try run("xdotool", arguments, environment: ["DISPLAY": display]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The whole screen, read back as RGB.
    func screenshot() throws -> Screenshot {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["import", "-window", "root", "-depth", "8", "ppm:-"]
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try Screenshot(ppm: data)
    }

    /// A window's position and size on the screen.
    func geometry(of window: UInt) throws -> Rect {
        let text = try xdotool("getwindowgeometry", "--shell", String(window))
        var values: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Double(parts[1]) }
        }
        return Rect(x: values["X"] ?? 0, y: values["Y"] ?? 0, width: values["WIDTH"] ?? 0, height: values["HEIGHT"] ?? 0)
    }

    /// Polls screenshots until `condition` holds or `timeout` passes; returns the last one.
    @discardableResult
    func waitForScreen(timeout: TimeInterval = 15, _ condition: (Screenshot) -> Bool) throws -> (Screenshot, Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var shot = try screenshot()
        while !condition(shot) && Date() < deadline {
            usleep(200_000)
            shot = try screenshot()
        }
        return (shot, condition(shot))
    }

    /// Asks a window to close as a window manager's close button does: a WM_DELETE_WINDOW
    /// client message.
    func requestClose(window: UInt) throws {
        guard let connection = XOpenDisplay(display) else { throw HarnessError("cannot open \(display)") }
        defer { XCloseDisplay(connection) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(window)
        event.xclient.message_type = XInternAtom(connection, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(connection, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(connection, Window(window), 0, NoEventMask, &event)
        XFlush(connection)
    }

    deinit {
        // The test runner's children inherit its blocked signals, so SIGTERM may not land.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An RGB screenshot.
struct Screenshot {
    let width: Int
    let height: Int
    let rgb: [UInt8]

    init(ppm data: Data) throws {
        let bytes = [UInt8](data)
        var fields: [String] = []
        var index = 0
        while fields.count < 4 && index < bytes.count {
            while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09) { index += 1 }
            var field = ""
            while index < bytes.count && !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09) {
                field.append(Character(Unicode.Scalar(bytes[index]))); index += 1
            }
            fields.append(field)
        }
        index += 1
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]), fields[3] == "255",
              bytes.count - index >= width * height * 3 else { throw HarnessError("not a screenshot: \(fields)") }
        self.width = width
        self.height = height
        rgb = Array(bytes[index..<(index + width * height * 3)])
    }

    func color(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let i = (y * width + x) * 3
        return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
    }

    func matches(x: Int, y: Int, _ expected: (red: Int, green: Int, blue: Int), tolerance: Int = 12) -> Bool {
        let c = color(x: x, y: y)
        return abs(c.red - expected.red) <= tolerance && abs(c.green - expected.green) <= tolerance && abs(c.blue - expected.blue) <= tolerance
    }

    /// The leftmost and rightmost x of row `y` in `colour`: where a solid photo reaches.
    func reach(of colour: (red: Int, green: Int, blue: Int), row y: Int) -> ClosedRange<Int>? {
        reach(row: y) { matches(x: $0, y: y, colour) }
    }

    /// The leftmost and rightmost x of row `y` where `isPart` holds.
    func reach(row y: Int, where isPart: (Int) -> Bool) -> ClosedRange<Int>? {
        guard let first = (0..<width).first(where: isPart), let last = (0..<width).last(where: isPart) else { return nil }
        return first...last
    }
}

/// A running Flick in a private X server.
final class FlickSession {
    let server: XvfbServer
    private(set) var process = Process()
    private(set) var stderr = Pipe()
    private(set) var windowID: UInt = 0

    /// `beforeLaunch` readies the X server before Flick starts (a keyboard layout, a key held).
    /// `executable` runs instead of Flick itself: a shell that hands Flick arguments no
    /// Swift string can hold (names that are not UTF-8), or a launcher (gio).
    init(arguments: [String], environment: [String: String] = [:], executable: String = flickBinary,
         beforeLaunch: (XvfbServer) throws -> Void = { _ in }) throws {
        server = try XvfbServer()
        try beforeLaunch(server)
        // A private thumbnail cache: tests never write into the real ~/.cache.
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-cache-\(UUID().uuidString)").path
        // Settings of its own, and not a first run: no "? for help" hint over what tests look at.
        try FileManager.default.createDirectory(atPath: cache + "/config/flick", withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: cache + "/config/flick/settings"))
        let fullEnvironment = ProcessInfo.processInfo.environment
            .merging(["DISPLAY": server.display, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": cache, "XDG_CONFIG_HOME": cache + "/config"]) { $1 }
            .merging(environment) { $1 }
        try launch(executable: executable, arguments: arguments, environment: fullEnvironment)
        guard windowID != 0 else { throw HarnessError("no Flick window appeared; stderr: \(errorOutput())") }
    }

    private func launch(executable: String, arguments: [String], environment: [String: String]) throws {
        process = Process()
        stderr = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline && process.isRunning {
            if let id = UInt(try server.xdotool("search", "--class", "flick").split(separator: "\n").first ?? "") {
                windowID = id
                return
            }
            usleep(100_000)
        }
    }

    func errorOutput() -> String {
        guard !process.isRunning else { return "" }
        if let streamed { return streamed.text(waitingForEnd: true) }
        return String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// What Flick has written to stderr so far, read as it comes once asked for.
    private var streamed: StreamedOutput?

    final class StreamedOutput: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private let ended = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            DispatchQueue.global().async { [self] in
                while case let chunk = handle.availableData, !chunk.isEmpty {
                    lock.lock(); data.append(chunk); lock.unlock()
                }
                ended.signal()
            }
        }

        func text(waitingForEnd: Bool = false) -> String {
            if waitingForEnd { _ = ended.wait(timeout: .now() + 5) }
            lock.lock(); defer { lock.unlock() }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// What Flick has written to stderr so far, while it runs.
    func errorOutputSoFar() -> String {
        if streamed == nil { streamed = StreamedOutput(stderr.fileHandleForReading) }
        return streamed!.text()
    }

    /// Waits until Flick has written `text` to stderr (the bench probe's reports, say) after
    /// the first `offset` characters, at most `timeout`.
    func waitForErrorOutput(containing text: String, after offset: Int = 0, timeout: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if errorOutputSoFar().dropFirst(offset).contains(text) { return true }
            usleep(50_000)
        } while Date() < deadline
        return false
    }

    /// The window's position and size on the screen.
    func geometry() throws -> Rect { try server.geometry(of: windowID) }

    /// Polls screenshots until `condition` holds or `timeout` passes; returns the last one.
    @discardableResult
    func waitForScreen(timeout: TimeInterval = 15, _ condition: (Screenshot) -> Bool) throws -> (Screenshot, Bool) {
        try server.waitForScreen(timeout: timeout, condition)
    }

    /// Waits for the process to end; nil if it is still running after `timeout`.
    func waitForExit(timeout: TimeInterval = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// CPU time the process has used, in clock ticks (user + system).
    func cpuTicks() throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
        let afterName = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        return Int(afterName[11])! + Int(afterName[12])!
    }

    deinit {
        guard process.isRunning else {
            // Ended on its own (quit, or died): what it said goes into the test log.
            let reason = process.terminationReason == .uncaughtSignal ? "signal" : "status"
            print("flick ended by \(reason) \(process.terminationStatus); stderr: \(errorOutput())")
            return
        }
        process.terminate()
        if waitForExit(timeout: 5) == nil { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

/// Where the centre of grid cell `index` is on the screen, for a window at `window`.
/// Flick's children (its helpers), whichever of its threads started them.
func helpers(of flick: Int32) -> [Int32] {
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(flick)/task")) ?? []
    return threads.flatMap { thread in
        let children = (try? String(contentsOfFile: "/proc/\(flick)/task/\(thread)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { Int32($0) }
    }
}

func cellCentre(_ index: Int, in window: Rect) -> (x: Int, y: Int) {
    let frame = GridLayout(width: window.width).frame(of: index)
    return (Int(window.minX + frame.midX), Int(window.minY + frame.midY))
}

/// One step of the pointer, taken `after` milliseconds after the step before it.
enum PointerStep {
    case move(x: Int, y: Int, after: UInt = 0)
    case press(button: UInt32 = 1, after: UInt = 0)
    case release(button: UInt32 = 1, after: UInt = 0)
}

extension XvfbServer {
    /// Drives the pointer through XTest. Every step is sent at once with its delay, and the
    /// X server waits that long before it carries the step out and stamps its event: the
    /// spacing is the server's, however slowly this test or Flick gets the processor.
    /// Returns once the server has carried out the last step.
    func pointer(_ steps: [PointerStep]) throws {
        guard let connection = XOpenDisplay(display) else { throw HarnessError("cannot open \(display)") }
        defer { XCloseDisplay(connection) }
        for step in steps {
            switch step {
            case let .move(x, y, after): XTestFakeMotionEvent(connection, -1, Int32(x), Int32(y), after)
            case let .press(button, after): XTestFakeButtonEvent(connection, button, 1, after)
            case let .release(button, after): XTestFakeButtonEvent(connection, button, 0, after)
            }
        }
        XSync(connection, 0)
    }
}

extension FlickSession {
    /// A left-button drag by (`dx`, `dy`) in `steps` moves `pause` milliseconds apart, held
    /// still for `hold` milliseconds before the release, spaced by the X server itself.
    func drag(from start: (x: Int, y: Int), dx: Int, dy: Int = 0, steps: Int, pause: UInt, hold: UInt) throws {
        try press(at: start, dragBy: dx, dy: dy, steps: steps, pause: pause)
        try server.pointer([.release(after: hold)])
    }

    /// Where a solid photo of `colour` reaches along row `y` once it has come to rest (two
    /// screenshots in a row agree).
    func restingReach(of colour: (red: Int, green: Int, blue: Int), row y: Int) throws -> ClosedRange<Int> {
        try restingReach(row: y) { $0.reach(of: colour, row: y) }
    }

    /// What `reach` finds on row `y` once it has come to rest (two screenshots in a row agree).
    func restingReach(row y: Int, _ reach: (Screenshot) -> ClosedRange<Int>?) throws -> ClosedRange<Int> {
        var last: ClosedRange<Int>?
        let (shot, rested) = try waitForScreen { shot in
            let found = reach(shot)
            defer { last = found }
            return found != nil && found == last
        }
        guard rested, let found = reach(shot) else { throw HarnessError("nothing came to rest on row \(y)") }
        return found
    }

    /// The first half of a drag: pressed at `start` and moved, still held. A test then sees
    /// the drag arrive before it lets go, so "nothing moved" cannot pass for a drag lost.
    func press(at start: (x: Int, y: Int), dragBy dx: Int, dy: Int = 0, steps: Int, pause: UInt) throws {
        var script: [PointerStep] = [.move(x: start.x, y: start.y), .press(after: 20)]
        for step in 1...steps { script.append(.move(x: start.x + dx * step / steps, y: start.y + dy * step / steps, after: pause)) }
        try server.pointer(script)
    }
}

/// A folder of solid-colour images made with ImageMagick.
func makeSolidColourFolder(_ colours: [(red: Int, green: Int, blue: Int)], size: String = "300x200") throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (index, c) in colours.enumerated() {
        let file = folder.appendingPathComponent(String(format: "photo_%d.png", index + 1)).path
        let result = try run("convert-im6.q16", ["-size", size, "xc:rgb(\(c.red),\(c.green),\(c.blue))", file])
        guard result.status == 0 else { throw HarnessError("convert failed: \(result.error)") }
    }
    return folder
}

/// The pixels of `text` as Flick draws it (its own text renderer, off screen): where the
/// glyphs are solid, and where there is surely nothing (no ink at the pixel or beside it), to
/// find that text on a screenshot, shape for shape.
struct Glyphs {
    let ink: [(x: Int, y: Int)]
    let clear: [(x: Int, y: Int)]

    init(_ text: String, pointSize: Double) throws {
        let canvas = try #require(OffscreenCanvas(width: 900, height: 80))
        let renderer = TextRenderer(textures: canvas.textures, scale: 1)
        var label = try #require(renderer.label(text, pointSize: pointSize, color: Color.white))
        label.mode = .fill
        let view = View(frame: Rect(origin: .zero, size: label.pixelSize))
        view.content = label
        canvas.draw(view.drawList(), clearColor: .black)
        let width = Int(label.pixelSize.width), height = Int(label.pixelSize.height)
        func alpha(_ x: Int, _ y: Int) -> Double { x < 0 || y < 0 || x >= width || y >= height ? 0 : canvas.pixel(x: x, y: y).red }
        var ink: [(x: Int, y: Int)] = [], clear: [(x: Int, y: Int)] = []
        for y in 0..<height {
            for x in 0..<width {
                if alpha(x, y) > 0.85 { ink.append((x, y)) }
                if (-1...1).allSatisfy({ dy in (-1...1).allSatisfy { dx in alpha(x + dx, y + dy) < 0.02 } }) { clear.append((x, y)) }
            }
        }
        self.ink = ink
        self.clear = clear
    }

    /// Where on `shot` the text is drawn light on a darker ground, if anywhere: its ink
    /// brighter than `inkAbove` and the ground around the letters darker than `clearBelow`
    /// (the brightest channel of each).
    func found(in shot: Screenshot, inkAbove: Int = 120, clearBelow: Int = 100) -> (x: Int, y: Int)? {
        guard let first = ink.first else { return nil }
        func brightness(_ x: Int, _ y: Int) -> Int { let c = shot.color(x: x, y: y); return max(c.red, c.green, c.blue) }
        let maxX = (ink + clear).map(\.x).max() ?? 0, maxY = (ink + clear).map(\.y).max() ?? 0
        for originY in 0..<max(shot.height - maxY, 0) {
            for originX in 0..<max(shot.width - maxX, 0) where brightness(originX + first.x, originY + first.y) > inkAbove {
                if ink.allSatisfy({ brightness(originX + $0.x, originY + $0.y) > inkAbove })
                    && clear.allSatisfy({ brightness(originX + $0.x, originY + $0.y) < clearBelow }) {
                    return (originX, originY)
                }
            }
        }
        return nil
    }
}
