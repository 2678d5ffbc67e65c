// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Localization
import SystemPackage

/// What a photo's file says about it: what the file system knows, and what its EXIF block
/// records where it has one. The back of a card in the deck shows these.
public struct PhotoFacts: Sendable, Equatable {
    public var fileName: String
    /// The folder it is in, as a person reads its path.
    public var folder: String = ""
    public var byteCount: Int
    public var modificationDate: Date
    /// Read from the file (helper-side); nil where the file could not be read.
    public var embedded: EmbeddedFacts?

    public init(fileName: String, byteCount: Int, modificationDate: Date, embedded: EmbeddedFacts?) {
        self.fileName = fileName
        self.byteCount = byteCount
        self.modificationDate = modificationDate
        self.embedded = embedded
    }

    /// Everything there is to know about `path`. The file system answers in-process; the
    /// file's content is read in a decode helper (EXIF is a codec's business). Blocks for
    /// up to the decoder's deadline: call it off the UI thread. Nil if the file is gone.
    public static func gather(_ path: FilePath, decoder: IsolatedDecoder) -> PhotoFacts? {
        var info = stat()
        guard path.withPlatformString({ stat($0, &info) }) == 0 else { return nil }
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        let embedded = try? decoder.facts(path).get()
        var facts = PhotoFacts(fileName: DisplayName.of(lastComponentOf: path), byteCount: Int(info.st_size),
                               modificationDate: modified, embedded: embedded)
        facts.folder = DisplayName.of(path.removingLastComponent().rawBytes, maximumCharacters: 400)
        return facts
    }
}

/// What a photo's own bytes say: its size upright, and its EXIF fields where present.
public struct EmbeddedFacts: Sendable, Equatable {
    /// The size as shown: after EXIF orientation.
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// As the camera wrote it: local time without a zone, `YYYY-MM-DD hh:mm:ss`.
    public var dateTaken: String?
    public var cameraMake: String?
    public var cameraModel: String?
    public var lens: String?
    /// Seconds.
    public var exposureTime: Double?
    public var fNumber: Double?
    public var iso: Int?
    /// Millimetres.
    public var focalLength: Double?
    /// The colour space the file declares, by its profile's name ("Display P3", "Adobe RGB
    /// (1998)", "sRGB"); nil where it declares none.
    public var colourSpace: String?
    /// Where it was taken (GPS), in degrees: north and east positive.
    public var latitude: Double?
    public var longitude: Double?
    /// A video's length in seconds; nil for a still.
    public var duration: Double?
    /// A Motion Photo's video: its bytes in the file, after the picture; nil for a still.
    public var motionVideo: Range<Int>?
    /// What an iPhone gives a Live Photo's still and its video alike (a UUID: the still's
    /// maker note, the video's `com.apple.quicktime.content.identifier`), so the two are
    /// one photo whatever their names; nil where the file carries none.
    public var contentIdentifier: String?
    /// How the file says its pixels stand (EXIF's orientation; a RAW's flip), which a
    /// sidecar's may replace (`PhotoTurns`); nil where it says nothing (upright).
    public var orientation: Orientation?

    public init() {}

    // MARK: Reading (in the helper)

    /// Reads what `bytes` (the file's start) hold about the photo in `format`, and a PNG's
    /// or WebP's `exif` block (`EmbeddedExif`).
    init(bytes: [UInt8], format: ImageFormat, exif: [UInt8]?) {
        var size = ImageHeader.declaredSize(bytes, format: format)
        if format == .jpeg {
            size = JPEGDecoder.declaredSize(bytes)
            let exif = ExifInfo(jpeg: bytes)
            if exif.orientation.swapsDimensions, let stored = size { size = (stored.height, stored.width) }
            self = exif.facts
        } else if let block = exif {
            let exif = ExifInfo(jpeg: block)
            if exif.orientation.swapsDimensions, let stored = size { size = (stored.height, stored.width) }
            self = exif.facts
        }
        pixelWidth = size?.width
        pixelHeight = size?.height
        colourSpace = EmbeddedColour.profile(in: bytes, format: format).map(ColourManagement.name(of:))
    }

    // MARK: The wire: one field per line, `key<TAB>value`

    private enum Key: String, CaseIterable {
        case width, height, dateTaken, make, model, lens, exposureTime, fNumber, iso, focalLength, colourSpace, latitude, longitude, duration, motionVideo,
             orientation, contentIdentifier
    }

