// SPDX-License-Identifier: GPL-3.0-or-later
internal import CPlayer
internal import CProcess
import Foundation
import SystemPackage

/// A Flick process turned into a video's player (`flick player-helper PATH WIDTH HEIGHT
/// SLOTS SLOT_BYTES START LENGTH TURN FROM`; a length of 0: the whole file, else those bytes
/// of it; TURN, an EXIF orientation, how much more its sidecar turns it than its track; FROM,
/// the seconds in where it starts): libmpv plays the file, its frames drawn into the shared memory Flick
/// gave as descriptor 3, its commands read from stdin, its events written to stdout
/// (CPlayer.h says which). Isolated as the decoders are: a video that crashes or hangs the
/// player takes nothing else with it, and the player dies with Flick.
public enum PlayerHelper {
    public static let subcommand = "player-helper"

    /// Address space the player may use: FFmpeg's buffers for a 4K video, mpv's threads and
    /// demuxer cache, with room; a video declaring more fails here, not in the desktop's swap.
    public static let memoryLimitBytes = 3 << 30

    /// The command that starts a player: this very executable with `subcommand`.
    public static var ownCommand: [String] { [DecodeHelper.ownCommand[0], subcommand] }

    /// Plays as `arguments` (after the subcommand) say, then exits.
    public static func serve(_ arguments: [String]) -> Never {
        _ = flick_set_parent_death_signal(SIGKILL)
        _ = flick_set_process_name("flick-player")
        var limit = rlimit(rlim_cur: rlim_t(memoryLimitBytes), rlim_max: rlim_t(memoryLimitBytes))
        setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)
        // The audio stack's complaints where there is no sound card (ALSA, PipeWire) are not
        // Flick's to print: the player says "nosound" once instead.
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 { dup2(null, 2); close(null) }
        guard arguments.count == 9, let width = Int32(arguments[1]), let height = Int32(arguments[2]),
              let slots = Int32(arguments[3]), let slotBytes = Int(arguments[4]), let start = Int(arguments[5]), let length = Int(arguments[6]),
              let turn = Int(arguments[7]).flatMap(Orientation.init(rawValue:)), let from = Double(arguments[8]), start >= 0, length >= 0 else {
            print("error the player was started wrongly")
            exit(2)
        }
        let path = FilePath(arguments[0])
        let part = length > 0 ? start..<start + length : nil
        // The track's turn (then the sidecar's) and an HDR picture's tone mapping, as the
        // poster had them: mpv's software renderer does neither.
        let facts = VideoDecoder.playbackFacts(of: path, range: part)
        let shown = VideoDecoder.orientation(quarterTurns: facts.quarterTurns).followed(by: turn)
        let status = flick_player_serve(arguments[0], Int64(start), Int64(length), from, Int32(shown.rawValue), Int32(facts.highDynamicRange),
                                        0, 1, 3, slots, slotBytes, width, height)
        exit(status)
    }
}
