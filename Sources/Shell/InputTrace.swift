// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Each key, text and click as Flick took it, on stderr while FLICK_TRACE_INPUT is set
/// ("flick-input key r down mods 0 taken"): what an end-to-end test that failed can show of
/// the input it sent and what became of it.
public enum InputTrace {
    public static let isOn = getenv("FLICK_TRACE_INPUT") != nil

    public static func note(_ line: @autoclosure () -> String) {
        guard isOn else { return }
        FileHandle.standardError.write(Data(("flick-input " + line() + "\n").utf8))
    }
}
