// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLCMS
import Glibc
import Pixels

/// A conversion between two matrix/shaper RGB profiles (sRGB, Adobe RGB, Display P3,
/// ProPhoto, most displays'), computed as lcms2 computes it — each channel's curve to
/// linear light, one 3×3 matrix between the primaries (both relative to the ICC's D50
/// white), the destination's curves back, out-of-gamut values clipped — but through tables
/// filled once: several times faster than lcms2's own 8-bit path (which took 15 ms of an
/// 80 ms screen-sized decode). Curves and primaries are read from the profiles by lcms2;
/// profiles of other kinds (tables, CMYK) are converted by lcms2 itself.
struct MatrixShaper: Sendable {
    /// Linear light of each 8-bit value: red's 256, green's, blue's.
    private let toLinear: [Float]
    /// Destination linear RGB from source linear RGB, row by row.
    private let matrix: [Float]
    /// The destination's 8-bit value per bucket of linear light: red's `buckets`, green's,
    /// blue's. A bucket is a Float's exponent and its top `mantissaBits` bits, so buckets are
    /// as fine, relatively, near black (where a power curve is steepest) as near white, and a
    /// value's bucket is its bits shifted: no square root, which took most of a pixel's time.
    private let fromLinear: [UInt8]
    private static let mantissaBits: UInt32 = 9
    private static let droppedBits = UInt32(Float.significandBitCount) - mantissaBits
    /// Linear light this dark or darker is black in any destination (a quarter of a level at gamma 2.4).
    private static let darkest: Float = 0x1p-24
    private static let firstBucket = Int(darkest.bitPattern >> droppedBits)
    private static let buckets = Int(Float(1).bitPattern >> droppedBits) - firstBucket + 1

    init?(source: cmsHPROFILE, destination: cmsHPROFILE) {
        guard let sourceCurves = Self.curves(of: source), let destinationCurves = Self.curves(of: destination),
              let sourceMatrix = Self.colorants(of: source), let destinationMatrix = Self.colorants(of: destination),
              let inverse = Self.inverted(destinationMatrix) else { return nil }
        toLinear = sourceCurves.flatMap { curve in (0..<256).map { cmsEvalToneCurveFloat(curve, Float($0) / 255) } }
        matrix = Self.multiplied(inverse, sourceMatrix)
        var tables: [UInt8] = []
        for curve in destinationCurves {
            guard let reversed = cmsReverseToneCurve(curve) else { return nil }
            defer { cmsFreeToneCurve(reversed) }
            tables.append(contentsOf: (0..<Self.buckets).map { bucket in
                // The bucket's middle value; the last bucket is 1 alone.
                let bits = UInt32(Self.firstBucket + bucket) << Self.droppedBits | 1 << (Self.droppedBits - 1)
                let linear = min(Float(bitPattern: bits), 1)
                return UInt8(max(0, min(255, (cmsEvalToneCurveFloat(reversed, linear) * 255).rounded())))
            })
        }
        fromLinear = tables
    }

    /// Converts B, G, R, A pixels in place; alpha stays.
    func convert(_ bytes: UnsafeMutableRawBufferPointer, width: Int, height: Int, bytesPerRow: Int) {
        // A screen-sized picture's rows are shared with a second thread: the helper's own
        // alone, the conversion was the last ≈ 10 ms before a photo shows.
        guard height >= 2 * Self.rowsPerThreadAtLeast else { return convert(bytes, width: width, rows: 0..<height, bytesPerRow: bytesPerRow) }
        let half = height / 2
        let lower = RowsInThread { [self] in convert(bytes, width: width, rows: half..<height, bytesPerRow: bytesPerRow) }
        convert(bytes, width: width, rows: 0..<half, bytesPerRow: bytesPerRow)
        lower.join()
    }

    /// Fewer rows than this are converted on the calling thread alone.
    static let rowsPerThreadAtLeast = 256

