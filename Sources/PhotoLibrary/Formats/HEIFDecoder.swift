// SPDX-License-Identifier: GPL-3.0-or-later
internal import CHeif
import Pixels
import SystemPackage

/// HEIF (HEIC from phones, through libde265) and AVIF (through libaom or dav1d), through
/// libheif: the primary image (a grid's tiles joined, a sequence's first picture), turned,
/// mirrored and cropped by the file's own transformations — applied once, here, and never
/// again from EXIF, whose orientation a HEIF file's `irot` / `imir` already say.
enum HEIFDecoder {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        try withPrimaryImage(read: { context throws(DecodeError) in
            let read = bytes.withUnsafeBytes { raw in heif_context_read_from_memory_without_copy(context, raw.baseAddress, raw.count, nil) }
            // libheif names what it missed ("no 'meta' box"); the person needs to know the
            // file ends early, as a photo still being copied does.
            if read.code != heif_error_Ok, isCutShort(bytes) { throw .incomplete }
            try check(read)
        }) { handle throws(DecodeError) in try decode(handle, limits: limits) }
    }

    /// `body` given the primary image of a file that `read` loads into a fresh context.
    private static func withPrimaryImage<T>(read: (OpaquePointer) throws(DecodeError) -> Void,
                                            _ body: (OpaquePointer) throws(DecodeError) -> T) throws(DecodeError) -> T {
        try DeferredLibrary.heif.load()
        guard let context = heif_context_alloc() else { throw .decoderFailed("could not start") }
        defer { heif_context_free(context) }
        // libheif's own refusal of absurd sizes, as a second line behind Flick's check.
        heif_context_set_maximum_image_size_limit(context, Int32(clamping: Self.maximumSide))
        try read(context)
        var handle: OpaquePointer?
        try check(heif_context_get_primary_image_handle(context, &handle))
        guard let handle else { throw .decoderFailed("found no image") }
        defer { heif_image_handle_release(handle) }
        return try body(handle)
    }

    /// `body` given the primary image of the file at `path`, which libheif reads as it needs
    /// (its boxes and the items asked for, not the whole file).
    private static func withPrimaryImage<T>(of path: FilePath, _ body: (OpaquePointer) throws(DecodeError) -> T) throws(DecodeError) -> T {
        try withPrimaryImage(read: { context throws(DecodeError) in
            try check(path.withPlatformString { heif_context_read_from_file(context, $0, nil) })
        }, body)
    }

    /// The file's own small thumbnail of its primary image (what a phone stores beside it),
    /// turned as the image is: a stand-in while the photo is decoded. Read from the file
    /// where libheif finds it, not the whole file.
    static func embeddedThumbnail(of path: FilePath, limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        try withPrimaryImage(of: path) { primary throws(DecodeError) in try thumbnail(of: primary, limits: limits) }
    }

    private static func thumbnail(of primary: OpaquePointer, limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_thumbnail_IDs(primary, &id, 1) == 1 else { throw .unreadable("no embedded preview") }
        var thumbnail: OpaquePointer?
        try check(heif_image_handle_get_thumbnail(primary, id, &thumbnail))
        guard let thumbnail else { throw .unreadable("no embedded preview") }
        defer { heif_image_handle_release(thumbnail) }
        return try decode(thumbnail, limits: limits)
    }

    /// The image `handle` names, decoded and turned by its own transformations.
    private static func decode(_ handle: OpaquePointer, limits: DecodeLimits) throws(DecodeError) -> PixelBuffer {
        // The size shown (after the file's rotation and crop), checked before any pixel is decoded.
        let width = Int(heif_image_handle_get_width(handle)), height = Int(heif_image_handle_get_height(handle))
        try limits.check(width: width, height: height)
        let hasAlpha = heif_image_handle_has_alpha_channel(handle) != 0

        guard let options = heif_decoding_options_alloc() else { throw .decoderFailed("could not start") }
        defer { heif_decoding_options_free(options) }
        options.pointee.ignore_transformations = 0
        // A 10- or 12-bit picture (an iPhone's HDR, an encoder's choice) comes as 8 bits a
        // channel, not as 16-bit words in the 8-bit layout asked for.
        options.pointee.convert_hdr_to_8bit = 1
        var image: OpaquePointer?
        try check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options))
        guard let image else { throw .decoderFailed("decoded nothing") }
        defer { heif_image_release(image) }

        let decodedWidth = Int(heif_image_get_width(image, heif_channel_interleaved))
        let decodedHeight = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        guard decodedWidth > 0, decodedHeight > 0, heif_image_get_bits_per_pixel(image, heif_channel_interleaved) == 32,
              let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride), Int(stride) >= decodedWidth * 4 else {
            throw .decoderFailed("gave no pixels")
        }
        try limits.check(width: decodedWidth, height: decodedHeight)
        var pixels = PixelBuffer(rgbaRows: plane, width: decodedWidth, height: decodedHeight, stride: Int(stride), hasAlpha: hasAlpha)
        pixels.iccProfile = colourProfile(of: handle)
        return pixels
    }

    /// The colours the image declares: its ICC profile, else its nclx numbers (an iPhone's
    /// Display P3 is either); nil for sRGB or nothing said.
    static func colourProfile(of handle: OpaquePointer) -> [UInt8]? {
        let size = heif_image_handle_get_raw_color_profile_size(handle)
        if size > 0, size <= EmbeddedColour.maximumProfileBytes {
            var icc = [UInt8](repeating: 0, count: size)
            if icc.withUnsafeMutableBytes({ heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }).code == heif_error_Ok {
                return icc
            }
        }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else { return nil }
        defer { heif_nclx_color_profile_free(nclx) }
        return ColourManagement.profile(primaries: Int(nclx.pointee.color_primaries.rawValue),
                                        transfer: Int(nclx.pointee.transfer_characteristics.rawValue))
    }

    /// What a HEIF file says of its primary image: its size as shown (after its own
    /// rotation), and its EXIF facts (camera, exposure, when it was taken). Read from the
    /// file where libheif finds them — the boxes and the EXIF item, not the picture.
    static func facts(of path: FilePath) throws(DecodeError) -> EmbeddedFacts {
        try withPrimaryImage(of: path) { handle in
            var facts = exif(of: handle).map { ExifInfo(jpeg: $0).facts } ?? EmbeddedFacts()
            // The size libheif gives is already turned: EXIF's orientation does not swap it.
            facts.pixelWidth = Int(heif_image_handle_get_width(handle))
            facts.pixelHeight = Int(heif_image_handle_get_height(handle))
            facts.colourSpace = colourProfile(of: handle).map(ColourManagement.name(of:))
            return facts
        }
    }

    /// The image's EXIF block as libexif reads it ("Exif\0\0" and the TIFF structure): a
    /// HEIF's Exif item starts with the offset of its TIFF header.
    private static func exif(of handle: OpaquePointer) -> [UInt8]? {
        guard heif_image_handle_get_number_of_metadata_blocks(handle, "Exif") > 0 else { return nil }
        var id: heif_item_id = 0
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return nil }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 4, size <= EmbeddedExif.maximumBlockBytes else { return nil }
        var block = [UInt8](repeating: 0, count: size)
        guard block.withUnsafeMutableBytes({ heif_image_handle_get_metadata(handle, id, $0.baseAddress) }).code == heif_error_Ok else { return nil }
        let offset = block[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard 4 + offset < block.count else { return nil }
        let tiff = block[(4 + offset)...]
        return Array("Exif".utf8) + [0, 0] + tiff.dropPrefix(ifStartsWith: Array("Exif".utf8) + [0, 0])
    }

    /// True if the file's top-level boxes (ISO base media file format: a 32-bit size, or 1
    /// and a 64-bit size after the type, or 0 for "to the end") run past its end.
    static func isCutShort(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard bytes.count - offset >= 8 else { return true }
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if size == 1 {
                guard bytes.count - offset >= 16 else { return true }
                let large = bytes[offset + 8..<offset + 16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                guard large <= UInt64(Int.max) else { return true }
                size = Int(large)
            } else if size == 0 {
                return false
            }
            guard size >= 8 else { return false }
            guard size <= bytes.count - offset else { return true }
            offset += size
        }
        return false
    }

    /// libheif's limit on a side, in pixels: the largest that `DecodeLimits` lets through.
    static let maximumSide = 65_535

    /// A libheif error as Flick says it: a file cut short is incomplete, a refused size too
    /// large, anything else the decoder's own words.
    private static func check(_ error: heif_error) throws(DecodeError) {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? "failed"
        if error.subcode == heif_suberror_End_of_data { throw .incomplete }
        if error.subcode == heif_suberror_Security_limit_exceeded { throw .unreadable("beyond the decoder's limits: \(message)") }
        throw .decoderFailed(message.lowercased())
    }
}

