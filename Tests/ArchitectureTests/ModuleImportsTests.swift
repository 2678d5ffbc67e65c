// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The house as ARCHITECTURE.md draws it: each target imports only what Package.swift says
/// it depends on (SwiftPM lets a target import what its dependencies import, so an
/// undeclared import would go unnoticed), the views sit above no codec and no model, and no
/// file grows past what one reader holds in mind.
@Suite struct ModuleImportsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The toolchain's and the system's own modules, which no target declares.
    static let systemModules: Set<String> = ["Foundation", "FoundationEssentials", "Glibc", "Dispatch", "Testing", "Synchronization", "_Concurrency"]

    struct Target {
        let name: String
        let folder: URL
        let dependencies: Set<String>
    }

    /// Package.swift's targets: names, folders and the modules they depend on.
    static func targets() throws -> [Target] {
        let manifest = try String(contentsOf: repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        var found: [Target] = []
        for kind in [".target(", ".executableTarget(", ".testTarget("] {
            for chunk in manifest.components(separatedBy: kind).dropFirst() {
                // The call, up to its closing parenthesis at depth zero.
                var depth = 1, end = chunk.startIndex
                for index in chunk.indices {
                    if chunk[index] == "(" { depth += 1 } else if chunk[index] == ")" { depth -= 1; if depth == 0 { end = index; break } }
                }
                let call = String(chunk[..<end])
                guard let name = call.firstMatch(of: /name: "([^"]+)"/)?.1 else { continue }
                var dependencies: Set<String> = []
                if let list = call.firstMatch(of: /dependencies: \[([^\]]*)\]/)?.1 {
                    // A product by its name ("ArgumentParser"), its module the same but for
                    // swift-system's ("SystemPackage").
                    for match in list.matches(of: /"([^"]+)"/) {
                        dependencies.insert(String(match.1))
                    }
                }
                let path = call.firstMatch(of: /path: "([^"]+)"/).map { String($0.1) }
                    ?? (kind == ".testTarget(" ? "Tests/\(name)" : "Sources/\(name)")
                found.append(Target(name: String(name), folder: repository.appendingPathComponent(path), dependencies: dependencies))
            }
        }
        return found
    }

    static func swiftFiles(under folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    /// The modules a file imports.
    static func imports(in file: URL) throws -> Set<String> {
        let text = try String(contentsOf: file, encoding: .utf8)
        return Set(text.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^(?:@testable |internal |public |private |@_exported )?import (?:struct |class |enum |func )?([A-Za-z_][A-Za-z0-9_]*)/).map { String($0.1) }
        })
    }

    @Test func everyTargetImportsOnlyWhatItDeclares() throws {
        let targets = try Self.targets()
        #expect(targets.count > 20, "Package.swift's targets were found: \(targets.map(\.name))")
        for target in targets {
            for file in Self.swiftFiles(under: target.folder) {
                for module in try Self.imports(in: file) where !Self.systemModules.contains(module) && module != target.name {
                    #expect(target.dependencies.contains(module),
                            "\(file.path.dropFirst(Self.repository.path.count + 1)) imports \(module), which \(target.name) does not declare")
                }
            }
        }
    }

    /// The views see the album through PhotoSources' protocols: they build on no codec and
    /// no model, and their tests need neither.
    @Test func theViewsBuildOnNoCodecAndNoModel() throws {
        let targets = try Self.targets()
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func closure(of name: String) -> Set<String> {
            var seen: Set<String> = [], queue = [name]
            while let next = queue.popLast() {
                for dependency in byName[next]?.dependencies ?? [] where seen.insert(dependency).inserted { queue.append(dependency) }
            }
            return seen
        }
        #expect(!closure(of: "Components").contains("Browser"), "the views sit under the browser, not over it")
        for name in ["Components", "Browser", "PhotoSources"] {
            let reached = closure(of: name)
            for forbidden in ["PhotoLibrary", "Album", "Pictures", "Platform", "CSDL2"] {
                #expect(!reached.contains(forbidden), "\(name) builds on \(forbidden)")
            }
        }
    }

    @Test func noSwiftFileIsLongerThanSixHundredLinesAndTheExecutableIsWiringOnly() throws {
        func lines(_ file: URL) throws -> Int {
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
        }
        let files = ["Sources", "Tests", "Benchmarks"].flatMap { Self.swiftFiles(under: Self.repository.appendingPathComponent($0)) }
        #expect(files.count > 200, "the sources, tests and benchmarks were found")
        for file in files {
            let count = try lines(file)
            #expect(count <= 600, "\(file.path.dropFirst(Self.repository.path.count + 1)) has \(count) lines")
        }
        let executable = try Self.swiftFiles(under: Self.repository.appendingPathComponent("Sources/flick")).map(lines).reduce(0, +)
        #expect(executable > 100 && executable < 600, "Sources/flick has \(executable) lines: wiring belongs there, the rest in the modules")
    }
}
