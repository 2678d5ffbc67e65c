// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Browser
import Components
import Foundation
import Geometry
import Gestures
import Motion
import Pixels
import Platform
import ViewTree

/// Frame costs in a real 1280×800 window, as CPU milliseconds per frame: a full-window blit,
/// the grid scrolling, the zoom transition, paging and panning at 100 %. Absolute numbers
/// swing on shared machines; the ratio to the blit, measured in the same run, is the figure
/// to watch.
struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Frame costs in a real window, against a full-window blit.")

    func run() throws {
        let window = try PlatformWindow(title: "Flick benchmark", fullscreen: false)
        let size = window.sizeInPoints
        let root = View(frame: Rect(origin: .zero, size: size))

        // 1. One full-window opaque image: the cheapest possible full frame.
        let fullPixels = PixelBuffer(width: Int(size.width * window.scale), height: Int(size.height * window.scale), blue: 90, green: 60, red: 30)
        let blitView = View(frame: root.bounds)
        blitView.content = ImageContent(texture: window.textures.add(fullPixels),
                                        pixelSize: Size(width: Double(fullPixels.width), height: Double(fullPixels.height)), mode: .fill)
        root.addSubview(blitView)
        let blit = measure(window, root: root, frames: measuredFrames) { _ in }
        blitView.removeFromSuperview()

        // 2. The grid scrolling through 2,000 photos at a steady 1,500 pt/s, down then up.
        let animator = Animator()
        let context = ComponentContext(animator: animator, arena: GestureArena(root: root), pixelScale: window.scale)
        let grid = GridView(context: context)
        let photos = SyntheticPhotos(count: 2_000, distinct: 120, cellSide: Int(GridLayout(width: size.width).cellSide * window.scale),
                                     screenSize: Size(width: size.width * window.scale, height: size.height * window.scale),
                                     textures: window.textures)
        grid.frame = root.bounds
        grid.source = photos
        root.addSubview(grid)
        let speedPointsPerFrame = 1_500.0 / 60
        let scroll = measure(window, root: root, frames: measuredFrames) { frame in
            let half = Double(warmupFrames + measuredFrames) / 2
            let offset = speedPointsPerFrame * (half - abs(Double(frame) - half))
            grid.setOffset(offset, animated: false)
        }

        grid.removeFromSuperview()

        // 3. The zoom transition: photos opened from the grid and closed back, over and over.
        let browser = PhotoBrowser(context: context)
        browser.frame = root.bounds
        browser.source = photos
        root.addSubview(browser)
        let frameTime = 1.0 / 60
        var time = 0.0
        func step() {
            time += frameTime
            animator.advance(to: time)
        }
        let cycle = 45  // frames per open or close: the 0.3 s spring settles within them
        let zoom = measure(window, root: root, frames: measuredFrames) { frame in
            if frame % (2 * cycle) == 0 { browser.openPhoto(1 + (frame / (2 * cycle)) % 20) }
            if frame % (2 * cycle) == cycle { browser.closePager() }
            step()
        }
        browser.closePager()
        for _ in 0..<cycle { step(); root.layoutIfNeeded() }

        // 4. Paging: the pager turning a page every 0.4 s, so it is nearly always moving.
        browser.openPhoto(0)
        for _ in 0..<cycle { step(); root.layoutIfNeeded() }
        let paging = measure(window, root: root, frames: measuredFrames) { frame in
            if frame % 24 == 0 { browser.pager.next() }
            step()
        }

        // 5. Panning at 100 %: the photo whole at its full size (27 MP), dragged to and fro
        // across the window at 1,500 pt/s, as a photographer checks focus corner to corner.
        let centre = Point(x: size.width / 2, y: size.height / 2)
        browser.pager.toggleOneToOne(about: centre)
        for _ in 0..<cycle { step(); root.layoutIfNeeded() }
        var pointer = centre
        context.arena.handle(PointerEvent(phase: .down, locationInWindow: pointer, timestampNanoseconds: UInt64(time * 1e9)))
        let panning = measure(window, root: root, frames: measuredFrames) { frame in
            // Right for a second, then left, and so on.
            pointer.x += (frame / 60) % 2 == 0 ? speedPointsPerFrame : -speedPointsPerFrame
            step()
            context.arena.handle(PointerEvent(phase: .moved, locationInWindow: pointer, timestampNanoseconds: UInt64(time * 1e9)))
        }
        context.arena.handle(PointerEvent(phase: .up, locationInWindow: pointer, timestampNanoseconds: UInt64(time * 1e9)))
        let fittedWidth = min(size.width, size.height * 4 / 3) * window.scale
        let pannedAtOneToOne = abs(browser.pager.zoomScale * fittedWidth / SyntheticPhotos.fullSize.width - 1) < 0.01

        let rss = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("VmHWM") }.map(String.init) ?? "VmHWM: ?"
        print("renderer: \(window.rendererName), window \(Int(size.width))×\(Int(size.height)) pt at scale \(window.scale)")
        print(String(format: "full-window opaque blit   median %6.2f ms   p95 %6.2f ms CPU/frame", blit.median, blit.p95))
        print(String(format: "grid scroll (1500 pt/s)   median %6.2f ms   p95 %6.2f ms CPU/frame", scroll.median, scroll.p95))
        print(String(format: "grid scroll / blit        median %6.2f×  p95 %6.2f×   (target ≤ 2×)", scroll.median / blit.median, scroll.p95 / blit.p95))
        print(String(format: "zoom transition           median %6.2f ms   p95 %6.2f ms CPU/frame", zoom.median, zoom.p95))
        print(String(format: "zoom transition / blit    median %6.2f×  p95 %6.2f×   (target ≤ 2×)", zoom.median / blit.median, zoom.p95 / blit.p95))
        print(String(format: "paging                    median %6.2f ms   p95 %6.2f ms CPU/frame", paging.median, paging.p95))
        print(String(format: "paging / blit             median %6.2f×  p95 %6.2f×   (target ≤ 2×)", paging.median / blit.median, paging.p95 / blit.p95))
        print(String(format: "pan at 100 %% (27 MP)      median %6.2f ms   p95 %6.2f ms CPU/frame%@", panning.median, panning.p95,
                     pannedAtOneToOne ? "" : " (not at 100 %: the figure is not the one asked)"))
        print(String(format: "pan at 100 %% / blit       median %6.2f×  p95 %6.2f×   (target: the display's frame rate, %.1f ms a frame at 60 Hz)",
                     panning.median / blit.median, panning.p95 / blit.p95, 1000.0 / 60))
        print("peak memory: \(rss.replacingOccurrences(of: "\t", with: " "))")
    }
}
