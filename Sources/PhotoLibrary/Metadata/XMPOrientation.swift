// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
internal import CExempi

/// How a photo stands as its sidecar records it: `tiff:Orientation`, which digiKam and
/// darktable read, written where a photo is turned and cannot carry the turn itself (a
/// JPEG without an orientation tag; HEIC, PNG, WebP, RAW and the rest). It replaces what
/// the file says of itself; Flick shows it so (`PhotoTurns`). Read with the marks, in the
/// helpers.
public enum XMPOrientation {
    static let tiffNamespace = "http://ns.adobe.com/tiff/1.0/"

    /// The packet's orientation; nil where it records none, or one that is not 1 to 8.
    static func orientation(in xmp: XmpPtr) -> Orientation? {
        XMPMarks.property(xmp, tiffNamespace, "Orientation")
            .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            .flatMap(Orientation.init(rawValue:))
    }

    /// `existing` (a sidecar's bytes; nil for a new one) with its orientation set, or taken
    /// out (nil), and everything else kept. Nil where `existing` is not XMP.
    public static func updating(_ existing: [UInt8]?, orientation: Orientation?) -> [UInt8]? {
        XMPMarks.withToolkit { () -> [UInt8]? in
            guard (existing?.count ?? 0) <= XMPMarks.maximumPacketBytes else { return nil }
            guard let xmp = existing.map(XMPMarks.parse) ?? xmp_new_empty() else { return nil }
            defer { xmp_free(xmp) }
            if let orientation {
                guard xmp_set_property(xmp, tiffNamespace, "Orientation", String(orientation.rawValue), 0) else { return nil }
            } else {
                xmp_delete_property(xmp, tiffNamespace, "Orientation")
            }
            return XMPMarks.serialized(xmp)
        }
    }
}
