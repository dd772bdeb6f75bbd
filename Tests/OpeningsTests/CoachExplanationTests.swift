// CoachExplanationTests: the annotator and its checks over the committed coach sources (openings/coach/*.pgn).
import ChessPGN
import Diagnostics
import Foundation
import Testing

@testable import Explainer
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
            var ignored: [Diagnostic] = []
            let source = try #require(SourceReader.source(from: builder.game, file: "openings/coach/" + name, diagnostics: &ignored))
            let notes = Annotator().annotate(source: source).lines
            #expect(notes.count == source.lines.count)
            for (line, ann) in zip(source.lines, notes) {
                #expect(ann.count == line.ownMoves.count)
                for a in ann {
                    #expect(!a.explanation.isEmpty)
                    if a.source == .generated { #expect((20...220).contains(a.explanation.count), "\(name) \(a.san): \(a.explanation)") }
                }
            }
            let errors = ExplanationChecks.check(source: source).filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(errors.map(\.text))")
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
                var ignored: [Diagnostic] = []
                guard let source = SourceReader.source(from: builder.game, file: name, diagnostics: &ignored) else { continue }
                for d in ExplanationChecks.check(source: source) { print(d.text) }
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
                var ignored: [Diagnostic] = []
                guard let source = SourceReader.source(from: builder.game, file: name, diagnostics: &ignored) else { continue }
                for (l, notes) in zip(source.lines, Annotator().annotate(source: source).lines) {
                    for a in notes where a.source == .generated {
                        print("DUMP \(name) \(l.name) \(a.ply) \(a.san) | \(a.motifs.map(\.kind.rawValue)) | \(a.explanation)")
                    }
                }
            }
        }
    }
}
