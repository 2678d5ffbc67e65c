// SPDX-License-Identifier: GPL-3.0-or-later
internal import CResample
import Pixels

extension PixelBuffer {
    /// Scaled down (never up) so the shorter side is `side`, aspect kept: the least that
    /// still covers a `side`-pixel square.
    public func scaledToFill(_ side: Int) -> PixelBuffer {
        let shorter = min(width, height), longer = max(width, height)
        guard side > 0, shorter > side else { return self }
        return scaledToFit(Int((Double(longer) * Double(side) / Double(shorter)).rounded()))
    }

    /// The size a `width`×`height` picture is reduced to so that neither side exceeds
    /// `maximumPixelSize` (no larger than it is), aspect kept.
    static func fittedSize(width: Int, height: Int, maximumPixelSize: Int) -> (width: Int, height: Int) {
        let scale = min(1, Double(maximumPixelSize) / Double(max(width, height)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// Scaled down (never up) so neither side exceeds `maximumPixelSize`, aspect kept.
    /// Each output pixel is the alpha-weighted average of the source pixels it covers
    /// (a box filter), so large reductions do not alias and transparent edges do not darken.
    public func scaledToFit(_ maximumPixelSize: Int) -> PixelBuffer {
        reducedToFit(maximumPixelSize).keepingNotes(of: self)
    }

    /// Enlarged (bilinearly) so the longer side is `side`, aspect kept, where it is shorter:
    /// a camera's preview a few pixels short of the size asked (`NearlySharp`) made that
    /// size, so that it — and the looks laid over it — are drawn pixel for pixel rather than
    /// stretched at every frame (which a software renderer does slowly, with blending).
    /// Opaque pictures only; others are left as they are.
    public func enlarged(toFit side: Int) -> PixelBuffer {
        let longer = max(width, height)
        guard isOpaque, side > longer else { return self }
        let scale = Double(side) / Double(longer)
        let (outWidth, outHeight) = width >= height ? (side, max(1, Int((Double(height) * scale).rounded())))
                                                    : (max(1, Int((Double(width) * scale).rounded())), side)
        return stretchedLinearly(to: outWidth, outHeight)?.keepingNotes(of: self) ?? self
    }

    private func reducedToFit(_ maximumPixelSize: Int) -> PixelBuffer {
        let longer = max(width, height)
        guard maximumPixelSize > 0, longer > maximumPixelSize else { return self }
        let scale = Double(maximumPixelSize) / Double(longer)
        let (outWidth, outHeight) = Self.fittedSize(width: width, height: height, maximumPixelSize: maximumPixelSize)
        // Less than halving, each output pixel takes from at most 2×2 source pixels: a SIMD
        // bilinear cut does the same averaging several times faster (a 12 MP photo's
        // 3/8-scale decode cut to full screen: ≈30 ms → under 3). Alpha would need
        // weighting it does not do, so opaque pictures only.
        if isOpaque, scale > 0.5, let stretched = stretchedLinearly(to: outWidth, outHeight) { return stretched }
        var reduction = BoxReduction(sourceWidth: width, sourceHeight: height, width: outWidth, height: outHeight, weighsAlpha: !isOpaque)
        bytes.withUnsafeBufferPointer { source in
            for y in 0..<height {
                reduction.add(UnsafeBufferPointer(rebasing: source[(y * bytesPerRow)..<(y * bytesPerRow + width * 4)]))
            }
        }
        return reduction.picture(isOpaque: isOpaque)
    }
}

/// A picture reduced by a box filter, fed its source one row at a time from the top: each
/// output pixel is the average of the source pixels it covers (weighted by alpha where
/// pixels may be transparent, so transparent edges do not darken), and large reductions do
/// not alias. Holds only the output and one row of sums, so a picture far larger than
/// memory allows can be reduced as it is decoded.
struct BoxReduction {
    let width: Int
    let height: Int
    let sourceWidth: Int
    private let weighsAlpha: Bool
    /// Source span of each output column and row: output column `x` covers source columns
    /// `columnStarts[x]..<columnStarts[x + 1]`.
    private let columnStarts: [Int]
    private let rowStarts: [Int]
    /// Blue, green, red and alpha sums of the output row being gathered (colours times
    /// alpha when weighing it).
    private var sums: [Int]
    private var out: [UInt8]
    private var sourceRow = 0
    private var outputRow = 0
    /// The least alpha seen.
    private(set) var leastAlpha: UInt8 = 255

    /// Reduces `sourceWidth`×`sourceHeight` to `width`×`height`, each no larger than its source's.
    init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, weighsAlpha: Bool) {
        precondition(width >= 1 && height >= 1 && width <= sourceWidth && height <= sourceHeight, "a reduction only")
        self.width = width
        self.height = height
        self.sourceWidth = sourceWidth
        self.weighsAlpha = weighsAlpha
        columnStarts = (0...width).map { $0 * sourceWidth / width }
        rowStarts = (0...height).map { $0 * sourceHeight / height }
        sums = [Int](repeating: 0, count: width * 4)
        out = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Adds the next source row: `sourceWidth` BGRA pixels.
    mutating func add(_ row: UnsafeBufferPointer<UInt8>) {
        guard outputRow < height else { return }
        let weighsAlpha = weighsAlpha
        var least = leastAlpha
        sums.withUnsafeMutableBufferPointer { sums in
            columnStarts.withUnsafeBufferPointer { columnStarts in
                for x in 0..<width {
                    var b = 0, g = 0, r = 0, a = 0
                    var i = columnStarts[x] * 4
                    for _ in columnStarts[x]..<columnStarts[x + 1] {
                        if weighsAlpha {
                            let alpha = Int(row[i + 3])
                            b += Int(row[i]) * alpha; g += Int(row[i + 1]) * alpha; r += Int(row[i + 2]) * alpha
                            a += alpha
                            least = min(least, row[i + 3])
                        } else {
                            b += Int(row[i]); g += Int(row[i + 1]); r += Int(row[i + 2])
                        }
                        i += 4
                    }
                    sums[x * 4] += b; sums[x * 4 + 1] += g; sums[x * 4 + 2] += r; sums[x * 4 + 3] += a
                }
            }
        }
        leastAlpha = least
        sourceRow += 1
        if sourceRow == rowStarts[outputRow + 1] { finishRow() }
    }

    /// Writes the gathered output row and starts the next.
    private mutating func finishRow() {
        let rows = rowStarts[outputRow + 1] - rowStarts[outputRow]
        let base = outputRow * width * 4
        for x in 0..<width {
            let count = (columnStarts[x + 1] - columnStarts[x]) * rows
            let o = base + x * 4, s = x * 4
            if weighsAlpha {
                let a = sums[s + 3]
                if a > 0 {
                    out[o] = UInt8((sums[s] + a / 2) / a)
                    out[o + 1] = UInt8((sums[s + 1] + a / 2) / a)
                    out[o + 2] = UInt8((sums[s + 2] + a / 2) / a)
                }
                out[o + 3] = UInt8((a + count / 2) / count)
            } else {
                out[o] = UInt8((sums[s] + count / 2) / count)
                out[o + 1] = UInt8((sums[s + 1] + count / 2) / count)
                out[o + 2] = UInt8((sums[s + 2] + count / 2) / count)
                out[o + 3] = 255
            }
        }
        for i in sums.indices { sums[i] = 0 }
        outputRow += 1
    }

    /// True once every source row was added.
    var isComplete: Bool { outputRow == height }

    /// The reduced picture (`isOpaque` as the source was known to be).
    func picture(isOpaque: Bool) -> PixelBuffer {
        PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: out, isOpaque: isOpaque)
    }
}

extension PixelBuffer {
    /// The middle part with the proportions of `aspectWidth`×`aspectHeight`: what is left
    /// of a letterboxed picture once its bars are cut off. Unchanged when the proportions
    /// already agree to a pixel.
    public func cropped(toAspect aspectWidth: Int, _ aspectHeight: Int) -> PixelBuffer {
        guard aspectWidth > 0, aspectHeight > 0 else { return self }
        let aspect = Double(aspectWidth) / Double(aspectHeight)
        var cropWidth = width, cropHeight = height
        if Double(width) / Double(height) > aspect {
            cropWidth = max(1, Int((Double(height) * aspect).rounded()))
        } else {
            cropHeight = max(1, Int((Double(width) / aspect).rounded()))
        }
        guard width - cropWidth > 1 || height - cropHeight > 1 else { return self }
        let left = (width - cropWidth) / 2, top = (height - cropHeight) / 2
        var out = [UInt8]()
        out.reserveCapacity(cropWidth * cropHeight * 4)
        for row in top..<(top + cropHeight) {
            let start = row * bytesPerRow + left * 4
            out += bytes[start..<(start + cropWidth * 4)]
        }
        return PixelBuffer(width: cropWidth, height: cropHeight, bytesPerRow: cropWidth * 4, bytes: out, isOpaque: isOpaque)
            .keepingNotes(of: self)
    }
}

extension PixelBuffer {
    /// This buffer cut bilinearly to `outWidth`×`outHeight`; nil if memory runs out.
    fileprivate func stretchedLinearly(to outWidth: Int, _ outHeight: Int) -> PixelBuffer? {
        // Every output pixel is written by the stretch, or the result is not used.
        let out = [UInt8](capacity: outWidth * outHeight * 4) { target in
            let done = bytes.withUnsafeBufferPointer { source -> Bool in
                flick_resample_bilinear(source.baseAddress, Int32(width), Int32(height), bytesPerRow,
                                        target.baseAddress, Int32(outWidth), Int32(outHeight)) == 0
            }
            return done ? target.count : 0
        }
        return out.isEmpty ? nil : PixelBuffer(width: outWidth, height: outHeight, bytesPerRow: outWidth * 4, bytes: out, isOpaque: true)
    }
}
