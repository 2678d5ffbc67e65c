// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
import Geometry
import PhotoLibrary
import Pixels
@testable import Platform
import ViewTree

@Suite struct DesktopFoldersTests {
    /// The wallpaper's copy goes under the session's $HOME, as the Trash and the settings
    /// do, not under the password database's home.
    @Test func theWallpapersCopyFollowsHomeAndXDGDataHome() {
        #expect(DesktopActions.backgroundsFolder(environment: ["HOME": "/home/session"]).string == "/home/session/.local/share/backgrounds")
        #expect(DesktopActions.backgroundsFolder(environment: ["HOME": "/home/session", "XDG_DATA_HOME": "/data"]).string == "/data/backgrounds")
    }
}

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

    /// A frame is drawn for an upload only where the frame shows it: a grid's thumbnails
    /// under the pager, or the looks of the photos beside it, are uploaded without one.
    @Test func onlyAnUploadThatAFrameShowsAsksForTheFrame() {
        let store = canvas.textures
        let shown = store.add(thumbnail()), offScreen = store.add(thumbnail())
        let root = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let photo = View(frame: Rect(x: 0, y: 0, width: 256, height: 256))
        photo.content = ImageContent(texture: shown, pixelSize: Size(width: 256, height: 256))
        root.addSubview(photo)
        let commands = root.drawList()
        #expect(store.hasPendingUpload(in: commands), "the photo on screen waits for its upload")
        store.uploadPending(byteBudget: 1)
        #expect(store.isUploaded(shown) && !store.isUploaded(offScreen))
        #expect(!store.hasPendingUpload(in: commands) && store.pendingUploadCount == 1, "what waits is not on screen")
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

@Suite struct DesktopAnimationsTests {
    /// An `_XSETTINGS_SETTINGS` property as a settings manager writes it: a string, a colour
    /// and `Gtk/EnableAnimations` = `value`, in either byte order.
    static func settings(enableAnimations value: Int32, bigEndian: Bool = false) -> [UInt8] {
        func card16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func card32(_ v: UInt32) -> [UInt8] {
            let little = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
            return bigEndian ? little.reversed() : little
        }
        func name(_ text: String) -> [UInt8] {
            let bytes = Array(text.utf8)
            return card16(bytes.count) + bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
        }
        var out: [UInt8] = [bigEndian ? 1 : 0, 0, 0, 0] + card32(7) + card32(3)
        out += [1, 0] + name("Net/ThemeName") + card32(0) + card32(7) + Array("Adwaita".utf8) + [0]
        out += [2, 0] + name("Gtk/CursorBlinkColor") + card32(0) + [0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
        out += [0, 0] + name("Gtk/EnableAnimations") + card32(0) + card32(UInt32(bitPattern: value))
        return out
    }

    @Test func theAnimationSwitchIsReadInEitherByteOrderPastOtherSettings() {
        #expect(DesktopAnimations.integers(inSettings: Self.settings(enableAnimations: 0))["Gtk/EnableAnimations"] == 0)
        #expect(DesktopAnimations.integers(inSettings: Self.settings(enableAnimations: 1, bigEndian: true))["Gtk/EnableAnimations"] == 1)
    }

    @Test func aPropertyCutShortOrMalformedYieldsWhatCameBeforeTheFault() {
        let whole = Self.settings(enableAnimations: 0)
        for length in [0, 5, 12, 30, whole.count - 1] {
            #expect(DesktopAnimations.integers(inSettings: Array(whole.prefix(length)))["Gtk/EnableAnimations"] == nil, "\(length) bytes")
        }
        var lying = whole
        lying[8] = 0xFF                                   // claims 255 settings
        #expect(DesktopAnimations.integers(inSettings: lying)["Gtk/EnableAnimations"] == 0)
        #expect(DesktopAnimations.integers(inSettings: [UInt8](repeating: 0xFF, count: 64)).isEmpty)
    }
}
