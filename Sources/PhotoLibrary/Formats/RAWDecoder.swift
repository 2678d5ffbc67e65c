// SPDX-License-Identifier: GPL-3.0-or-later
internal import CLibRaw
import Foundation
import Pixels
import SystemPackage

/// Camera RAW through LibRaw (CR2, CR3, NEF, ARW, DNG, RAF, ORF, RW2, PEF and every other
/// family it knows). An embedded preview is the photo, as culling tools show it: instant,
/// turned by the RAW's own orientation, the smallest that covers what is asked. Only where
/// there is none, or the largest has fewer pixels than asked (zoomed past it), is the RAW
/// rendered — demosaiced at half size when that still covers what is asked.
enum RAWDecoder {
    /// `bytes`, a whole RAW file in memory (LibRaw reads it in place while it works).
    static func decode(_ bytes: [UInt8], maximumPixelSize: Int?, box: PixelBox?, limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        let raw = try started()
        defer { libraw_close(raw) }
        var input = bytes
        return try input.withUnsafeMutableBytes { input in
            Result { () throws(DecodeError) -> PixelBuffer in
                try check(libraw_open_buffer(raw, input.baseAddress, input.count))
                return try decodeOpened(raw, from: bytes, count: bytes.count, maximumPixelSize: maximumPixelSize, box: box, limits: limits)
            }
        }.get()
    }

    /// The RAW open as `file`, read by LibRaw itself: only the parts it needs (headers and
    /// the preview are a few megabytes of a 50 MB file), never the whole file into memory.
    static func decode(_ file: FileBytes, maximumPixelSize: Int?, box: PixelBox?, limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        let raw = try started()
        defer { libraw_close(raw) }
        try check(open(file, in: raw))
        return try decodeOpened(raw, from: file, count: file.count, maximumPixelSize: maximumPixelSize, box: box, limits: limits)
    }

    /// A fresh LibRaw, its library loaded first.
    private static func started() throws(DecodeError) -> UnsafeMutablePointer<libraw_data_t> {
        try DeferredLibrary.raw.load()
        guard let raw = libraw_init(0) else { throw .decoderFailed("could not start") }
        return raw
    }

    /// Opens the file already open and checked as `file` (a regular file within the limits):
    /// through its descriptor, so a name swapped meanwhile for a FIFO cannot be what is read.
    private static func open(_ file: FileBytes, in raw: UnsafeMutablePointer<libraw_data_t>) -> Int32 {
        "/proc/self/fd/\(file.descriptor)".withCString { libraw_open_file(raw, $0) }
    }

    /// `raw` open on the file that `source` reads: the smallest of its previews that covers
    /// what is asked, else LibRaw's (the largest), else a render.
    private static func decodeOpened(_ raw: UnsafeMutablePointer<libraw_data_t>, from source: some ByteSource, count: Int,
                                     maximumPixelSize: Int?, box: PixelBox?, limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        let sizes = raw.pointee.sizes
        try limits.check(width: Int(sizes.raw_width), height: Int(sizes.raw_height))
        let orientation = Self.orientation(flip: Int(sizes.flip))
        let upright = orientation.swapsDimensions ? (Int(sizes.height), Int(sizes.width)) : (Int(sizes.width), Int(sizes.height))
        let side = max(upright.0, upright.1)
        // What is asked (a box: its longer side once the photo's shape is known), at most
        // the photo's own pixels.
        let fitted = box.map { min(maximumPixelSize ?? .max, $0.longestSide(ofFitting: upright.0, upright.1)) } ?? maximumPixelSize
        let wanted = min(fitted ?? side, side)

        if let preview = RAWPreviews.smallestJPEG(in: source, count: count, covering: wanted, limits: limits)
            ?? (try? preview(of: raw, covering: wanted, limits: limits)) {
            // A preview a few pixels short (`NearlySharp`) is made the size asked.
            return preview.applying(orientation).enlarged(toFit: wanted)
        }
        // Cut off in its sensor data (a copy still arriving, a card pulled): LibRaw would
        // render what is missing as black. Its largest preview is shown instead, marked
        // incomplete; without one, it says so.
        if let end = RAWPreviews.rawDataEnd(in: source, count: count), end > count {
            guard var largest = RAWPreviews.smallestJPEG(in: source, count: count, covering: wanted, limits: limits, largest: true) else { throw .incomplete }
            largest.isIncomplete = true
            return largest.applying(orientation)
        }
        return try render(raw, halfSize: 2 * wanted <= side, limits: limits)
    }