    private func convert(_ bytes: UnsafeMutableRawBufferPointer, width: Int, rows: Range<Int>, bytesPerRow: Int) {
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (matrix[0], matrix[1], matrix[2], matrix[3], matrix[4], matrix[5],
                                                    matrix[6], matrix[7], matrix[8])
        let (stride, darkest, droppedBits, firstBucket) = (Self.buckets, Self.darkest, Self.droppedBits, Self.firstBucket)
        toLinear.withUnsafeBufferPointer { linear in
        fromLinear.withUnsafeBufferPointer { encoded in
            let linear = linear.baseAddress!, encoded = encoded.baseAddress!
            // The bucket of a linear value, clipped to darkest…1.
            @inline(__always) func index(_ value: Float) -> Int {
                Int((value > darkest ? (value < 1 ? value : 1) : darkest).bitPattern >> droppedBits) - firstBucket
            }
            for y in rows {
                let row = (bytes.baseAddress! + y * bytesPerRow).assumingMemoryBound(to: UInt8.self)
                for x in 0..<width {
                    let p = row + x * 4
                    let r = linear[Int(p[2])], g = linear[256 + Int(p[1])], b = linear[512 + Int(p[0])]
                    p[2] = encoded[index(m0 * r + m1 * g + m2 * b)]
                    p[1] = encoded[stride + index(m3 * r + m4 * g + m5 * b)]
                    p[0] = encoded[2 * stride + index(m6 * r + m7 * g + m8 * b)]
                }
            }
        }}
    }

    /// The red, green and blue tone curves; nil unless the profile has all three.
    private static func curves(of profile: cmsHPROFILE) -> [OpaquePointer]? {
        let curves = [cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag].compactMap { cmsReadTag(profile, $0).map(OpaquePointer.init) }
        return curves.count == 3 ? curves : nil
    }

    /// Linear RGB to XYZ (D50): the colorants as columns.
    private static func colorants(of profile: cmsHPROFILE) -> [Float]? {
        let columns = [cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag].compactMap {
            cmsReadTag(profile, $0)?.assumingMemoryBound(to: cmsCIEXYZ.self).pointee
        }
        guard columns.count == 3 else { return nil }
        return [Float(columns[0].X), Float(columns[1].X), Float(columns[2].X),
                Float(columns[0].Y), Float(columns[1].Y), Float(columns[2].Y),
                Float(columns[0].Z), Float(columns[1].Z), Float(columns[2].Z)]
    }

    private static func multiplied(_ a: [Float], _ b: [Float]) -> [Float] {
        (0..<9).map { i in (0..<3).reduce(0) { $0 + a[i / 3 * 3 + $1] * b[$1 * 3 + i % 3] } }
    }

    private static func inverted(_ m: [Float]) -> [Float]? {
        let determinant = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6])
        guard abs(determinant) > 1e-9 else { return nil }
        let cofactors: [Float] = [
            m[4] * m[8] - m[5] * m[7], m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            m[5] * m[6] - m[3] * m[8], m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            m[3] * m[7] - m[4] * m[6], m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ]
        return cofactors.map { $0 / determinant }
    }
}

/// Work run on a thread of its own until `join`. A plain POSIX thread: the first helper is
/// a fork of Flick, where libdispatch may not be used.
private final class RowsInThread: @unchecked Sendable {
    private var thread = pthread_t()
    private var running = false
    private let work: () -> Void

    init(_ work: @escaping () -> Void) {
        self.work = work
        let me = Unmanaged.passRetained(self)
        running = pthread_create(&thread, nil, { raw in
            let me = Unmanaged<RowsInThread>.fromOpaque(raw!).takeRetainedValue()
            me.work()
            return nil
        }, me.toOpaque()) == 0
        // No thread to be had: the rows are converted here, all the same.
        if !running {
            me.release()
            work()
        }
    }

    func join() {
        if running { pthread_join(thread, nil) }
        running = false
    }
}
