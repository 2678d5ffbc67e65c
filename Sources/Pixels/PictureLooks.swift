// SPDX-License-Identifier: GPL-3.0-or-later

/// What a photographer's eye asks of a picture, drawn as a picture of its own: its
/// histogram, where it clips, where it is in focus. Worked out from the pixels as decoded
/// for the screen (a RAW's preview), off the UI thread.
public enum PictureLook: Hashable, Sendable, CaseIterable {
    /// Luminance and red, green and blue, small in a corner.
    case histogram
    /// Highlights clipped in any channel painted red, shadows crushed in all painted blue.
    case clipping
    /// Edges sharper than a threshold painted green over the photo.
    case peaking
    /// With the histogram, a RAW's is of its sensor's own values (read by LibRaw in a
    /// helper, marked "RAW"): a preview's clipping is not the sensor's. Other photos' is
    /// of their pixels, as the histogram's.
    case sensorLevels

    /// The looks laid over a whole photo, in the order they are painted (peaking over
    /// clipping); the others are drawn apart from it (the histogram in a corner).
    public static let laidOver: [PictureLook] = [.clipping, .peaking]

    /// The look drawn from `pixels`: a histogram's graph, or a layer the photo's size to
    /// lay over it, clear where there is nothing to say.
    public func drawn(from pixels: PixelBuffer) -> PixelBuffer {
        switch self {
        case .histogram, .sensorLevels: Histogram(pixels).drawn()
        case .clipping: ClippingLayer.drawn(from: pixels)
        case .peaking: FocusPeaking.drawn(from: pixels)
        }
    }
}

extension PixelBuffer {
    /// This picture with `layers` (looks its size, in the order given) painted into it:
    /// where a layer says something its colour, elsewhere the picture's own. One picture
    /// to draw instead of the picture and a layer or two blended over it at every frame.
    public func overlaid(with layers: [PixelBuffer]) -> PixelBuffer {
        precondition(layers.allSatisfy { $0.width == width && $0.height == height && $0.bytesPerRow == width * 4 })
        let rowBytes = width * 4
        let painted = [UInt8](unsafeUninitializedCapacity: height * rowBytes) { out, count in
            let target = UnsafeMutableRawBufferPointer(out)
            bytes.withUnsafeBytes { source in
                for y in 0..<height {
                    UnsafeMutableRawBufferPointer(rebasing: target[(y * rowBytes)..<((y + 1) * rowBytes)])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[(y * bytesPerRow)..<(y * bytesPerRow + rowBytes)]))
                }
            }
            let pixels = target.bindMemory(to: UInt32.self)
            for layer in layers {
                layer.bytes.withUnsafeBytes { raw in
                    // A painted pixel is opaque (LookPaint.pixel); a clear one is all zero.
                    let paint = raw.bindMemory(to: UInt32.self)
                    for p in 0..<(width * height) where paint[p] != 0 { pixels[p] = paint[p] }
                }
            }
            count = height * rowBytes
        }
        var result = PixelBuffer(width: width, height: height, bytesPerRow: rowBytes, bytes: painted, isOpaque: isOpaque)
        result.iccProfile = iccProfile
        return result
    }
}

/// How many pixels have each value, 0–255, in red, green, blue and luminance (Rec. 709).
public struct Histogram: Equatable, Sendable {
    public private(set) var red = [Int](repeating: 0, count: 256)
    public private(set) var green = [Int](repeating: 0, count: 256)
    public private(set) var blue = [Int](repeating: 0, count: 256)
    public private(set) var luminance = [Int](repeating: 0, count: 256)

