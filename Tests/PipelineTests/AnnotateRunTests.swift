// AnnotateRunTests: `forge annotate` through Pipeline (jsonl keys and order, PGN comments, bad input) and the real engine's judgements.
import ChessCore
import ChessPGN
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
        #expect(report.exitCode == 0, "\(report.diagnostics.map(\.text))")
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 25)
        for (i, l) in lines.enumerated() {
            #expect(l.hasPrefix("{\"ply\":\(i + 1),\"san\":"))
            let keys = ["\"ply\"", "\"san\"", "\"uci\"", "\"fen\"", "\"motifs\"", "\"concepts\"", "\"explanation\"", "\"source\"", "\"arrows\""]
            let positions = keys.compactMap { l.range(of: $0)?.lowerBound }
            #expect(positions.count == keys.count && positions == positions.sorted(), "key order in \(l)")
            let o = try #require(try JSONSerialization.jsonObject(with: Data(l.utf8)) as? [String: Any])
            #expect(o["source"] as? String == (i == 4 ? "authored" : "generated"))
            let motifs = o["motifs"] as? [[String: Any]] ?? []
            #expect(motifs.allSatisfy { $0["name"] is String && $0["squares"] is [String] })
        }
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["fen"] as? String == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
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
        #expect(report.exitCode == 0)
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
        for n in main where n != main[4] {
            let c = tree.nodes[n].comments
            #expect(c.count == 1 && (40...220).contains(c[0].text.count))
            #expect(c[0].commands.contains { if case .arrows = $0 { true } else { false } })
        }
        // The deviation's moves are explained too, and its [%dev] marker is still first.
        let lines = GameLines.lines(tree)
        #expect(lines.count == 2)
        #expect(lines[1].name == "Two Knights")
        #expect(lines[1].nodes.allSatisfy { !tree.nodes[$0].comments.isEmpty })
    }

    @Test func badInputIsReportedWithItsPlace() {
        let report = runAnnotate(AnnotateConfiguration(file: fixture("bad.pgn"), format: .jsonl, engine: nil, outputPath: temp("bad.jsonl")))
        #expect(report.exitCode == 1)
        #expect(report.diagnostics.contains { $0.severity == .error && $0.location?.line == 4 })
        let missing = runAnnotate(AnnotateConfiguration(file: fixture("nope.pgn"), engine: nil, outputPath: temp("nope")))
        #expect(missing.exitCode == 1)
        #expect(missing.diagnostics.first?.code == "PGN130")
    }

    @Test func missingEngineExits69() {
        let report = runAnnotate(AnnotateConfiguration(file: fixture("italian.pgn"),
                                                       engine: EngineConfiguration(enginePath: "/nonexistent/stockfish", cacheDirectory: nil),
                                                       outputPath: temp("x.pgn")))
        #expect(report.exitCode == 69)
    }

    // MARK: the real engine

    func realAnnotator() throws -> (Annotator, AnalyzerOracle) {
        let oracle = try makeEngineOracle(
            EngineConfiguration(enginePath: stockfish, jobs: 1, profile: AnalysisProfile(nodes: 40_000, multiPV: 3), cacheDirectory: nil),
            showProgress: false)
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

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: stockfish)))
    func stockfishCallsTheBlackburneTrapMoveAMistakeAndNamesTheReply() throws {
        let (annotator, oracle) = try realAnnotator()
        defer { oracle.shutdown() }
        // 4.Nxe5? falls into 4...Qg5: the engine prefers another move by far.
        let notes = annotator.annotate(line: try Self.line("e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5"), learner: .white)
        let loss = notes[6].motifs.first(where: { $0.kind == .losesGround })
        let m = try #require(loss, "\(notes[6].explanation)")
        let better = try #require(m.san)
        #expect(better != "Nxe5")
        #expect((m.amount ?? 0) >= 100)
        #expect(m.reply == "Qg5")
        #expect(notes[6].explanation.contains(better))
        #expect(notes[6].explanation.contains("Qg5"))
        #expect(notes[6].arrows.first?.hasPrefix("G") == true)
        // The main-line developing moves before it are not called mistakes.
        #expect(notes[0..<4].allSatisfy { n in !n.motifs.contains { $0.kind == .losesGround } })
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: stockfish)))
    func stockfishJudgesABadSacrificeAndAGoodGambit() throws {
        let (annotator, oracle) = try realAnnotator()
        defer { oracle.shutdown() }
        // 3.Bxf7+? gives a bishop for a pawn with nothing to show for it.
        let bad = annotator.annotate(line: try Self.line("e4 e5 Bc4 Nc6 Bxf7+"), learner: .white)
        let giftMotif = bad[4].motifs.first(where: { $0.kind == .givesUpMaterial })
        let gift = try #require(giftMotif)
        #expect(gift.compensation == false)
        #expect(gift.squareNames == ["f7"])
        #expect(bad[4].explanation.contains("not"), "\(bad[4].explanation)")
        // The Queen's Gambit pawn: the engine is happy with White.
        let qg = annotator.annotate(line: try Self.line("d4 d5 c4"), learner: .white)
        let pawnMotif = qg[2].motifs.first(where: { $0.kind == .givesUpMaterial })
        let pawn = try #require(pawnMotif)
        #expect(pawn.compensation == true)
        #expect(qg[2].explanation.contains("compensation") || qg[2].explanation.contains("enough play"), "\(qg[2].explanation)")
    }
}
