// SPDX-License-Identifier: GPL-3.0-or-later
import Localization

/// What of a photo's metadata a shared copy carries. A copy sent to someone need not tell
/// where the photo was taken, nor anything at all.
public enum ExportMetadata: String, Sendable, CaseIterable {
    /// Nothing: pixels alone.
    case none
    /// When it was taken, the camera and lens, the exposure; not where.
    case withoutPlace = "without-place"
    /// All of that and where (GPS).
    case withPlace = "with-place"

    public var title: String {
        switch self {
        case .none: localized("No metadata")
        case .withoutPlace: localized("Date and camera, not the place")
        case .withPlace: localized("Date, camera and place")
        }
    }
}

/// How shared copies are made (Share…): JPEGs within a long side, carrying so much of
/// their metadata. Remembered from one share to the next.
public struct SharedCopy: Hashable, Sendable {
    /// The long sides offered, in pixels; nil: the photo's own size.
    public static let longSides: [Int?] = [1024, 2048, 3072, nil]

    public var longSide: Int?
    public var metadata: ExportMetadata

    public init(longSide: Int? = 2048, metadata: ExportMetadata = .withoutPlace) {
        self.longSide = longSide
        self.metadata = metadata
    }

    /// "2048 px", "Full size".
    public var sizeTitle: String {
        longSide.map { localized("{size} px", ["size": Language.number($0)]) } ?? localized("Full size")
    }

    /// The next size offered, round again after the last.
    public var nextSize: Int? {
        let index = Self.longSides.firstIndex(of: longSide) ?? 0
        return Self.longSides[(index + 1) % Self.longSides.count]
    }

    public var nextMetadata: ExportMetadata {
        let all = ExportMetadata.allCases
        return all[((all.firstIndex(of: metadata) ?? 0) + 1) % all.count]
    }

    /// As the settings write it: "2048, without-place", "full, none".
    public var settingText: String { "\(longSide.map(String.init) ?? "full"), \(metadata.rawValue)" }

    public init?(settingText text: String) {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let metadata = ExportMetadata(rawValue: parts[1]) else { return nil }
        let side = parts[0] == "full" ? nil : Int(parts[0])
        guard parts[0] == "full" || Self.longSides.contains(side) else { return nil }
        self.init(longSide: side, metadata: metadata)
    }
}
