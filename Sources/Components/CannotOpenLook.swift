import Geometry

/// How every view shows a photo that cannot be shown: a dull red tile saying so.
enum CannotOpenLook {
    static let text = "cannot open"
    static let tileColor = Color(red: 0.28, green: 0.12, blue: 0.12)
    static let textColor = Color(white: 0.85)
}
