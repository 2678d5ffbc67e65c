// swift-tools-version:6.0
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

// Imports point down only (ARCHITECTURE.md draws the map): flick → Shell → Browser → Components →
// PhotoSources → Gestures → ViewTree → Motion → Geometry; Pictures, Album, PhotoLibrary,
// Platform and Pixels sit beside the core. Geometry, Motion, ViewTree, Gestures,
// PhotoSources, Pictures, Components and Browser never import SDL and never read a clock. Each
// target declares every module it imports (Tests/ArchitectureTests holds it to that).
let package = Package(
    name: "Flick",
    products: [
        .executable(name: "flick", targets: ["flick"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // FilePath keeps a file name's raw bytes; Foundation's URL loses names that are not UTF-8.
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
    ],
    targets: [
        // C libraries from Debian's -dev packages.
        // SDL2 and SDL2_ttf: the window, the renderer, text. Platform's alone. Loaded once the
        // first decode helper is forked (CDeferredLibraries), so not linked (no pkg-config,
        // whose flags would link them).
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev", "libsdl2-ttf-dev"])]),
        // SDL_image's decoders for PhotoLibrary, behind a narrow C
        // API of their own: PhotoLibrary's Swift sees that API, never SDL's headers, so the
        // compiler keeps SDL's video API to Platform. Debian's SDL2 headers (libsdl2-image-dev);
        // SDL_image itself is loaded when a file first needs it (CDeferredLibraries).
        .target(name: "CImageLoading", dependencies: ["CDeferredLibraries"],
                cSettings: [.unsafeFlags(["-I/usr/include/SDL2", "-D_REENTRANT"])]),
        // FFmpeg for PhotoLibrary, behind a narrow C API of its own: a video's facts and its
        // poster frame. Debian's libav*-dev headers; the libraries are loaded when a video
        // first needs them (CDeferredLibraries).
        .target(name: "CVideo", dependencies: ["CDeferredLibraries"]),
        // libmpv for PhotoLibrary's player helper, behind a narrow C API of its own: a video
        // played, its frames drawn into shared memory. Debian's libmpv-dev headers; libmpv is
        // loaded when a video is first played (CDeferredLibraries).
        .target(name: "CPlayer", dependencies: ["CDeferredLibraries"]),
        // Bilinear cutting of decoded pictures, in C for SSE2 (no SDL in a decode helper).
        .target(name: "CResample"),
        .systemLibrary(name: "CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev"])]),
        // Tests only: the end-to-end harness moves the pointer through XTest.
        .systemLibrary(name: "CXTest", pkgConfig: "xtst", providers: [.apt(["libxtst-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // giflib ships no pkg-config file; its library is linked by name.
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // HEIF/HEIC and AVIF, JPEG XL, SVG (librsvg into a cairo surface), camera RAW: their
        // headers here, their libraries loaded when a file needs them (CDeferredLibraries), not
        // linked (no pkgConfig, which would link them).
        .systemLibrary(name: "CHeif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CJXL", providers: [.apt(["libjxl-dev"])]),
        .systemLibrary(name: "CRsvg", providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CLibRaw", providers: [.apt(["libraw-dev"])]),
        // Their functions, each found in its library the first time it is called; SDL_image's,
        // exempi's, GObject's and GIO's too.
        .target(name: "CDeferredLibraries", dependencies: ["CGLib"],
                cSettings: [.unsafeFlags(["-I/usr/include/librsvg-2.0", "-I/usr/include/gdk-pixbuf-2.0", "-I/usr/include/cairo",
                                          "-I/usr/include/SDL2", "-I/usr/include/libgweather-4.0"])],
                linkerSettings: [.linkedLibrary("dl")]),
        // Colour profiles and conversions.
        .systemLibrary(name: "CLCMS", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        // TIFF scans and exports (RAW files shaped like TIFF go to LibRaw).
        .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        // XMP sidecars: the marks other tools read. Loaded when a sidecar is first met
        // (CDeferredLibraries), so not linked.
        .systemLibrary(name: "CExempi", providers: [.apt(["libexempi-dev"])]),
        // The index of a whole tree. Loaded when one is first opened (CDeferredLibraries), so
        // not linked.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // Fast hashes that verify an import's copies. Loaded when an import first hashes
        // (CDeferredLibraries), so not linked.
        .systemLibrary(name: "CXXHash", providers: [.apt(["libxxhash-dev"])]),
        // Place names from GPS, offline (libgweather's world). Loaded when first needed.
        .systemLibrary(name: "CGWeather", providers: [.apt(["libgweather-4-dev"])]),
        // GSettings (the desktop's animation switch where no XSETTINGS manager says it) and the
        // desktop's actions. Loaded on their threads' first call (CDeferredLibraries), so not
        // linked; GLib's headers come with CGLib.
        .systemLibrary(name: "CGio", providers: [.apt(["libglib2.0-dev"])]),
        // fontconfig: deferred with SDL_ttf, not linked.
        .systemLibrary(name: "CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // glibc's gettext (libintl.h: part of libc6-dev).
        .systemLibrary(name: "CIntl"),
        // glibc's malloc.h (libc6-dev, always there with a C toolchain).
        .systemLibrary(name: "CMalloc"),
        // glibc's spawn and prctl extensions, for starting helpers that inherit nothing.
        .systemLibrary(name: "CProcess"),

        // The platform-free core.
        .target(name: "Geometry"),
        .target(name: "Motion", dependencies: ["Geometry"]),
        .target(name: "ViewTree", dependencies: ["Geometry", "Motion"]),
        .target(name: "Gestures", dependencies: ["Geometry", "Motion", "ViewTree"]),
        // What the views ask of an album (its photos' pictures and facts, its albums' covers):
        // the protocols they see it through, a leaf, so the views sit above no codec and no
        // model.
        .target(name: "PhotoSources", dependencies: ["Geometry", "ViewTree", "Pixels", "Marks", "Localization"]),
        .target(name: "Components", dependencies: ["Geometry", "Motion", "ViewTree", "Gestures", "PhotoSources", "Pixels", "Marks", "Localization"]),
        // The browser over the views: their layers (pager, menus, questions, details,
        // slideshow, help), the command table and the responder chain keys travel.
        .target(name: "Browser", dependencies: ["Geometry", "Motion", "ViewTree", "Gestures", "PhotoSources", "Pixels", "Marks", "Localization", "Components"]),

        // What a photographer says of a photo (stars, pick or reject, colour label): plain
        // values the sidecars, the album and the views share.
        .target(name: "Marks", dependencies: ["Localization"]),
        // Decoded pixels and how soon they are needed: the leaf that PhotoLibrary, Pictures
        // and Platform share.
        .target(name: "Pixels"),
        // Flick's words in the user's language (gettext) and numbers, sizes and dates in
        // the user's formats: the leaf every module that shows words imports.
        .target(name: "Localization", dependencies: ["CIntl"]),
        // Files and pixels; codecs behind internal imports.
        .target(name: "PhotoLibrary", dependencies: ["Pixels", "Marks", "Localization", "CExempi", "CGWeather", "CMalloc", "CProcess", "CImageLoading", "CVideo", "CPlayer", "CResample", "CTurboJPEG", "CJPEG", "CExif", "CPNG", "CGIF", "CWebP", "CGLib", "CHeif", "CJXL", "CRsvg", "CLibRaw", "CDeferredLibraries", "CTIFF", "CLCMS", "CXXHash", .product(name: "SystemPackage", package: "swift-system")]),
        // An album's photos by identity, changes as diffs, the Trash with undo; its listing.
        .target(name: "Album", dependencies: ["PhotoLibrary", "Marks", "Localization", "CSQLite", "CDeferredLibraries", .product(name: "SystemPackage", package: "swift-system")]),
        // From a card to verified copies, renamed: `flick import` and the import dialog.
        .target(name: "Ingest", dependencies: ["PhotoLibrary", "CDeferredLibraries", .product(name: "SystemPackage", package: "swift-system")]),
        // The pipeline between the model and the screen: pictures per photo and size, the
        // broker of views' demands, covers, the decode queues. Textures through a protocol.
        .target(name: "Pictures", dependencies: ["PhotoSources", "Pixels", "Marks", "Localization", "Geometry", "ViewTree", "PhotoLibrary", "Album",
                                                 .product(name: "SystemPackage", package: "swift-system")]),
        // The only target that uses SDL's window and renderer.
        .target(name: "Platform", dependencies: ["Motion", "CMalloc", "CSDL2", "CX11", "CFontconfig", "CGLib", "CGio", "CDeferredLibraries", "Geometry", "ViewTree", "Gestures", "Pixels", .product(name: "SystemPackage", package: "swift-system")]),

        // The app shell: the album on screen and its upkeep, the browser's wiring to the
        // model and the pictures. No window, no clock.
        .target(name: "Shell", dependencies: ["Album", "Ingest", "Pixels", "Marks", "Localization", "Geometry", "Motion", "ViewTree", "Components", "Browser", "Pictures", "PhotoSources", "PhotoLibrary",
                                              .product(name: "SystemPackage", package: "swift-system")]),

        .executableTarget(name: "flick", dependencies: [
            "Geometry", "Motion", "ViewTree", "Gestures", "Components", "Browser", "Album", "Marks", "Localization", "PhotoLibrary", "Pictures", "PhotoSources", "Pixels", "Platform", "Shell", "Ingest", "CMalloc",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "SystemPackage", package: "swift-system"),
        ]),

        // `make bench`: frame costs in a real window.
        .executableTarget(name: "flick-bench", dependencies: ["Geometry", "Marks", "Album", "Motion", "ViewTree", "Gestures", "Components", "Browser", "Pictures", "PhotoSources", "Pixels", "PhotoLibrary", "Platform",
                                                           .product(name: "ArgumentParser", package: "swift-argument-parser"),
                                                           .product(name: "SystemPackage", package: "swift-system")],
                          path: "Benchmarks/flick-bench"),

        // A decode helper that hangs, crashes or hogs memory on purpose, for isolation tests.
        .executableTarget(name: "fake-decode-helper", dependencies: ["PhotoLibrary", "Pixels", .product(name: "SystemPackage", package: "swift-system")],
                          path: "Tests/FakeDecodeHelper"),

        // A desktop's clipboard manager, for the end-to-end test of Copy outliving Flick.
        .executableTarget(name: "fake-clipboard-manager", dependencies: ["CX11"], path: "Tests/FakeClipboardManager"),

        // Flick's language set up in a process of its own (a locale is the whole process's).
        .executableTarget(name: "localization-probe", dependencies: ["Localization"], path: "Tests/LocalizationProbe"),

        .target(name: "TestSupport", dependencies: ["Geometry", "Motion", "ViewTree", "Gestures", "Pictures", "PhotoSources", "Pixels"]),

        // The house itself: what each target imports, how long its files grow.
        .testTarget(name: "ArchitectureTests"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "MarksTests", dependencies: ["Marks"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "localization-probe", "TestSupport"]),
        .testTarget(name: "MotionTests", dependencies: ["Geometry", "Motion", "TestSupport"]),
        .testTarget(name: "ViewTreeTests", dependencies: ["Geometry", "Motion", "ViewTree", "TestSupport"]),
        .testTarget(name: "GesturesTests", dependencies: ["Geometry", "Motion", "ViewTree", "Gestures", "TestSupport"]),
        // The views and the browser over them, headless, on a manual clock.
        .testTarget(name: "ComponentsTests", dependencies: ["Geometry", "Gestures", "Localization", "Motion", "ViewTree", "Components", "Browser", "PhotoSources", "Pixels", "Marks", "TestSupport"]),
        .testTarget(name: "AlbumTests", dependencies: ["Album", "Marks", "PhotoLibrary", "Pixels", "fake-decode-helper", "TestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        // Headless: fake decodes and a fake texture sink; no SDL, no helper process.
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "PhotoSources", "Pixels", "PhotoLibrary", "ViewTree", "TestSupport", "fake-decode-helper",
                                                          .product(name: "SystemPackage", package: "swift-system")]),
        // The app shell over a real folder, with fake decodes and textures: no window.
        .testTarget(name: "ShellTests", dependencies: ["Shell", "Ingest", "Gestures", "Album", "Marks", "fake-decode-helper", "Components", "Browser", "Pictures", "PhotoSources", "PhotoLibrary", "Pixels", "TestSupport",
                                                       .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "PhotoLibraryTests", dependencies: ["PhotoLibrary", "Marks", "Pixels", "fake-decode-helper", "TestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        // Imports from a generated card to real folders (tmpfs mounts where root may).
        .testTarget(name: "IngestTests", dependencies: ["Ingest", "PhotoLibrary", "fake-decode-helper", "TestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "PlatformTests", dependencies: ["Geometry", "Motion", "Platform", "CMalloc", "CSDL2", "ViewTree", "Pixels", "PhotoLibrary"]),
        // The app target's own logic (`@testable`), headless.
        .testTarget(name: "AppTests", dependencies: ["Geometry", "Gestures", "Motion", "flick", "Album", "Marks", "Components", "Browser", "Pictures", "PhotoSources", "Pixels", "PhotoLibrary", "Platform", "Shell", "Ingest", "TestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "EndToEndTests", dependencies: ["flick", "fake-decode-helper", "fake-clipboard-manager", "Components", "Browser", "Geometry", "Platform", "ViewTree", "CXTest", "CX11", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
