// SPDX-License-Identifier: GPL-3.0-or-later
import Marks
import Pixels
import SystemPackage

/// What a decode helper is asked: one case per kind of work, each with what it needs and
/// nothing else. Written and read here only, in DecodeHelper's wire format:
/// u8 kind (DecodeKind), u32 size (0: none), u32 box width, u32 box height (0: no box),
/// u32 path length, the path's bytes, u8 colours (ColourChoice), u8 turn (an `Orientation`
/// shown after the file's own, its sidecar's: `PhotoTurns`; 1 for none); a region's
/// rectangle is the box, its origin u32 x, u32 y after; a sidecar update's marks, and a
/// sidecar orientation's value (0: none), are the size's word; a picture's RAW beside it
/// follows (u32 length, 0: none, its path's bytes).
enum HelperRequest: Equatable {
    /// The photo's picture (`.image`) or its embedded preview, within a size and a box.
    /// Each turned by `turn` after the file's own orientation, as are regions, thumbnails and
    /// shared copies. A JPEG's `rawBeside` (a RAW+JPEG pair's RAW) may give its picture.
    case picture(FilePath, kind: DecodeKind, maximumPixelSize: Int?, box: PixelBox?, colours: ColourChoice, turn: Orientation,
                 rawBeside: FilePath? = nil)
    /// A rectangle of the photo at full scale, upright.
    case region(FilePath, PixelRect, colours: ColourChoice, turn: Orientation)
    case facts(FilePath)
    case marks(FilePath)
    /// The sidecar at `existing` (nil: a new one) with `marks` written in.
    case sidecarUpdate(existing: FilePath?, marks: PhotoMarks)
    /// The sidecar at `existing` (nil: a new one) with `caption` written in; the caption's
    /// words follow the colours byte (u32 length, `XMPCaption.encoded`).
    case sidecarCaption(existing: FilePath?, caption: XMPCaption)
    /// A sidecar's bytes with its date taken set (EXIF's style) or taken out (nil).
    case sidecarDate(existing: FilePath?, date: String?)
    /// A sidecar's bytes with its orientation set (`XMPOrientation`) or taken out (nil).
    case sidecarOrientation(existing: FilePath?, orientation: Orientation?)
    /// A shared copy as JPEG bytes: within `longSide` (nil: whole), sRGB, with `metadata`,
    /// its date taken `dateTaken` where one was fixed.
    case export(FilePath, longSide: Int?, metadata: ExportMetadata, dateTaken: String?, turn: Orientation)
    case likeness(FilePath)
    case likenessWithThumbnail(FilePath, thumbnailSize: Int, colours: ColourChoice, turn: Orientation)
    /// An animation opened, its frames within a size: the helper then takes frame commands.
    case animation(FilePath, maximumPixelSize: Int?)
    /// A RAW's sensor histogram, drawn and marked "RAW".
    case sensorLevels(FilePath)

    /// A read of a few bytes' answer (facts, marks, a sidecar's new bytes), not a picture.
    var isSmallRead: Bool {
        switch self {
        case .facts, .marks, .sidecarUpdate, .sidecarCaption, .sidecarDate, .sidecarOrientation: true
        case .picture, .region, .export, .likeness, .likenessWithThumbnail, .animation, .sensorLevels: false
        }
    }

    var encoded: [UInt8] {
        switch self {
        case let .picture(path, kind, size, box, colours, turn, rawBeside):
            Self.encode(kind, path, size: size.map(UInt32.init) ?? 0, box: box, colours: colours, turn: turn)
                + Self.counted(rawBeside?.rawBytes ?? [])
        case let .region(path, rect, colours, turn):
            Self.encode(.region, path, box: PixelBox(width: rect.width, height: rect.height), colours: colours, turn: turn) + Self.words(rect.x, rect.y)
        case let .facts(path): Self.encode(.facts, path)
        case let .marks(path): Self.encode(.marks, path)
        case let .sidecarUpdate(existing, marks): Self.encode(.sidecarUpdate, existing ?? FilePath(), size: marks.wireValue)
        case let .sidecarCaption(existing, caption):
            Self.encode(.sidecarCaption, existing ?? FilePath()) + Self.counted(caption.encoded)
        case let .sidecarDate(existing, date):
            Self.encode(.sidecarDate, existing ?? FilePath()) + Self.counted(Array((date ?? "").utf8))
        case let .sidecarOrientation(existing, orientation):
            Self.encode(.sidecarOrientation, existing ?? FilePath(), size: UInt32(orientation?.rawValue ?? 0))
        case let .export(path, side, metadata, date, turn):
            Self.encode(.export, path, size: side.map(UInt32.init) ?? 0, colours: .sRGB, turn: turn)
                + Self.counted([UInt8(ExportMetadata.allCases.firstIndex(of: metadata) ?? 0)] + Array((date ?? "").utf8))
        case let .likeness(path): Self.encode(.likeness, path, size: UInt32(PhotoLikeness.workingSide))
        case let .likenessWithThumbnail(path, side, colours, turn):
            Self.encode(.likenessWithThumbnail, path, size: UInt32(side), colours: colours, turn: turn)
        case let .animation(path, size): Self.encode(.animation, path, size: size.map(UInt32.init) ?? 0, colours: .sRGB)
        case let .sensorLevels(path): Self.encode(.sensorLevels, path)
        }
    }

