// SPDX-License-Identifier: GPL-3.0-or-later
import Pixels
import SystemPackage

/// A RAW+JPEG pair's picture for the screen, from the RAW's embedded preview: the camera
/// wrote the JPEG and the preview from one exposure, one rendering, and a preview of about
/// a screen's size (Sony's 1616 px) decodes in a fraction of the time a 24 MP JPEG takes
/// even at its smallest DCT scale — on two cores, the difference between paging a held key
/// at 17 photos a second and at 24. Only where the two are plainly one picture (the same
/// shape, the same orientation) and the preview covers the size asked as `NearlySharp`
/// allows: a JPEG since cropped or turned is shown itself, and so is any photo zoomed past
/// the preview.
enum PairPreview {
    /// The RAW at `raw`'s preview, upright, in the colours it declares (else the JPEG's), for
    /// the JPEG whose first bytes (its EXIF and frame header) are `jpegHead`, asked within
    /// `maximumPixelSize` and `box`; nil wherever the JPEG itself should be decoded.
    static func picture(jpegHead: [UInt8], raw: FilePath, maximumPixelSize: Int?, box: PixelBox?, limits: DecodeLimits) -> PixelBuffer? {
        guard let maximumPixelSize, let stored = JPEGDecoder.declaredSize(jpegHead) else { return nil }
        let exif = ExifInfo(jpeg: jpegHead)
        let orientation = exif.orientation
        let upright = orientation.swapsDimensions ? (stored.height, stored.width) : (stored.width, stored.height)
        let request = PictureRequest(format: .jpeg, maximumPixelSize: maximumPixelSize, box: box, colours: .untouched, limits: limits)
        let wanted = min(request.longestSide(uprightWidth: upright.0, height: upright.1) ?? maximumPixelSize, max(stored.width, stored.height))
        return try? ImageDecoder.withRegularFile(raw, limits: limits) { file throws(DecodeError) -> PixelBuffer? in
            guard let sized = RAWPreviews.smallest(of: RAWPreviews.sized(in: file, count: file.count), covering: wanted),
                  sized.side < max(stored.width, stored.height),
                  isSameShape(sized.width, sized.height, as: stored.width, stored.height),
                  RAWPreviews.orientation(in: file, count: file.count) == orientation.rawValue,
                  let bytes = RAWPreviews.bytes(of: sized.preview, in: file, limits: limits) else { return nil }
            // A preview a few pixels short (`NearlySharp`) is made the size asked.
            var pixels = try JPEGDecoder.decode(bytes, maximumPixelSize: wanted, limits: limits).applying(orientation).enlarged(toFit: wanted)
            pixels.iccProfile = EmbeddedColour.profile(in: bytes, format: .jpeg) ?? EmbeddedColour.profile(in: jpegHead, format: .jpeg, exif: exif)
            return pixels
        }
    }

    /// The most two pictures' shapes (width over height) may differ and be one frame: a
    /// preview's sides are rounded to whole blocks (1616 × 1080 for 6000 × 4000).
    static let shapeTolerance = 0.01

    private static func isSameShape(_ width: Int, _ height: Int, as otherWidth: Int, _ otherHeight: Int) -> Bool {
        let (one, other) = (Double(width * otherHeight), Double(height * otherWidth))
        return abs(one - other) <= shapeTolerance * max(one, other)
    }
}
