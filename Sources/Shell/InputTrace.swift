// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// Each key, text and click as Flick took it, and each toast it showed, on stderr while
/// FLICK_TRACE_INPUT is set ("flick-input key r down mods 0 taken", "flick-input toast
/// \"20 photos turned right\""): what an end-to-end test that failed can show of the input
/// it sent and what became of it. While it is set, a watch also says when the UI
/// thread has neither handled an event nor drawn for `quietSeconds`, and where the kernel
/// has it waiting (its wchan and system call: asleep for events, or stuck in a lock or a pipe).
public enum InputTrace {
    public static let isOn = getenv("FLICK_TRACE_INPUT") != nil
    /// The UI thread's last sign of life (seconds, monotonic).
    private static let lastBeat = Atomic<Int64>(0)
    static let quietSeconds = 5.0

    public static func note(_ line: @autoclosure () -> String) {
        guard isOn else { return }
        FileHandle.standardError.write(Data(("flick-input " + line() + "\n").utf8))
    }

    /// The UI thread handled an event or drew a frame.
    public static func beat() {
        guard isOn else { return }
        lastBeat.store(Int64(ProcessInfo.processInfo.systemUptime * 1000), ordering: .relaxed)
    }

    /// Starts the watch (on the UI thread, whose id the process's is): a thread of its own,
    /// ending with the process.
    public static func watchUIThread() {
        guard isOn else { return }
        beat()
        let uiThread = getpid()
        let thread = Thread {
            var reported = Int64(0)
            while true {
                sleep(1)
                let last = lastBeat.load(ordering: .relaxed), now = Int64(ProcessInfo.processInfo.systemUptime * 1000)
                guard Double(now - last) / 1000 >= quietSeconds, last != reported else { continue }
                reported = last
                let wchan = (try? String(contentsOfFile: "/proc/self/task/\(uiThread)/wchan", encoding: .utf8)) ?? "?"
                let call = (try? String(contentsOfFile: "/proc/self/task/\(uiThread)/syscall", encoding: .utf8))?
                    .split(separator: " ").first.map(String.init) ?? "?"
                note("quiet \(Int(quietSeconds)) s: the UI thread waits in \(wchan) (system call \(call))")
            }
        }
        thread.name = "flick-input-watch"
        thread.start()
    }
}
