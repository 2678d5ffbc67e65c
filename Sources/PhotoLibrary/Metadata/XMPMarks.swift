// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
internal import CExempi
import Marks
import Synchronization

/// Marks as XMP records them, read and written through exempi (Adobe's XMP toolkit), so
/// that the tools a photographer edits in read what Flick marked:
/// - stars in xmp:Rating, and a reject as xmp:Rating −1 (Bridge, Lightroom, darktable);
/// - the colour label in xmp:Label by its English name (Lightroom, Bridge);
/// - the pick in digiKam:PickLabel (3 accepted, 1 rejected: digiKam's pick labels) and
///   photomechanic:Tagged (Photo Mechanic's tag). Lightroom keeps its flags to itself.
/// A packet is another program's data: everything in it that is not a mark is kept as it
/// was, darktable's edit history above all. Runs in decode helpers (`DecodeKind.marks`,
/// `.sidecarUpdate`): a sidecar is a file like any other and may be hostile.
public enum XMPMarks {
    /// Sidecars larger than this are not read (darktable's with long histories are tens of
    /// kilobytes).
    public static let maximumPacketBytes = 16 << 20

    static let xmpNamespace = "http://ns.adobe.com/xap/1.0/"
    static let digiKamNamespace = "http://www.digikam.org/ns/1.0/"
    static let photoMechanicNamespace = "http://ns.camerabits.com/photomechanic/1.0/"
    /// digiKam's pick labels.
    static let digiKamAccepted = "3", digiKamRejected = "1"

    /// The toolkit is set up once per process, and one packet is handled at a time.
    private static let toolkit = Mutex(false)

    /// The marks packet `bytes` records; nil when it records none or is not XMP.
    public static func marks(inPacket bytes: [UInt8]) -> PhotoMarks? { record(inPacket: bytes).marks }

    /// What packet `bytes` records of what Flick reads from sidecars: marks, a date taken, an
    /// orientation.
    public static func record(inPacket bytes: [UInt8]) -> XMPRecord {
        withToolkit { () -> XMPRecord? in
            guard bytes.count <= maximumPacketBytes, let xmp = parse(bytes) else { return nil }
            defer { xmp_free(xmp) }
            return XMPRecord(marks: marks(in: xmp), dateTaken: XMPDate.dateTaken(in: xmp), orientation: XMPOrientation.orientation(in: xmp))
        } ?? XMPRecord()
    }

    private static func marks(in xmp: XmpPtr) -> PhotoMarks? {
        let ratingText = property(xmp, xmpNamespace, "Rating")
        let labelText = property(xmp, xmpNamespace, "Label")
        let pickLabel = property(xmp, digiKamNamespace, "PickLabel")
        let tagged = property(xmp, photoMechanicNamespace, "Tagged")
        guard ratingText != nil || labelText != nil || pickLabel != nil || tagged != nil else { return nil }
        var marks = PhotoMarks()
        // Some tools write "3.0"; anything else that is not a number counts as unrated.
        let rating = ratingText.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.map { Int($0.rounded()) } ?? 0
        if rating < 0 || pickLabel == digiKamRejected {
            marks.flag = .reject
        } else if pickLabel == digiKamAccepted || tagged?.lowercased() == "true" {
            marks.flag = .pick
        }
        marks.rating = max(rating, 0)
        marks.label = labelText.flatMap { ColourLabel(xmpName: $0.trimmingCharacters(in: .whitespaces)) }
        return marks
    }

