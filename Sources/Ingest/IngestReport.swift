// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import SystemPackage

/// What an import did with each file of the card.
public struct IngestReport: Sendable {
    public enum Outcome: Sendable, Equatable {
        /// Copied, verified, to these paths (and already in other destinations at those).
        case copied([FilePath], alreadyAt: [FilePath])
        /// Every destination held it already (by content), at these paths.
        case skipped([FilePath])
        case failed(CopyFailure)
        /// A dry run's answer: where it would be copied.
        case wouldCopy([FilePath])
    }

    public var files: [(source: FilePath, outcome: Outcome)] = []
    /// Folders of the card that could not be read (their photos were not seen).
    public var unreadableFolders: [FilePath] = []
    /// Sidecars the caption could not be written into, and why.
    public var uncaptioned: [(sidecar: FilePath, reason: String)] = []
    /// Photos filed (and named) by their files' times because their dates taken could not
    /// be read, and why: copied all the same, perhaps under another day than they were taken.
    public var undated: [(source: FilePath, reason: String)] = []

    public var copiedCount: Int { files.count { if case .copied = $0.outcome { true } else { false } } }
    public var skippedCount: Int { files.count { if case .skipped = $0.outcome { true } else { false } } }
    public var failedCount: Int { files.count { if case .failed = $0.outcome { true } else { false } } }

    /// Whether every file of the card is in every destination.
    public var isComplete: Bool { failedCount == 0 && unreadableFolders.isEmpty && uncaptioned.isEmpty }

    /// One line per file, then the sums: what `flick import` prints.
    public func lines(relativeTo source: FilePath) -> [String] {
        func shown(_ path: FilePath) -> String {
            let text = path.string, root = source.string.hasSuffix("/") ? source.string : source.string + "/"
            return text.hasPrefix(root) ? String(text.dropFirst(root.count)) : text
        }
        var lines = files.map { file -> String in
            switch file.outcome {
            case let .copied(targets, already):
                return "copied  \(shown(file.source)) → \((targets + already).map(\.string).joined(separator: ", "))"
            case let .skipped(paths):
                return "skipped \(shown(file.source)): already at \(paths.map(\.string).joined(separator: ", "))"
            case let .failed(failure):
                return "failed  \(shown(file.source)): \(Self.reason(failure))"
            case let .wouldCopy(targets):
                return "would copy \(shown(file.source)) → \(targets.map(\.string).joined(separator: ", "))"
            }
        }
        lines += unreadableFolders.map { "failed  \(shown($0)): the folder cannot be read" }
        lines += uncaptioned.map { "failed  \($0.sidecar.string): the caption was not written (\($0.reason))" }
        lines += undated.map { "undated \(shown($0.source)): its date taken could not be read (\($0.reason)); filed by its file's time" }
        let planned = files.count { if case .wouldCopy = $0.outcome { true } else { false } }
        lines.append(planned > 0
            ? "\(planned) would be copied, \(skippedCount) already imported (a dry run: nothing was written)."
            : "\(copiedCount) copied and verified, \(skippedCount) already imported, \(failedCount + unreadableFolders.count + uncaptioned.count) failed.")
        return lines
    }

    /// Why a file was not copied, in words.
    public static func reason(_ failure: CopyFailure) -> String {
        switch failure {
        case let .sourceUnreadable(why): "the card could not be read (\(why))"
        case .sourceGone: "it is no longer on the card"
        case .sourceChanged: "it changed on the card while it was copied"
        case let .destinationFull(folder): "\(folder) is full"
        case let .destinationUnwritable(folder, why): "\(folder) cannot be written (\(why))"
        case let .copyDiffers(path): "the copy read back from \(path) is not what the card holds; it was removed"
        case let .nameTaken(path): "another file took the name \(path) meanwhile; it was not replaced"
        case let .cannotVerify(why): "copies cannot be verified (\(why))"
        case .cancelled: "the import was cancelled before it"
        }
    }
}
