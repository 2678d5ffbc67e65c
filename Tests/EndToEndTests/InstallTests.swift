// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Geometry
import Testing

/// `make install`, `make uninstall` and `make deb`, run on the release binary `make test`
/// built (`make -o build`: SwiftPM is busy running these tests and cannot build meanwhile).
@Suite struct InstallTests {
    static let repository = PackagingTests.packaging.deletingLastPathComponent()
    static let appID = "io.github.flick.Flick"

    /// What `make install PREFIX=/usr` writes, relative to DESTDIR.
    static let installLayout: Set<String> = {
        var files: Set<String> = [
            "usr/bin/flick",
            "usr/share/applications/\(appID).desktop",
            "usr/share/metainfo/\(appID).metainfo.xml",
            "usr/share/icons/hicolor/scalable/apps/\(appID).svg",
            "usr/share/man/man1/flick.1.gz",
            "usr/share/licenses/flick/COPYING",
            "usr/share/locale/de/LC_MESSAGES/flick.mo",
            "usr/share/locale/zh_CN/LC_MESSAGES/flick.mo",
        ]
        for size in [16, 24, 32, 48, 64, 128, 256, 512] { files.insert("usr/share/icons/hicolor/\(size)x\(size)/apps/\(appID).png") }
        return files
    }()

    /// A PATH with the system's programs and no Swift toolchain.
    static let systemPath = "/usr/bin:/bin"

    static func make(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try run("make", ["--no-print-directory", "-C", repository.path, "-o", "build"] + arguments, timeout: 600)
    }

