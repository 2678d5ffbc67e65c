// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Pixels

/// What a burst is told apart by, from one small decode of a photo: how sharp its sharpest
/// region is, and what it looks like (a 64-bit difference hash, near for frames of one
/// moment). Measured in a helper (`DecodeKind.likeness`), like every other read of a file.
public struct PhotoLikeness: Sendable, Equatable, Hashable {
    /// Higher is sharper; comparable between photos of one scene, not an absolute scale.
    public var sharpness: Double
    public var hash: UInt64

    public init(sharpness: Double, hash: UInt64) {
        self.sharpness = sharpness
        self.hash = hash
    }

    /// The decode it is measured on: the photo within this many pixels on its longer side,
    /// enough to see the blur a shaking hand or a missed focus leaves in a phone's or a
    /// camera's frame, small enough to cost a few milliseconds. A 12 MP camera JPEG (4000
    /// across) decodes to exactly this at a quarter of its DCT scale: no reduction after.
    public static let workingSide = 1000

    /// Frames this many bits apart or fewer may be one moment's (with times close enough).
    public static let burstDistance = 16

    /// How many of the hash's 64 bits differ: 0 for the same look, ~32 for unrelated photos.
    public func distance(to other: PhotoLikeness) -> Int { (hash ^ other.hash).nonzeroBitCount }

    public init(of pixels: PixelBuffer) {
        self.init(of: Luma(pixels))
    }

    init(of luma: Luma) {
        self.init(sharpness: FocusMeasure.sharpness(of: luma), hash: LookHash.hash(of: luma))
    }
}

/// A picture's brightness, one Float per pixel (Rec. 601 weights, 0…255).
struct Luma {
    let width: Int
    let height: Int
    var values: [Float]

    init(width: Int, height: Int, values: [Float]) {
        self.width = width
        self.height = height
        self.values = values
    }

    /// From 4-byte pixels in memory order blue, green, red, alpha (what every decoder here
    /// gives: SDL's ARGB8888 on a little-endian machine).
    init(_ pixels: PixelBuffer) {
        let (width, height, stride) = (pixels.width, pixels.height, pixels.bytesPerRow)
        let values = [Float](unsafeUninitializedCapacity: width * height) { values, count in
            pixels.bytes.withUnsafeBufferPointer { bytes in
                guard let source = bytes.baseAddress, let target = values.baseAddress else { return }
                for y in 0..<height {
                    let row = source + y * stride, out = target + y * width
                    for x in 0..<width {
                        let pixel = row + x * 4
                        out[x] = 0.114 * Float(pixel[0]) + 0.587 * Float(pixel[1]) + 0.299 * Float(pixel[2])
                    }
                }
            }
            count = width * height
        }
        self.init(width: width, height: height, values: values)
    }

    /// From one byte a pixel as stored (a JPEG's own luma), turned upright.
    init(brightness values: [UInt8], width: Int, height: Int, orientation: Orientation) {
        let outWidth = orientation.swapsDimensions ? height : width
        let outHeight = orientation.swapsDimensions ? width : height
        let upright = [Float](unsafeUninitializedCapacity: width * height) { target, count in
            values.withUnsafeBufferPointer { source in
                guard let source = source.baseAddress, let target = target.baseAddress else { return }
                for y in 0..<outHeight {
                    // Along an upright row, the stored index moves by a fixed step.
                    let first = orientation.storedPoint(0, y, storedWidth: width, storedHeight: height)
                    let start = first.y * width + first.x
                    var step = 0
                    if outWidth > 1 {
                        let second = orientation.storedPoint(1, y, storedWidth: width, storedHeight: height)
                        step = (second.y * width + second.x) - start
                    }
                    let out = target + y * outWidth
                    if step == 1 {
                        // Upright as stored (most photos): a plain conversion the compiler vectorises.
                        let row = source + start
                        for x in 0..<outWidth { out[x] = Float(row[x]) }
                    } else {
                        for x in 0..<outWidth { out[x] = Float(source[start + x * step]) }
                    }
                }
            }
            count = width * height
        }
        self.init(width: outWidth, height: outHeight, values: upright)
    }

    subscript(x: Int, y: Int) -> Float { values[y * width + x] }
}

/// How sharp the sharpest part of a photo is. The brightness is smoothed a little and its
/// Laplacian taken; over each tile of an 8 × 8 grid, the Laplacian's variance beyond what
/// noise would give — noise answers everywhere alike, a Gaussian whose spread the median
/// response tells, while edges answer rarely and strongly — divided by the variance of the
/// brightness there, so a brighter or contrastier copy scores the same. The contrastier
/// half of the tiles are pooled — their Laplacian variances summed over their brightness
/// variances summed — where the subject's edges are, whatever the background does. Flat
/// tiles (sky, a wall) say nothing and are left out. Pooled, not the best few tiles' ratios
/// averaged: frames of a burst are shifted a little from one another, and a few tiles'
/// ratios followed what moved into them more than the focus (sharp frames ranked below
/// blurred ones).
public enum FocusMeasure {
    static let tilesAcross = 8
    /// Tiles with less brightness spread than this (a standard deviation, of 255) are flat.
    static let minimumContrast = 4.0
    /// The share of the tiles that are not flat, the contrastiest, that are pooled. Larger =
    /// steadier from frame to frame, less weight on the one sharp subject in a plain scene.
    static let pooledShare = 0.5

