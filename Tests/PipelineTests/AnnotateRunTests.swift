// AnnotateRunTests: `forge annotate` through Pipeline (jsonl keys and order, PGN comments, bad input) and the real engine's judgements.
import ChessCore
import ChessPGN
import Diagnostics
import Explainer
import Foundation
import Openings
import Testing
import UCIEngine

@testable import Pipeline

private func fixture(_ name: String) -> String { (Bundle.module.resourcePath ?? ".") + "/Fixtures/annotate/" + name }
private let stockfish = "/usr/games/stockfish"
private func temp(_ name: String) -> String { NSTemporaryDirectory() + "annotate-\(getpid())-\(name)" }

@Suite(.serialized) struct AnnotateRunTests {
    @Test func jsonlHasOneObjectPerMainlineMoveWithTheKeysInOrder() throws {
        let out = temp("a.jsonl")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let report = runAnnotate(AnnotateConfiguration(file: fixture("italian.pgn"), format: .jsonl, engine: nil, outputPath: out))
        #expect(report.outcome == .ok, "\(report.diagnostics.map(\.text))")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 25)
        for (i, l) in lines.enumerated() {
            #expect(l.hasPrefix("{\"ply\":\(i + 1),\"san\":"))
            let keys = ["\"ply\"", "\"san\"", "\"uci\"", "\"fenBefore\"", "\"motifs\"", "\"concepts\"", "\"explanation\"", "\"source\"", "\"arrows\"", "\"answer\"", "\"claim\""]
            let positions = keys.compactMap { l.range(of: $0)?.lowerBound }
            #expect(positions.count == keys.count && positions == positions.sorted(), "key order in \(l)")
            let o = try #require(try JSONSerialization.jsonObject(with: Data(l.utf8)) as? [String: Any])
            #expect(o["source"] as? String == (i == 4 ? "authored" : "generated"))
            let motifs = o["motifs"] as? [[String: Any]] ?? []
            #expect(motifs.allSatisfy { $0["name"] is String && $0["squares"] is [String] })
            // Black's moves (the opponent's) carry White's answer apart from the text; White's own moves carry none.
            let answer = o["answer"] as? [String: Any]
            if i % 2 == 1 && i < 24 {
                let san = try #require(answer?["san"] as? String)
                #expect(answer?["arrows"] as? [String] == ["G" + ((answer?["uci"] as? String) ?? "").prefix(4)])
                #expect(!(o["explanation"] as? String ?? "").split(separator: " ").contains { $0.trimmingCharacters(in: .punctuationCharacters) == san })
            } else {
                #expect(answer == nil)
            }
            #expect(o["claim"] is NSNull, "no engine, no claim: \(l)")
        }
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["fenBefore"] as? String == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
        #expect(first["uci"] as? String == "e2e4")
        #expect((first["concepts"] as? [String])?.contains("centre control") == true)

        // Same input, same bytes.
        let again = temp("b.jsonl")
        defer { try? FileManager.default.removeItem(atPath: again) }
        _ = runAnnotate(AnnotateConfiguration(file: fixture("italian.pgn"), format: .jsonl, engine: nil, outputPath: again))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: URL(fileURLWithPath: again)))
    }

    @Test func pgnKeepsAuthoredCommentsAndAddsExplanationsWithArrows() throws {
        let out = temp("a.pgn")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let report = runAnnotate(AnnotateConfiguration(file: fixture("italian.pgn"), format: .pgn, engine: nil, outputPath: out))
        #expect(report.outcome == .ok)
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let reader = PGNReader(fileName: out, text: text)
        var builder = GameTreeBuilder(fileName: out)
        #expect(try reader.readGame(&builder))
        let tree = builder.game
        #expect(!tree.hasErrors)
        let main = tree.mainline
        #expect(main.count == 25)
        // The authored comment on 3.Bc4 is kept alone.
        #expect(tree.nodes[main[4]].comments.map(\.text) == ["The bishop aims at f7, the weakest square near Black's king."])
        for (i, n) in main.enumerated() where n != main[4] {
            let c = tree.nodes[n].comments
            #expect(c.count == 1 && (20...220).contains(c[0].text.count))
            // The learner's (White's) moves get their green arrow; the opponent's moves no answer arrow.
            let green = c[0].commands.contains { if case .arrows(let a) = $0 { a.contains { $0.color.letter == "G" } } else { false } }
            #expect(green == (i % 2 == 0), "ply \(i + 1): \(c[0].commands)")
        }
        // The deviation's moves are explained too, and its [%dev] marker is still first.
        var ignored: [Diagnostic] = []
        let source = try #require(SourceReader.source(from: tree, file: out, diagnostics: &ignored))
        #expect(source.lines.count == 2)
        #expect(source.lines[1].name == "Two Knights")
        #expect(source.lines[1].ownMoves.allSatisfy { $0.node.map { !tree.nodes[$0].comments.isEmpty } == true })
    }

    @Test func badInputIsReportedWithItsPlace() {
        let report = runAnnotate(AnnotateConfiguration(file: fixture("bad.pgn"), format: .jsonl, engine: nil, outputPath: temp("bad.jsonl")))
        #expect(report.outcome == .inputErrors)
        #expect(report.diagnostics.contains { $0.severity == .error && $0.location?.line == 4 })
        let missing = runAnnotate(AnnotateConfiguration(file: fixture("nope.pgn"), engine: nil, outputPath: temp("nope")))
        #expect(missing.outcome == .noInput)  // an input that cannot be opened: 66, as pgn2fen
        #expect(missing.diagnostics.first?.code == "PGN130")
    }

    @Test func anOutputThatCannotBeCreatedExits73() {
        let report = runAnnotate(AnnotateConfiguration(file: fixture("italian.pgn"), format: .jsonl, engine: nil,
                                                       outputPath: "/nonexistent-dir-\(getpid())/out.jsonl"))
        #expect(report.outcome == .cannotCreate)
        #expect(report.diagnostics.contains { $0.code == "IO102" })
    }

    @Test func missingEngineExits69() {
        let report = runAnnotate(AnnotateConfiguration(file: fixture("italian.pgn"),
                                                       engine: EngineConfiguration(enginePath: "/nonexistent/stockfish", cacheDirectory: nil),
                                                       outputPath: temp("x.pgn")))
        #expect(report.outcome == .engineUnavailable)
    }

    // MARK: the real engine

    func realAnnotator() throws -> (Annotator, AnalyzerOracle) {
        let oracle = try makeEngineOracle(
            EngineConfiguration(enginePath: stockfish, jobs: 1, profile: AnalysisProfile(nodes: 40_000, multiPV: 3), cacheDirectory: nil),
            progress: nil)
        return (Annotator(oracle: oracle), oracle)
    }

    static func line(_ sans: String) throws -> [LineMove] {
        var p = Position.standard
        var out: [LineMove] = []
        for san in sans.split(separator: " ") {
            let m = try p.move(san: san)
            out.append(LineMove(before: p, move: m))
            p.playUnchecked(m)
        }
        return out
    }
}

