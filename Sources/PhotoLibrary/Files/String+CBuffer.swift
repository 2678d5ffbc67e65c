// SPDX-License-Identifier: GPL-3.0-or-later

extension String {
    /// The text a C function wrote into `buffer`: up to its first zero, or all of it
    /// (`String(cString:)` on an array is deprecated, and reads past a buffer left unended).
    init(filledBuffer buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
