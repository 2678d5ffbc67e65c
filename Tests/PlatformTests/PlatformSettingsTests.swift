// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import Geometry
import PhotoLibrary
import Pixels
@testable import Platform
import ViewTree

@Suite struct SystemSettingsTests {
    @Test func xftDpiSetsTheScale() {
        #expect(SystemSettings.scale(fromResources: "Xft.antialias:\t1\nXft.dpi:\t144\n") == 1.5)
        #expect(SystemSettings.scale(fromResources: "Xft.dpi: 96") == 1)
    }

    @Test func aMissingOrAbsurdDpiMeansScaleOne() {
        #expect(SystemSettings.scale(fromResources: "") == 1)
        #expect(SystemSettings.scale(fromResources: "Xft.dpi:\tlots") == 1)
        #expect(SystemSettings.scale(fromResources: "Xft.dpi:\t5000") == 1)
    }

    @Test func theSystemFontIsFound() {
        let path = SystemSettings.sansSerifFontPath()
        #expect(path?.hasSuffix(".ttf") == true)
    }
}

@Suite struct TextureStoreTests {
    let canvas = OffscreenCanvas(width: 64, height: 64)!

    func thumbnail() -> PixelBuffer { PixelBuffer(width: 256, height: 256, blue: 10, green: 20, red: 30) }

    @Test func uploadsStopAtTheFrameBudgetButAlwaysMakeProgress() {
        let store = canvas.textures
        let handles = (0..<10).map { _ in store.add(thumbnail()) }
        let oneImage = 256 * 256 * 4
        #expect(store.uploadPending(byteBudget: 3 * oneImage))
        #expect(handles.filter(store.isUploaded).count == 3)
        // A budget smaller than one image still uploads one, so nothing starves.
        store.uploadPending(byteBudget: 1)
        #expect(handles.filter(store.isUploaded).count == 4)
        #expect(!store.uploadPending(byteBudget: .max) && store.pendingUploadCount == 0)
    }

    @Test func overTheMemoryBudgetTheLeastRecentlyDrawnAreEvictedAndReported() {
        let store = canvas.textures
        store.memoryBudgetBytes = 4 * 256 * 256 * 4
        var evicted: [TextureHandle] = []
        store.onEvict = { evicted.append($0) }
        let first = (0..<4).map { _ in store.add(thumbnail()) }
        store.uploadPending(byteBudget: .max)
        // Draw the last two so the first two are the least recently drawn.
        let root = View(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        for handle in first.suffix(2) {
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            view.content = ImageContent(texture: handle, pixelSize: Size(width: 256, height: 256))
            root.addSubview(view)
        }
        canvas.draw(root.drawList())
        let more = (0..<2).map { _ in store.add(thumbnail()) }
        canvas.draw([])
        #expect(Set(evicted) == Set(first.prefix(2)))
        #expect(store.residentBytes <= store.memoryBudgetBytes)
        #expect(more.allSatisfy(store.isUploaded) && first.suffix(2).allSatisfy(store.isUploaded))
    }
}

@Suite struct RendererChoiceTests {
    @Test func aRenderNodeMeansAGPU() throws {
        let devices = FileManager.default.temporaryDirectory.appendingPathComponent("flick-dri-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: devices) }
        #expect(!SystemSettings.hasGPURenderNode(devices: devices.path))
        FileManager.default.createFile(atPath: devices.appendingPathComponent("card0").path, contents: nil)
        #expect(!SystemSettings.hasGPURenderNode(devices: devices.path), "a display card alone is not a render node")
        FileManager.default.createFile(atPath: devices.appendingPathComponent("renderD128").path, contents: nil)
        #expect(SystemSettings.hasGPURenderNode(devices: devices.path))
        #expect(!SystemSettings.hasGPURenderNode(devices: "/nonexistent/dri"))
    }
}

/// SDL is kept from starting a D-Bus daemon of its own (one that would outlive Flick), and
/// left with a session bus that is there.
@Suite struct SessionBusTests {
    @Test func withoutASessionBusSDLIsGivenAnAddressThatStartsNothing() {
        #expect(PlatformWindow.sessionBusAddress(environment: [:], busSocketExists: { _ in false }) == "disabled:")
        #expect(PlatformWindow.sessionBusAddress(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], busSocketExists: { _ in false })
                == "disabled:")
        #expect(PlatformWindow.sessionBusAddress(environment: ["DBUS_SESSION_BUS_ADDRESS": ""], busSocketExists: { _ in false })
                == "disabled:")
    }

    @Test func aSessionBusThatIsThereIsLeftToSDL() {
        #expect(PlatformWindow.sessionBusAddress(environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/run/user/1000/bus"],
                                                 busSocketExists: { _ in false }) == nil)
        #expect(PlatformWindow.sessionBusAddress(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"],
                                                 busSocketExists: { $0 == "/run/user/1000/bus" }) == nil)
    }
}
