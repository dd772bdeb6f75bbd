// ManifestImportsTests: every module a target imports is declared among its dependencies in Package.swift.
import Foundation
import Testing

/// SwiftPM lets a target import any module its dependencies bring along, so the manifest alone does not
/// keep the graph in docs/architecture.md honest; this test does.
@Suite struct ManifestImportsTests {
    /// Modules of the toolchain and the platform, which no manifest declares.
    static let platform: Set<String> = ["Foundation", "Darwin", "Glibc", "Musl", "Testing", "XCTest", "Dispatch", "os"]

    /// Each target's name, folder and declared dependencies (target and product names), read from Package.swift's
    /// `.target(name: "…", dependencies: [...])` entries (each entry runs to the next one).
    static func targets(_ manifest: String) -> [(name: String, folder: String, declared: Set<String>)] {
        let kinds = [".target(", ".executableTarget(", ".testTarget("]
        var starts: [(String.Index, Bool)] = []
        for k in kinds {
            var from = manifest.startIndex
            while let r = manifest.range(of: k, range: from..<manifest.endIndex) {
                starts.append((r.lowerBound, k == ".testTarget("))
                from = r.upperBound
            }
        }
        starts.sort { $0.0 < $1.0 }
        var out: [(String, String, Set<String>)] = []
        for (i, (start, isTest)) in starts.enumerated() {
            let end = i + 1 < starts.count ? starts[i + 1].0 : manifest.endIndex
            let entry = manifest[start..<end]
            let quoted = entry.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            guard let name = quoted.first else { continue }
            // `forge-bench` is imported as `forge_bench`.
            out.append((name, (isTest ? "Tests/" : "Sources/") + name, Set(quoted.dropFirst().map { $0.replacingOccurrences(of: "-", with: "_") })))
        }
        return out
    }

    /// The modules a Swift file imports (`import X`, `@testable import X`, `import struct X.Y`).
    static func imports(_ swift: String) -> Set<String> {
        var out = Set<String>()
        for line in swift.split(separator: "\n") {
            var words = line.split(separator: " ").map(String.init)
            if words.first == "@testable" { words.removeFirst() }
            guard words.first == "import", words.count >= 2 else { continue }
            let module = words.count >= 3 && ["struct", "class", "enum", "protocol", "func", "typealias", "var", "let"].contains(words[1])
                ? words[2] : words[1]
            out.insert(String(module.split(separator: ".")[0]))
        }
        return out
    }

    @Test func everyImportedModuleIsDeclared() throws {
        let manifest = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.targets(manifest)
        #expect(targets.count >= 20, "read \(targets.count) targets from Package.swift")
        var undeclared: [String] = []
        for t in targets {
            let files = Repository.files(under: t.folder, ending: ".swift")
            #expect(!files.isEmpty, "no Swift files under \(t.folder)")
            var used = Set<String>()
            for f in files { used.formUnion(Self.imports(try String(contentsOf: f, encoding: .utf8))) }
            for m in used.subtracting(Self.platform).subtracting(t.declared).subtracting([t.name]).sorted() {
                undeclared.append("\(t.name) imports \(m)")
            }
        }
        #expect(undeclared.isEmpty, "declare these in Package.swift: \(undeclared)")
    }

    @Test func theScannerFindsWhatItShould() {
        let swift = "// import Nothing\nimport ChessCore\n@testable import Pipeline\nimport struct Foundation.URL\nlet importance = 1\n"
        #expect(Self.imports(swift) == ["ChessCore", "Pipeline", "Foundation"])
        let manifest = #"""
            .target(name: "A", dependencies: ["B", .product(name: "GRDB", package: "GRDB.swift")]),
            .executableTarget(name: "forge-bench", dependencies: ["A"]),
            .testTarget(name: "ATests", dependencies: ["A"], resources: [.copy("Fixtures")]),
            """#
        let t = Self.targets(manifest)
        #expect(t.map(\.name) == ["A", "forge-bench", "ATests"])
        #expect(t.map(\.folder) == ["Sources/A", "Sources/forge-bench", "Tests/ATests"])
        #expect(t[0].declared.isSuperset(of: ["B", "GRDB"]) && !t[0].declared.contains("A"))
    }
}