    /// The embedded JPEG preview a likeness is read from (`RAWPreviews`: the smallest that
    /// covers `PhotoLikeness.workingSide`, or the photo whole if smaller), with the RAW's
    /// orientation, and whether a thumbnail within `thumbnailSize` would be cut from that
    /// same preview. Nil where the RAW keeps none that covers it: LibRaw's preview or a
    /// render serves then, as for any picture.
    static func likenessPreview(_ file: FileBytes, thumbnailSize: Int?,
                                limits: DecodeLimits) throws(DecodeError) -> (jpeg: [UInt8], orientation: Orientation, alsoTheThumbnail: Bool)? {
        let raw = try started()
        defer { libraw_close(raw) }
        try check(open(file, in: raw))
        let sizes = raw.pointee.sizes
        try limits.check(width: Int(sizes.raw_width), height: Int(sizes.raw_height))
        let side = max(Int(sizes.width), Int(sizes.height))
        let previews = RAWPreviews.sized(in: file, count: file.count)
        guard let preview = RAWPreviews.smallest(of: previews, covering: min(PhotoLikeness.workingSide, side))?.preview,
              let jpeg = RAWPreviews.bytes(of: preview, in: file, limits: limits) else { return nil }
        let thumbnails = thumbnailSize.flatMap { RAWPreviews.smallest(of: previews, covering: min($0, side))?.preview }
        return (jpeg, orientation(flip: Int(sizes.flip)), thumbnails == preview)
    }

    /// The embedded preview, decoded (stored unturned), if it has at least `wanted` pixels on
    /// its longer side.
    private static func preview(of raw: UnsafeMutablePointer<libraw_data_t>, covering wanted: Int, limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        try check(libraw_unpack_thumb(raw))
        let thumbnail = raw.pointee.thumbnail
        guard max(Int(thumbnail.twidth), Int(thumbnail.theight)) >= NearlySharp.fewestPixels(covering: wanted) else {
            throw .unreadable("the preview is smaller than asked")
        }
        var error: Int32 = 0
        guard let image = libraw_dcraw_make_mem_thumb(raw, &error) else { try check(error); throw .decoderFailed("gave no preview") }
        defer { libraw_dcraw_clear_mem(image) }
        let data = payload(of: image)
        switch image.pointee.type {
        case LIBRAW_IMAGE_JPEG:
            let jpeg = [UInt8](UnsafeRawBufferPointer(start: data, count: Int(image.pointee.data_size)))
            // At the smallest DCT scale that still covers what is asked: a 24 MP preview for
            // a thumbnail is decoded at an eighth.
            var pixels = try JPEGDecoder.decode(jpeg, maximumPixelSize: wanted, limits: limits)
            pixels.iccProfile = EmbeddedColour.profile(in: jpeg, format: .jpeg)
            return pixels
        case LIBRAW_IMAGE_BITMAP:
            return try bitmap(image, limits: limits)
        default:
            throw .unreadable("a preview of an unknown kind")
        }
    }

    /// The RAW demosaiced with the camera's white balance, turned upright by LibRaw.
    private static func render(_ raw: UnsafeMutablePointer<libraw_data_t>, halfSize: Bool, limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        raw.pointee.params.half_size = halfSize ? 1 : 0
        raw.pointee.params.use_camera_wb = 1
        raw.pointee.params.output_bps = 8
        // sRGB's curve (dcraw's "-g 2.4 12.92"), not LibRaw's default BT.709 one: the render
        // is then plain sRGB, shown as it is.
        raw.pointee.params.gamm.0 = 1 / 2.4
        raw.pointee.params.gamm.1 = 12.92
        try check(libraw_unpack(raw))
        try check(libraw_dcraw_process(raw))
        var error: Int32 = 0
        guard let image = libraw_dcraw_make_mem_image(raw, &error) else { try check(error); throw .decoderFailed("rendered nothing") }
        defer { libraw_dcraw_clear_mem(image) }
        return try bitmap(image, limits: limits)
    }

