// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGIF
import Foundation
import Pixels

/// A GIF's frames through giflib, composed as browsers do: on a canvas that starts
/// transparent, each frame's transparent index letting what is under it show, and each
/// frame disposed (left, cleared, or put back as it was) before the next.
final class GIFAnimation: AnimationDecoder {
    /// The file in memory, read by giflib through `GIFAnimation.read`.
    private final class Source {
        let bytes: [UInt8]
        var offset = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    /// What a graphic control extension says of the frame after it.
    private struct Control {
        /// A frame without one shows as long as one saying 0.
        var delay = AnimationFrame.delay(milliseconds: 0)
        var disposal = Int32(DISPOSAL_UNSPECIFIED)
        var transparentIndex = Int32(NO_TRANSPARENT_COLOR)
    }

    private let source: Source
    private let limits: DecodeLimits
    private var gif: UnsafeMutablePointer<GifFileType>?
    let info: AnimationInfo
    private var canvas: AnimationCanvas
    /// The last frame's rectangle and disposal, applied before the next frame is drawn.
    private var pendingDisposal: (rect: PixelRect, disposal: Int32)?
    /// The canvas before the last frame, when that frame is disposed "to previous".
    private var beforeLastFrame: AnimationCanvas?

    /// Reads the file's structure (its frames are counted, not decoded). Throws for a file
    /// giflib cannot open.
    init(_ bytes: [UInt8], limits: DecodeLimits) throws(DecodeError) {
        source = Source(bytes)
        self.limits = limits
        let scanned = try Self.scan(source)
        let width = scanned.width, height = scanned.height
        try limits.check(width: width, height: height)
        info = AnimationInfo(width: width, height: height, frameCount: scanned.frames, plays: scanned.plays)
        canvas = AnimationCanvas(width: width, height: height)
        try rewind()
    }

    deinit { close() }

    func rewind() throws(DecodeError) {
        close()
        source.offset = 0
        gif = try Self.open(source)
        canvas = AnimationCanvas(width: info.width, height: info.height)
        pendingDisposal = nil
        beforeLastFrame = nil
    }