    static func sharpness(of luma: Luma) -> Double {
        guard luma.width >= 16, luma.height >= 16 else { return 0 }
        let smooth = smoothed(luma)
        let (width, height) = (luma.width, luma.height)
        let tileWidth = max(width / tilesAcross, 2), tileHeight = max(height / tilesAcross, 2)
        var tiles: [(laplacian: Double, brightness: Double)] = []
        // One tile's absolute responses, for their median; reused from tile to tile.
        var responses = [Float](repeating: 0, count: tileWidth * tileHeight)
        smooth.values.withUnsafeBufferPointer { values in
            responses.withUnsafeMutableBufferPointer { responses in
                guard let values = values.baseAddress, let responses = responses.baseAddress else { return }
                for tileY in stride(from: 1, to: height - 1, by: tileHeight) {
                    for tileX in stride(from: 1, to: width - 1, by: tileWidth) {
                        // Sums in Double: a tile's squares add up past a Float's precision.
                        var sum = 0.0, sumSquares = 0.0, lapSum = 0.0, lapSquares = 0.0
                        var count = 0
                        for y in tileY..<min(tileY + tileHeight, height - 1) {
                            let row = values + y * width, above = row - width, below = row + width
                            // Eight pixels at once, then the row's remainder one by one.
                            var sums = SIMD8<Float>(), squares = SIMD8<Float>(), laps = SIMD8<Float>(), lapSquares8 = SIMD8<Float>()
                            let end = min(tileX + tileWidth, width - 1)
                            var x = tileX
                            func load(_ pointer: UnsafePointer<Float>) -> SIMD8<Float> {
                                UnsafeRawPointer(pointer).loadUnaligned(as: SIMD8<Float>.self)
                            }
                            while x + 8 <= end {
                                let value = load(row + x)
                                let laplacian = load(row + x - 1) + load(row + x + 1) + load(above + x) + load(below + x) - value * 4
                                sums += value
                                squares += value * value
                                laps += laplacian
                                lapSquares8 += laplacian * laplacian
                                // The sign bit cleared: a +0 for every zero, as the median's bits need.
                                let magnitude = unsafeBitCast(unsafeBitCast(laplacian, to: SIMD8<UInt32>.self) & 0x7fff_ffff, to: SIMD8<Float>.self)
                                UnsafeMutableRawPointer(responses + count).storeBytes(of: magnitude, as: SIMD8<Float>.self)
                                count += 8
                                x += 8
                            }
                            var rowSum = sums.sum(), rowSquares = squares.sum(), rowLap = laps.sum(), rowLapSquares = lapSquares8.sum()
                            while x < end {
                                let value = row[x]
                                let laplacian = row[x - 1] + row[x + 1] + above[x] + below[x] - 4 * value
                                rowSum += value
                                rowSquares += value * value
                                rowLap += laplacian
                                rowLapSquares += laplacian * laplacian
                                responses[count] = abs(laplacian)
                                count += 1
                                x += 1
                            }
                            sum += Double(rowSum)
                            sumSquares += Double(rowSquares)
                            lapSum += Double(rowLap)
                            lapSquares += Double(rowLapSquares)
                        }
                        guard count > 16 else { continue }
                        let n = Double(count)
                        let variance = sumSquares / n - (sum / n) * (sum / n)
                        guard variance >= minimumContrast * minimumContrast else { continue }
                        // For Gaussian noise, the median absolute response is 0.6745 of its spread.
                        let noiseSpread = Double(median(UnsafeMutableBufferPointer(start: responses, count: count))) / 0.6745
                        let lapVariance = lapSquares / n - (lapSum / n) * (lapSum / n) - noiseSpread * noiseSpread
                        tiles.append((max(lapVariance, 0), variance))
                    }
                }
            }
        }
        let pooled = tiles.sorted { $0.brightness > $1.brightness }.prefix(max(Int((Double(tiles.count) * pooledShare).rounded()), 1))
        let brightness = pooled.reduce(0) { $0 + $1.brightness }
        return brightness > 0 ? pooled.reduce(0) { $0 + $1.laplacian } / brightness * 1000 : 0
    }

