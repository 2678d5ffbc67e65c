// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SystemPackage

/// What a file was, to tell whether another program changed it since: its size, its
/// modification and change times, its inode and device (a turn checks it before writing;
/// a decode carries it, so a result of a file since rewritten is known for what it is).
public struct FileStamp: Sendable, Equatable {
    var values: [Int]

    public init?(of path: FilePath) {
        var info = stat()
        guard path.withPlatformString({ stat($0, &info) }) == 0 else { return nil }
        values = [Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ino), Int(info.st_dev)]
    }

    /// The same file with the same bytes as far as the file system tells.
    public func isSameFile(as other: FileStamp) -> Bool { values == other.values }

    /// The same size and modification time: the file as a turn left it, though an undo of
    /// a later turn has replaced it since (a new inode, the same bytes but for the tag).
    public func hasSameSizeAndTime(as other: FileStamp) -> Bool { values[0..<3] == other.values[0..<3] }

    /// Whether the file is as a listing saw it: its size, and its modification time to the
    /// millisecond (as the index keeps it).
    public func matches(size: Int, modified: Date) -> Bool {
        let seconds = Double(values[1]) + Double(values[2]) / 1e9
        return values[0] == size && abs(seconds - modified.timeIntervalSince1970) < 1e-3
    }
}
