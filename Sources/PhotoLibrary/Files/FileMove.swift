// SPDX-License-Identifier: GPL-3.0-or-later
internal import CProcess
import Foundation
import SystemPackage

/// Moving a file within one file system without ever replacing what is at the new path:
/// restoring from the Trash, or a verified copy taking its final name.
public enum FileMove {
    /// nil on success, else the errno (EEXIST where something is at `destination`). Where
    /// the file system cannot promise it atomically (EINVAL: some FUSE mounts), it checks
    /// first.
    public static func withoutReplacing(_ source: FilePath, to destination: FilePath) -> Int32? {
        let result = source.withPlatformString { from in destination.withPlatformString { to in flick_rename_noreplace(from, to) } }
        if result == 0 { return nil }
        guard errno == EINVAL || errno == ENOSYS else { return errno }
        var info = stat()
        if destination.withPlatformString({ lstat($0, &info) }) == 0 { return EEXIST }
        let fallback = source.withPlatformString { from in destination.withPlatformString { to in rename(from, to) } }
        return fallback == 0 ? nil : errno
    }
}
