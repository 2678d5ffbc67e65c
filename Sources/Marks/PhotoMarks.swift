// SPDX-License-Identifier: GPL-3.0-or-later

/// What a photographer said of a photo while culling: stars, a pick or a reject, a colour
/// label. Plain values, shared by the sidecars that store them, the album that filters by
/// them and the views that show them.
public struct PhotoMarks: Hashable, Sendable {
    /// 0 (unrated) to 5 stars.
    public var rating: Int {
        didSet { rating = min(max(rating, 0), Self.maximumRating) }
    }
    public var flag: Flag
    public var label: ColourLabel?

    public static let maximumRating = 5
    public static let none = PhotoMarks()

    public init(rating: Int = 0, flag: Flag = .none, label: ColourLabel? = nil) {
        self.rating = min(max(rating, 0), Self.maximumRating)
        self.flag = flag
        self.label = label
    }

    public var isEmpty: Bool { self == .none }

    /// The marks after `change`: a label pressed again is taken off, as in Lightroom and
    /// darktable; stars and flags are set.
    public func applying(_ change: MarkChange) -> PhotoMarks {
        var marks = self
        switch change {
        case let .rate(stars): marks.rating = stars
        case let .flag(flag): marks.flag = flag
        case let .toggleLabel(label): marks.label = self.label == label ? nil : label
        case let .set(all): marks = all
        }
        return marks
    }

    /// Pick, reject, or neither.
    public enum Flag: Int, Hashable, Sendable, CaseIterable {
        case none, pick, reject
    }
}

/// The five colour labels of Lightroom, Bridge and darktable, in the order of their keys
/// (6 red … 9 blue; purple has no key of its own in those tools and is set from the menu).
public enum ColourLabel: Int, Hashable, Sendable, CaseIterable {
    case red, yellow, green, blue, purple

    /// The name written to xmp:Label, which Lightroom and Bridge read (their default set).
    public var xmpName: String {
        switch self {
        case .red: "Red"
        case .yellow: "Yellow"
        case .green: "Green"
        case .blue: "Blue"
        case .purple: "Purple"
        }
    }

    /// The label an xmp:Label names, in any case ("red", "Red"); nil for another word.
    public init?(xmpName: String) {
        guard let label = Self.allCases.first(where: { $0.xmpName.lowercased() == xmpName.lowercased() }) else { return nil }
        self = label
    }

    /// The label digit key `digit` sets (6 red, 7 yellow, 8 green, 9 blue).
    public init?(key digit: Int) {
        guard (6...9).contains(digit) else { return nil }
        self.init(rawValue: digit - 6)
    }

    /// Its colour as sRGB components 0…1, for the badge's dot.
    public var rgb: (red: Double, green: Double, blue: Double) {
        switch self {
        case .red: (0.90, 0.26, 0.24)
        case .yellow: (0.96, 0.80, 0.20)
        case .green: (0.30, 0.74, 0.36)
        case .blue: (0.25, 0.52, 0.94)
        case .purple: (0.64, 0.38, 0.86)
        }
    }
}

/// One thing a mark key (or menu) does to a photo's marks.
public enum MarkChange: Hashable, Sendable {
    case rate(Int)
    case flag(PhotoMarks.Flag)
    case toggleLabel(ColourLabel)
    /// Puts back marks exactly as they were (undo).
    case set(PhotoMarks)
}
