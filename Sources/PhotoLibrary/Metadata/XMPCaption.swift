// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
internal import CExempi

/// What an import writes into each copy's sidecar, as IPTC Core puts it in XMP, where Photo
/// Mechanic, Lightroom, darktable, digiKam and exiftool read it: the photographer
/// (dc:creator), the copyright notice (dc:rights), the credit line (photoshop:Credit), the
/// caption (dc:description) and keywords (dc:subject, added to those already there); and,
/// where the camera's clock was wrong, the date taken set right (exif:DateTimeOriginal, as
/// a date fixed in Flick is).
/// Everything else in a sidecar is kept; runs in a decode helper (`DecodeKind.sidecarCaption`).
public struct XMPCaption: Sendable, Equatable {
    public var creator: String?
    public var copyright: String?
    public var credit: String?
    public var caption: String?
    public var keywords: [String]
    /// The date taken, as EXIF writes one, where the import set the camera's clock right.
    public var dateTaken: String?

    public init(creator: String? = nil, copyright: String? = nil, credit: String? = nil, caption: String? = nil, keywords: [String] = []) {
        func given(_ text: String?) -> String? { text.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } }
        (self.creator, self.copyright, self.credit, self.caption) = (given(creator), given(copyright), given(credit), given(caption))
        self.keywords = keywords.compactMap(given)
    }

    /// Nothing to write.
    public var isEmpty: Bool { creator == nil && copyright == nil && credit == nil && caption == nil && keywords.isEmpty && dateTaken == nil }

    static let dublinCore = "http://purl.org/dc/elements/1.1/"
    static let photoshop = "http://ns.adobe.com/photoshop/1.0/"

    /// `existing` (a sidecar's bytes; nil for a new one) with the caption written in;
    /// nil where `existing` is not XMP (it is never replaced by a packet of the caption alone).
    public func written(into existing: [UInt8]?) -> [UInt8]? {
        XMPMarks.withToolkit { () -> [UInt8]? in
            guard (existing?.count ?? 0) <= XMPMarks.maximumPacketBytes else { return nil }
            guard let xmp = existing.map(XMPMarks.parse) ?? xmp_new_empty() else { return nil }
            defer { xmp_free(xmp) }
            if let creator {
                xmp_delete_property(xmp, Self.dublinCore, "creator")
                guard xmp_append_array_item(xmp, Self.dublinCore, "creator", UInt32(XMP_PROP_ARRAY_IS_ORDERED.rawValue), creator, 0) else { return nil }
            }
            for (name, text) in [("rights", copyright), ("description", caption)] {
                guard let text else { continue }
                guard xmp_set_localized_text(xmp, Self.dublinCore, name, "", "x-default", text, 0) else { return nil }
            }
            if let credit, !xmp_set_property(xmp, Self.photoshop, "Credit", credit, 0) { return nil }
            if let dateTaken {
                guard let text = XMPDate.xmpStyle(fromExif: dateTaken), xmp_set_property(xmp, XMPDate.exifNamespace, "DateTimeOriginal", text, 0) else { return nil }
            }
            var present = Set<String>()
            let item = xmp_string_new()
            defer { xmp_string_free(item) }
            var index: Int32 = 1
            while xmp_get_array_item(xmp, Self.dublinCore, "subject", index, item, nil), let text = xmp_string_cstr(item) {
                present.insert(String(cString: text))
                index += 1
            }
            for keyword in keywords where present.insert(keyword).inserted {
                guard xmp_append_array_item(xmp, Self.dublinCore, "subject", UInt32(XMP_PROP_VALUE_IS_ARRAY.rawValue), keyword, 0) else { return nil }
            }
            return XMPMarks.serialized(xmp)
        }
    }

    /// The caption on the helpers' wire: its fields, then its keywords, each ended by a
    /// zero byte, a field without text as a lone 1.
    var encoded: [UInt8] {
        ([creator, copyright, credit, caption, dateTaken].map { $0.map { Array($0.utf8) } ?? [1] } + keywords.map { Array($0.utf8) })
            .flatMap { $0 + [0] }
    }

    init?(encoded bytes: [UInt8]) {
        let fields = bytes.split(separator: 0, omittingEmptySubsequences: false).dropLast().map { field -> String? in
            field.elementsEqual([1]) ? nil : String(decoding: field, as: UTF8.self)
        }
        guard fields.count >= 5 else { return nil }
        self.init(creator: fields[0], copyright: fields[1], credit: fields[2], caption: fields[3], keywords: fields.dropFirst(5).compactMap { $0 })
        dateTaken = fields[4]
    }
}