    var encoded: [UInt8] {
        var fields: [(Key, String)] = []
        if let pixelWidth { fields.append((.width, String(pixelWidth))) }
        if let pixelHeight { fields.append((.height, String(pixelHeight))) }
        if let dateTaken { fields.append((.dateTaken, dateTaken)) }
        if let cameraMake { fields.append((.make, cameraMake)) }
        if let cameraModel { fields.append((.model, cameraModel)) }
        if let lens { fields.append((.lens, lens)) }
        if let exposureTime { fields.append((.exposureTime, String(exposureTime))) }
        if let fNumber { fields.append((.fNumber, String(fNumber))) }
        if let iso { fields.append((.iso, String(iso))) }
        if let focalLength { fields.append((.focalLength, String(focalLength))) }
        if let colourSpace { fields.append((.colourSpace, colourSpace)) }
        if let latitude { fields.append((.latitude, String(latitude))) }
        if let longitude { fields.append((.longitude, String(longitude))) }
        if let duration { fields.append((.duration, String(duration))) }
        if let motionVideo { fields.append((.motionVideo, "\(motionVideo.lowerBound) \(motionVideo.count)")) }
        if let orientation { fields.append((.orientation, String(orientation.rawValue))) }
        if let contentIdentifier { fields.append((.contentIdentifier, contentIdentifier)) }
        return Array(fields.map { "\($0.0.rawValue)\t\(Self.singleLine($0.1))\n" }.joined().utf8)
    }

    init(decoding bytes: [UInt8]) {
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2, let key = Key(rawValue: parts[0]) else { continue }
            let value = parts[1]
            switch key {
            case .width: pixelWidth = Int(value)
            case .height: pixelHeight = Int(value)
            case .dateTaken: dateTaken = value
            case .make: cameraMake = value
            case .model: cameraModel = value
            case .lens: lens = value
            case .exposureTime: exposureTime = Double(value)
            case .fNumber: fNumber = Double(value)
            case .iso: iso = Int(value)
            case .focalLength: focalLength = Double(value)
            case .colourSpace: colourSpace = value
            case .latitude: latitude = Double(value)
            case .longitude: longitude = Double(value)
            case .duration: duration = Double(value).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            case .orientation: orientation = Int(value).flatMap(Orientation.init(rawValue:))
            case .contentIdentifier: contentIdentifier = value.isEmpty ? nil : value
            case .motionVideo:
                let numbers = value.split(separator: " ").compactMap { Int($0) }
                if numbers.count == 2, numbers[0] > 0, numbers[1] > 0, numbers[0] <= Int.max - numbers[1] {
                    motionVideo = numbers[0]..<numbers[0] + numbers[1]
                }
            }
        }
    }

    /// Text fit for one line of a card: no control characters, at most 120 characters.
    static func singleLine(_ text: String) -> String {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace || $0 == " " }
            .filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }))
        let trimmed = cleaned.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 120 ? String(trimmed.prefix(119)) + "…" : trimmed
    }
}

// MARK: - For people to read

extension EmbeddedFacts {
    /// "1/250 s", "0.5 s", "2 s", "30 s".
    public var exposureText: String? {
        guard let exposureTime, exposureTime > 0, exposureTime.isFinite else { return nil }
        if exposureTime < 0.5 {
            return "1/\(Int((1 / exposureTime).rounded())) s"
        }
        return Language.decimal(exposureTime) + " s"
    }

    /// "f/2.8", "f/11" ("f/2,8" in German).
    public var fNumberText: String? {
        guard let fNumber, fNumber > 0, fNumber.isFinite else { return nil }
        return "f/" + Language.decimal(fNumber)
    }

    public var isoText: String? { iso.flatMap { $0 > 0 ? "ISO \($0)" : nil } }

    /// "35 mm", "4.2 mm".
    public var focalLengthText: String? {
        guard let focalLength, focalLength > 0, focalLength.isFinite else { return nil }
        return Language.decimal(focalLength) + " mm"
    }


    /// "Canon EOS R6": the make left out where the model already names it.
    public var cameraText: String? {
        switch (cameraMake, cameraModel) {
        case let (make?, model?):
            let brand = make.split(separator: " ").first.map(String.init) ?? make
            return model.lowercased().hasPrefix(brand.lowercased()) ? model : "\(make) \(model)"
        case let (make?, nil): return make
        case let (nil, model?): return model
        case (nil, nil): return nil
        }
    }
}

