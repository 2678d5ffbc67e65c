// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Localization
import SystemPackage
import Pixels

/// Why an image could not be shown, in words for the user.
public enum DecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    /// The file ends before its image does (a copy cut short, a download not finished).
    case incomplete
    /// Flick may not read the file.
    case permissionDenied
    case tooLarge(width: Int, height: Int)
    /// The decoder hung or crashed on this file and was stopped.
    case decoderFailed(String)

    public var description: String {
        switch self {
        case let .unreadable(reason): "cannot open: \(reason)"
        case .incomplete: "incomplete file: it ends before the image does"
        case .permissionDenied: "permission denied: Flick may not read this file"
        case let .tooLarge(width, height): "too large: \(width)×\(height)"
        case let .decoderFailed(reason): "cannot open: the decoder \(reason)"
        }
    }

    /// The few words a tile or page shows: which kind of failure it is.
    public var headline: String {
        switch self {
        // TRANSLATORS: the few words over a photo that cannot be shown.
        case .unreadable, .decoderFailed: localized("cannot open")
        case .incomplete: localized("incomplete file")
        case .permissionDenied: localized("permission denied")
        case .tooLarge: localized("too large")

        }
    }

    /// True when the file itself is why, as it stays until the file changes (what the
    /// thumbnail cache records); false for a decoder stopped or crashed and for a
    /// permission, which can be otherwise next time.
    public var isLasting: Bool {
        switch self {
        case .unreadable, .incomplete, .tooLarge: true
        case .permissionDenied, .decoderFailed: false
        }
    }

    /// How a helper sends it (DecodeHelper's wire format): a kind byte, a size, a reason.
    var wire: (kind: UInt8, width: Int, height: Int, reason: String) {
        switch self {
        case let .unreadable(reason): (0, 0, 0, reason)
        case let .tooLarge(width, height): (1, width, height, "")
        case .incomplete: (2, 0, 0, "")
        case .permissionDenied: (3, 0, 0, "")
        case let .decoderFailed(reason): (4, 0, 0, reason)
        }
    }

    init(wireKind kind: UInt8, width: Int, height: Int, reason: String) {
        self = switch kind {
        case 1: .tooLarge(width: width, height: height)
        case 2: .incomplete
        case 3: .permissionDenied
        case 4: .decoderFailed(reason)
        default: .unreadable(reason)
        }
    }
}

/// What a decode produces.
public enum DecodeKind: UInt8, Sendable, Hashable {
    /// The image itself.
    case image = 0
    /// The camera's small copy from a JPEG's EXIF block: read in a millisecond or two and
    /// shown, enlarged, until the image itself arrives.
    case embeddedPreview = 1
    /// What the file records about the photo (`EmbeddedFacts`), no pixels.
    case facts = 2
    /// An animation's frames, one by one, for as long as they are asked for
    /// (`IsolatedDecoder.openAnimation`).
    case animation = 3
    /// The marks an XMP packet records: a sidecar's (a path ending in .xmp) or the one
    /// inside a photo (`EmbeddedXMP`). No pixels.
    case marks = 4
    /// A sidecar's bytes with new marks written in (`XMPMarks.updating`): the app writes
    /// them; the helper only parses what another program wrote.
    case sidecarUpdate = 5
    /// How sharp the photo is and what it looks like (`PhotoLikeness`), measured on a decode
    /// within `PhotoLikeness.workingSide`. No pixels.
    case likeness = 6
    /// A rectangle of the photo at full scale (`PixelRect`, upright): what a photo zoomed
    /// to 100 % shows of itself, decoded alone where the format allows (JPEG).
    case region = 7
    /// The photo's likeness, with a thumbnail within the size asked where one decode gives
    /// both (`ImageDecoder.likeness(_:withThumbnail:colours:)`).
    case likenessWithThumbnail = 8
    /// A sidecar's bytes with an import's caption, creator, copyright, credit and keywords
    /// written in (`XMPCaption`); like `.sidecarUpdate`, the app writes them.
    case sidecarCaption = 9
    /// A sidecar's bytes with a date taken set or taken out (`XMPDate`); the app writes them.
    case sidecarDate = 10
    /// A shared copy: the photo as an sRGB JPEG within a long side, with the metadata asked
    /// for (`PhotoExport`); the app writes it.
    case export = 11
    /// A sidecar's bytes with an orientation set or taken out (`XMPOrientation`); the app
    /// writes them.
    case sidecarOrientation = 12
    /// A RAW's histogram of its sensor's own values (`RAWDecoder.sensorHistogram`), drawn:
    /// the graph as pixels, marked "RAW".
    case sensorLevels = 13
}

