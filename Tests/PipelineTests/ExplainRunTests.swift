// ExplainRunTests: `forge explain` with the real engine — notes, verdicts, separate fields, refusals before any search.
import ChessCore
import ChessPGN
import Explainer
import Foundation
import Pipeline
import Testing
import UCIEngine

@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/games/stockfish")))
struct ExplainRunTests {
    func engine() -> EngineConfiguration {
        EngineConfiguration(enginePath: "/usr/games/stockfish", jobs: 1, profile: AnalysisProfile(nodes: 60_000, multiPV: 3),
                            cacheDirectory: nil, cachePath: nil, verbose: false)
    }

    /// 2...f6 after 1.e4 e5 2.Nf3: a position no curriculum line plays; the opponent's losing move is named, its
    /// punishment kept to the answer and refutation fields.
    @Test func anOpponentsMistakeOutsideTheCurriculum() throws {
        let r = runExplain(ExplainConfiguration(fen: nil, moves: ["e2e4", "e5", "Nf3", "f6"], learner: .white, format: .json, engine: engine()))
        #expect(r.outcome == .ok, "\(r.diagnostics)")
        #expect(r.notes.map(\.san) == ["e4", "e5", "Nf3", "f6"])
        let f6 = try #require(r.notes.last)
        #expect(f6.verdict.map { $0 >= .mistake } == true, "\(String(describing: f6.grade))")
        // The verdict leads, in whichever form the move's variety chose ("This is a mistake: …", "A blunder: …").
        let lead = f6.text.components(separatedBy: ". ").prefix(2).joined(separator: ". ").lowercased()
        #expect(lead.contains("mistake") || lead.contains("blunder"), "\(f6.text)")
        let answer = try #require(f6.answer)
        #expect(!f6.text.contains(answer.san[0]), "\(f6.text) gives away \(answer.san[0])")
        #expect(f6.refutation?.uci.first == answer.uci.first)
        #expect(f6.better != nil && f6.better?.uci.first != "f7f6")
        // The refutation is legal from the position after f6.
        var p = try Position(fen: f6.fenBefore)
        p.playUnchecked(try p.move(uci: "f7f6"))
        for m in f6.refutation?.uci ?? [] { p.playUnchecked(try p.move(uci: m)) }
        // json: one array, the documented keys.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.output.utf8)) as? [[String: Any]])
        #expect(json.count == 4)
        for key in ["move", "san", "verdict", "text", "fromBundle", "better", "refutation", "answer"] {
            #expect(json[3][key] != nil, "no \(key)")
        }
        #expect(json[3]["move"] as? String == "f7f6" && json[3]["fromBundle"] as? Bool == false)
        #expect(json[0]["better"] == nil && json[0]["refutation"] == nil)
        for n in r.notes { #expect(n.problems().isEmpty, "\(n.san): \(n.problems())") }
    }

    /// Every note of every move of short beginner games (Fixtures/explain/beginner-games.txt) passes the note checks:
    /// verdict by the table, lines legal, refutation scored consistently, no answer given away, claims with evidence.
    @Test func everyNoteOfBeginnerGamesPassesTheNoteChecks() throws {
        let text = try String(contentsOfFile: Fixtures.path("explain/beginner-games.txt"), encoding: .utf8)
        let games = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ").map(String.init) }
        #expect(games.count == 5)
        var verdicts: [MoveVerdict: Int] = [:]
        for moves in games {
            var config = engine()
            config.profile = AnalysisProfile(nodes: 20_000, multiPV: 3)
            let r = runExplain(ExplainConfiguration(fen: nil, moves: moves, learner: .white, engine: config))
            #expect(r.outcome == .ok && r.notes.count == moves.count, "\(moves): \(r.diagnostics)")
            for n in r.notes {
                #expect(n.problems().isEmpty, "\(moves) \(n.san): \(n.problems())")
                #expect(!n.text.isEmpty, "\(moves) \(n.san): no text")
                if let v = n.verdict { verdicts[v, default: 0] += 1 }
            }
        }
        // The sequences hold real slips: some moves are graded mistakes or worse.
        #expect((verdicts[.mistake] ?? 0) + (verdicts[.blunder] ?? 0) >= 2, "\(verdicts)")
    }

    @Test func badInputIsRefusedBeforeTheEngineStarts() {
        // An engine that does not exist: the refusal comes first, so the outcome is usage, not engineUnavailable.
        var none = engine()
        none.enginePath = "/nonexistent"
        let illegal = runExplain(ExplainConfiguration(fen: nil, moves: ["e4", "e4"], engine: none))
        #expect(illegal.outcome == .usage)
        #expect(illegal.diagnostics.first?.code == ChessCoreCode.sanIllegal)
        #expect(illegal.diagnostics.first?.message.contains("move 2") == true)
        let uci = runExplain(ExplainConfiguration(fen: nil, moves: ["e2e5"], engine: none))
        #expect(uci.outcome == .usage && uci.diagnostics.first?.code == ChessCoreCode.uciMoveIllegal)
        let fen = runExplain(ExplainConfiguration(fen: "8/8/8/8/8/8/8/8 w - - 0 1", moves: ["e4"], engine: none))
        #expect(fen.outcome == .usage && fen.diagnostics.first?.code.family == "POS")
        let noEngine = runExplain(ExplainConfiguration(fen: nil, moves: ["e4"], engine: none))
        #expect(noEngine.outcome == .engineUnavailable)
    }
}