    /// An 8-bit RGB (or grey) bitmap LibRaw made, as B, G, R, A.
    private static func bitmap(_ image: UnsafeMutablePointer<libraw_processed_image_t>, limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        let width = Int(image.pointee.width), height = Int(image.pointee.height), colors = Int(image.pointee.colors)
        try limits.check(width: width, height: height)
        guard image.pointee.bits == 8, colors == 3 || colors == 1, Int(image.pointee.data_size) >= width * height * colors else {
            throw .unreadable("a picture of \(image.pointee.bits) bits and \(colors) colours")
        }
        let source = payload(of: image).assumingMemoryBound(to: UInt8.self)
        let bytes = [UInt8](capacity: width * height * 4) { target in
            for i in 0..<(width * height) {
                let s = source + i * colors
                target[i * 4] = s[colors - 1]
                target[i * 4 + 1] = s[colors == 3 ? 1 : 0]
                target[i * 4 + 2] = s[0]
                target[i * 4 + 3] = 255
            }
            return target.count
        }
        return PixelBuffer(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: true)
    }

    /// Where a processed image's pixels (or JPEG bytes) begin: its flexible array member.
    private static func payload(of image: UnsafeMutablePointer<libraw_processed_image_t>) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(image) + MemoryLayout<libraw_processed_image_t>.offset(of: \.data)!
    }

    /// What a RAW says of itself: its size as shown (turned by its orientation), camera,
    /// lens, exposure, ISO, focal length and when it was taken. LibRaw reads the file's
    /// headers from disk, not its megabytes of data.
    static func facts(of file: FileBytes) throws(DecodeError) -> EmbeddedFacts {
        let raw = try started()
        defer { libraw_close(raw) }
        try check(open(file, in: raw))
        let data = raw.pointee
        var facts = EmbeddedFacts()
        facts.orientation = orientation(flip: Int(data.sizes.flip))
        let turned = facts.orientation!.swapsDimensions
        facts.pixelWidth = Int(turned ? data.sizes.height : data.sizes.width)
        facts.pixelHeight = Int(turned ? data.sizes.width : data.sizes.height)
        facts.cameraMake = text(data.idata.make)
        facts.cameraModel = text(data.idata.model)
        facts.lens = text(data.lens.Lens)
        if data.other.shutter > 0 { facts.exposureTime = Double(data.other.shutter) }
        if data.other.aperture > 0 { facts.fNumber = (Double(data.other.aperture) * 10).rounded() / 10 }
        if data.other.iso_speed > 0 { facts.iso = Int(data.other.iso_speed.rounded()) }
        if data.other.focal_len > 0 { facts.focalLength = Double(data.other.focal_len) }
        if data.other.timestamp > 0 { facts.dateTaken = localTime(data.other.timestamp) }
        return facts
    }

    /// How many of the sensor's photosites have each level, red, green and blue apart, in
    /// 256 steps from its black level to its white (the top step: clipped), over the visible
    /// area: what a RAW's own histogram shows, which its preview's (rendered, tone-curved,
    /// 8-bit) cannot. LibRaw unpacks the sensor data (the whole file is read).
    static func sensorHistogram(of file: FileBytes, limits: DecodeLimits) throws(DecodeError) -> Histogram {
        let raw = try started()
        defer { libraw_close(raw) }
        try check(open(file, in: raw))
        try limits.check(width: Int(raw.pointee.sizes.raw_width), height: Int(raw.pointee.sizes.raw_height))
        try check(libraw_unpack(raw))
        // After unpacking: the row pitch is known only then.
        let sizes = raw.pointee.sizes, data = raw.pointee.rawdata, colour = raw.pointee.color
        let (top, left) = (Int(sizes.top_margin), Int(sizes.left_margin))
        let (width, height) = (Int(sizes.width), Int(sizes.height))
        let pitch = Int(sizes.raw_pitch) / 2
        guard width > 0, height > 0, top + height <= Int(sizes.raw_height), left + width <= Int(sizes.raw_width) else {
            throw .unreadable("a sensor area outside its data")
        }
        // The colour each of LibRaw's channel numbers stands for ("RGBG": the second green).
        var names: [UInt8] = []
        withUnsafeBytes(of: raw.pointee.idata.cdesc) { names = Array($0.prefix(4)) }
        let channel: [Int?] = names.map { name in
            switch name {
            case UInt8(ascii: "R"): 0
            case UInt8(ascii: "G"): 1
            case UInt8(ascii: "B"): 2
            default: nil
            }
        }
        guard channel.count == 4, channel[0] != nil, channel[1] != nil, channel[2] != nil else {
            throw .unreadable("a sensor of other colours than red, green and blue")
        }
        var blacks = [Int](repeating: Int(colour.black), count: 4)
        for index in 0..<4 { blacks[index] += Int(flick_libraw_channel_black(raw, Int32(index))) }
        let white = Int(colour.maximum)
        var counts = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 3)
        func count(_ value: UInt16, _ index: Int) {
            guard index < 4, let target = channel[index] else { return }
            let range = max(white - blacks[index], 1)
            let level = min(max(Int(value) - blacks[index], 0) * 255 / range, 255)
            counts[target][level] += 1
        }
        if let bayer = data.raw_image {
            guard raw.pointee.idata.filters != 0 else { throw .unreadable("sensor data of an unknown layout") }
            // Every layout LibRaw knows repeats within 48 photosites each way (2×2 and 8×2
            // Bayer, Leaf's 16×16, Fuji's 6×6 X-Trans): asked once per place in that tile.
            let tile = 48
            let colours = (0..<tile * tile).map { Int(libraw_COLOR(raw, Int32($0 / tile), Int32($0 % tile))) }
            for row in 0..<height {
                let line = bayer + (row + top) * pitch + left, pattern = (row % tile) * tile
                for column in 0..<width { count(line[column], colours[pattern + column % tile]) }
            }
        } else if let pixels = UnsafeRawPointer(data.color4_image) ?? UnsafeRawPointer(data.color3_image) {
            // Three or four values a pixel, the first three red, green and blue.
            let channels = data.color4_image == nil ? 3 : 4, stride = Int(sizes.raw_pitch) / 2
            let values = pixels.assumingMemoryBound(to: UInt16.self)
            for row in 0..<height {
                let line = values + (row + top) * stride + left * channels
                for column in 0..<width {
                    let pixel = line + column * channels
                    count(pixel[0], 0); count(pixel[1], 1); count(pixel[2], 2)
                }
            }
        } else {
            throw .unreadable("no sensor data LibRaw can give")
        }
        return Histogram(red: counts[0], green: counts[1], blue: counts[2])
    }

    /// A fixed-size C string field, nil when empty.
    private static func text<T>(_ field: T) -> String? {
        var field = field
        let string = withUnsafeBytes(of: &field) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
        return string.isEmpty ? nil : string
    }

    /// The camera's clock as it read (LibRaw turned the EXIF date into a time by the local
    /// zone; the same zone turns it back), `YYYY-MM-DD hh:mm:ss`.
    private static func localTime(_ time: time_t) -> String? {
        var seconds = time
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec)
    }

    /// LibRaw's `flip` (dcraw's: 3 half a turn, 5 a quarter anticlockwise, 6 a quarter
    /// clockwise) as the EXIF orientation that stands the preview upright.
    static func orientation(flip: Int) -> Orientation {
        switch flip {
        case 3: .down
        case 5: .left
        case 6: .right
        default: .up
        }
    }

    private static func check(_ code: Int32) throws(DecodeError) {
        guard code != LIBRAW_SUCCESS.rawValue else { return }
        if code == LIBRAW_FILE_UNSUPPORTED.rawValue { throw .unreadable("not a RAW file LibRaw knows") }
        if code == LIBRAW_IO_ERROR.rawValue || code == LIBRAW_DATA_ERROR.rawValue { throw .incomplete }
        if code == LIBRAW_TOO_BIG.rawValue || code == LIBRAW_UNSUFFICIENT_MEMORY.rawValue { throw .unreadable("too much for the decoder") }
        throw .decoderFailed(String(cString: libraw_strerror(code)).lowercased())
    }
}

extension RAWDecoder: FormatDecoder {
    /// The preview (or render) that covers what is asked.
    static func decode(_ bytes: [UInt8], _ request: PictureRequest) throws(DecodeError) -> PixelBuffer {
        try decode(bytes, maximumPixelSize: request.maximumPixelSize, box: request.box, limits: request.limits)
    }

    /// LibRaw reads a RAW itself, only what it needs: its preview is a few megabytes of a
    /// file of fifty.
    static func decode(_ file: FileBytes, _ request: PictureRequest) throws(DecodeError) -> PixelBuffer? {
        try decode(file, maximumPixelSize: request.maximumPixelSize, box: request.box, limits: request.limits)
    }

    /// The camera's tags, from the RAW's own directories (LibRaw reads the makers' ones).
    static func facts(of path: FilePath, _ file: FileBytes) throws(DecodeError) -> EmbeddedFacts? {
        try facts(of: file)
    }
}
