// SPDX-License-Identifier: GPL-3.0-or-later
import Pixels

extension PixelBuffer {
    /// Rows of R, G, B, A bytes (`stride` apart), as libheif and libjxl give them, in Flick's
    /// B, G, R, A order; alpha forced opaque where the image has none.
    init(rgbaRows plane: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, hasAlpha: Bool) {
        var opaque = true
        // Every byte is written below.
        let bytes = [UInt8](capacity: width * height * 4) { target in
            for y in 0..<height {
                let source = plane + y * stride
                let row = target.baseAddress! + y * width * 4
                for x in 0..<width {
                    let s = source + x * 4, t = row + x * 4
                    t[0] = s[2]; t[1] = s[1]; t[2] = s[0]
                    let alpha = hasAlpha ? s[3] : 255
                    t[3] = alpha
                    if alpha != 255 { opaque = false }
                }
            }
            return target.count
        }
        self.init(width: width, height: height, bytesPerRow: width * 4, bytes: bytes, isOpaque: opaque)
    }
}
