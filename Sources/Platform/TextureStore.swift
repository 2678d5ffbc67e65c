// SPDX-License-Identifier: GPL-3.0-or-later
internal import CSDL2
import Pixels
import ViewTree

/// Turns pixel buffers into renderer textures behind opaque handles.
///
/// `add` returns a handle at once; the upload happens in `uploadPending(byteBudget:)`, a
/// bounded amount per frame, so a burst of thumbnails never drops a frame. Freed textures
/// are kept for reuse by the next image of the same size (updating a texture costs a
/// fraction of creating one). When more than `memoryBudgetBytes` are resident, the least
/// recently drawn are evicted and their owners told through `onEvict`; pinned ones (labels,
/// the pager's current and neighbouring photos) never are.
public final class TextureStore {
    private struct Entry {
        var texture: OpaquePointer?
        var pending: PixelBuffer?
        let width: Int
        let height: Int
        let isOpaque: Bool
        var lastUsedFrame: UInt64
        var isPinned: Bool
        var byteCount: Int { width * height * 4 }
    }

    /// Textures of one size and format are interchangeable.
    private struct SizeKey: Hashable { let width: Int, height: Int, isOpaque: Bool }

    let renderer: OpaquePointer
    /// The format opaque pictures are uploaded in (alpha pictures are ARGB8888).
    let opaqueFormat: UInt32
    private var entries: [TextureHandle: Entry] = [:]
    private var uploadQueue: [TextureHandle] = []
    private var spares: [SizeKey: [OpaquePointer]] = [:]
    private var nextHandle: UInt64 = 1
    private(set) var frame: UInt64 = 0

    /// Resident texture bytes allowed before eviction. Larger = fewer re-decodes, more
    /// memory (with the software renderer every texture lives in Flick's own memory). 64 MB
    /// holds two or three screenfuls of grid thumbnails beside the pager's eleven photos;
    /// thumbnails evicted come back from the disk cache in milliseconds.
    public var memoryBudgetBytes = 64 << 20
    /// Spare textures kept for reuse, in bytes.
    public static let spareBudgetBytes = 8 << 20
    /// Told the handles it evicted, so their owners can ask again when needed.
    public var onEvict: ((TextureHandle) -> Void)?

    public private(set) var residentBytes = 0

    /// `outputFormat` is the pixel format drawing lands in. When it is XRGB8888 (an X
    /// window of depth 24), opaque pictures are uploaded in it too: the same bytes as
    /// ARGB8888, the alpha byte unused, so the software renderer copies them to the window
    /// as plain memory instead of masking out alpha pixel by pixel (three times the cost).
    init(renderer: OpaquePointer, outputFormat: UInt32 = SDL_PIXELFORMAT_ARGB8888.rawValue) {
        self.renderer = renderer
        opaqueFormat = outputFormat == SDL_PIXELFORMAT_RGB888.rawValue ? outputFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
    }

    /// Queues `pixels` for upload and returns its handle.
    public func add(_ pixels: PixelBuffer, pinned: Bool = false) -> TextureHandle {
        let handle = TextureHandle(rawValue: nextHandle)
        nextHandle += 1
        entries[handle] = Entry(texture: nil, pending: pixels, width: pixels.width, height: pixels.height, isOpaque: pixels.isOpaque,
                                lastUsedFrame: frame,
                                isPinned: pinned)
        uploadQueue.append(handle)
        return handle
    }

    /// Forgets `handle`; its texture is kept as a spare for an image of the same size.
    public func remove(_ handle: TextureHandle) {
        guard let entry = entries.removeValue(forKey: handle) else { return }
        if let texture = entry.texture {
            residentBytes -= entry.byteCount
            recycle(texture, as: SizeKey(width: entry.width, height: entry.height, isOpaque: entry.isOpaque))
        }
        uploadQueue.removeAll { $0 == handle }
    }

    public func isPinned(_ handle: TextureHandle) -> Bool { entries[handle]?.isPinned ?? false }

    /// A pinned texture is never evicted; it stays until removed.
    public func setPinned(_ handle: TextureHandle, _ pinned: Bool) {
        entries[handle]?.isPinned = pinned
    }