    private static func encode(_ kind: DecodeKind, _ path: FilePath, size: UInt32 = 0, box: PixelBox? = nil, colours: ColourChoice = .untouched,
                               turn: Orientation = .up) -> [UInt8] {
        var bytes: [UInt8] = [kind.rawValue]
        Wire.append(size, to: &bytes)
        Wire.append(UInt32(box?.width ?? 0), to: &bytes)
        Wire.append(UInt32(box?.height ?? 0), to: &bytes)
        let pathBytes = path.rawBytes
        Wire.append(UInt32(pathBytes.count), to: &bytes)
        return bytes + pathBytes + [colours.rawValue, UInt8(turn.rawValue)]
    }

    /// `bytes` after their count.
    private static func counted(_ bytes: [UInt8]) -> [UInt8] {
        var counted: [UInt8] = []
        Wire.append(UInt32(bytes.count), to: &counted)
        return counted + bytes
    }

    private static func words(_ values: Int...) -> [UInt8] {
        var bytes: [UInt8] = []
        for value in values { Wire.append(UInt32(value), to: &bytes) }
        return bytes
    }

    /// The request whose kind byte was `kind`, the rest read from `input`; nil where the
    /// input ends or says nonsense (the helper then stops).
    static func read(kind kindByte: UInt8, from input: Wire) -> HelperRequest? {
        guard let size = input.readUInt32(), let boxWidth = input.readUInt32(), let boxHeight = input.readUInt32(),
              let length = input.readUInt32(), length < 1 << 20, let pathBytes = input.read(Int(length)),
              let coloursAndTurn = input.read(2) else { return nil }
        let path = FilePath(rawBytes: pathBytes)
        let colours = ColourChoice(rawValue: coloursAndTurn[0]) ?? .sRGB
        let turn = Orientation(rawValue: Int(coloursAndTurn[1])) ?? .up
        let box = boxWidth > 0 && boxHeight > 0 ? PixelBox(width: Int(boxWidth), height: Int(boxHeight)) : nil
        let maximumPixelSize = size == 0 ? nil : Int(size)
        switch DecodeKind(rawValue: kindByte) ?? .image {
        case .image, .embeddedPreview:
            guard let count = input.readUInt32(), count < 1 << 20, let rawBeside = input.read(Int(count)) else { return nil }
            return .picture(path, kind: DecodeKind(rawValue: kindByte) ?? .image, maximumPixelSize: maximumPixelSize, box: box, colours: colours,
                            turn: turn, rawBeside: rawBeside.isEmpty ? nil : FilePath(rawBytes: rawBeside))
        case .region:
            guard let x = input.readUInt32(), let y = input.readUInt32() else { return nil }
            return .region(path, PixelRect(x: Int(x), y: Int(y), width: Int(boxWidth), height: Int(boxHeight)), colours: colours, turn: turn)
        case .facts: return .facts(path)
        case .marks: return .marks(path)
        case .sidecarUpdate: return .sidecarUpdate(existing: path.isEmpty ? nil : path, marks: PhotoMarks(wireValue: size))
        case .sidecarCaption:
            guard let count = input.readUInt32(), count < 1 << 20, let words = input.read(Int(count)), let caption = XMPCaption(encoded: words) else { return nil }
            return .sidecarCaption(existing: path.isEmpty ? nil : path, caption: caption)
        case .sidecarDate:
            guard let count = input.readUInt32(), count <= 64, let date = input.read(Int(count)) else { return nil }
            return .sidecarDate(existing: path.isEmpty ? nil : path, date: date.isEmpty ? nil : String(decoding: date, as: UTF8.self))
        case .sidecarOrientation:
            return .sidecarOrientation(existing: path.isEmpty ? nil : path, orientation: Orientation(rawValue: Int(size)))
        case .export:
            guard let count = input.readUInt32(), (1...65).contains(count), let payload = input.read(Int(count)),
                  Int(payload[0]) < ExportMetadata.allCases.count else { return nil }
            let date = payload.count > 1 ? String(decoding: payload.dropFirst(), as: UTF8.self) : nil
            return .export(path, longSide: maximumPixelSize, metadata: ExportMetadata.allCases[Int(payload[0])], dateTaken: date, turn: turn)
        case .likeness: return .likeness(path)
        case .likenessWithThumbnail:
            return .likenessWithThumbnail(path, thumbnailSize: maximumPixelSize ?? PhotoLikeness.workingSide, colours: colours, turn: turn)
        case .animation: return .animation(path, maximumPixelSize: maximumPixelSize)
        case .sensorLevels: return .sensorLevels(path)
        }
    }
}
