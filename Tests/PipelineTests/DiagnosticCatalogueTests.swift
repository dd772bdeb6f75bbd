// DiagnosticCatalogueTests: the modules' code catalogues are the only source of codes, each code is declared once,
// and --list-checks, docs/checks.md and README's table of families show every one.
import BundleStore
import ChessPGN
import Diagnostics
import Foundation
import Openings
import Pipeline
import Testing
import UCIEngine
import Words

@Suite struct DiagnosticCatalogueTests {
    static var codePattern: Regex<(Substring, Substring)> { /"([A-Z]{2,3}[0-9]{3})"/ }

    @Test func everyCodeIsWellFormedAndDeclaredOnce() {
        let all = DiagnosticCatalogue.modules.flatMap(\.codes)
        #expect(all.count >= 160)
        #expect(all.filter { !$0.isWellFormed }.map(\.string) == [])
        #expect(all.filter { $0.summary.isEmpty }.map(\.string) == [])
        // No two codes share a family and number, within a module or across modules.
        var seen: [String: String] = [:]
        var shared: [String] = []
        for (module, codes) in DiagnosticCatalogue.modules {
            for c in codes {
                if let other = seen["\(c.family)\(c.number ?? -1)"] { shared.append("\(c.string): \(other) and \(module)") }
                seen["\(c.family)\(c.number ?? -1)"] = module
            }
        }
        #expect(shared == [])
        #expect(DiagnosticCatalogue.all.count == all.count)
    }

    @Test func membersKeepTheirNumbersAndSeverities() {
        #expect(PGNCode.illegalMove.string == "PGN102" && PGNCode.illegalMove.severity == .error)
        #expect(PGNCode.missingResult.string == "PGN113" && PGNCode.missingResult.severity == .warning)
        #expect(ChessCoreCode.code(for: "POS003") == ChessCoreCode.pawnsOnBackrank)
        #expect(ChessCoreCode.code(for: "POS003").summary == "a pawn stands on the first or last rank")
        #expect(ValidatorCode.learnerMoveNearLimit.string == "VAL221" && ValidatorCode.learnerMoveNearLimit.severity == .warning)
        // The collision of 2026-11: BND401-403 are the bundle store's alone; the build's are BLD105 and BND420.
        #expect(BundleCode.rejectedContent.string == "BND401")
        #expect(BuildCode.noAnalysis.string == "BLD105")
        #expect(DiagnosticCatalogue.entry(for: "BND402")?.summary == "the written bundle fails PRAGMA integrity_check")
        #expect(WordsCode.noDictionary.string == "WRD510" && EngineCode.gaveUp.string == "UCI108" && IOCode.cannotCreate.string == "IO102")
    }

    @Test func listChecksPrintsEveryCodeOnceInOrder() {
        let lines = DiagnosticCatalogue.listing.split(separator: "\n")
        #expect(lines.count == DiagnosticCatalogue.all.count)
        #expect(lines.map { String($0.prefix { $0 != " " }) } == DiagnosticCatalogue.all.map(\.string))
        #expect(lines.first { $0.hasPrefix("PGN102 ") } == "PGN102   error    a move that is not legal in the position")
        #expect(DiagnosticCatalogue.all.map(\.string) == DiagnosticCatalogue.all.sorted().map(\.string))
    }

    @Test func everyCodeIsOnTheChecksPage() throws {
        let page = try String(contentsOf: Repository.root.appendingPathComponent("docs/checks.md"), encoding: .utf8)
        let missing = DiagnosticCatalogue.all.filter { c in !page.contains("\n\(c.string) ") }
        #expect(missing.map(\.string) == [], "run scripts/checks-doc.sh")
    }

    /// A code's family with its hundreds digit, as README's table writes it: `PGN1xx` for PGN102.
    static func range(_ c: DiagnosticCode) -> String { "\(c.family)\((c.number ?? 0) / 100)xx" }

    @Test func readmeTableNamesEveryFamily() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let table = readme.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains("xx") }.joined(separator: "\n")
        let missing = Set(DiagnosticCatalogue.all.map(Self.range)).filter { !table.contains($0) }
        #expect(missing.sorted() == [], "README's table of code families lacks these")
        #expect(table.split(separator: "\n").count <= 12)
        #expect(table.contains("docs/checks.md") || readme.contains("](docs/checks.md)"))
    }

    /// Every string literal in Sources/ that looks like a code is catalogued, and is written in a catalogue
    /// file: a new bare string anywhere else fails here.
    @Test func noBareCodeStringsInSources() throws {
        let sources = Repository.root.appendingPathComponent("Sources")
        let known = Set(DiagnosticCatalogue.all.map(\.string))
        var uncatalogued: [String] = []
        var outsideCatalogues: [String] = []
        var seen = 0
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.drop { $0 == " " }
                if trimmed.hasPrefix("//") { continue }
                for m in line.matches(of: Self.codePattern) {
                    seen += 1
                    let code = String(m.output.1)
                    if !known.contains(code) { uncatalogued.append("\(file): \(code)") }
                    if !Self.mayHoldCodeStrings(file) { outsideCatalogues.append("\(file): \(code)") }
                }
            }
        }
        #expect(seen >= DiagnosticCatalogue.all.count)
        #expect(uncatalogued == [])
        #expect(outsideCatalogues.sorted() == [], "use the catalogue's member (PGNCode.illegalMove), not the string")
    }

    /// Catalogue files, and ChessCore (which imports nothing, not even Diagnostics: its errors carry plain
    /// strings that `ChessCoreCode` catalogues).
    static func mayHoldCodeStrings(_ file: String) -> Bool {
        file.hasSuffix("Codes.swift") || file == "ChessPGN/PGNCode.swift" || file.hasPrefix("ChessCore/")
    }

    @Test func bareStringScanFindsAStrayCode() {
        let line = #"    d.append(Diagnostic(DiagnosticCode("PGN199", .error, "a test code"), "x"))"#
        #expect(line.matches(of: Self.codePattern).map { String($0.output.1) } == ["PGN199"])
        #expect(!Self.mayHoldCodeStrings("Pipeline/Build/BuildRun.swift"))
        #expect(Self.mayHoldCodeStrings("Words/WordsCodes.swift"))
    }
}
