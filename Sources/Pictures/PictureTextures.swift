// SPDX-License-Identifier: GPL-3.0-or-later
import PhotoSources
import Pixels
import ViewTree

/// Where pictures become something the screen can draw: the platform's texture store, or a
/// test's fake. The pipeline hands over pixels and gets a handle at once; the sink uploads
/// when it can, and may evict an unpinned picture when short of room, saying which.
public protocol PictureTextures: AnyObject {
    /// Queues `pixels` for the screen and returns their handle; a pinned picture is never
    /// evicted.
    func add(_ pixels: PixelBuffer, pinned: Bool) -> TextureHandle
    /// Lets `handle` go for good.
    func remove(_ handle: TextureHandle)
    func setPinned(_ handle: TextureHandle, _ pinned: Bool)
    /// True once the picture can be drawn (an animation shows a frame only then).
    func isUploaded(_ handle: TextureHandle) -> Bool
    /// Told each handle evicted, so its owner can ask for the picture again when needed.
    var onEvict: ((TextureHandle) -> Void)? { get set }
}
