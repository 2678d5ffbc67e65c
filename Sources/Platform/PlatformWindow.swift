// SPDX-License-Identifier: GPL-3.0-or-later
internal import CMalloc
internal import CDeferredLibraries
internal import CSDL2
import Foundation
import Geometry
import Motion
import ViewTree

public enum PlatformError: Error, CustomStringConvertible {
    case sdl(String)

    public var description: String {
        switch self {
        case let .sdl(message): "cannot open a window: \(message)"
        }
    }
}

/// Flick's one window: SDL initialisation, the window and renderer, textures, text, and
/// the frame loop. Everything SDL lives on the thread that created it.
public final class PlatformWindow {
    /// Tries to reach the display this many times before giving up.
    static let displayConnectionAttempts = 4
    /// Pause between those tries, in microseconds: an X server resetting (its last client
    /// just left, as on a bare Xvfb) takes about a tenth of a second.
    static let displayRetryMicroseconds: useconds_t = 250_000

    /// Window size when nothing else says otherwise, in points.
    public static let defaultSize = Size(width: 1280, height: 800)
    /// The default window never covers more than this share of the usable screen.
    public static let maximumScreenShare = 0.9
    /// Texture bytes uploaded per frame at most. Larger = thumbnails fill in sooner,
    /// frames risk running long.
    public static let uploadBytesPerFrame = 6 << 20

    public let scale: Double
    public let textures: TextureStore
    public let text: TextRenderer
    public private(set) var sizeInPoints: Size
    public let rendererName: String

    private let window: OpaquePointer
    private let renderer: OpaquePointer
    private let compositor: Compositor
    private var translator: EventTranslator
    private let waker: Waker
    private let frameInterval: Seconds

    nonisolated(unsafe) private static var environmentPrepared = false

    /// Sets what SDL reads from the environment. Flick calls it first thing, while it has
    /// one thread: setenv under threads that read the environment (a helper's spawn does)
    /// is a race. The window does it otherwise.
    public static func prepareEnvironment() {
        guard !environmentPrepared else { return }
        environmentPrepared = true
        // X11 WM_CLASS, so the desktop and xdotool find the window by class "flick".
        setenv("SDL_VIDEO_X11_WMCLASS", "flick", 1)
        // Flick takes no typed text (a key, and the punctuation it types, need no compose
        // sequence), and Xlib parses the locale's whole compose table (en_US.UTF-8: 5,700
        // lines, ≈10 ms of the main thread) when SDL opens its input method, on the way to
        // the window. The only processes that inherit this are Flick's decode helpers.
        setenv("XCOMPOSEFILE", "/dev/null", 1)
        if let address = sessionBusAddress(environment: ProcessInfo.processInfo.environment,
                                           busSocketExists: { FileManager.default.fileExists(atPath: $0) }) {
            setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        }
    }

    /// What D-Bus address SDL is to be given, if not the one it would find. With no session
    /// bus (none named, none at $XDG_RUNTIME_DIR/bus), libdbus "autolaunches" one when SDL
    /// opens the display: it runs dbus-launch, waits for it (≈ 15 ms before the window
    /// appears) and leaves a bus daemon running long after Flick has quit. Flick needs
    /// nothing SDL asks D-Bus for (the screen saver is left alone, and an input method
    /// needs a bus that is not there), so SDL is given an address libdbus refuses at once.
    static func sessionBusAddress(environment: [String: String], busSocketExists: (String) -> Bool) -> String? {
        if let named = environment["DBUS_SESSION_BUS_ADDRESS"], !named.isEmpty { return nil }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty, busSocketExists(runtime + "/bus") { return nil }
        return "disabled:"
    }

