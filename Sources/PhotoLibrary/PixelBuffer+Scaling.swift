internal import CSDL2

extension PixelBuffer {
    /// Scaled down (never up) so the shorter side is `side`, aspect kept: the least that
    /// still covers a `side`-pixel square.
    public func scaledToFill(_ side: Int) -> PixelBuffer {
        let shorter = min(width, height), longer = max(width, height)
        guard side > 0, shorter > side else { return self }
        return scaledToFit(Int((Double(longer) * Double(side) / Double(shorter)).rounded()))
    }

    /// Scaled down (never up) so neither side exceeds `maximumPixelSize`, aspect kept.
    /// Each output pixel is the alpha-weighted average of the source pixels it covers
    /// (a box filter), so large reductions do not alias and transparent edges do not darken.
    public func scaledToFit(_ maximumPixelSize: Int) -> PixelBuffer {
        let longer = max(width, height)
        guard maximumPixelSize > 0, longer > maximumPixelSize else { return self }
        let scale = Double(maximumPixelSize) / Double(longer)
        let outWidth = max(1, Int((Double(width) * scale).rounded()))
        let outHeight = max(1, Int((Double(height) * scale).rounded()))
        // Less than halving, each output pixel takes from at most 2×2 source pixels: SDL's
        // SIMD bilinear stretch does the same averaging several times faster (a 12 MP
        // photo's 3/8-scale decode cut to a 1280 window: ≈30 ms → a few). Alpha would need
        // weighting it does not do, so opaque pictures only.
        if isOpaque, scale > 0.5, let stretched = stretchedLinearly(to: outWidth, outHeight) { return stretched }
        // Source span of each output column and row.
        let columnStarts = (0...outWidth).map { min(width, $0 * width / outWidth) }
        let rowStarts = (0...outHeight).map { min(height, $0 * height / outHeight) }
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        bytes.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                // An opaque photo (nearly every one) needs no weighting by alpha: the plain
                // average, which is the same result at a third of the arithmetic.
                if isOpaque {
                    for oy in 0..<outHeight {
                        let y0 = rowStarts[oy], y1 = max(rowStarts[oy + 1], y0 + 1)
                        for ox in 0..<outWidth {
                            let x0 = columnStarts[ox], x1 = max(columnStarts[ox + 1], x0 + 1)
                            var b = 0, g = 0, r = 0
                            for y in y0..<y1 {
                                var i = y * bytesPerRow + x0 * 4
                                for _ in x0..<x1 {
                                    b += Int(source[i]); g += Int(source[i + 1]); r += Int(source[i + 2])
                                    i += 4
                                }
                            }
                            let o = (oy * outWidth + ox) * 4, count = (y1 - y0) * (x1 - x0)
                            target[o] = UInt8((b + count / 2) / count)
                            target[o + 1] = UInt8((g + count / 2) / count)
                            target[o + 2] = UInt8((r + count / 2) / count)
                            target[o + 3] = 255
                        }
                    }
                    return
                }
                for oy in 0..<outHeight {
                    let y0 = rowStarts[oy], y1 = max(rowStarts[oy + 1], y0 + 1)
                    for ox in 0..<outWidth {
                        let x0 = columnStarts[ox], x1 = max(columnStarts[ox + 1], x0 + 1)
                        var b = 0, g = 0, r = 0, a = 0
                        for y in y0..<y1 {
                            var i = y * bytesPerRow + x0 * 4
                            for _ in x0..<x1 {
                                let alpha = Int(source[i + 3])
                                b += Int(source[i]) * alpha
                                g += Int(source[i + 1]) * alpha
                                r += Int(source[i + 2]) * alpha
                                a += alpha
                                i += 4
                            }
                        }
                        let o = (oy * outWidth + ox) * 4
                        let count = (y1 - y0) * (x1 - x0)
                        if a > 0 {
                            target[o] = UInt8((b + a / 2) / a)
                            target[o + 1] = UInt8((g + a / 2) / a)
                            target[o + 2] = UInt8((r + a / 2) / a)
                        }
                        target[o + 3] = UInt8((a + count / 2) / count)
                    }
                }
            }
        }
        return PixelBuffer(width: outWidth, height: outHeight, bytesPerRow: outWidth * 4, bytes: out, isOpaque: isOpaque)
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
    }
}

extension PixelBuffer {
    /// This buffer stretched bilinearly by SDL to `outWidth`×`outHeight`; nil if SDL refuses.
    fileprivate func stretchedLinearly(to outWidth: Int, _ outHeight: Int) -> PixelBuffer? {
        var out = [UInt8](repeating: 255, count: outWidth * outHeight * 4)
        let format = SDL_PIXELFORMAT_ARGB8888.rawValue
        let done = bytes.withUnsafeBufferPointer { source -> Bool in
            out.withUnsafeMutableBufferPointer { target -> Bool in
                guard let from = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: source.baseAddress), Int32(width), Int32(height),
                                                                    32, Int32(bytesPerRow), format),
                      let to = SDL_CreateRGBSurfaceWithFormatFrom(target.baseAddress, Int32(outWidth), Int32(outHeight), 32, Int32(outWidth * 4), format)
                else { return false }
                defer { SDL_FreeSurface(from); SDL_FreeSurface(to) }
                return SDL_SoftStretchLinear(from, nil, to, nil) == 0
            }
        }
        return done ? PixelBuffer(width: outWidth, height: outHeight, bytesPerRow: outWidth * 4, bytes: out, isOpaque: true) : nil
    }
}
