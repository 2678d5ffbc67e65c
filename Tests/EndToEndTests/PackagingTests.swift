import Foundation
import Testing

/// What a distribution installs from `packaging/`, checked by the desktop's own validators.
@Suite struct PackagingTests {
    static let packaging = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("packaging")

    @Test func theDesktopEntryIsValidAndOpensFoldersAndImages() throws {
        let entry = Self.packaging.appendingPathComponent("io.github.flick.Flick.desktop").path
        let result = try run("desktop-file-validate", [entry])
        #expect(result.status == 0 && result.output.isEmpty, "\(result.output)\(result.error)")
        let text = try String(contentsOfFile: entry, encoding: .utf8)
        #expect(text.contains("Exec=flick %f") && text.contains("StartupWMClass=flick"))
        #expect(text.contains("inode/directory") && text.contains("image/jpeg"))
    }

    @Test func theAppStreamMetadataIsValid() throws {
        let metainfo = Self.packaging.appendingPathComponent("io.github.flick.Flick.metainfo.xml").path
        let result = try run("appstreamcli", ["validate", "--no-net", metainfo])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        let text = try String(contentsOfFile: metainfo, encoding: .utf8)
        let version = try run(flickBinary, ["--version"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!version.isEmpty && text.contains("<release version=\"\(version)\""), "the newest release is this version, \(version)")
        #expect(text.contains("<launchable type=\"desktop-id\">io.github.flick.Flick.desktop</launchable>"))
    }

    @Test func theIconIsThereAtEveryHicolorSize() throws {
        for size in [16, 24, 32, 48, 64, 128, 256, 512] {
            let png = Self.packaging.appendingPathComponent("icons/io.github.flick.Flick-\(size).png").path
            let result = try run("identify", ["-format", "%w %h", png])
            #expect(result.output == "\(size) \(size)", "\(png): \(result.output)\(result.error)")
        }
    }
}