    /// A sensor's counts (a RAW's red, green and blue photosites), with no luminance.
    public init(red: [Int], green: [Int], blue: [Int]) {
        precondition(red.count == 256 && green.count == 256 && blue.count == 256)
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    public init(_ pixels: PixelBuffer) {
        // Counted into one table of four, by pointer: per pixel, four increments and no
        // checks (a 1620 × 1080 picture in a few milliseconds, on every page turn).
        var counts = [Int](repeating: 0, count: 4 * 256)
        counts.withUnsafeMutableBufferPointer { counts in
            pixels.bytes.withUnsafeBufferPointer { bytes in
                for y in 0..<pixels.height {
                    var i = y * pixels.bytesPerRow
                    for _ in 0..<pixels.width {
                        let b = Int(bytes[i]), g = Int(bytes[i + 1]), r = Int(bytes[i + 2])
                        counts[r] += 1
                        counts[256 + g] += 1
                        counts[512 + b] += 1
                        counts[768 + Self.luminance(red: r, green: g, blue: b)] += 1
                        i += 4
                    }
                }
            }
        }
        red = Array(counts[0..<256])
        green = Array(counts[256..<512])
        blue = Array(counts[512..<768])
        luminance = Array(counts[768...])
    }

    static func luminance(red: Int, green: Int, blue: Int) -> Int { (red * 54 + green * 183 + blue * 19) >> 8 }

    public static let graphSize = (width: 256, height: 100)

    /// The graph as it is shown: luminance in grey behind the three channels, which add up
    /// where they overlap (white where all three do), on a dark translucent ground. Each is
    /// scaled to its tallest bar short of the two ends, so a clipped spike does not flatten
    /// the rest (it runs off the top instead).
    /// `markedRAW`: "RAW" written in its top left corner, as a sensor's histogram is.
    public func drawn(markedRAW: Bool = false) -> PixelBuffer {
        let (width, height) = Self.graphSize
        func heights(_ counts: [Int]) -> [Int] {
            let tallest = max(counts[1...254].max() ?? 0, 1)
            return counts.map { min(height, Int((Double($0) / Double(tallest) * Double(height)).rounded(.up))) }
        }
        let r = heights(red), g = heights(green), b = heights(blue), l = heights(luminance)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let level = height - y
            for x in 0..<width {
                let i = (y * width + x) * 4
                let onR = r[x] >= level, onG = g[x] >= level, onB = b[x] >= level
                if onR || onG || onB {
                    bytes[i] = onB ? 230 : 40
                    bytes[i + 1] = onG ? 230 : 40
                    bytes[i + 2] = onR ? 230 : 40
                    bytes[i + 3] = 220
                } else if l[x] >= level {
                    bytes[i] = 120; bytes[i + 1] = 120; bytes[i + 2] = 120; bytes[i + 3] = 200
                } else {
                    bytes[i + 3] = 150
                }
            }
        }
        if markedRAW { Self.stampRAW(into: &bytes, width: width) }
        return PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: false)
    }

    /// "RAW" in a 5×7 pixel font, twice its size, amber, at the top left.
    static func stampRAW(into bytes: inout [UInt8], width: Int) {
        let letters: [[UInt8]] = [
            [0b11110, 0b10001, 0b10001, 0b11110, 0b10100, 0b10010, 0b10001],  // R
            [0b01110, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001],  // A
            [0b10001, 0b10001, 0b10001, 0b10101, 0b10101, 0b11011, 0b10001],  // W
        ]
        let scale = 2, origin = (x: 6, y: 6)
        for (index, rows) in letters.enumerated() {
            for (row, bits) in rows.enumerated() {
                for column in 0..<5 where bits & (0b10000 >> column) != 0 {
                    for dy in 0..<scale {
                        for dx in 0..<scale {
                            let x = origin.x + (index * 6 + column) * scale + dx, y = origin.y + row * scale + dy
                            let i = (y * width + x) * 4
                            (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) = (40, 180, 255, 255)
                        }
                    }
                }
            }
        }
    }
}

/// Where a picture clips: red where a channel is at its top, blue where every channel is at
/// its bottom (Lightroom's and darktable's colours).
public enum ClippingLayer {
    public static let highlight: (red: UInt8, green: UInt8, blue: UInt8) = (255, 30, 30)
    public static let shadow: (red: UInt8, green: UInt8, blue: UInt8) = (40, 90, 255)
    /// At or past these a channel is clipped: 8-bit values after the screen's conversion.
    static let top: UInt8 = 255
    static let bottom: UInt8 = 1

