// SPDX-License-Identifier: GPL-3.0-or-later
import Pictures
import PhotoSources
import Pixels
import ViewTree

/// Textures as the pipeline sees them, in memory: every picture is uploaded at once, and a
/// test evicts one as a full store would.
public final class FakeTextures: PictureTextures {
    public private(set) var pixels: [TextureHandle: PixelBuffer] = [:]
    public private(set) var pinned: Set<TextureHandle> = []
    private var nextHandle: UInt64 = 1

    /// False: what is added is on the renderer only once `uploadPending` runs (as the
    /// window uploads when it draws its next frame).
    private let uploadsAtOnce: Bool
    private var waiting: Set<TextureHandle> = []
    /// The handle `add` gave last.
    public private(set) var lastAdded: TextureHandle?

    public init(uploadsAtOnce: Bool = true) {
        self.uploadsAtOnce = uploadsAtOnce
    }
    public var onEvict: ((TextureHandle) -> Void)?

    public func add(_ pixels: PixelBuffer, pinned: Bool) -> TextureHandle {
        let handle = TextureHandle(rawValue: nextHandle)
        nextHandle += 1
        self.pixels[handle] = pixels
        if pinned { self.pinned.insert(handle) }
        if !uploadsAtOnce { waiting.insert(handle) }
        lastAdded = handle
        return handle
    }

    /// What was added is on the renderer now (the window drew a frame).
    public func uploadPending() { waiting.removeAll() }

    public func remove(_ handle: TextureHandle) {
        pixels[handle] = nil
        pinned.remove(handle)
        waiting.remove(handle)
    }

    public func setPinned(_ handle: TextureHandle, _ pinned: Bool) {
        guard pixels[handle] != nil else { return }
        if pinned { self.pinned.insert(handle) } else { self.pinned.remove(handle) }
    }

    public func isUploaded(_ handle: TextureHandle) -> Bool { pixels[handle] != nil && !waiting.contains(handle) }

    public func isPinned(_ handle: TextureHandle) -> Bool { pinned.contains(handle) }

    /// The store needed room and let `handle` go, as the platform's does with unpinned ones.
    public func evict(_ handle: TextureHandle) {
        precondition(!pinned.contains(handle), "a pinned texture is never evicted")
        pixels[handle] = nil
        onEvict?(handle)
    }
}
