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
        let luma = Luma(pixels)
        self.init(sharpness: FocusMeasure.sharpness(of: luma), hash: LookHash.hash(of: luma))
    }
}

/// A picture's brightness, one Double per pixel (Rec. 601 weights, 0…255).
struct Luma {
    let width: Int
    let height: Int
    var values: [Double]

    init(width: Int, height: Int, values: [Double]) {
        self.width = width
        self.height = height
        self.values = values
    }

    init(_ pixels: PixelBuffer) {
        let (width, height, stride) = (pixels.width, pixels.height, pixels.bytesPerRow)
        var values = [Double](repeating: 0, count: width * height)
        values.withUnsafeMutableBufferPointer { values in
            pixels.bytes.withUnsafeBufferPointer { bytes in
                for y in 0..<height {
                    for x in 0..<width {
                        let at = y * stride + x * 4
                        values[y * width + x] = 0.299 * Double(bytes[at]) + 0.587 * Double(bytes[at + 1]) + 0.114 * Double(bytes[at + 2])
                    }
                }
            }
        }
        self.init(width: width, height: height, values: values)
    }

    subscript(x: Int, y: Int) -> Double { values[y * width + x] }
}

/// How sharp the sharpest part of a photo is. The brightness is smoothed a little and its
/// Laplacian taken; over each tile of an 8 × 8 grid, the Laplacian's variance beyond what
/// noise would give — noise answers everywhere alike, a Gaussian whose spread the median
/// response tells, while edges answer rarely and strongly — divided by the variance of the
/// brightness there, so a brighter or contrastier copy scores the same. The best few tiles
/// are averaged: the subject in focus, whatever the background does. Flat tiles (sky, a
/// wall) say nothing and are left out.
public enum FocusMeasure {
    static let tilesAcross = 8
    /// Tiles with less brightness spread than this (a standard deviation, of 255) are flat.
    static let minimumContrast = 4.0
    /// The best tiles averaged.
    static let bestTiles = 4

    static func sharpness(of luma: Luma) -> Double {
        guard luma.width >= 16, luma.height >= 16 else { return 0 }
        let smooth = smoothed(luma)
        let (width, height) = (luma.width, luma.height)
        let tileWidth = max(width / tilesAcross, 2), tileHeight = max(height / tilesAcross, 2)
        var scores: [Double] = []
        var laplacians: [Double] = []
        laplacians.reserveCapacity(tileWidth * tileHeight)
        for tileY in stride(from: 1, to: height - 1, by: tileHeight) {
            for tileX in stride(from: 1, to: width - 1, by: tileWidth) {
                var sum = 0.0, sumSquares = 0.0, lapSum = 0.0, lapSquares = 0.0
                laplacians.removeAll(keepingCapacity: true)
                smooth.values.withUnsafeBufferPointer { values in
                    for y in tileY..<min(tileY + tileHeight, height - 1) {
                        let row = y * width
                        for x in tileX..<min(tileX + tileWidth, width - 1) {
                            let value = values[row + x]
                            let laplacian = values[row + x - 1] + values[row + x + 1] + values[row - width + x] + values[row + width + x] - 4 * value
                            sum += value
                            sumSquares += value * value
                            lapSum += laplacian
                            lapSquares += laplacian * laplacian
                            laplacians.append(abs(laplacian))
                        }
                    }
                }
                let count = Double(laplacians.count)
                guard count > 16 else { continue }
                let variance = sumSquares / count - (sum / count) * (sum / count)
                guard variance >= minimumContrast * minimumContrast else { continue }
                // For Gaussian noise, the median absolute response is 0.6745 of its spread.
                let noiseSpread = median(&laplacians) / 0.6745
                let lapVariance = lapSquares / count - (lapSum / count) * (lapSum / count) - noiseSpread * noiseSpread
                scores.append(max(lapVariance, 0) / variance)
            }
        }
        let best = scores.sorted(by: >).prefix(bestTiles)
        return best.isEmpty ? 0 : best.reduce(0, +) / Double(best.count) * 1000
    }

    /// The middle value of `values` (reordered), found in linear time (Hoare's selection).
    static func median(_ values: inout [Double]) -> Double {
        let middle = values.count / 2
        var low = 0, high = values.count - 1
        while low < high {
            let pivot = values[(low + high) / 2]
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if middle <= j { high = j } else if middle >= i { low = i } else { break }
        }
        return values[middle]
    }

    /// A 3 × 3 binomial blur (edges kept as they are).
    static func smoothed(_ luma: Luma) -> Luma {
        let (width, height) = (luma.width, luma.height)
        var across = luma.values
        across.withUnsafeMutableBufferPointer { across in
            luma.values.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    let row = y * width
                    for x in 1..<(width - 1) { across[row + x] = (source[row + x - 1] + 2 * source[row + x] + source[row + x + 1]) / 4 }
                }
            }
        }
        var both = across
        both.withUnsafeMutableBufferPointer { both in
            across.withUnsafeBufferPointer { across in
                for y in 1..<(height - 1) {
                    let row = y * width
                    for x in 0..<width { both[row + x] = (across[row - width + x] + 2 * across[row + x] + across[row + width + x]) / 4 }
                }
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
        for row in 0..<rows {
            for column in 0..<columns {
                // The mean over the cell's area, so small details and noise do not decide.
                let x0 = column * luma.width / columns, x1 = max((column + 1) * luma.width / columns, x0 + 1)
                let y0 = row * luma.height / rows, y1 = max((row + 1) * luma.height / rows, y0 + 1)
                var sum = 0.0
                for y in y0..<min(y1, luma.height) {
                    for x in x0..<min(x1, luma.width) { sum += luma[x, y] }
                }
                samples[row * columns + column] = sum / Double((min(y1, luma.height) - y0) * (min(x1, luma.width) - x0))
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