private extension ArraySlice where Element == UInt8 {
    /// The slice without `prefix` if it starts with it (some writers point the offset at
    /// "Exif\0\0", others past it).
    func dropPrefix(ifStartsWith prefix: [UInt8]) -> ArraySlice<UInt8> {
        starts(with: prefix) ? dropFirst(prefix.count) : self
    }
}

extension HEIFDecoder: FormatDecoder {
    /// HEIC and AVIF, turned and cropped by their own transformations.
    static func decode(_ bytes: [UInt8], _ request: PictureRequest) throws(DecodeError) -> PixelBuffer {
        try decode(bytes, limits: request.limits)
    }

    /// A HEIF's EXIF item may lie anywhere: libheif finds it. A Motion Photo's video is
    /// found by the file's boxes (`MotionPhoto`).
    static func facts(of path: FilePath, _ file: FileBytes) throws(DecodeError) -> EmbeddedFacts? {
        var facts = try facts(of: path)
        if let head = file.read(0..<min(file.count, 2 * ImageDecoder.exifSearchLength)) {
            facts.motionVideo = MotionPhoto.video(in: file, head: head)
        }
        return facts
    }

    static func embeddedPreview(of path: FilePath, head: [UInt8], limits: DecodeLimits) throws(DecodeError) -> PixelBuffer? {
        try embeddedThumbnail(of: path, limits: limits)
    }
}