extension PhotoFacts {
    /// The facts as lines for a person to read (the back of a card): the name, the size in
    /// pixels and on disk, when it was taken (or last changed), the camera and lens, and the
    /// exposure; a line only where the file says.
    public var lines: [String] {
        var lines = [fileName]
        if let width = embedded?.pixelWidth, let height = embedded?.pixelHeight {
            let pixels = localized("{width} × {height} pixels", ["width": String(width), "height": String(height)])
            lines.append([pixels, embedded?.colourSpace].compactMap { $0 }.joined(separator: " · "))
        }
        lines.append(Self.sizeText(byteCount))
        // TRANSLATORS: a video's length, as "0:42" or "1:02:05".
        if let duration = embedded?.duration { lines.append(localized("Video, {length}", ["length": Language.playingTime(duration)])) }
        if let taken = embedded?.dateTaken.flatMap(Self.readableDate) {
            lines.append(embedded?.duration == nil ? localized("Taken {date}", ["date": taken]) : localized("Recorded {date}", ["date": taken]))
        } else {
            lines.append(localized("Changed {date}", ["date": Language.dateAndTime(modificationDate)]))
        }
        if let camera = [embedded?.cameraText, embedded?.lens].compactMap({ $0 }).nilIfEmpty?.joined(separator: " · ") { lines.append(camera) }
        if let exposure = [embedded?.exposureText, embedded?.fNumberText, embedded?.isoText, embedded?.focalLengthText]
            .compactMap({ $0 }).nilIfEmpty?.joined(separator: " · ") {
            lines.append(exposure)
        }
        return lines
    }

    /// Everything the details panel shows, a label and a value a row, in the order a person
    /// reads them; a row only where the file says.
    public var details: [(label: String, value: String)] {
        var rows: [(String, String)] = [(localized("Name"), fileName)]
        if !folder.isEmpty { rows.append((localized("Folder"), folder)) }
        if let width = embedded?.pixelWidth, let height = embedded?.pixelHeight {
            let megapixels = Language.decimal(Double(width * height) / 1_000_000)
            rows.append((localized("Dimensions"), localized("{width} × {height} pixels ({megapixels} MP)",
                                                             ["width": String(width), "height": String(height), "megapixels": megapixels])))
        }
        rows.append((localized("Size"), Self.sizeText(byteCount)))
        // TRANSLATORS: a video's length (the label of "1:02:05").
        if let duration = embedded?.duration { rows.append((localized("Length"), Language.playingTime(duration))) }
        if let taken = embedded?.dateTaken.flatMap(Self.readableDate) { rows.append((embedded?.duration == nil ? localized("Taken") : localized("Recorded"), taken)) }
        rows.append((localized("Modified"), Language.dateAndTime(modificationDate)))
        if let camera = embedded?.cameraText { rows.append((localized("Camera"), camera)) }
        if let lens = embedded?.lens { rows.append((localized("Lens"), lens)) }
        if let exposure = embedded?.exposureText { rows.append((localized("Exposure"), exposure)) }
        if let aperture = embedded?.fNumberText { rows.append((localized("Aperture"), aperture)) }
        if let iso = embedded?.iso, iso > 0 { rows.append(("ISO", Language.number(iso))) }
        if let focal = embedded?.focalLengthText { rows.append((localized("Focal length"), focal)) }
        if let space = embedded?.colourSpace { rows.append((localized("Colour space"), space)) }
        if let latitude = embedded?.latitude, let longitude = embedded?.longitude {
            rows.append((localized("Location"), Self.coordinates(latitude: latitude, longitude: longitude)))
        }
        return rows
    }

    /// "52.51630° N, 13.37770° E": degrees to five places (about a metre).
    static func coordinates(latitude: Double, longitude: Double) -> String {
        let lat = ["degrees": Language.decimal(abs(latitude), fractionDigits: 5)]
        let long = ["degrees": Language.decimal(abs(longitude), fractionDigits: 5)]
        // TRANSLATORS: a photo's place, north or south of the equator, east or west of Greenwich.
        let north = latitude < 0 ? localized("{degrees}° S", lat) : localized("{degrees}° N", lat)
        let east = longitude < 0 ? localized("{degrees}° W", long) : localized("{degrees}° E", long)
        return north + ", " + east
    }

    /// "812 bytes", "48 kB", "3.2 MB" (in German "3,2 MB").
    public static func sizeText(_ bytes: Int) -> String { Language.fileSize(bytes) }

    /// "2024-05-01 14:03:22" (or EXIF's "2024:05:01 14:03:22") as the user writes a day and
    /// a time ("2024-05-01 14:03" without a locale, "1. Mai 2024, 14:03"); nil if it is not
    /// a date. A camera's clock has no time zone: the time is shown as the camera says it.
    static func readableDate(_ exif: String) -> String? {
        let parts = exif.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" }).compactMap { Int($0) }
        guard parts.count >= 5, parts[0] > 0, let utc = TimeZone(identifier: "UTC") else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4])
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return Language.dateAndTime(date, timeZone: utc)
    }

}

private extension Array {
    var nilIfEmpty: Self? { isEmpty ? nil : self }
}
