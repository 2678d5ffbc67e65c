// SPDX-License-Identifier: GPL-3.0-or-later
/// A colour with straight (not premultiplied) alpha, each component in 0...1, sRGB.
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// From 8-bit components, as image files and screenshots give them.
    public init(red8: UInt8, green8: UInt8, blue8: UInt8, alpha8: UInt8 = 255) {
        self.init(red: Double(red8) / 255, green: Double(green8) / 255, blue: Double(blue8) / 255, alpha: Double(alpha8) / 255)
    }

    public static let black = Color(white: 0)
    public static let white = Color(white: 1)
    public static let clear = Color(white: 0, alpha: 0)

    public func withAlpha(_ alpha: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    public var isOpaque: Bool { alpha >= 1 }

    /// Components rounded to 0...255, clamped.
    public var bytes: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return (byte(red), byte(green), byte(blue), byte(alpha))
    }

    public func interpolated(to other: Color, fraction t: Double) -> Color {
        Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }
}