    func nextFrame() throws(DecodeError) -> AnimationFrame? {
        guard let gif else { return nil }
        var control = Control()
        while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { throw Self.error(gif) }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                return try decodeImage(gif, control: control)
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw Self.error(gif) }
                if code == GRAPHICS_EXT_FUNC_CODE, let block {
                    var gcb = GraphicsControlBlock()
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &gcb) == GIF_OK {
                        control = Control(delay: AnimationFrame.delay(milliseconds: Double(gcb.DelayTime) * 10),
                                          disposal: gcb.DisposalMode, transparentIndex: gcb.TransparentColor)
                    }
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw Self.error(gif) }
                }
            case TERMINATE_RECORD_TYPE:
                return nil
            default:
                throw .unreadable("broken GIF")
            }
        }
    }

    /// Decodes the image whose descriptor comes next and composes it on the canvas.
    private func decodeImage(_ gif: UnsafeMutablePointer<GifFileType>, control: Control) throws(DecodeError) -> AnimationFrame {
        guard DGifGetImageDesc(gif) == GIF_OK else { throw Self.error(gif) }
        // giflib keeps a copy of every descriptor it met; a long animation is read once.
        Self.forgetSavedImages(gif)
        let image = gif.pointee.Image
        let rect = PixelRect(x: Int(image.Left), y: Int(image.Top), width: Int(image.Width), height: Int(image.Height))
        try limits.check(width: rect.width, height: rect.height)
        guard let colors = image.ColorMap ?? gif.pointee.SColorMap else { throw .unreadable("broken GIF (no colour table)") }

        if let (lastRect, disposal) = pendingDisposal {
            if disposal == DISPOSE_BACKGROUND { canvas.clear(lastRect) }
            if disposal == DISPOSE_PREVIOUS, let saved = beforeLastFrame { canvas.restore(lastRect, from: saved) }
        }
        beforeLastFrame = control.disposal == DISPOSE_PREVIOUS ? canvas : nil

        var line = [GifPixelType](repeating: 0, count: rect.width)
        let colorCount = Int(colors.pointee.ColorCount)
        let visible = canvas.clipped(rect)
        for row in Self.rowOrder(height: rect.height, interlaced: image.Interlace) {
            guard DGifGetLine(gif, &line, Int32(rect.width)) == GIF_OK else { throw Self.error(gif) }
            let y = rect.y + row
            guard y >= visible.y && y < visible.y + visible.height else { continue }
            for x in visible.x..<(visible.x + visible.width) {
                let index = Int(line[x - rect.x])
                // Out-of-range indices show nothing, as in browsers.
                guard index != Int(control.transparentIndex), index < colorCount else { continue }
                let color = colors.pointee.Colors[index]
                canvas.setOpaque(x: x, y: y, red: color.Red, green: color.Green, blue: color.Blue)
            }
        }
        pendingDisposal = (rect, control.disposal)
        return AnimationFrame(pixels: canvas.picture, delay: control.delay)
    }

    /// The order rows arrive in: top to bottom, or GIF's four interlace passes.
    private static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step)) }
    }

    // MARK: giflib

    private func close() {
        guard let gif else { return }
        var error: Int32 = 0
        DGifCloseFile(gif, &error)
        self.gif = nil
    }

    private static let read: InputFunc = { gif, target, count in
        guard let gif, let target, let user = gif.pointee.UserData, count > 0 else { return 0 }
        let source = Unmanaged<Source>.fromOpaque(user).takeUnretainedValue()
        let available = min(Int(count), source.bytes.count - source.offset)
        guard available > 0 else { return 0 }
        source.bytes.withUnsafeBufferPointer { bytes in
            target.update(from: bytes.baseAddress! + source.offset, count: available)
        }
        source.offset += available
        return Int32(available)
    }

    private static func open(_ source: Source) throws(DecodeError) -> UnsafeMutablePointer<GifFileType> {
        var error: Int32 = 0
        guard let gif = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), read, &error) else {
            throw error == D_GIF_ERR_NOT_GIF_FILE ? .unreadable("not a GIF") : .unreadable("broken GIF")
        }
        return gif
    }

    private static func error(_ gif: UnsafeMutablePointer<GifFileType>) -> DecodeError {
        gif.pointee.Error == D_GIF_ERR_READ_FAILED || gif.pointee.Error == D_GIF_ERR_EOF_TOO_SOON
            ? .incomplete : .unreadable("broken GIF")
    }

    private static func forgetSavedImages(_ gif: UnsafeMutablePointer<GifFileType>) {
        GifFreeSavedImages(gif)
        gif.pointee.SavedImages = nil
        gif.pointee.ImageCount = 0
    }

    /// The canvas size, how many frames the file holds (a cut-off file: those it has up to
    /// the cut), and how often it plays: Netscape's loop extension counts repeats after
    /// the first play (0: forever); without it, a GIF plays once.
    private static func scan(_ source: Source) throws(DecodeError) -> (width: Int, height: Int, frames: Int, plays: Int) {
        let gif = try open(source)
        defer { var error: Int32 = 0; DGifCloseFile(gif, &error) }
        var width = Int(gif.pointee.SWidth), height = Int(gif.pointee.SHeight)
        var frames = 0, plays = 1
        scanning: while true {
            var record = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &record) == GIF_OK else { break }
            switch record {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { break scanning }
                forgetSavedImages(gif)
                // A screen of 0×0 (it happens) is as large as the first frame.
                if frames == 0 && (width == 0 || height == 0) {
                    width = Int(gif.pointee.Image.Left + gif.pointee.Image.Width)
                    height = Int(gif.pointee.Image.Top + gif.pointee.Image.Height)
                }
                var size: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetCode(gif, &size, &block) == GIF_OK else { break scanning }
                while block != nil {
                    guard DGifGetCodeNext(gif, &block) == GIF_OK else { break scanning }
                }
                frames += 1
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) == GIF_OK else { break scanning }
                var isLoop = false
                if code == APPLICATION_EXT_FUNC_CODE, let name = block, name[0] == 11 {
                    let identifier = String(decoding: UnsafeBufferPointer(start: name + 1, count: 11), as: UTF8.self)
                    isLoop = identifier == "NETSCAPE2.0" || identifier == "ANIMEXTS1.0"
                }
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) == GIF_OK else { break scanning }
                    if isLoop, let data = block, data[0] >= 3, data[1] == 1 {
                        let repeats = Int(data[2]) | Int(data[3]) << 8
                        plays = repeats == 0 ? 0 : repeats + 1
                        isLoop = false
                    }
                }
            case TERMINATE_RECORD_TYPE:
                break scanning
            default:
                break scanning
            }
        }
        guard frames > 0 else { throw gif.pointee.Error == D_GIF_ERR_EOF_TOO_SOON ? .incomplete : .unreadable("broken GIF") }
        return (width, height, frames, plays)
    }
}
