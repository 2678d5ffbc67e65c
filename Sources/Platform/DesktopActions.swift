// SPDX-License-Identifier: GPL-3.0-or-later
internal import CGio
import Foundation
import SystemPackage

/// Why the desktop did not do what was asked.
public enum DesktopProblem: Error, Equatable, Sendable {
    /// Nothing here does it: no file manager, no such application, neither the desktop
    /// portal nor GNOME's settings for a wallpaper (a bare window manager).
    case unavailable
    /// What the desktop said went wrong.
    case failed(String)
}

/// An application the desktop has for a type of file (its desktop entry's id and name).
public struct DesktopApplication: Hashable, Sendable {
    public let id: String
    public let name: String
    /// The user's (or the system's) default for the type.
    public let isDefault: Bool
}

/// What the desktop does with a photo on the user's word: show it in the file manager,
/// open it in another program, make it the wallpaper. Through GIO: the freedesktop.org
/// services on the session bus (FileManager1, the desktop portal), the applications'
/// desktop entries and the user's defaults (mimeapps.list), GNOME's settings. The calls
/// that go over the bus can wait (a service starting), up to `timeout`: make them off the
/// thread that draws. Each answers nil when done, else what went wrong.
public enum DesktopActions {
    /// How long a service on the bus is given to answer (it may be started for the call).
    public static let timeout: Duration = .seconds(10)
    /// Flick's own desktop entry: it is not offered to open its own photos with.
    public static let ownApplicationID = "io.github.flick.Flick.desktop"

    static var timeoutMilliseconds: Int32 { Int32(timeout.components.seconds * 1000) }

    /// The `file://` URI of `path` (escaped as the URI rules ask).
    public static func uri(of path: FilePath) -> String {
        path.withPlatformString { raw in
            // GLib's own escaping, without loading a GIO file system for it.
            let uri = g_filename_to_uri(raw, nil, nil)
            defer { g_free(uri) }
            return uri.map { String(cString: $0) } ?? "file://" + path.string
        }
    }

    /// Shows the file in the file manager, selected (FileManager1); where no file manager
    /// offers that, opens its folder in the desktop's application for folders.
    public static func showInFiles(_ path: FilePath) -> DesktopProblem? {
        if let problem = GIOLibrary.problem { return .failed(problem) }
        var message: UnsafeMutablePointer<CChar>?
        var missing: Int32 = 0
        if flick_file_manager_show(uri(of: path), timeoutMilliseconds, &message, &missing) == 0 { return nil }
        defer { g_free(message) }
        guard missing != 0 else { return .failed(String(cString: message!)) }
        return openFolder(path.removingLastComponent())
    }

    /// A new message in the user's mail program with `files` attached: through the desktop
    /// portal's Email (the files handed over open, so they may go once it answers), else
    /// `xdg-email --attach` (the files must stay until the message is sent).
    public static func composeEmail(attaching files: [FilePath]) -> Result<MailWay, DesktopProblem> {
        if let problem = GIOLibrary.problem { return .failure(.failed(problem)) }
        let fds = files.map { path in path.withPlatformString { Glibc.open($0, O_RDONLY | O_CLOEXEC) } }
        defer { for fd in fds where fd >= 0 { close(fd) } }
        guard !fds.contains(where: { $0 < 0 }) else { return .failure(.failed(String(cString: strerror(errno)))) }
        var message: UnsafeMutablePointer<CChar>?
        var missing: Int32 = 0
        if flick_portal_compose_email(fds, Int32(fds.count), timeoutMilliseconds, &message, &missing) == 0 { return .success(.portal) }
        defer { g_free(message) }
        guard missing != 0 else { return .failure(.failed(String(cString: message!))) }
        let arguments = ["xdg-email"] + files.flatMap { ["--attach", $0.string] }
        var spawnMessage: UnsafeMutablePointer<CChar>?
        defer { g_free(spawnMessage) }
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let pid = flick_spawn_program(&argv, &spawnMessage)
        guard pid > 0 else { return .failure(.unavailable) }
        // xdg-email says within moments whether a mail program took the message (exit 0)
        // or none is set up (3, 4); one that waits on the mail program is left to it.
        var status: Int32 = 0
        for _ in 0..<Int(mailerWait * 20) {
            if waitpid(pid, &status, WNOHANG) == pid {
                let code = (status >> 8) & 0xFF
                return code == 0 ? .success(.mailer) : .failure(code == 3 || code == 4 ? .unavailable : .failed("xdg-email: \(code)"))
            }
            usleep(50_000)
        }
        DispatchQueue.global(qos: .utility).async { _ = waitpid(pid, nil, 0) }
        return .success(.mailer)
    }