    /// `existing` (a sidecar's bytes; nil for a new one) with `marks` written into it and
    /// everything else kept. Fails on a packet that is not XMP: a file Flick cannot read is
    /// never replaced by one that holds only the marks.
    public static func updating(_ existing: [UInt8]?, with marks: PhotoMarks) -> [UInt8]? {
        withToolkit { () -> [UInt8]? in
            guard (existing?.count ?? 0) <= maximumPacketBytes else { return nil }
            guard let xmp = existing.map(parse) ?? xmp_new_empty() else { return nil }
            defer { xmp_free(xmp) }
            let rating = marks.flag == .reject ? -1 : marks.rating
            guard xmp_set_property(xmp, xmpNamespace, "Rating", String(rating), 0) else { return nil }
            if let label = marks.label {
                guard xmp_set_property(xmp, xmpNamespace, "Label", label.xmpName, 0) else { return nil }
            } else {
                xmp_delete_property(xmp, xmpNamespace, "Label")
            }
            switch marks.flag {
            case .pick: guard xmp_set_property(xmp, digiKamNamespace, "PickLabel", digiKamAccepted, 0) else { return nil }
            case .reject: guard xmp_set_property(xmp, digiKamNamespace, "PickLabel", digiKamRejected, 0) else { return nil }
            case .none: xmp_delete_property(xmp, digiKamNamespace, "PickLabel")
            }
            // Photo Mechanic's tag is only ever true or false: false is written only where
            // there was a tag to take back.
            if marks.flag == .pick {
                guard xmp_set_property(xmp, photoMechanicNamespace, "Tagged", "True", 0) else { return nil }
            } else if property(xmp, photoMechanicNamespace, "Tagged") != nil {
                guard xmp_set_property(xmp, photoMechanicNamespace, "Tagged", "False", 0) else { return nil }
            }
            return serialized(xmp)
        }
    }

    /// The packet's bytes as a sidecar holds them.
    static func serialized(_ xmp: XmpPtr) -> [UInt8]? {
        let buffer = xmp_string_new()
        defer { xmp_string_free(buffer) }
        guard xmp_serialize(xmp, buffer, UInt32(XMP_SERIAL_OMITPACKETWRAPPER), 0),
              let text = xmp_string_cstr(buffer) else { return nil }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self),
                                         count: xmp_string_len(buffer)))
    }

    /// Nil without calling `body` where exempi cannot be loaded (the helper's sidecar
    /// request says why: `DecodeHelper`).
    static func withToolkit<T>(_ body: () -> T?) -> T? {
        toolkit.withLock { ready in
            if !ready {
                guard (try? DeferredLibrary.exempi.load()) != nil else { return nil }
                ready = xmp_init()
                registerNamespaces()
            }
            return body()
        }
    }

    static func parse(_ bytes: [UInt8]) -> XmpPtr? {
        guard !bytes.isEmpty else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { xmp_new($0, buffer.count) }
        }
    }

    static func property(_ xmp: XmpPtr, _ namespace: String, _ name: String) -> String? {
        let value = xmp_string_new()
        defer { xmp_string_free(value) }
        guard xmp_get_property(xmp, namespace, name, value, nil), let text = xmp_string_cstr(value) else { return nil }
        return String(cString: text)
    }

    /// The prefixes the two tools write, so a new sidecar reads as theirs do.
    private static func registerNamespaces() {
        for (uri, prefix) in [(digiKamNamespace, "digiKam"), (photoMechanicNamespace, "photomechanic")] {
            let registered = xmp_string_new()
            _ = xmp_register_namespace(uri, prefix, registered)
            xmp_string_free(registered)
        }
    }
}

/// What a packet records that Flick reads of it: marks (nil: none), and a date taken as EXIF
/// writes one (nil: none), and an orientation (`XMPOrientation`; nil: none).
public struct XMPRecord: Sendable, Equatable {
    public var marks: PhotoMarks?
    public var dateTaken: String?
    public var orientation: Orientation?

    public init(marks: PhotoMarks? = nil, dateTaken: String? = nil, orientation: Orientation? = nil) {
        self.marks = marks
        self.dateTaken = dateTaken
        self.orientation = orientation
    }
}

extension PhotoMarks {
    /// The marks in one number, for the helpers' wire: stars, then the flag, then the
    /// label (0 none, 1 red…).
    var wireValue: UInt32 {
        UInt32(rating) | UInt32(flag.rawValue) << 8 | UInt32(label.map { $0.rawValue + 1 } ?? 0) << 16
    }

    init(wireValue: UInt32) {
        let label = Int(wireValue >> 16 & 0xFF)
        self.init(rating: Int(wireValue & 0xFF), flag: Flag(rawValue: Int(wireValue >> 8 & 0xFF)) ?? .none,
                  label: label == 0 ? nil : ColourLabel(rawValue: label - 1))
    }
}