    /// The middle value of `values` (the one of rank count / 2; every value ≥ 0), found by
    /// its bits: a non-negative Float's bit pattern orders as the number does, so counting
    /// 12, 12 and then 8 of its bits, each pass among the values that share the bits found so
    /// far, gives it exactly. The second pass also gathers the values it counts to the front
    /// of `values`, so the third looks at those alone. Hoare's selection took ≈ 8 of the focus
    /// measure's 11 ms on a 1000 px photo (a tile's small, much-repeated responses make it
    /// swap and rescan); this takes ≈ 2. `values` is reordered.
    static func median(_ values: UnsafeMutableBufferPointer<Float>) -> Float {
        guard let base = values.baseAddress, !values.isEmpty else { return 0 }
        var rank = UInt32(values.count / 2)
        var count = values.count
        var found: UInt32 = 0, foundMask: UInt32 = 0
        // 32-bit counts: a tile has far fewer values, and clearing half the bytes shows.
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 1 << 12) { counts in
            for (pass, (shift, bits)) in [(20, 12), (8, 12), (0, 8)].enumerated() {
                let binMask = UInt32(1 << bits - 1)
                UnsafeMutableBufferPointer(rebasing: counts[..<(1 << bits)]).initialize(repeating: 0)
                if pass == 0 {
                    for index in 0..<count { counts[Int(base[index].bitPattern >> UInt32(shift) & binMask)] += 1 }
                } else {
                    // Those that share the bits found so far, moved to the front: each is
                    // written there, and kept by moving past it.
                    var kept = 0
                    for index in 0..<count {
                        let value = base[index]
                        let matches = value.bitPattern & foundMask == found
                        base[kept] = value
                        kept += matches ? 1 : 0
                        if matches { counts[Int(value.bitPattern >> UInt32(shift) & binMask)] += 1 }
                    }
                    count = kept
                }
                var bin = 0
                while rank >= counts[bin] {
                    rank -= counts[bin]
                    bin += 1
                }
                found |= UInt32(bin) << UInt32(shift)
                foundMask |= binMask << UInt32(shift)
            }
            return Float(bitPattern: found)
        }
    }

    /// A 3 × 3 binomial blur (edges kept as they are).
    static func smoothed(_ luma: Luma) -> Luma {
        let (width, height) = (luma.width, luma.height)
        let count = width * height
        var across: [Float] = []
        var both: [Float] = []
        luma.values.withUnsafeBufferPointer { source in
            guard let source = source.baseAddress else { return }
            across = [Float](unsafeUninitializedCapacity: count) { across, initialized in
                guard let across = across.baseAddress else { return }
                for y in 0..<height {
                    let row = source + y * width, out = across + y * width
                    // The first and last columns keep their values.
                    out[0] = row[0]
                    out[width - 1] = row[width - 1]
                    for x in 1..<(width - 1) { out[x] = (row[x - 1] + 2 * row[x] + row[x + 1]) / 4 }
                }
                initialized = count
            }
        }
        across.withUnsafeBufferPointer { across in
            guard let across = across.baseAddress else { return }
            both = [Float](unsafeUninitializedCapacity: count) { both, initialized in
                guard let both = both.baseAddress else { return }
                // The top and bottom rows keep their values down, as the edges do across.
                both.initialize(from: across, count: width)
                (both + (height - 1) * width).initialize(from: across + (height - 1) * width, count: width)
                for y in 1..<(height - 1) {
                    let above = across + (y - 1) * width, row = across + y * width, below = across + (y + 1) * width
                    let out = both + y * width
                    for x in 0..<width { out[x] = (above[x] + 2 * row[x] + below[x]) / 4 }
                }
                initialized = count
            }
        }
        return Luma(width: width, height: height, values: both)
    }
}

/// A difference hash: the photo shrunk to 9 × 8 brightness samples, one bit per pair of
/// neighbours (is the left one brighter). Frames of one moment, however sharp, land a few
/// bits apart; a different scene, about half of them.
enum LookHash {
    static func hash(of luma: Luma) -> UInt64 {
        let columns = 9, rows = 8
        var samples = [Double](repeating: 0, count: columns * rows)
        luma.values.withUnsafeBufferPointer { values in
            guard let values = values.baseAddress else { return }
            for row in 0..<rows {
                for column in 0..<columns {
                    // The mean over the cell's area, so small details and noise do not decide.
                    let x0 = column * luma.width / columns, x1 = min(max((column + 1) * luma.width / columns, x0 + 1), luma.width)
                    let y0 = row * luma.height / rows, y1 = min(max((row + 1) * luma.height / rows, y0 + 1), luma.height)
                    var sum = 0.0
                    for y in y0..<y1 {
                        // Row sums in Float, eight lanes at once: exact for a JPEG's
                        // whole-number brightness (a thousand values of at most 255), within a
                        // rounding for others.
                        let line = values + y * luma.width
                        var lanes = SIMD8<Float>()
                        var x = x0
                        while x + 8 <= x1 {
                            lanes += UnsafeRawPointer(line + x).loadUnaligned(as: SIMD8<Float>.self)
                            x += 8
                        }
                        var rowSum = lanes.sum()
                        while x < x1 {
                            rowSum += line[x]
                            x += 1
                        }
                        sum += Double(rowSum)
                    }
                    samples[row * columns + column] = sum / Double((y1 - y0) * (x1 - x0))
                }
            }
        }
        var hash: UInt64 = 0
        for row in 0..<rows {
            for column in 0..<(columns - 1) where samples[row * columns + column] > samples[row * columns + column + 1] {
                hash |= 1 << UInt64(row * (columns - 1) + column)
            }
        }
        return hash
    }
}
