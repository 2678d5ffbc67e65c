// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@testable import PhotoLibrary
import Testing

/// The format table is the one place a format is named: the desktop is offered Flick for
/// its types, and no name claims two formats.
@Suite struct FormatTableTests {
    static let packaging = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("packaging")

    @Test func theDesktopEntryOffersFlickForFoldersAndEveryTypeOfTheTable() throws {
        let entry = try String(contentsOf: Self.packaging.appendingPathComponent("io.github.flick.Flick.desktop"), encoding: .utf8)
        let line = try #require(entry.split(separator: "\n").first { $0.hasPrefix("MimeType=") })
        let types = line.dropFirst("MimeType=".count).split(separator: ";").map(String.init)
        #expect(types == ["inode/directory"] + ImageFormat.mimeTypes)
    }

    @Test func theAppStreamMetadataDeclaresEveryTypeOfTheTable() throws {
        let metainfo = try String(contentsOf: Self.packaging.appendingPathComponent("io.github.flick.Flick.metainfo.xml"), encoding: .utf8)
        let types = metainfo.components(separatedBy: "<mediatype>").dropFirst().compactMap { $0.components(separatedBy: "</mediatype>").first }
        #expect(types == ImageFormat.mimeTypes)
    }

    /// Every type is one shared-mime-info knows (by its name or an alias of it: image/heic),
    /// so the desktop can match files to it.
    @Test func everyTypeIsOneTheDesktopKnows() throws {
        let types = try String(contentsOfFile: "/usr/share/mime/types", encoding: .utf8).split(separator: "\n").map(String.init)
        let aliases = try String(contentsOfFile: "/usr/share/mime/aliases", encoding: .utf8).split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        let known = Set(types + aliases)
        for type in ImageFormat.mimeTypes {
            let isKnown = known.contains(type)
            #expect(isKnown, "shared-mime-info does not know \(type)")
        }
    }

    @Test func noNameClaimsTwoFormatsAndEachClaimsItsOwn() {
        var seen: [String: ImageFormat] = [:]
        for format in ImageFormat.allCases {
            for name in format.entry.extensions {
                #expect(seen[name] == nil, "\(name) claims \(format) and \(seen[name].map { "\($0)" } ?? "")")
                seen[name] = format
                #expect(ImageFormat.claimed(byExtension: name) == format)
            }
        }
        #expect(ImageFormat.claimed(byExtension: "txt") == nil)
    }
}