    /// The version this test run's build reports.
    static func version() throws -> String {
        try run(flickBinary, ["--version"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// The regular files under `root`, relative to it.
    static func files(under root: URL) -> Set<String> {
        var found: Set<String> = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            found.insert(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        return found
    }

    /// Installs into a fresh DESTDIR with PREFIX=/usr.
    static func install() throws -> URL {
        let destination = try temporaryFolder("install")
        let result = try make(["install", "DESTDIR=\(destination.path)", "PREFIX=/usr"])
        guard result.status == 0 else {
            throw HarnessError("make install failed (does .build/release/flick exist? `make test` builds it): \(result.output)\(result.error)")
        }
        return destination
    }

    @Test func installLaysOutTheFilesAndUninstallRemovesExactlyThem() throws {
        let destination = try Self.install()
        defer { try? FileManager.default.removeItem(at: destination) }
        #expect(Self.files(under: destination) == Self.installLayout)

        // Something else in the same folders stays when Flick is uninstalled.
        let neighbour = destination.appendingPathComponent("usr/share/applications/other.desktop")
        try Data("[Desktop Entry]\n".utf8).write(to: neighbour)
        let result = try Self.make(["uninstall", "DESTDIR=\(destination.path)", "PREFIX=/usr"])
        #expect(result.status == 0, "\(result.error)")
        #expect(Self.files(under: destination) == ["usr/share/applications/other.desktop"])
    }

    /// The desktop entry and the metadata installed carry every translation, and still pass
    /// the desktop's validators; the installed binary finds its catalogues.
    @Test func theInstalledFilesSpeakGermanAndChinese() throws {
        let destination = try Self.install()
        defer { try? FileManager.default.removeItem(at: destination) }
        let entry = destination.appendingPathComponent("usr/share/applications/\(Self.appID).desktop").path
        let validated = try run("desktop-file-validate", [entry])
        #expect(validated.status == 0 && validated.output.isEmpty, "\(validated.output)\(validated.error)")
        let entryText = try String(contentsOfFile: entry, encoding: .utf8)
        #expect(entryText.contains("GenericName[de]=Fotobetrachter") && entryText.contains("GenericName[zh_CN]=照片浏览器"))
        #expect(entryText.contains("Comment[de]=") && entryText.contains("Keywords[zh_CN]="))

        let metainfo = destination.appendingPathComponent("usr/share/metainfo/\(Self.appID).metainfo.xml").path
        let checked = try run("appstreamcli", ["validate", "--no-net", metainfo])
        #expect(checked.status == 0, "\(checked.output)\(checked.error)")
        let metainfoText = try String(contentsOfFile: metainfo, encoding: .utf8)
        #expect(metainfoText.contains("<summary xml:lang=\"de\">Einen Ordner voller Fotos mit der Maus durchsehen</summary>"))
        #expect(metainfoText.contains("<summary xml:lang=\"zh_CN\">用鼠标浏览一个文件夹的照片</summary>"))
        #expect(metainfoText.contains("<caption xml:lang=\"de\">"), "the screenshots' captions too")

        // The installed binary looks beside itself (../share/locale): a folder it cannot
        // open is said in German.
        let binary = destination.appendingPathComponent("usr/bin/flick").path
        if TranslationsEndToEndTests.hasLocale("de_DE.UTF-8") {
            let missing = try run(binary, ["/nonexistent-\(UUID().uuidString)"], environment: ["LANG": "de_DE.UTF-8", "LANGUAGE": "", "LC_ALL": ""])
            #expect(missing.status == 2 && missing.error.contains("Datei oder Ordner nicht vorhanden"), "\(missing.error)")
        }
    }

    @Test func theInstalledBinaryRunsWithoutASwiftToolchain() throws {

        let destination = try Self.install()
        defer { try? FileManager.default.removeItem(at: destination) }
        let binary = destination.appendingPathComponent("usr/bin/flick").path
        // Nothing of the toolchain is reachable: no PATH to it, no library path.
        let bare = ["PATH": Self.systemPath, "LD_LIBRARY_PATH": ""]

        let version = try run(binary, ["--version"], environment: bare)
        let expected = try Self.version()
        #expect(version.status == 0 && version.output.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(version.error)")
        let help = try run(binary, ["--help"], environment: bare)
        #expect(help.status == 0 && help.output.contains("USAGE: flick"), "\(help.error)")

        let libraries = try run("ldd", [binary], environment: bare)
        #expect(libraries.status == 0)
        #expect(!libraries.output.contains("not found"), "every library is found: \(libraries.output)")
        #expect(!libraries.output.lowercased().contains("swift"), "the Swift runtime is linked in: \(libraries.output)")

        // Its decode helper is itself: a thumbnail made by the installed binary alone.
        let work = try Self.temporaryFolder("installed-run")
        defer { try? FileManager.default.removeItem(at: work) }
        let photo = work.appendingPathComponent("photo.jpg").path
        #expect(try run("convert-im6.q16", ["-size", "640x480", "xc:rgb(40,200,60)", photo]).status == 0)
        let thumbnail = try run(binary, ["thumbnail", "--size", "normal", photo], environment: bare.merging(["XDG_CACHE_HOME": work.path + "/cache", "HOME": work.path]) { $1 })
        #expect(thumbnail.status == 0, "\(thumbnail.output)\(thumbnail.error)")
        let made = Self.files(under: work.appendingPathComponent("cache/thumbnails"))
        #expect(made.count == 1 && made.first?.hasPrefix("normal/") == true, "one normal-size thumbnail: \(made)")
    }

    @Test func theDebianPackageHoldsTheInstallAndPassesLintian() throws {
        let output = try Self.temporaryFolder("deb")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try Self.make(["deb", "DEB_DIR=\(output.path)"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let architecture = try run("dpkg", ["--print-architecture"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let version = try Self.version()
        let package = output.appendingPathComponent("flick_\(version)_\(architecture).deb").path
        try #require(FileManager.default.fileExists(atPath: package), "\(result.output)")
        let listing = try run("dpkg-deb", ["-c", package]).output
        let packaged = Set(listing.split(separator: "\n").filter { $0.hasPrefix("-") }.compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.map { String($0.dropFirst(2)) }
        })
        // Debian's copyright file names the licence; the copy beside the program is left out.
        #expect(packaged == Self.installLayout.subtracting(["usr/share/licenses/flick/COPYING"])
            .union(["usr/share/doc/flick/copyright", "usr/share/doc/flick/changelog.gz"]))
        #expect(listing.split(separator: "\n").allSatisfy { $0.contains(" root/root ") }, "files owned by root")

        let info = try run("dpkg-deb", ["-I", package]).output
        let depends = info.split(separator: "\n").first { $0.hasPrefix(" Depends: ") }.map(String.init) ?? ""
        // The libraries loaded when first needed too (libheif1, libjxl0.7, …, exempi, GIO, SDL2,
        // SDL_ttf, fontconfig).
        for library in ["libc6", "libsdl2-2.0-0", "libturbojpeg0", "libpng16-16", "libexif12", "libheif", "libjxl", "librsvg2-2", "libcairo2", "libraw",
                        "libsdl2-image-2.0-0", "libexempi8", "libglib2.0-0", "libsdl2-ttf-2.0-0", "libfontconfig1"] {
            #expect(depends.contains(library), "Depends names \(library): \(depends)")
        }
        #expect(!depends.lowercased().contains("swift"), "no Swift runtime package: \(depends)")

        let lintian = try run("lintian", ["--fail-on", "error,warning", package], timeout: 600)
        #expect(lintian.status == 0, "\(lintian.output)\(lintian.error)")
        #expect(!lintian.output.split(separator: "\n").contains { $0.hasPrefix("E: ") || $0.hasPrefix("W: ") }, "\(lintian.output)")
    }

    /// The libraries Flick loads when a file first needs them are not in its ELF header, so
    /// dpkg-shlibdeps cannot find them: debian/control lists their packages, and this holds
    /// that list to the libraries `CDeferredLibraries` loads, one package each.
    @Test func theDeferredLibrariesPackagesAreTheOnesDebianControlLists() throws {
        let loader = try String(contentsOf: Self.repository.appendingPathComponent("Sources/CDeferredLibraries/DeferredLibraries.c"), encoding: .utf8)
        // "libheif.so.1", and "libjxl.so." FLICK_DIGITS(…): a soname's start, its version from the headers.
        let names = loader.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("[FLICK_LIBRARY_"), let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
        #expect(names.count >= 10, "the loader's sonames: \(names)")
        let cache = try run("/sbin/ldconfig", ["-p"]).output
        var packages: Set<String> = []
        for name in names {
            // The library this machine has under that soname (or, versioned by the headers, that start).
            let path = try #require(cache.split(separator: "\n").lazy.compactMap { line -> String? in
                let fields = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
                guard let soname = fields.first, soname.hasPrefix(name), name.hasSuffix(".") || soname == name else { return nil }
                return fields.last.map(String.init)
            }.first, "no library \(name) on this machine")
            let owner = try run("dpkg", ["-S", URL(fileURLWithPath: path).resolvingSymlinksInPath().path]).output
            packages.insert(String(owner.prefix { $0 != ":" }))
        }
        let control = try String(contentsOf: Self.repository.appendingPathComponent("debian/control"), encoding: .utf8)
        let depends = control.components(separatedBy: "\nDepends:").last?.components(separatedBy: "\nRecommends:").first ?? ""
        let listed = Set(depends.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init).filter { !$0.hasPrefix("${") && !$0.isEmpty })
        #expect(listed == packages, "debian/control's Depends lists \(listed.sorted()), Flick loads \(packages.sorted())")
    }

    /// Launched as a file manager launches it, through GLib's launcher on the installed
    /// desktop entry: a folder opens as an album, an image opens in the pager.
    @Test func theInstalledDesktopEntryOpensFoldersAndImagesThroughGio() throws {
        let destination = try Self.install()
        defer { try? FileManager.default.removeItem(at: destination) }
        let colours: [(red: Int, green: Int, blue: Int)] = [(230, 40, 40), (40, 200, 60), (40, 80, 230)]
        let folder = try makeSolidColourFolder(colours)
        defer { try? FileManager.default.removeItem(at: folder) }
        let entry = destination.appendingPathComponent("usr/share/applications/\(Self.appID).desktop").path

        func launch(_ argument: String, in server: XvfbServer) throws -> (window: UInt, process: pid_t) {
            let home = try Self.temporaryFolder("gio-home")
            try FileManager.default.createDirectory(at: home.appendingPathComponent("config/flick"), withIntermediateDirectories: true)
            try Data().write(to: home.appendingPathComponent("config/flick/settings"))
            let environment = [
                "DISPLAY": server.display, "PATH": destination.appendingPathComponent("usr/bin").path + ":" + Self.systemPath,
                "HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config", "XDG_CACHE_HOME": home.path + "/cache",
                "XDG_DATA_HOME": home.path + "/data", "SDL_VIDEODRIVER": "x11",
                // Without a session bus GLib would autolaunch one for gio that outlives the
                // test (Flick itself starts none: LifetimeEndToEndTests).
                "DBUS_SESSION_BUS_ADDRESS": "disabled:",
            ]
            let launched = try run("gio", ["launch", entry, argument], environment: environment)
            #expect(launched.status == 0, "\(launched.output)\(launched.error)")
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                if let window = UInt(try server.xdotool("search", "--class", "flick").split(separator: "\n").first ?? ""),
                   let process = pid_t(try server.xdotool("getwindowpid", String(window))) {
                    return (window, process)
                }
                usleep(100_000)
            }
            throw HarnessError("no Flick window appeared after gio launch \(argument)")
        }
        func close(_ process: pid_t) {
            kill(process, SIGTERM)
            let deadline = Date().addingTimeInterval(10)
            while kill(process, 0) == 0 && Date() < deadline { usleep(50_000) }
        }

        do {
            let server = try XvfbServer()
            let (window, process) = try launch(folder.path, in: server)
            defer { close(process) }
            #expect(try server.xdotool("getwindowname", String(window)) == "\(folder.lastPathComponent) — Flick")
            let frame = try server.geometry(of: window)
            let (_, shown) = try server.waitForScreen { shot in
                colours.indices.allSatisfy { index in
                    let centre = cellCentre(index, in: frame)
                    return shot.matches(x: centre.x, y: centre.y, colours[index])
                }
            }
            #expect(shown, "the folder's photos in the grid")
        }
        do {
            let server = try XvfbServer()
            let (window, process) = try launch(folder.appendingPathComponent("photo_2.png").path, in: server)
            defer { close(process) }
            #expect(try server.xdotool("getwindowname", String(window)) == "photo_2.png — \(folder.lastPathComponent) — Flick")
            let frame = try server.geometry(of: window)
            let (_, shown) = try server.waitForScreen { shot in
                shot.matches(x: Int(frame.midX), y: Int(frame.midY), colours[1])
            }
            #expect(shown, "the image full screen in the pager")
        }
    }
}