    /// How long xdg-email is given to say whether a mail program took the message, seconds.
    static let mailerWait = 10.0

    /// How a message was handed over.
    public enum MailWay: Equatable, Sendable {
        /// The desktop portal read the files: they may go at once.
        case portal
        /// xdg-email opened the mail program on their paths: they must stay for a while.
        case mailer
    }

    private static func openFolder(_ folder: FilePath) -> DesktopProblem? {
        guard let info = g_app_info_get_default_for_type("inode/directory", 0) else { return .unavailable }
        defer { unref(info) }
        return launch(info, on: folder) == nil ? nil : .unavailable
    }

    /// Starts the application `info` on `path`, as a program started from a terminal
    /// starts: no signal blocked or ignored (`flick_launch_application`). Returns why not.
    private static func launch(_ info: OpaquePointer, on path: FilePath) -> String? {
        var message: UnsafeMutablePointer<CChar>?
        guard flick_launch_application(info, uri(of: path), &message) != 0 else { return nil }
        defer { g_free(message) }
        return message.map { String(cString: $0) } ?? ""
    }

    /// The applications that open files like `path`: the user's default first, then the
    /// others that say they can (by name), never Flick itself.
    public static func applications(for path: FilePath) -> [DesktopApplication] {
        guard GIOLibrary.problem == nil else { return [] }
        var found: [DesktopApplication] = []
        forEachApplication(for: path) { info, isDefault in
            guard isDefault || g_app_info_should_show(info) != 0, let application = application(info, isDefault: isDefault),
                  !found.contains(where: { $0.id == application.id }) else { return false }
            found.append(application)
            return false
        }
        let preferred = found.prefix { $0.isDefault }
        return preferred + found.dropFirst(preferred.count).sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }

    /// Opens `path` in the application `id` (one `applications(for:)` gave).
    public static func open(_ path: FilePath, with id: String) -> DesktopProblem? {
        if let problem = GIOLibrary.problem { return .failed(problem) }
        var problem: DesktopProblem? = .unavailable
        forEachApplication(for: path) { info, _ in
            guard let infoID = g_app_info_get_id(info), String(cString: infoID) == id else { return false }
            problem = launch(info, on: path).map(DesktopProblem.failed)
            return true
        }
        return problem
    }

    /// The user's default application for files like `path` (where there is one, it may
    /// be a program that only mimeapps.list names), then every one registered for their
    /// type, until `visit` says it is done.
    private static func forEachApplication(for path: FilePath, _ visit: (OpaquePointer, _ isDefault: Bool) -> Bool) {
        let type = path.withPlatformString { g_content_type_guess($0, nil, 0, nil) }
        defer { g_free(type) }
        guard let type else { return }
        if let preferred = g_app_info_get_default_for_type(type, 0) {
            defer { unref(preferred) }
            if visit(preferred, true) { return }
        }
        let all = g_app_info_get_all_for_type(type)
        defer { g_list_free_full(all, g_object_unref) }
        var node = all
        while let current = node {
            if let data = current.pointee.data, visit(OpaquePointer(data), false) { return }
            node = current.pointee.next
        }
    }

    /// GObjects come to Swift as opaque pointers; g_object_unref takes a raw one.
    private static func unref(_ object: OpaquePointer?) {
        if let object { g_object_unref(UnsafeMutableRawPointer(object)) }
    }

