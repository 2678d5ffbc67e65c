// SPDX-License-Identifier: GPL-3.0-or-later
// localization-probe CATALOGUES: Flick's language set up as `flick` sets it up (from the
// environment, with the catalogues in CATALOGUES), then one line each: "{count} photo" for
// 0, 1, 2, 5 and 21, "Undo", a number, a file size and a date. The tests run it in a
// process of its own: a locale is the whole process's.
import Foundation
import Localization

Language.start(catalogues: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : nil)
for count in [0, 1, 2, 5, 21] { print(localizedPlural("{count} photo", "{count} photos", count: count)) }
print(localized("Undo"))
print(Language.number(1_234_567))
print(Language.fileSize(3_240_000))
print(Language.dateAndTime(Date(timeIntervalSince1970: 1_750_000_000), timeZone: TimeZone(identifier: "UTC")!))
