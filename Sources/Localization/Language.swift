// SPDX-License-Identifier: GPL-3.0-or-later
import CIntl
import Foundation
import Synchronization

/// The user's language: Flick's words from GNU gettext's catalogue "flick" (the desktop's
/// convention, so translators use the tools they know), and numbers, sizes and dates in the
/// user's formats.
///
/// Until `start` is called every word is Flick's English and every format the neutral one;
/// the decode helpers and the tests stay that way.
public enum Language {
    public static let textDomain = "flick"

    /// Takes the locale from the environment (LANG, LC_*, LANGUAGE) and says where the
    /// compiled catalogues are. Numbers stay C's for the C libraries Flick calls (a decimal
    /// comma would break the ones that print or parse numbers); Flick formats its own.
    public static func start(catalogues: String?) {
        if setlocale(LC_ALL, "") == nil {
            // One category the system lacks (say LC_TIME=de_DE when only en_US is
            // generated) fails them all; take what does exist.
            for category in [LC_CTYPE, LC_MESSAGES, LC_COLLATE] { _ = setlocale(category, "") }
        }
        _ = setlocale(LC_NUMERIC, "C")
        if let catalogues { _ = bindtextdomain(textDomain, catalogues) }
        _ = bind_textdomain_codeset(textDomain, "UTF-8")
        _ = textdomain(textDomain)
        let chosen = Formats(numbers: formatLocale(category: "LC_NUMERIC"), time: formatLocale(category: "LC_TIME"))
        formats.withLock { $0 = chosen }
    }

    /// Where the compiled catalogues are for a binary at `executable`: installed, beside it
    /// in `../share/locale` (/usr/bin → /usr/share/locale); built, `make build` puts them
    /// in the build folder's `locale` (.build/<triple>/release → .build/<triple>/locale).
    public static func catalogues(besideExecutable executable: String) -> String? {
        let binFolder = (executable as NSString).deletingLastPathComponent
        let parent = (binFolder as NSString).deletingLastPathComponent
        return [parent + "/share/locale", parent + "/locale"].first { folder in
            FileManager.default.fileExists(atPath: folder + "/")
                && ((try? FileManager.default.contentsOfDirectory(atPath: folder))?.contains {
                    FileManager.default.fileExists(atPath: "\(folder)/\($0)/LC_MESSAGES/\(textDomain).mo")
                } ?? false)
        }
    }

    /// The locale numbers, sizes and dates are written in: LC_ALL, else the category's own
    /// variable, else LANG, as POSIX orders them; nil for C and POSIX (Flick's neutral formats).
    public static func formatLocale(category: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Locale? {
        let name = ["LC_ALL", category, "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let name else { return nil }
        let identifier = String(name.prefix { $0 != "." && $0 != "@" })
        guard !identifier.isEmpty, identifier != "C", identifier != "POSIX" else { return nil }
        return Locale(identifier: identifier)
    }

    struct Formats: Sendable {
        var numbers: Locale?
        var time: Locale?
    }

    /// The locales numbers and dates are written in; Flick's neutral formats (nil) until `start`.
    static let formats = Mutex(Formats(numbers: nil, time: nil))
}
