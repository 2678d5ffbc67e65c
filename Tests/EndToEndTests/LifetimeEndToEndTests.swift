// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Flick always opens, and nothing it starts outlives it.
@Suite(.serialized) struct LifetimeEndToEndTests {
    func isRunning(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        return !status.contains("State:\tZ") && !status.contains("State:\tX")
    }

    func processorSeconds(of pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.range(of: ")", options: .backwards) else { return 0 }
        let fields = stat[end.upperBound...].split(separator: " ")
        return ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Flick on a folder with a good photo and one its (misbehaving) helper spins on,
    /// once that helper is spinning. Returns the session and the spinning helper.
    func flickWithASpinningHelper() throws -> (FlickSession, Int32) {
        let folder = try makeSolidColourFolder([(230, 40, 40)])
        try FileManager.default.copyItem(at: folder.appendingPathComponent("photo_1.png"), to: folder.appendingPathComponent("spin.png"))
        // The spinning helper's own processor budget is made long, so only its tie to
        // Flick can end it within the test's two seconds.
        let flick = try FlickSession(arguments: [folder.path],
                                     environment: ["FLICK_DECODE_HELPER": builtProgram("fake-decode-helper"), "FAKE_HELPER_CPU_SECONDS": "120"])
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let spinning = helpers(of: flick.process.processIdentifier).first(where: { processorSeconds(of: $0) > 0.3 }) {
                return (flick, spinning)
            }
            usleep(50_000)
        }
        throw HarnessError("no helper started spinning")
    }

    func expectGoneWithinTwoSeconds(_ pids: [Int32]) {
        let deadline = Date().addingTimeInterval(2)
        while pids.contains(where: isRunning) && Date() < deadline { usleep(20_000) }
        #expect(!pids.contains(where: isRunning), "helpers still running: \(pids.filter(isRunning))")
    }

    @Test func killingFlickWhileAHelperSpinsLeavesNoHelperBehind() throws {
        let (flick, spinning) = try flickWithASpinningHelper()
        let all = helpers(of: flick.process.processIdentifier)
        #expect(all.contains(spinning))
        kill(flick.process.processIdentifier, SIGKILL)
        flick.process.waitUntilExit()
        expectGoneWithinTwoSeconds(all)
    }

    @Test func quittingWhileAHelperSpinsLeavesNoHelperBehind() throws {
        let (flick, spinning) = try flickWithASpinningHelper()
        let all = helpers(of: flick.process.processIdentifier)
        #expect(all.contains(spinning))
        let window = try flick.geometry()
        try flick.server.xdotool("mousemove", String(Int(window.midX)), String(Int(window.midY)))
        try flick.server.xdotool("key", "ctrl+q")
        #expect(flick.waitForExit() == 0)
        expectGoneWithinTwoSeconds(all)
    }

