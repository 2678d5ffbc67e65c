// SPDX-License-Identifier: GPL-3.0-or-later
/// Declared pixel dimensions read from a file's first bytes, so an absurd size is refused
/// before any codec allocates for it. Nil when the format is not one this knows or the
/// header is cut short; the codec then decides.
enum ImageHeader {
    static func declaredSize(_ bytes: [UInt8], format: ImageFormat) -> (width: Int, height: Int)? {
        func be32(_ i: Int) -> Int? { i + 4 <= bytes.count ? Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) : nil }
        func le16(_ i: Int) -> Int? { i + 2 <= bytes.count ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : nil }
        func le32(_ i: Int) -> Int? { i + 4 <= bytes.count ? Int(Int32(bitPattern: UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24)) : nil }
        switch format {
        case .png:
            guard let w = be32(16), let h = be32(20) else { return nil }
            return (w, h)
        case .gif:
            guard let w = le16(6), let h = le16(8) else { return nil }
            return (w, h)
        case .bmp:
            guard let w = le32(18), let h = le32(22) else { return nil }
            return (abs(w), abs(h))
        case .webp:
            guard bytes.count >= 30 else { return nil }
            let chunk = String(decoding: bytes[12..<16], as: UTF8.self)
            if chunk == "VP8X" {
                let w = 1 + (Int(bytes[24]) | Int(bytes[25]) << 8 | Int(bytes[26]) << 16)
                let h = 1 + (Int(bytes[27]) | Int(bytes[28]) << 8 | Int(bytes[29]) << 16)
                return (w, h)
            }
            if chunk == "VP8 ", let w = le16(26), let h = le16(28) { return (w & 0x3FFF, h & 0x3FFF) }
            if chunk == "VP8L", bytes.count >= 25 {
                let bits = UInt32(bytes[21]) | UInt32(bytes[22]) << 8 | UInt32(bytes[23]) << 16 | UInt32(bytes[24]) << 24
                return (Int(bits & 0x3FFF) + 1, Int((bits >> 14) & 0x3FFF) + 1)
            }
            return nil
        default:
            return nil
        }
    }
}
