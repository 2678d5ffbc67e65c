// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import SystemPackage

/// The caption, creator, copyright, credit and keywords an import writes into the sidecar
/// of each photo it copied, and its date taken where the camera's clock was set right: the
/// card's sidecar copied with it where there was one (keeping what another program wrote),
/// else a new `NAME.EXT.xmp`. Never into the card, never into the photo.
extension Ingest {
    /// `copied`: per file of `item`, the copies made now by destination; `existing`, those
    /// already there; `setRight`: its date taken, where a clock shift moved it.
    func caption(_ item: IngestItem, copied: [[Int: FilePath]], existing: [[FilePath?]], setRight: TakenTime?, report: inout IngestReport) {
        var caption = options.caption
        caption.dateTaken = setRight?.exifText
        guard !caption.isEmpty, let captioner else { return }
        var captioned: Set<FilePath> = []
        for (index, suffix) in item.suffixes.enumerated() where !CardFiles.isSidecar(suffix) {
            for (destination, copy) in copied[index] {
                let sidecar = sidecarPath(of: copy, suffix: suffix, item: item, destination: destination, copied: copied, existing: existing)
                guard captioned.insert(sidecar).inserted else { continue }
                var info = stat()
                let isThere = sidecar.withPlatformString { lstat($0, &info) } == 0
                switch captioner(isThere ? sidecar : nil, caption) {
                case let .success(bytes):
                    if let problem = Self.writeWhole(bytes, to: sidecar) { report.uncaptioned.append((sidecar, problem)) }
                case let .failure(error):
                    report.uncaptioned.append((sidecar, error.description))
                }
            }
        }
    }

    /// The sidecar of the copy `copy` (of the item's file ending `suffix`): the item's
    /// `NAME.EXT.xmp` for that file, else its `NAME.xmp`, where it has one in that
    /// destination; else `copy` + ".xmp".
    private func sidecarPath(of copy: FilePath, suffix: String, item: IngestItem, destination: Int,
                             copied: [[Int: FilePath]], existing: [[FilePath?]]) -> FilePath {
        for wanted in [suffix + ".xmp", ".xmp"] {
            guard let index = item.suffixes.firstIndex(where: { $0.lowercased() == wanted.lowercased() }) else { continue }
            if let path = copied[index][destination] ?? existing[index][destination] { return path }
        }
        return FilePath(copy.string + ".xmp")
    }

    /// Writes `bytes` at `path` whole or not at all: under a temporary name (one the next
    /// import sweeps away if this one is killed), flushed, then renamed over the sidecar.
    /// Nil, or why not.
    static func writeWhole(_ bytes: [UInt8], to path: FilePath) -> String? {
        let temporary = path.removingLastComponent().appending(VerifiedCopy.nextTemporaryName())
        let fd = temporary.withPlatformString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { return VerifiedCopy.reason(errno) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let flushed = written == bytes.count && fsync(fd) == 0
        let error = errno
        close(fd)
        guard flushed, temporary.withPlatformString({ from in path.withPlatformString { rename(from, $0) } }) == 0 else {
            let reason = VerifiedCopy.reason(flushed ? errno : error)
            _ = temporary.withPlatformString { unlink($0) }
            return reason
        }
        return nil
    }
}
