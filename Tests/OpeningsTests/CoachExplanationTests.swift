// CoachExplanationTests: the annotator and its checks over the committed coach sources (openings/coach/*.pgn).
import ChessPGN
import Diagnostics
import Foundation
import Testing

@testable import Openings

@Suite struct CoachExplanationTests {
    static let coach = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("openings/coach")

    static func files() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: coach.path)) ?? []).filter { $0.hasSuffix(".pgn") }.sorted()
    }

    @Test(arguments: files())
    func everyLineMoveIsExplainedWithinLimits(_ name: String) throws {
        let text = String(decoding: try Data(contentsOf: Self.coach.appendingPathComponent(name)), as: UTF8.self)
        let reader = PGNReader(fileName: name, text: text)
        var builder = GameTreeBuilder(fileName: name)
        while try reader.readGame(&builder) {
            let tree = builder.game
            let lines = GameLines.lines(tree)
            #expect(!lines.isEmpty)
            let notes = Annotator().annotate(lines.map(\.request)).lines
            for (line, ann) in zip(lines, notes) {
                #expect(ann.count == line.nodes.count)
                for a in ann {
                    #expect(!a.explanation.isEmpty)
                    if a.source == .generated { #expect((20...220).contains(a.explanation.count), "\(name) \(a.san): \(a.explanation)") }
                }
            }
            let fromTree = ExplanationChecks.check(tree, file: name)
            let errors = fromTree.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(errors.map(\.text))")
            // The source-model variant finds the same things.
            var ignored: [Diagnostic] = []
            let source = SourceReader.source(from: tree, file: "openings/coach/" + name, diagnostics: &ignored)
            #expect(source != nil)
            if let source {
                let fromSource = ExplanationChecks.check(source: source)
                #expect(fromSource.map(\.code.string).sorted() == fromTree.map(\.code.string).sorted())
            }
        }
    }
}

extension CoachExplanationTests {
    /// Prints the checks' warnings over the coach sources (for review; `ANN_PRINT=1`).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ANN_PRINT"] == "1"))
    func printWarnings() throws {
        for name in Self.files() {
            let text = String(decoding: try Data(contentsOf: Self.coach.appendingPathComponent(name)), as: UTF8.self)
            let reader = PGNReader(fileName: name, text: text)
            var builder = GameTreeBuilder(fileName: name)
            while try reader.readGame(&builder) {
                for d in ExplanationChecks.check(builder.game, file: name) { print(d.text) }
            }
        }
    }
}

extension CoachExplanationTests {
    /// Prints every generated explanation over the coach sources, rules only (for review; `ANN_DUMP=1`).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["ANN_DUMP"] == "1"))
    func dumpGenerated() throws {
        for name in Self.files() {
            let text = String(decoding: try Data(contentsOf: Self.coach.appendingPathComponent(name)), as: UTF8.self)
            let reader = PGNReader(fileName: name, text: text)
            var builder = GameTreeBuilder(fileName: name)
            while try reader.readGame(&builder) {
                let lines = GameLines.lines(builder.game)
                for (l, notes) in zip(lines, Annotator().annotate(lines.map(\.request)).lines) {
                    for a in notes where a.source == .generated {
                        print("DUMP \(name) \(l.name ?? "main") \(a.ply) \(a.san) | \(a.motifs.map(\.kind.rawValue)) | \(a.explanation)")
                    }
                }
            }
        }
    }
}