    /// True once the handle's pixels are on the renderer.
    public func isUploaded(_ handle: TextureHandle) -> Bool { entries[handle]?.texture != nil }

    public var pendingUploadCount: Int { uploadQueue.count }

    /// True where one of `commands` draws a picture still waiting to be uploaded: the frame
    /// changes once it is. The others (a grid's thumbnails under the pager, the looks of the
    /// photos beside it) are uploaded without drawing a frame for them.
    public func hasPendingUpload(in commands: [DrawCommand]) -> Bool {
        guard !uploadQueue.isEmpty else { return false }
        return commands.contains { command in
            if case let .image(handle, _) = command.kind { entries[handle]?.pending != nil } else { false }
        }
    }

    /// Uploads queued images, oldest first, until `byteBudget` is spent (at least one, so
    /// a large image is never starved). Returns true if some remain.
    @discardableResult
    public func uploadPending(byteBudget: Int) -> Bool {
        var spent = 0
        while let handle = uploadQueue.first, spent == 0 || spent + (entries[handle]?.byteCount ?? 0) <= byteBudget {
            uploadQueue.removeFirst()
            guard var entry = entries[handle], let pixels = entry.pending else { continue }
            entry.pending = nil
            entry.texture = makeTexture(pixels)
            if entry.texture != nil { residentBytes += entry.byteCount }
            entries[handle] = entry
            spent += entry.byteCount
        }
        evictIfOverBudget()
        return !uploadQueue.isEmpty
    }

    /// Marks the start of a frame, for least-recently-drawn eviction.
    func beginFrame() { frame += 1 }

    /// The texture to draw for `handle`, if uploaded; marks it as drawn this frame.
    func texture(for handle: TextureHandle) -> OpaquePointer? {
        guard let texture = entries[handle]?.texture else { return nil }
        entries[handle]?.lastUsedFrame = frame
        return texture
    }

    func pixelSize(of handle: TextureHandle) -> (width: Int, height: Int)? {
        entries[handle].map { ($0.width, $0.height) }
    }

    private func makeTexture(_ pixels: PixelBuffer) -> OpaquePointer? {
        let key = SizeKey(width: pixels.width, height: pixels.height, isOpaque: pixels.isOpaque)
        let format = pixels.isOpaque ? opaqueFormat : SDL_PIXELFORMAT_ARGB8888.rawValue
        let texture = spares[key]?.popLast()
            ?? SDL_CreateTexture(renderer, format, Int32(SDL_TEXTUREACCESS_STATIC.rawValue), Int32(pixels.width), Int32(pixels.height))
        guard let texture else { return nil }
        pixels.bytes.withUnsafeBytes { raw in
            _ = SDL_UpdateTexture(texture, nil, raw.baseAddress, Int32(pixels.bytesPerRow))
        }
        SDL_SetTextureBlendMode(texture, pixels.isOpaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        return texture
    }

    private func recycle(_ texture: OpaquePointer, as key: SizeKey) {
        let spareBytes = spares.reduce(0) { $0 + $1.key.width * $1.key.height * 4 * $1.value.count }
        if spareBytes + key.width * key.height * 4 <= Self.spareBudgetBytes {
            spares[key, default: []].append(texture)
        } else {
            SDL_DestroyTexture(texture)
        }
    }

    private func evictIfOverBudget() {
        guard residentBytes > memoryBudgetBytes else { return }
        // Never evict what was drawn in this frame: it is on screen.
        let candidates = entries.filter { $0.value.texture != nil && !$0.value.isPinned && $0.value.lastUsedFrame < frame }
            .sorted { $0.value.lastUsedFrame < $1.value.lastUsedFrame }
        for (handle, _) in candidates where residentBytes > memoryBudgetBytes {
            remove(handle)
            onEvict?(handle)
        }
    }

    deinit {
        for entry in entries.values { if let texture = entry.texture { SDL_DestroyTexture(texture) } }
        for list in spares.values { for texture in list { SDL_DestroyTexture(texture) } }
    }
}
