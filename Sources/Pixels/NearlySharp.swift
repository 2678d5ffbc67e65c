// SPDX-License-Identifier: GPL-3.0-or-later

/// A picture a few percent short of the size it is shown at is as sharp to the eye as one
/// that covers it. A camera's embedded preview of 1616 px, for a full-screen 1620 px, is
/// shown scaled up by 0.25 % rather than the RAW rendered from its sensor data (a third of a
/// second a step); the decoder that picks a preview and the pager that judges a picture
/// sharp go by the same share.
public enum NearlySharp {
    /// How far short of the size asked a picture may fall and still count as sharp, as a
    /// share of that size. Larger = fewer RAW renders, slightly softer pictures.
    public static let tolerance = 0.04

    /// The fewest pixels along a side that count as covering `side`.
    public static func fewestPixels(covering side: Int) -> Int {
        Int((Double(side) * (1 - tolerance)).rounded(.up))
    }
}