    private static func application(_ info: OpaquePointer, isDefault: Bool) -> DesktopApplication? {
        guard let id = g_app_info_get_id(info).map({ String(cString: $0) }), id != ownApplicationID else { return nil }
        let name = g_app_info_get_display_name(info).map { String(cString: $0) } ?? id
        return DesktopApplication(id: id, name: name, isDefault: isDefault)
    }

    /// How the wallpaper was set.
    public enum WallpaperWay: Equatable, Sendable {
        /// The desktop portal took it (GNOME, KDE and others through xdg-desktop-portal).
        case portal
        /// GNOME's settings point at a copy in the user's backgrounds folder.
        case gnomeSettings(FilePath)
    }


    /// Makes `path` the desktop's wallpaper: through the desktop portal where one runs,
    /// else GNOME's settings (on a GNOME-family desktop, with a copy of the photo in
    /// `$XDG_DATA_HOME/backgrounds`, as GNOME's Settings makes, so the wallpaper stays when
    /// the photo goes to the Trash).
    public static func setWallpaper(_ path: FilePath) -> Result<WallpaperWay, DesktopProblem> {
        if let problem = GIOLibrary.problem { return .failure(.failed(problem)) }
        var message: UnsafeMutablePointer<CChar>?
        var missing: Int32 = 0
        if flick_portal_set_wallpaper(uri(of: path), timeoutMilliseconds, &message, &missing) == 0 { return .success(.portal) }
        defer { g_free(message) }
        guard missing != 0 else { return .failure(.failed(String(cString: message!))) }
        return setGNOMEWallpaper(path)
    }

    static let backgroundSchema = "org.gnome.desktop.background"

    /// Desktops that draw their wallpaper from GNOME's settings.
    static func isGNOMEFamily(_ currentDesktop: String?) -> Bool {
        let names = (currentDesktop ?? "").split(separator: ":").map { $0.lowercased() }
        return names.contains { ["gnome", "unity", "budgie", "pantheon", "gnome-flashback", "gnome-classic"].contains($0) }
    }

    private static func setGNOMEWallpaper(_ path: FilePath) -> Result<WallpaperWay, DesktopProblem> {
        guard isGNOMEFamily(ProcessInfo.processInfo.environment["XDG_CURRENT_DESKTOP"]),
              let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, backgroundSchema, 1) else { return .failure(.unavailable) }
        defer { g_settings_schema_unref(schema) }
        let copy: FilePath
        switch copyToBackgrounds(path) {
        case let .success(copied): copy = copied
        case let .failure(problem): return .failure(problem)
        }
        guard let settings = g_settings_new_full(schema, nil, nil) else { return .failure(.unavailable) }
        defer { g_object_unref(settings) }
        let copyURI = uri(of: copy)
        for key in ["picture-uri", "picture-uri-dark"] where g_settings_schema_has_key(schema, key) != 0 {
            g_settings_set_string(settings, key, copyURI)
        }
        if g_settings_schema_has_key(schema, "picture-options") != 0 {
            // Filled edge to edge, as a photo wants.
            g_settings_set_string(settings, "picture-options", "zoom")
        }
        g_settings_sync()
        return .success(.gnomeSettings(copy))
    }

    /// `$XDG_DATA_HOME/backgrounds`, by default under `$HOME` (as the Trash and the settings
    /// are: not the password database's home, which a session may not use).
    static func backgroundsFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> FilePath {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return FilePath(dataHome).appending("backgrounds")
    }

    /// A copy of the photo in the user's backgrounds folder (the photo's own bytes).
    private static func copyToBackgrounds(_ path: FilePath) -> Result<FilePath, DesktopProblem> {
        let folder = backgroundsFolder()
        guard let name = path.lastComponent else { return .failure(.failed("no file name")) }
        let copy = folder.appending(name)
        do {
            try FileManager.default.createDirectory(atPath: folder.string, withIntermediateDirectories: true)
            let temporary = folder.appending(".flick-\(getpid())-" + name.string)
            _ = try? FileManager.default.removeItem(atPath: temporary.string)
            try FileManager.default.copyItem(atPath: path.string, toPath: temporary.string)
            guard rename(temporary.string, copy.string) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            return .failure(.failed(error.localizedDescription))
        }
        return .success(copy)
    }
}
