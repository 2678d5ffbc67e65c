// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PhotoLibrary
import Pictures
import PhotoSources
import Motion
import Synchronization
import ViewTree

/// Measurements for `make bench`, on only when FLICK_BENCH_PROBE is set: when the first
/// photo reached the screen, and how long a page key takes to show the next photo's
/// screen image; for the tests, whether motion is reduced as it changes. Lines go to stderr as "flick-probe <what> <value>".
public final class BenchProbe {
    public static func fromEnvironment() -> BenchProbe? {
        ProcessInfo.processInfo.environment["FLICK_BENCH_PROBE"] == nil ? nil : BenchProbe()
    }

    private var firstPhotoReported = false
    private var pendingPage: (index: Int, pressedAt: Seconds, frames: Int)?

    /// A page key was pressed at `time`; the pager now heads for photo `index`, leaving a
    /// photo that was shown sharp or not.
    public func pageKeyPressed(at time: Seconds, heading index: Int, leavingSharp: Bool) {
        pendingPage = (index, time, 0)
        report("turn", String(format: "%d %.6f left-sharp %d", index, StartupTrace.realtime(), leavingSharp ? 1 : 0))
    }

    /// A key came down at `time` (the event's own: when the X server sent it; a held key's
    /// repeats too): the held-key benchmark tells the keys sent from the turns they made, as
    /// the server's repeat slows under the load of drawing.
    public func keyPressed(at time: Seconds, repeating: Bool) {
        report("key-down", String(format: "%.6f repeat %d", time, repeating ? 1 : 0))
    }

    /// A key was let go (for the held-key benchmark: turns after this one were queued).
    public func keyReleased() {
        report("key-up", String(format: "%.6f", StartupTrace.realtime()))
    }

    public func framePresented(at time: Seconds, root: View, images: PictureStore, textures: PictureTextures) {
        guard !firstPhotoReported || pendingPage != nil else { return }
        let drawn = root.drawList().compactMap { command -> TextureHandle? in
            if case let .image(handle, _) = command.kind, textures.isUploaded(handle) { return handle }
            return nil
        }
        if !firstPhotoReported, drawn.contains(where: images.isPhotoTexture) {
            firstPhotoReported = true
            report("first-photo-realtime", String(format: "%.6f", StartupTrace.realtime()))
            StartupTrace.report(report)
        }
        if var page = pendingPage {
            page.frames += 1
            pendingPage = page
            if let screen = images.screenTexture(of: page.index), drawn.contains(screen) {
                report("page-ms", String(format: "%.1f frames %d", (time - page.pressedAt) * 1000, page.frames))
                pendingPage = nil
            }
        }
    }

    private var marksKnownReported = false

    /// Every photo's marks are known (the filters and "Trash the rejects" act on them all).
    public func noteMarksKnown() {
        guard !marksKnownReported else { return }
        marksKnownReported = true
        report("marks-known", String(format: "%.6f", StartupTrace.realtime()))
    }

    private var listedReported = false
    private var datesReported = false

    /// The album's listing is complete (`count` photos), and then every photo's date
    /// taken is known (the timeline is in its final order).
    public func noteAlbum(listed: Bool, count: Int, datesKnown: () -> Bool) {
        guard listed, !datesReported else { return }
        if !listedReported {
            listedReported = true
            report("listed", String(format: "%.6f %d", StartupTrace.realtime(), count))
        }
        if datesKnown() {
            datesReported = true
            report("dates-known", String(format: "%.6f %d", StartupTrace.realtime(), count))
        }
    }

    /// A search for duplicates ended, its `groups` holding `copies` copies on screen.
    public func noteDuplicates(groups: Int, copies: Int) {
        report("duplicates", String(format: "%.6f %d %d", StartupTrace.realtime(), groups, copies))
    }

    /// A share ended, `copies` made.
    public func noteShared(copies: Int) {
        report("shared", String(format: "%.6f %d", StartupTrace.realtime(), copies))
    }

    /// Whether the screen saver may start (SDL's word), each time a slideshow changes it.
    public func noteScreenSaver(allowed: Bool) {
        report("screensaver", allowed ? "allowed" : "held")
    }

    private var reportedMotion: Bool?

    /// Whether animations are reduced, each time it changes (the desktop's switch followed).
    public func noteMotion(reduced: Bool) {
        guard reportedMotion != reduced else { return }
        reportedMotion = reduced
        report("motion", reduced ? "reduced" : "full")
    }

    private func report(_ what: String, _ value: String) {
        FileHandle.standardError.write(Data("flick-probe \(what) \(value)\n".utf8))
    }
}
