// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import SystemPackage

// A decode helper that misbehaves on purpose, to test isolation: it hangs on files whose
// name contains "hang", spins the processor on "spin", takes a third of a second of it on
// "busy" (then decodes), crashes on "crash", grabs memory
// without end on "hog", and decodes anything else normally. It speaks the real helper
// protocol.
//
// `fake-decode-helper --parent FILE` plays Flick instead: it decodes FILE through a helper
// that is this program, printing the helper's pid, and waits — a parent for tests to kill.
let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "--parent" {
    let decoder = IsolatedDecoder(command: [DecodeHelper.ownCommand[0]], deadline: 60)
    let worker = Thread {
        _ = decoder.decode(FilePath(arguments[2]), maximumPixelSize: nil)
    }
    worker.start()
    while decoder.busyHelperIDs.isEmpty { usleep(1_000) }
    print(decoder.busyHelperIDs[0])
    fflush(nil)
    while true { sleep(60) }
}

// `fake-decode-helper player-helper …` is Flick's own player, as `flick player-helper` is.
if arguments.count > 1, arguments[1] == PlayerHelper.subcommand { PlayerHelper.serve(Array(arguments.dropFirst(2))) }

// FAKE_HELPER_CPU_SECONDS sets its processor budget per decode (2 s unless told).
let budget = ProcessInfo.processInfo.environment["FAKE_HELPER_CPU_SECONDS"].flatMap(Int.init) ?? 2
DecodeHelper.serve(cpuSecondsPerDecode: budget) { path, kind, size, box, colours, rawBeside throws(DecodeError) in
    let name = path.lastComponent?.string ?? ""
    if name.contains("hang") { while true { sleep(60) } }
    if name.contains("spin") {
        var counter = 0
        while true { counter &+= 1 }
    }
    if name.contains("crash") { kill(getpid(), SIGKILL) }
    // A slow but honest decode: a third of a second of processor time, then the picture.
    if name.contains("busy") {
        func processorSeconds() -> Double {
            var used = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &used)
            return Double(used.tv_sec) + Double(used.tv_nsec) / 1e9
        }
        // Reading the process's clock is itself a system call: the loop spends the time.
        let until = processorSeconds() + 0.3
        while processorSeconds() < until {}
    }
    if name.contains("hog") {
        var blocks: [UnsafeMutableRawPointer] = []
        while true {
            guard let block = malloc(64 << 20) else { abort() }
            memset(block, 1, 64 << 20)
            blocks.append(block)
        }
    }
    return try DecodeHelper.decode(path, kind: kind, maximumPixelSize: size, box: box, colours: colours, rawBeside: rawBeside)
}