    /// Initialises SDL on a display a person can see. When no display answers, SDL falls
    /// back to an invisible driver (offscreen) and Flick would run with no window at all;
    /// an X server that is resetting drops a client that connects meanwhile, so a few tries
    /// are made, then Flick says why it cannot open. A driver asked for by name
    /// (SDL_VIDEODRIVER, as the tests do) is taken as it is.
    private static func connectToDisplay() throws(PlatformError) {
        let requested = getenv("SDL_VIDEODRIVER") != nil
        for attempt in 1...displayConnectionAttempts {
            guard SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) == 0 else { throw .sdl(String(cString: SDL_GetError())) }
            let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
            if requested || driver == "x11" || driver == "wayland" { return }
            SDL_Quit()
            if attempt < displayConnectionAttempts { usleep(displayRetryMicroseconds) }
        }
        let display = getenv("DISPLAY").map { String(cString: $0) } ?? "not set"
        throw .sdl("no X display answered (DISPLAY is \(display))")
    }

    /// `size` in points (the default window's if nil), kept within the screen.
    public init(title: String, fullscreen: Bool, size requested: Size? = nil) throws(PlatformError) {
        Self.prepareEnvironment()
        // Loaded here, after the first decode helper is forked, not before `main`; a missing
        // SDL is a window that cannot open, said so, not a crash at its first call.
        if let problem = flick_library_problem(FLICK_LIBRARY_SDL2) { throw .sdl("SDL2 could not be loaded (\(String(cString: problem)))") }
        SDL_SetHint(SDL_HINT_APP_NAME, "Flick")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        // SDL's own handlers only note a quit for the next event pump, which never comes
        // while the loop sleeps; Flick's thread for them wakes it (`QuitSignals`).
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // A browser is not a slideshow or a game: the screen saver and screen locking keep
        // working while Flick is open (SDL would inhibit them, also over D-Bus).
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        // A new screen-size texture is a block of megabytes SDL clears whole: faulted in one
        // go, it is on screen a few milliseconds sooner. SDL's own allocator is libc's, so
        // blocks from before this are freed alike.
        SDL_SetMemoryFunctions(flick_prefaulting_malloc, calloc, realloc, free)
        try Self.connectToDisplay()
        SDL_EventState(SDL_DROPFILE.rawValue, SDL_ENABLE)
        // The raw X events, for the server's own time of each input event (EventTranslator).
        SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE)

        scale = SystemSettings.displayScale()
        var usable = SDL_Rect()
        var size = (requested ?? Self.defaultSize) * scale
        if SDL_GetDisplayUsableBounds(0, &usable) == 0, usable.w > 0, usable.h > 0 {
            size.width = min(size.width, Double(usable.w) * Self.maximumScreenShare)
            size.height = min(size.height, Double(usable.h) * Self.maximumScreenShare)
        }
        windowedPixelSize = size
        guard let window = Self.makeWindow(title: title, size: size, fullscreen: fullscreen) else {
            throw .sdl(String(cString: SDL_GetError()))
        }
        isFullscreenOutsideSDL = fullscreen && SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue == 0
        SDL_SetWindowMinimumSize(window, 320, 240)
        guard let renderer = Self.makeRenderer(window) else {
            SDL_DestroyWindow(window)
            throw .sdl(String(cString: SDL_GetError()))
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        rendererName = String(cString: info.name)

        var mode = SDL_DisplayMode()
        let refresh = SDL_GetWindowDisplayMode(window, &mode) == 0 && mode.refresh_rate > 0 ? Double(mode.refresh_rate) : 60
        frameInterval = 1 / refresh

        self.window = window
        self.renderer = renderer
        textures = TextureStore(renderer: renderer, outputFormat: SDL_GetWindowPixelFormat(window))
        text = TextRenderer(textures: textures, scale: scale)
        compositor = Compositor(renderer: renderer, textures: textures, scale: scale)
        translator = EventTranslator(scale: scale)
        waker = Waker(eventType: SDL_RegisterEvents(1))
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        sizeInPoints = Size(width: Double(w) / scale, height: Double(h) / scale)
        // A quit signal wakes the loop, which then ends (`run`).
        QuitSignals.onRequest { [waker] in waker.wake() }
    }

    /// The size in pixels `init` will give the window, worked out before SDL starts (from a
    /// short X connection of its own), so that the first photo can be decoded for it while
    /// the window opens. nil without an X display.
    public static func expectedPixelSize(fullscreen: Bool, size requested: Size?) -> Size? {
        guard let screen = SystemSettings.screen() else { return nil }
        if fullscreen { return screen.pixelSize }
        let size = (requested ?? defaultSize) * screen.scale
        return Size(width: min(size.width, screen.pixelSize.width * maximumScreenShare),
                    height: min(size.height, screen.pixelSize.height * maximumScreenShare))
    }

    /// A window of `size` pixels, centred; or full screen. On X11 a full-screen window is
    /// made screen-sized and marked full screen before it is mapped: a window manager maps
    /// it full screen at once, and SDL, which is not told, does not wait (up to 100 ms) for
    /// a window manager to answer a request to go full screen, as it would otherwise do
    /// before the first frame. SDL is told on the first toggle (`isFullscreen`).
    private static func makeWindow(title: String, size: Size, fullscreen: Bool) -> OpaquePointer? {
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        var screen = SDL_Rect()
        if fullscreen, SDL_GetDisplayBounds(0, &screen) == 0,
           let window = SDL_CreateWindow(title, screen.x, screen.y, screen.w, screen.h, flags | SDL_WINDOW_HIDDEN.rawValue) {
            if flick_sdl_x11_mark_fullscreen_before_mapping(window) == 0 {
                SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
            }
            SDL_ShowWindow(window)
            return window
        }
        return SDL_CreateWindow(title, FLICK_SDL_WINDOWPOS_CENTERED, FLICK_SDL_WINDOWPOS_CENTERED, Int32(size.width), Int32(size.height),
                                flags | (fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0))
    }

    /// Accelerated first when there is a GPU, else (or if that fails) the software
    /// renderer; `FLICK_RENDERER=software` or `=opengl` (or any SDL driver name) picks one.
    private static func makeRenderer(_ window: OpaquePointer) -> OpaquePointer? {
        // Requesting a driver by name turns batching off unless asked for.
        SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1")
        let requested = ProcessInfo.processInfo.environment["FLICK_RENDERER"]
        if requested == "software" || ((requested ?? "").isEmpty && !SystemSettings.hasGPURenderNode()) {
            // Otherwise SDL presents the software renderer's frames through an OpenGL
            // texture, which loads Mesa and LLVM (≈60 MB) only to copy pixels: X11's shared
            // memory images do that directly.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            return SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        if let requested, !requested.isEmpty {
            SDL_SetHint(SDL_HINT_RENDER_DRIVER, requested)
        }
        return SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
            ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
    }

    /// A thread-safe handle that wakes the loop (worker results, file changes).
    public var wakeHandle: Waker { waker }

    /// Seconds on the loop's clock (the performance counter).
    public var now: Seconds { Seconds(nanoseconds: translator.nowNanoseconds()) }

    public func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

    /// Off the screen at once: Flick is quitting, and what is left to finish (a mark's
    /// sidecar, the clipboard's hand-over) is not the user's to watch.
    public func hide() { SDL_HideWindow(window) }

    /// Puts `text` on the desktop's clipboard (as UTF-8 text).
    public func copyToClipboard(_ text: String) { _ = SDL_SetClipboardText(text) }

    /// The monitor the window is on (0 the first), as its colour profile is numbered.
    public var monitorIndex: Int { Int(max(0, SDL_GetWindowDisplayIndex(window))) }

    public var title: String { String(cString: SDL_GetWindowTitle(window)) }

    /// Whether the window was full screen before a presentation took it full screen.
    private var fullscreenBeforePresenting: Bool?

    /// A presentation (the slideshow) plays full screen and holds off the screen saver;
    /// after it, the window is as it was and the screen saver may start again.
    public func setPresenting(_ presenting: Bool) {
        if presenting {
            if fullscreenBeforePresenting == nil { fullscreenBeforePresenting = isFullscreen }
            isFullscreen = true
        } else if let before = fullscreenBeforePresenting {
            isFullscreen = before
            fullscreenBeforePresenting = nil
        }
        allowsScreenSaver = !presenting
    }

    /// False while the screen saver (and locking) is held off (a slideshow plays).
    public var allowsScreenSaver: Bool {
        get { SDL_IsScreenSaverEnabled() == SDL_TRUE }
        set { if newValue { SDL_EnableScreenSaver() } else { SDL_DisableScreenSaver() } }
    }

    public var isFullscreen: Bool {
        get {
            isFullscreenOutsideSDL
                || SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue == SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
        }
        set {
            if flick_sdl_x11_has_window_manager(window) == 0 {
                setFullscreenWithoutWindowManager(newValue)
                return
            }
            let wasOutsideSDL = isFullscreenOutsideSDL
            if wasOutsideSDL {
                // SDL takes over the state it did not set.
                isFullscreenOutsideSDL = false
                SDL_SetWindowFullscreen(window, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue)
            }
            SDL_SetWindowFullscreen(window, newValue ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
            if wasOutsideSDL && !newValue {
                // It was opened screen-sized, so there is no windowed size to go back to.
                SDL_SetWindowSize(window, Int32(windowedPixelSize.width), Int32(windowedPixelSize.height))
                SDL_SetWindowPosition(window, FLICK_SDL_WINDOWPOS_CENTERED, FLICK_SDL_WINDOWPOS_CENTERED)
            }
        }
    }

    /// Started full screen without SDL's knowing (`makeWindow`), or made so with no window
    /// manager to ask.
    private var isFullscreenOutsideSDL = false

    /// No window manager takes SDL's request (SDL marks the window full screen and leaves
    /// it as it is, keeping any size it is given for later): the window is given the
    /// screen, or its own size back, by hand, as a window manager would, outside SDL.
    private func setFullscreenWithoutWindowManager(_ fullscreen: Bool) {
        if SDL_GetWindowFlags(window) & SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue != 0 { SDL_SetWindowFullscreen(window, 0) }
        var screen = SDL_Rect()
        if fullscreen, SDL_GetDisplayBounds(Int32(monitorIndex), &screen) == 0 {
            SDL_SetWindowPosition(window, screen.x, screen.y)
            SDL_SetWindowSize(window, screen.w, screen.h)
            isFullscreenOutsideSDL = true
        } else if !fullscreen {
            SDL_SetWindowSize(window, Int32(windowedPixelSize.width), Int32(windowedPixelSize.height))
            SDL_SetWindowPosition(window, FLICK_SDL_WINDOWPOS_CENTERED, FLICK_SDL_WINDOWPOS_CENTERED)
            isFullscreenOutsideSDL = false
        }
    }
    /// The size the window has when not full screen, as it was opened.
    private let windowedPixelSize: Size

    /// Runs until the driver wants to quit. Sleeps in SDL_WaitEvent while nothing moves,
    /// so an idle Flick uses no CPU; frames are paced and drawn only when they change
    /// (FramePacer).
    public func run(_ driver: FrameDriver) {
        var pacer = FramePacer(interval: frameInterval, now: now)
        driver.rootView.frame = Rect(origin: .zero, size: sizeInPoints)
        while !driver.shouldQuit && !QuitSignals.isRequested {
            let sleep = pacer.sleep(at: now, moving: driver.needsFrames, deadline: driver.nextDeadline)
            var event = SDL_Event()
            let got = if let sleep { SDL_WaitEventTimeout(&event, Int32((sleep * 1000).rounded(.up))) } else { SDL_WaitEvent(&event) }
            if got != 0 {
                process(event, driver, &pacer)
                while SDL_PollEvent(&event) != 0 { process(event, driver, &pacer) }
            }
            let time = now
            guard pacer.isUpdateDue(at: time), !driver.shouldQuit, !QuitSignals.isRequested else { continue }
            driver.update(at: time)
            let commands = driver.rootView.drawList()
            if pacer.frameUpdated(at: time, commands: commands, uploadsPending: textures.hasPendingUpload(in: commands), moving: driver.needsFrames) {
                present(commands, clearColor: driver.backgroundColor)
                driver.didPresentFrame(at: now)
            } else if textures.pendingUploadCount > 0 {
                // Nothing on screen waits for them: uploaded without a frame (a full-screen
                // frame with a photographer's looks over it costs a software renderer 10 ms,
                // which a key pressed meanwhile would wait out).
                textures.uploadPending(byteBudget: Self.uploadBytesPerFrame)
            }
            if textures.pendingUploadCount > 0 { pacer.noteNews() }
        }
    }

    private func process(_ event: SDL_Event, _ driver: FrameDriver, _ pacer: inout FramePacer) {
        if waker.matches(event) {
            waker.acknowledge()
            pacer.noteNews()
            return
        }
        guard let translated = translator.translate(event) else { return }
        switch translated {
        case let .resized(size):
            var w: Int32 = 0, h: Int32 = 0
            SDL_GetRendererOutputSize(renderer, &w, &h)
            sizeInPoints = w > 0 ? Size(width: Double(w) / scale, height: Double(h) / scale) : size
            driver.rootView.frame = Rect(origin: .zero, size: sizeInPoints)
            driver.handle(.resized(sizeInPoints))
            pacer.noteNews(repaint: true)
        case .redraw:
            driver.handle(translated)
            pacer.noteNews(repaint: true)
        default:
            driver.handle(translated)
            pacer.noteNews()
        }
    }

    /// Draws one frame of `root` and presents it: budgeted uploads, the draw list, the
    /// compositor. The loop calls it; benchmarks call it directly.
    public func renderFrame(_ root: View, clearColor: Color) {
        present(root.drawList(), clearColor: clearColor)
    }

    private func present(_ commands: [DrawCommand], clearColor: Color) {
        textures.uploadPending(byteBudget: Self.uploadBytesPerFrame)
        compositor.draw(commands, clearColor: clearColor)
        SDL_RenderPresent(renderer)
    }

    /// The window and SDL's X connections are left for the process's exit to close. SDL
    /// wakes a waiting loop by XSendEvent on a second connection; a wake sent just before
    /// the window is destroyed can reach the server after it, and SDL_Quit then reads the
    /// BadWindow error back, which Xlib's default handler turns into exit status 1. On exit
    /// the server drops both connections, window and pending error alike.
    deinit {
        SDL_DestroyRenderer(renderer)
    }
}