extension AnnotateRunTests {
    /// The two cases where `forge annotate`'s old walker (GameLines) and the validator's reader (SourceReader)
    /// read a source differently, decided when annotate moved onto the reader:
    /// - `[LearnerSide "black"]`: the old walker took any case; the reader takes `White` or `Black` only, as the
    ///   validator always did, so annotate now reports VAL203 (exit 1) and explains from White's side.
    /// - an unmarked variation (an alternative, `1... c5` here): the old walker skipped it; the bundle ships its
    ///   explanations, so annotate now shows them too.
    /// Every other committed source annotates byte for byte as before (checked when the walker went).
    @Test func whereTheOldReadersDisagreedTheReaderDecides() throws {
        let out = temp("disagreed.pgn")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let report = runAnnotate(AnnotateConfiguration(file: fixture("readers-disagreed.pgn"), format: .pgn, engine: nil, outputPath: out))
        #expect(report.outcome == .inputErrors)
        #expect(report.diagnostics.map(\.code.string) == ["VAL203"])
        #expect(report.diagnostics.first?.location?.line == 2)
        let golden = try String(contentsOfFile: fixture("readers-disagreed.annotated.pgn"), encoding: .utf8)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == golden)
        #expect(golden.contains("{Instead of e5, c5 controls the central square d4"))  // the alternative is explained
    }
}