    /// Ends `flick` with one `signal` and waits for it (a bound, not a timing claim: a lost
    /// signal left Flick running for good). Returns its exit status, nil if it did not end.
    func endsOnOne(_ signal: Int32, _ flick: FlickSession) -> Int32? {
        kill(flick.process.processIdentifier, signal)
        return flick.waitForExit(timeout: 10)
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func oneQuitSignalEndsFlickWhileAHelperSpins(_ signal: Int32) throws {
        let (flick, _) = try flickWithASpinningHelper()
        let all = helpers(of: flick.process.processIdentifier)
        #expect(endsOnOne(signal, flick) == 0, "ended as its close button ends it")
        expectGoneWithinTwoSeconds(all)
    }

    /// Full screen without a window manager, on a photo (the pager), and in the grid with
    /// a zoom back running: one SIGTERM ends each.
    @Test func oneSIGTERMEndsFlickInThePagerTheGridAndFullScreenWithoutAWindowManager() throws {
        let folder = try makeSolidColourFolder([(230, 40, 40), (40, 200, 40), (40, 40, 230)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let fullscreen = try FlickSession(arguments: ["--fullscreen", folder.path])
        #expect(endsOnOne(SIGTERM, fullscreen) == 0)
        let pager = try FlickSession(arguments: [folder.appendingPathComponent("photo_2.png").path])
        #expect(endsOnOne(SIGTERM, pager) == 0)
        let grid = try FlickSession(arguments: ["--view", "grid", folder.path])
        let window = try grid.geometry()
        _ = try grid.waitForScreen { $0.matches(x: Int(window.minX) + 60, y: Int(window.minY) + 120, (230, 40, 40), tolerance: 40) }
        try grid.server.xdotool("key", "Return", "Escape")
        #expect(endsOnOne(SIGTERM, grid) == 0)
    }

    /// A SIGTERM that comes while Flick is still starting, before its window: not lost.
    @Test func oneSIGTERMEndsFlickBeforeItsWindowIsUp() throws {
        let server = try XvfbServer()
        let folder = try makeSolidColourFolder([(230, 40, 40)])
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-start-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: home)
        }
        for delay: useconds_t in [0, 20_000, 60_000] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: flickBinary)
            process.arguments = [folder.path]
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["DISPLAY": server.display, "SDL_VIDEODRIVER": "x11", "XDG_CACHE_HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config"]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(delay)
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            #expect(!process.isRunning, "one SIGTERM \(delay / 1000) ms after launch ended it")
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// Flick's own helpers, the first of them forked from Flick itself rather than started
    /// afresh: they hold nothing of Flick's but their pipes, and end with it.
    @Test func flicksOwnHelpersHoldOnlyTheirPipesAndEndWhenFlickIsKilled() throws {
        let folder = try makeSolidColourFolder([(230, 40, 40), (40, 200, 60), (40, 80, 230)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let flick = try FlickSession(arguments: [folder.appendingPathComponent("photo_2.png").path])
        let pid = flick.process.processIdentifier
        let deadline = Date().addingTimeInterval(20)
        while helpers(of: pid).isEmpty && Date() < deadline { usleep(50_000) }
        let all = helpers(of: pid)
        #expect(!all.isEmpty)
        for helper in all {
            // A helper still loading has its libraries open one at a time and Flick's name:
            // what it holds and what it is called once it serves is what counts.
            func descriptors() -> [Int] {
                ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(helper)/fd")) ?? []).compactMap { Int($0) }.sorted()
            }
            func name() -> String { (try? String(contentsOfFile: "/proc/\(helper)/comm", encoding: .utf8)) ?? "" }
            let settled = Date().addingTimeInterval(10)
            while (descriptors() != [0, 1, 2] || name() != "flick-helper\n") && Date() < settled { usleep(20_000) }
            #expect(descriptors() == [0, 1, 2], "helper \(helper) holds \(descriptors())")
            #expect(name() == "flick-helper\n", "helper \(helper) is called \(name()) in top")
            let command = (try? String(contentsOfFile: "/proc/\(helper)/cmdline", encoding: .utf8)) ?? ""
            #expect(command.hasPrefix(flickBinary), "helper \(helper) runs \(command)")
        }
        // Read once each has settled: one started afresh shows Flick's command line until
        // its exec is done.
        let forked = all.filter { helper in
            let command = (try? String(contentsOfFile: "/proc/\(helper)/cmdline", encoding: .utf8)) ?? ""
            // Helpers started afresh run `flick decode-helper`.
            return !command.contains("decode-helper")
        }
        #expect(forked.count == 1, "one helper forked from Flick, with its command line: \(forked)")
        kill(pid, SIGKILL)
        flick.process.waitUntilExit()
        expectGoneWithinTwoSeconds(all)
    }

    /// Flick launched on `server` as from a desktop with no session bus: SDL picks the
    /// display's driver itself (the test run's own setting is the headless one). Returns
    /// the process and its visible window, or "" if none appeared within `timeout`.
    func launchWithoutSessionBus(_ arguments: [String], on server: XvfbServer, timeout: TimeInterval,
                                 environment extra: [String: String]) throws -> (Process, String) {
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        environment["SDL_VIDEODRIVER"] = nil
        environment["DISPLAY"] = server.display
        let process = Process()
        process.executableURL = URL(fileURLWithPath: flickBinary)
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        var window = ""
        while window.isEmpty && Date() < deadline && process.isRunning {
            window = (try server.xdotool("search", "--onlyvisible", "--class", "flick")).split(separator: "\n").first.map(String.init) ?? ""
            if window.isEmpty { usleep(50_000) }
        }
        return (process, window)
    }

    /// Processes that still know Flick's display (its X server aside).
    func processes(onDisplay display: String) -> [String] {
        let pids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
        return pids.compactMap { pid in
            guard let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ"),
                  environment.split(separator: 0).contains(where: { $0.elementsEqual("DISPLAY=\(display)".utf8) }),
                  let command = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return nil }
            return "\(pid) \(command.trimmingCharacters(in: .whitespacesAndNewlines))"
        }
    }

    /// Without a session bus, libdbus would start one for SDL (dbus-launch and a daemon)
    /// that lived on after Flick quit, until the X server ended.
    @Test func withoutASessionBusNothingFlickStartedIsLeftOnceItQuits() throws {
        let folder = try makeSolidColourFolder([(230, 40, 40)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        let server = try XvfbServer()
        let (process, window) = try launchWithoutSessionBus([folder.path], on: server, timeout: 20, environment: [
            "XDG_RUNTIME_DIR": runtime.path, "XDG_CACHE_HOME": runtime.appendingPathComponent("cache").path,
        ])
        #expect(!window.isEmpty, "the window appeared")
        _ = try server.xdotool("mousemove", "--window", window, "50", "50")
        _ = try server.xdotool("key", "ctrl+q")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let quitAt = Date()
        var left = processes(onDisplay: server.display)
        while !left.isEmpty && Date().timeIntervalSince(quitAt) < 2 {
            usleep(50_000)
            left = processes(onDisplay: server.display)
        }
        #expect(left.isEmpty, "still running on Flick's display: \(left)")
    }

    /// On a desktop without a session bus, SDL's window creation asks libdbus to start one
    /// and waits for that launcher's pipe to close; a helper that inherited the pipe kept it
    /// open and the window never appeared (about one launch in ten). Each launch here gets
    /// a fresh X server, so each asks for a bus.
    @Test func fiftyLaunchesWithoutASessionBusAllShowTheirWindow() throws {
        let folder = try makeSolidColourFolder([(230, 40, 40), (40, 200, 60), (40, 80, 230)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("flick-e2e-cache-\(UUID().uuidString)").path
        var windowless: [Int] = []
        for launch in 1...50 {
            let server = try XvfbServer()
            let (process, window) = try launchWithoutSessionBus([folder.path], on: server, timeout: 5, environment: ["XDG_CACHE_HOME": cache])
            if window.isEmpty { windowless.append(launch) }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        #expect(windowless.isEmpty, "launches whose window did not appear within 5 s: \(windowless)")
    }
}
