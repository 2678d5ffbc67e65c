// SPDX-License-Identifier: GPL-3.0-or-later
import Localization

/// Which photos of an album are shown, by their marks.
public enum PhotoFilter: Hashable, Sendable {
    case all
    case picks
    /// At least this many stars (1–5).
    case rated(atLeast: Int)
    case unrated
    case rejects
    case label(ColourLabel)

    /// Stars and "unrated" leave the rejects out: a reject is a verdict, whatever its stars.
    public func admits(_ marks: PhotoMarks) -> Bool {
        switch self {
        case .all: true
        case .picks: marks.flag == .pick
        case let .rated(stars): marks.rating >= stars && marks.flag != .reject
        case .unrated: marks.rating == 0 && marks.flag != .reject
        case .rejects: marks.flag == .reject
        case let .label(label): marks.label == label
        }
    }

    /// What the filter control and the help call it.
    public var title: String {
        switch self {
        case .all: localized("All photos")
        case .picks: localized("Picks")
        // TRANSLATORS: a filter: photos with at least these stars ("★★★ or more").
        case let .rated(stars): localized("{stars} or more", ["stars": String(repeating: "★", count: stars)])
        case .unrated: localized("Unrated")
        case .rejects: localized("Rejects")
        case .label(.red): localized("Red label")
        case .label(.yellow): localized("Yellow label")
        case .label(.green): localized("Green label")
        case .label(.blue): localized("Blue label")
        case .label(.purple): localized("Purple label")
        }
    }

    /// Every filter, in the control's order.
    public static let choices: [PhotoFilter] = [.all, .picks] + (1...PhotoMarks.maximumRating).map { .rated(atLeast: $0) }
        + [.unrated, .rejects] + ColourLabel.allCases.map(PhotoFilter.label)

    /// As the settings file keeps it ("all", "rated-3", "label-red").
    public var settingName: String {
        switch self {
        case .all: "all"
        case .picks: "picks"
        case let .rated(stars): "rated-\(stars)"
        case .unrated: "unrated"
        case .rejects: "rejects"
        case let .label(label): "label-\(label.xmpName.lowercased())"
        }
    }

    public init?(settingName: String) {
        guard let filter = Self.choices.first(where: { $0.settingName == settingName }) else { return nil }
        self = filter
    }
}

/// The order an album's photos are shown in.
public struct PhotoOrder: Hashable, Sendable {
    public enum Key: String, Hashable, Sendable, CaseIterable {
        /// File names in natural order (IMG_2 before IMG_10).
        case name
        /// When the photo was taken (EXIF), else when its file last changed.
        case dateTaken = "date-taken"
        case dateModified = "date-modified"
        case size
        /// How sharp the sharpest part of the photo is (its focus measure).
        case sharpness

        /// What the sort control and the menu call it.
        public var title: String {
            switch self {
            // TRANSLATORS: sort orders in the arrangement menu.
            case .name: localized("Name")
            case .dateTaken: localized("Date taken")
            case .dateModified: localized("Date modified")
            case .size: localized("Size")
            case .sharpness: localized("Sharpness")
            }
        }
    }

    public var key: Key
    public var reversed: Bool

    public init(_ key: Key = .name, reversed: Bool = false) {
        self.key = key
        self.reversed = reversed
    }

    public static let byName = PhotoOrder()

    /// The order after choosing `key`: the same key again turns it round, another starts
    /// the natural way (names A to Z, oldest first, smallest first).
    public func choosing(_ key: Key) -> PhotoOrder {
        key == self.key ? PhotoOrder(key, reversed: !reversed) : PhotoOrder(key)
    }

    public var title: String { key.title + (reversed ? " ↓" : " ↑") }

    /// As the settings file keeps it ("date-taken", "size-reversed").
    public var settingName: String { key.rawValue + (reversed ? "-reversed" : "") }

    public init?(settingName: String) {
        let reversed = settingName.hasSuffix("-reversed")
        guard let key = Key(rawValue: reversed ? String(settingName.dropLast("-reversed".count)) : settingName) else { return nil }
        self.init(key, reversed: reversed)
    }
}