/// Decodes image files into upright `PixelBuffer`s scaled down to fit a size: JPEGs with
/// libjpeg-turbo at a reduced DCT scale, with EXIF orientation applied; PNGs with libpng;
/// HEIF and AVIF with libheif, turned by their own transformations; JPEG XL with libjxl; SVG
/// with librsvg, drawn at the size asked; TIFF with libtiff; camera RAW with LibRaw;
/// everything else with SDL2_image.
public enum ImageDecoder {
    /// Decodes `url`, upright, scaled so neither side exceeds `maximumPixelSize` (aspect
    /// kept; never scaled up; nil means full size).
    /// With a `box`, the picture also fits that rectangle (a window's shape).
    public static func decode(_ path: FilePath, maximumPixelSize: Int?, box: PixelBox? = nil,
                              limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> PixelBuffer {
        try decode(path, maximumPixelSize: maximumPixelSize, box: box, colours: .sRGB, limits: limits)
    }

    /// Decodes `path` as above, its colours converted to `colours`. A JPEG with a RAW of the
    /// same shot beside it (`rawBeside`: a RAW+JPEG pair's) may be shown from the RAW's
    /// preview instead, where that serves for less (`PairPreview`).
    static func decode(_ path: FilePath, maximumPixelSize: Int?, box: PixelBox?, colours: ColourTarget,
                       limits: DecodeLimits = DecodeLimits(), rawBeside: FilePath? = nil) throws(DecodeError) -> PixelBuffer {
        try withRegularFile(path, limits: limits) { file throws(DecodeError) in
            let head = try read(file, atMost: ImageFormat.sniffLength)
            guard let format = ImageFormat.sniff(head, fileExtension: (path.extension ?? "").lowercased()) else {
                throw .unreadable(head.isEmpty ? "the file is empty" : "not an image")
            }
            if format == .jpeg, let rawBeside, let jpegHead = file.read(0..<min(file.count, 2 * exifSearchLength)),
               let pixels = PairPreview.picture(jpegHead: jpegHead, raw: rawBeside, maximumPixelSize: maximumPixelSize, box: box, limits: limits) {
                return finished(pixels, maximumPixelSize: maximumPixelSize, box: box, colours: colours)
            }
            let request = PictureRequest(format: format, maximumPixelSize: maximumPixelSize, box: box, colours: colours, limits: limits)
            if let pixels = try format.entry.decoder.decode(file, request) {
                return finished(pixels, maximumPixelSize: maximumPixelSize, box: box, colours: colours)
            }
            guard lseek(file.descriptor, 0, SEEK_SET) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
            return try decode(try readWhole(file, limits: limits), format: format, maximumPixelSize: maximumPixelSize, box: box,
                              colours: colours, limits: limits)
        }
    }

    public static func decode(_ path: FilePath, kind: DecodeKind, maximumPixelSize: Int?, box: PixelBox? = nil) throws(DecodeError) -> PixelBuffer {
        try decode(path, kind: kind, maximumPixelSize: maximumPixelSize, box: box, colours: .sRGB)
    }

    static func decode(_ path: FilePath, kind: DecodeKind, maximumPixelSize: Int?, box: PixelBox?, colours: ColourTarget,
                       rawBeside: FilePath? = nil) throws(DecodeError) -> PixelBuffer {
        switch kind {
        case .image: try decode(path, maximumPixelSize: maximumPixelSize, box: box, colours: colours, rawBeside: rawBeside)
        case .embeddedPreview: try embeddedPreview(path, maximumPixelSize: maximumPixelSize, colours: colours)
        case .facts, .animation, .marks, .sidecarUpdate, .sidecarCaption, .sidecarDate, .sidecarOrientation, .export, .likeness,
             .likenessWithThumbnail, .sensorLevels: throw .unreadable("not one picture")
        case .region: throw .unreadable("a region needs its rectangle (decodeRegion)")
        }
    }

    /// The histogram of the sensor's own values of the RAW at `path`; anything else (a
    /// JPEG, a RAW LibRaw cannot unpack) is an error.
    public static func sensorHistogram(_ path: FilePath, limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> Histogram {
        try withRegularFile(path, limits: limits) { file throws(DecodeError) in
            let head = try read(file, atMost: ImageFormat.sniffLength)
            guard ImageFormat.sniff(head, fileExtension: (path.extension ?? "").lowercased()) == .raw else { throw .unreadable("not a RAW") }
            return try RAWDecoder.sensorHistogram(of: file, limits: limits)
        }
    }

    /// The upright rectangle `rect` of the photo at `path` at full scale, its colours
    /// converted to `colours`: a JPEG's decoded alone (`JPEGDecoder.decodeRegion`), any
    /// other photo decoded whole and cut.
    /// `turn` turns the photo further than its file says (`PhotoTurns`): `rect` is of the
    /// photo so turned.
    static func decodeRegion(_ path: FilePath, _ rect: PixelRect, colours: ColourTarget, turn: Orientation = .up,
                             limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> PixelBuffer {
        guard rect.x >= 0, rect.y >= 0, !rect.isEmpty else { throw .unreadable("the part asked for (\(rect)) is not inside the photo") }
        if let jpeg = try jpegBytes(path, limits: limits), let stored = JPEGDecoder.declaredSize(jpeg) {
            try limits.check(width: stored.width, height: stored.height)
            let exif = ExifInfo(jpeg: jpeg)
            let orientation = exif.orientation.followed(by: turn)
            let upright = orientation.swapsDimensions ? (stored.height, stored.width) : (stored.width, stored.height)
            guard rect.maxX <= upright.0, rect.maxY <= upright.1 else {
                throw .unreadable("the part asked for (\(rect)) is not inside the photo")
            }
            let storedRect = orientation.storedRect(of: rect, storedWidth: stored.width, storedHeight: stored.height)
            if var pixels = try JPEGDecoder.decodeRegion(jpeg, storedRect) {
                pixels = pixels.applying(orientation)
                pixels.iccProfile = EmbeddedColour.profile(in: jpeg, format: .jpeg, exif: exif)
                return ColourManagement.converted(pixels, to: colours)
            }
        }
        let whole = try decode(path, maximumPixelSize: nil, box: nil, colours: colours, limits: limits).applying(turn)
        guard rect.maxX <= whole.width, rect.maxY <= whole.height else {
            throw .unreadable("the part asked for (\(rect)) is not inside the photo")
        }
        return whole.cropped(to: rect)
    }

    /// The whole file at `path` if it is a JPEG (by its content); nil if it is not.
    private static func jpegBytes(_ path: FilePath, limits: DecodeLimits) throws(DecodeError) -> [UInt8]? {
        try withRegularFile(path, limits: limits) { file throws(DecodeError) in
            let head = try read(file, atMost: ImageFormat.sniffLength)
            guard ImageFormat.sniff(head, fileExtension: (path.extension ?? "").lowercased()) == .jpeg else { return nil }
            guard lseek(file.descriptor, 0, SEEK_SET) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
            return try readWhole(file, limits: limits)
        }
    }

    /// What tells a photo's frames of one moment apart (`PhotoLikeness`), measured on the
    /// photo within `PhotoLikeness.workingSide` pixels, upright: a JPEG's brightness alone
    /// (its own luma: libjpeg leaves the colours out, about a quarter of the decode), and so
    /// a RAW's embedded JPEG preview's; any other photo's picture.
    static func likeness(_ path: FilePath, limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> PhotoLikeness {
        if let source = try likenessSource(path, thumbnailSize: nil, limits: limits),
           let likeness = try likeness(ofJPEG: source.jpeg, orientation: source.orientation, limits: limits) {
            return likeness
        }
        return PhotoLikeness(of: try decode(path, maximumPixelSize: PhotoLikeness.workingSide, box: nil, colours: .untouched, limits: limits))
    }

    /// The photo's likeness and, where one decode gives both, a thumbnail within
    /// `thumbnailSize` (as `decode` gives it): a JPEG, or a RAW's preview that its thumbnail
    /// is cut from too, whose thumbnail is decoded at 1/8 or at the likeness's own scale
    /// (`JPEGDecoder.decodeBrightnessAndThumbnail`); its entropy decoding, most of a
    /// decode's time, is then done once. Any other photo gives its likeness alone, as
    /// `likeness` does: its thumbnail would cost a decode of its own.
    static func likeness(_ path: FilePath, withThumbnail thumbnailSize: Int, colours: ColourTarget,
                         limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> (likeness: PhotoLikeness, thumbnail: PixelBuffer?) {
        if let source = try likenessSource(path, thumbnailSize: thumbnailSize, limits: limits) {
            if source.alsoTheThumbnail,
               let both = try JPEGDecoder.decodeBrightnessAndThumbnail(source.jpeg, brightnessSize: PhotoLikeness.workingSide,
                                                                       thumbnailSize: thumbnailSize, limits: limits) {
                var thumbnail = both.thumbnail.applying(source.orientation)
                thumbnail.iccProfile = source.profile()
                return (likeness(ofBrightness: both.brightness, orientation: source.orientation),
                        finished(thumbnail, maximumPixelSize: thumbnailSize, box: nil, colours: colours))
            }
            if let likeness = try likeness(ofJPEG: source.jpeg, orientation: source.orientation, limits: limits) { return (likeness, nil) }
        }
        return (PhotoLikeness(of: try decode(path, maximumPixelSize: PhotoLikeness.workingSide, box: nil, colours: .untouched, limits: limits)), nil)
    }

    /// The JPEG a likeness is read from: the photo itself, or the embedded preview of a RAW
    /// (`RAWDecoder.likenessPreview`), with the orientation and colour profile its picture is
    /// shown with, and whether a thumbnail within the size asked is cut from it too.
    private struct LikenessSource {
        let jpeg: [UInt8]
        let orientation: Orientation
        let alsoTheThumbnail: Bool
        let profile: () -> [UInt8]?
    }

    /// Nil for a photo that is neither a JPEG nor a RAW with such a preview.
    private static func likenessSource(_ path: FilePath, thumbnailSize: Int?, limits: DecodeLimits) throws(DecodeError) -> LikenessSource? {
        try withRegularFile(path, limits: limits) { file throws(DecodeError) in
            let head = try read(file, atMost: ImageFormat.sniffLength)
            switch ImageFormat.sniff(head, fileExtension: (path.extension ?? "").lowercased()) {
            case .jpeg:
                guard lseek(file.descriptor, 0, SEEK_SET) == 0 else { throw .unreadable(String(cString: strerror(errno))) }
                let jpeg = try readWhole(file, limits: limits)
                let exif = ExifInfo(jpeg: jpeg)
                return LikenessSource(jpeg: jpeg, orientation: exif.orientation, alsoTheThumbnail: true) {
                    EmbeddedColour.profile(in: jpeg, format: .jpeg, exif: exif)
                }
            case .raw:
                guard let preview = try RAWDecoder.likenessPreview(file, thumbnailSize: thumbnailSize, limits: limits) else { return nil }
                // As a preview is shown: turned by the RAW's orientation, in its own profile.
                return LikenessSource(jpeg: preview.jpeg, orientation: preview.orientation, alsoTheThumbnail: preview.alsoTheThumbnail) {
                    EmbeddedColour.profile(in: preview.jpeg, format: .jpeg)
                }
            default:
                return nil
            }
        }
    }

    /// A JPEG's likeness from its own luma; nil for CMYK and YCCK JPEGs, which have none.
    private static func likeness(ofJPEG jpeg: [UInt8], orientation: Orientation, limits: DecodeLimits) throws(DecodeError) -> PhotoLikeness? {
        guard let brightness = try JPEGDecoder.decodeBrightness(jpeg, maximumPixelSize: PhotoLikeness.workingSide, limits: limits) else { return nil }
        return likeness(ofBrightness: brightness, orientation: orientation)
    }

    /// The likeness of a JPEG's own luma as stored, decoded at the scale covering
    /// `PhotoLikeness.workingSide`.
    private static func likeness(ofBrightness brightness: (width: Int, height: Int, values: [UInt8]),
                                 orientation: Orientation) -> PhotoLikeness {
        guard max(brightness.width, brightness.height) > PhotoLikeness.workingSide else {
            return PhotoLikeness(of: Luma(brightness: brightness.values, width: brightness.width, height: brightness.height,
                                          orientation: orientation))
        }
        // Larger than the working side at its DCT scale (a 24 MP photo at a quarter is
        // 1500 across): reduced as any picture is, grey in each channel.
        var grey = [UInt8](repeating: 255, count: brightness.values.count * 4)
        for (index, value) in brightness.values.enumerated() {
            grey[index * 4] = value
            grey[index * 4 + 1] = value
            grey[index * 4 + 2] = value
        }
        let picture = PixelBuffer(width: brightness.width, height: brightness.height, bytesPerRow: brightness.width * 4,
                                  bytes: grey, isOpaque: true)
        return PhotoLikeness(of: picture.applying(orientation).scaledToFit(PhotoLikeness.workingSide))
    }

    /// How much of a JPEG's start is read for its EXIF block (at most 64 KB, after any
    /// JFIF header).
    static let exifSearchLength = 128 << 10

    /// What a photo's first bytes record: its size upright and its EXIF facts.
    /// A PNG's or WebP's EXIF block may lie further in: it is looked for in the file.
    public static func embeddedFacts(_ path: FilePath, limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> EmbeddedFacts {
        try withRegularFile(path, limits: limits) { file throws(DecodeError) in
            let bytes = try read(file, atMost: 2 * exifSearchLength)
            // The name too: a TIFF-shaped RAW is told from a scan by it.
            guard let format = ImageFormat.sniff(Array(bytes.prefix(ImageFormat.sniffLength)), fileExtension: (path.extension ?? "").lowercased()) else {
                throw .unreadable("not an image")
            }
            if let facts = try format.entry.decoder.facts(of: path, file) { return facts }
            return EmbeddedFacts(bytes: bytes, format: format, exif: EmbeddedExif.block(in: file, format: format))
        }
    }

    /// The photo's embedded EXIF thumbnail, upright, with any letterbox bars cut off (a
    /// camera shooting 3:2 often stores a 4:3 thumbnail with black bands).
    public static func embeddedPreview(_ path: FilePath, maximumPixelSize: Int?, limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> PixelBuffer {
        try embeddedPreview(path, maximumPixelSize: maximumPixelSize, colours: .sRGB, limits: limits)
    }

    static func embeddedPreview(_ path: FilePath, maximumPixelSize: Int?, colours: ColourTarget,
                                limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> PixelBuffer {
        let bytes = try read(path, limits: limits, atMost: exifSearchLength)
        guard let format = ImageFormat.sniff(Array(bytes.prefix(ImageFormat.sniffLength)), fileExtension: ""),
              let preview = try format.entry.decoder.embeddedPreview(of: path, head: bytes, limits: limits) else {
            throw .unreadable("only JPEGs and HEIFs carry an embedded preview")
        }
        return finished(preview, maximumPixelSize: maximumPixelSize, box: nil, colours: colours)
    }

    public static func decode(_ bytes: [UInt8], format: ImageFormat, maximumPixelSize: Int?, box: PixelBox? = nil,
                              limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> PixelBuffer {
        try decode(bytes, format: format, maximumPixelSize: maximumPixelSize, box: box, colours: .sRGB, limits: limits)
    }

    static func decode(_ bytes: [UInt8], format: ImageFormat, maximumPixelSize: Int?, box: PixelBox?, colours: ColourTarget,
                       limits: DecodeLimits = DecodeLimits()) throws(DecodeError) -> PixelBuffer {
        let request = PictureRequest(format: format, maximumPixelSize: maximumPixelSize, box: box, colours: colours, limits: limits)
        return finished(try format.entry.decoder.decode(bytes, request), maximumPixelSize: maximumPixelSize, box: box, colours: colours)
    }

    /// A decoded picture made what was asked: reduced to fit the size and the box, then its
    /// colours converted, on the picture at the size it is shown (it costs little there).
    static func finished(_ pixels: PixelBuffer, maximumPixelSize: Int?, box: PixelBox?, colours: ColourTarget) -> PixelBuffer {
        var pixels = pixels
        var maximumPixelSize = maximumPixelSize
        if let box { maximumPixelSize = min(maximumPixelSize ?? .max, box.longestSide(ofFitting: pixels.width, pixels.height)) }
        if let maximumPixelSize { pixels = pixels.scaledToFit(maximumPixelSize) }
        return ColourManagement.converted(pixels, to: colours)
    }

    /// The file's bytes, or its first `atMost`.
    static func read(_ path: FilePath, limits: DecodeLimits, atMost: Int = .max) throws(DecodeError) -> [UInt8] {
        try withRegularFile(path, limits: limits) { file throws(DecodeError) in
            atMost > limits.maximumFileBytes ? try readWhole(file, limits: limits) : try read(file, atMost: atMost)
        }
    }

    /// The whole file, if it is no larger than `limits` allow to be read into memory (a
    /// video is read a part at a time, whatever its size).
    private static func readWhole(_ file: FileBytes, limits: DecodeLimits) throws(DecodeError) -> [UInt8] {
        guard file.count <= limits.maximumFileBytes else { throw .unreadable("file too big to read") }
        return try read(file, atMost: .max)
    }

    /// `body` given the file at `path`, open, once it is known to be a regular file (not a
    /// FIFO that would block, nor a device); what it reads whole is held to `limits`.
    static func withRegularFile<T>(_ path: FilePath, limits: DecodeLimits,
                                           _ body: (FileBytes) throws(DecodeError) -> T) throws(DecodeError) -> T {
        let fd = path.openForReading()
        guard fd >= 0 else { throw errno == EACCES || errno == EPERM ? .permissionDenied : .unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable("not a regular file") }
        return try body(FileBytes(descriptor: fd, count: Int(info.st_size)))
    }

    /// The file's bytes from the start, or its first `atMost`.
    private static func read(_ file: FileBytes, atMost: Int) throws(DecodeError) -> [UInt8] {
        // A file that shrank as it was read gives what was there.
        [UInt8](capacity: min(file.count, atMost)) { buffer in
            var filled = 0
            while filled < buffer.count {
                let count = Glibc.read(file.descriptor, buffer.baseAddress! + filled, buffer.count - filled)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                filled += count
            }
            return filled
        }
    }
}
