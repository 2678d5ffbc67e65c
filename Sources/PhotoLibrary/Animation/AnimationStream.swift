// SPDX-License-Identifier: GPL-3.0-or-later
import SystemPackage
import Pixels

/// An animation's frames, decoded one at a time in a helper that is the stream's own until
/// it is closed: the helper keeps its place in the file, so frame 30,000 costs what frame 2
/// did, and Flick holds only the frames it asked for. Used from one thread at a time.
public final class AnimationStream: @unchecked Sendable {
    public let info: AnimationInfo
    private let decoder: IsolatedDecoder
    private var helper: Helper?

    fileprivate init(info: AnimationInfo, decoder: IsolatedDecoder, helper: Helper) {
        self.info = info
        self.decoder = decoder
        self.helper = helper
    }

    deinit { close() }

    /// The next frame upright and cut to the size asked for; nil after the last one. A
    /// helper that hangs or dies ends the stream with the error.
    public func nextFrame() -> Result<AnimationFrame?, DecodeError> {
        guard let helper else { return .success(nil) }
        let deadline = Wire.monotonicSeconds() + decoder.deadline
        guard helper.toHelper.write([0]), let status = helper.fromHelper.read(1, deadline: deadline) else { return lost(helper, deadline) }
        switch status[0] {
        case 0:
            let wire = helper.fromHelper
            guard let width = wire.readUInt32(deadline: deadline), let height = wire.readUInt32(deadline: deadline),
                  let opaque = wire.read(1, deadline: deadline), let delay = wire.readUInt32(deadline: deadline),
                  width > 0, height > 0, width * height <= 1 << 28,
                  let bytes = wire.read(Int(width) * Int(height) * 4, deadline: deadline) else { return lost(helper, deadline) }
            let pixels = PixelBuffer(width: Int(width), height: Int(height), bytesPerRow: Int(width) * 4, bytes: bytes, isOpaque: opaque[0] & 1 != 0)
            return .success(AnimationFrame(pixels: pixels, delay: Double(delay) / 1e6))
        case 4:
            return .success(nil)
        default:
            guard let error = Self.readError(helper, deadline: deadline) else { return lost(helper, deadline) }
            return .failure(error)
        }
    }

    /// Back to the first frame.
    public func rewind() {
        guard let helper, helper.toHelper.write([1]) else { return }
    }

    /// Lets the helper go, back to the pool.
    public func close() {
        guard let helper else { return }
        self.helper = nil
        decoder.giveBack(helper, healthy: helper.toHelper.write([2]))
    }

    private func lost(_ helper: Helper, _ deadline: Double) -> Result<AnimationFrame?, DecodeError> {
        self.helper = nil
        return .failure(decoder.lost(helper, deadline: deadline))
    }

    fileprivate static func readError(_ helper: Helper, deadline: Double) -> DecodeError? {
        let wire = helper.fromHelper
        guard let kind = wire.read(1, deadline: deadline), let width = wire.readUInt32(deadline: deadline),
              let height = wire.readUInt32(deadline: deadline), let length = wire.readUInt32(deadline: deadline),
              length < 1 << 16, let text = wire.read(Int(length), deadline: deadline) else { return nil }
        return DecodeError(wireKind: kind[0], width: Int(width), height: Int(height), reason: String(decoding: text, as: UTF8.self))
    }
}

extension IsolatedDecoder {
    /// Opens the animation at `path`, its frames to fit `maximumPixelSize`: a stream, or nil
    /// when the file holds a single picture (or is no format that moves).
    public func openAnimation(_ path: FilePath, maximumPixelSize: Int?) -> Result<AnimationStream?, DecodeError> {
        guard let helper = borrowHelper() else { return .failure(.decoderFailed("could not be started")) }
        let deadline = Wire.monotonicSeconds() + self.deadline
        guard helper.toHelper.write(HelperRequest.animation(path, maximumPixelSize: maximumPixelSize).encoded), let status = helper.fromHelper.read(1, deadline: deadline) else {
            return .failure(lost(helper, deadline: deadline))
        }
        if status[0] == 1 {
            guard let error = AnimationStream.readError(helper, deadline: deadline) else { return .failure(lost(helper, deadline: deadline)) }
            giveBack(helper, healthy: true)
            return .failure(error)
        }
        guard status[0] == 3 else {
            giveBack(helper, healthy: false)
            return .failure(.decoderFailed("answered something else"))
        }
        guard let width = helper.fromHelper.readUInt32(deadline: deadline), let height = helper.fromHelper.readUInt32(deadline: deadline),
              let frames = helper.fromHelper.readUInt32(deadline: deadline), let plays = helper.fromHelper.readUInt32(deadline: deadline) else {
            return .failure(lost(helper, deadline: deadline))
        }
        guard frames > 1 else {
            giveBack(helper, healthy: true)
            return .success(nil)
        }
        let info = AnimationInfo(width: Int(width), height: Int(height), frameCount: Int(frames), plays: Int(plays))
        return .success(AnimationStream(info: info, decoder: self, helper: helper))
    }
}
