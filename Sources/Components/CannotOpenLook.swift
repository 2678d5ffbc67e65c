import Geometry

/// How every view shows a photo that cannot be shown: a dull red tile saying why in a few
/// words ("cannot open", "too large", …).
enum CannotOpenLook {
    static let tileColor = Color(red: 0.28, green: 0.12, blue: 0.12)
    static let textColor = Color(white: 0.85)
}