    public static func drawn(from pixels: PixelBuffer) -> PixelBuffer {
        let highlightPixel = LookPaint.pixel(highlight), shadowPixel = LookPaint.pixel(shadow)
        return LookPaint.layer(width: pixels.width, height: pixels.height) { out in
            pixels.bytes.withUnsafeBufferPointer { bytes in
                for y in 0..<pixels.height {
                    var i = y * pixels.bytesPerRow, o = y * pixels.width
                    for _ in 0..<pixels.width {
                        let b = bytes[i], g = bytes[i + 1], r = bytes[i + 2]
                        let most = max(r, g, b)
                        if most >= top { out[o] = highlightPixel } else if most <= bottom { out[o] = shadowPixel }
                        i += 4
                        o += 1
                    }
                }
            }
        }
    }
}

/// Where a picture is sharp: its luminance's gradient (Sobel) past a threshold, painted
/// green. The threshold is in the picture's own pixels: a soft edge spreads its rise over
/// several of them and stays under it.
public enum FocusPeaking {
    public static let colour: (red: UInt8, green: UInt8, blue: UInt8) = (90, 255, 60)
    /// |Gx| + |Gy| of Sobel on 0–255 luminance (at most 2040): a step of about 60 levels
    /// from one pixel to the next.
    public static let threshold = 240

    public static func drawn(from pixels: PixelBuffer) -> PixelBuffer {
        let width = pixels.width, height = pixels.height
        guard width >= 3, height >= 3 else {
            return LookPaint.layer(width: width, height: height) { _ in }
        }
        // The luminance as one byte a pixel: the 3 × 3 windows read it nine times over, and
        // a plane of bytes stays in the cache where one of words would not.
        let luma = [UInt8](unsafeUninitializedCapacity: width * height) { plane, count in
            pixels.bytes.withUnsafeBufferPointer { bytes in
                for y in 0..<height {
                    var i = y * pixels.bytesPerRow, p = y * width
                    for _ in 0..<width {
                        plane[p] = UInt8(truncatingIfNeeded: Histogram.luminance(red: Int(bytes[i + 2]), green: Int(bytes[i + 1]), blue: Int(bytes[i])))
                        i += 4
                        p += 1
                    }
                }
            }
            count = width * height
        }
        let paint = LookPaint.pixel(colour)
        return LookPaint.layer(width: width, height: height) { out in
            luma.withUnsafeBufferPointer { l in
                for y in 1..<(height - 1) {
                    for p in (y * width + 1)..<(y * width + width - 1) {
                        let a = Int(l[p - width - 1]), b = Int(l[p - width]), c = Int(l[p - width + 1])
                        let d = Int(l[p - 1]), f = Int(l[p + 1])
                        let g = Int(l[p + width - 1]), h = Int(l[p + width]), k = Int(l[p + width + 1])
                        let gx = (c + 2 * f + k) - (a + 2 * d + g)
                        let gy = (g + 2 * h + k) - (a + 2 * b + c)
                        if abs(gx) + abs(gy) >= threshold { out[p] = paint }
                    }
                }
            }
        }
    }
}

/// A layer laid over a photo, written a pixel (four bytes, B G R A) at a time.
enum LookPaint {
    /// `colour`, opaque, as one pixel's four bytes read as a word.
    static func pixel(_ colour: (red: UInt8, green: UInt8, blue: UInt8)) -> UInt32 {
        UInt32(littleEndian: UInt32(colour.blue) | UInt32(colour.green) << 8 | UInt32(colour.red) << 16 | 0xFF00_0000)
    }

    /// A clear layer of `width` × `height` pixels, painted by `paint` through its pixels.
    static func layer(width: Int, height: Int, _ paint: (UnsafeMutableBufferPointer<UInt32>) -> Void) -> PixelBuffer {
        var layer = [UInt8](repeating: 0, count: width * height * 4)
        layer.withUnsafeMutableBytes { paint($0.bindMemory(to: UInt32.self)) }
        return PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: layer, isOpaque: false)
    }
}
