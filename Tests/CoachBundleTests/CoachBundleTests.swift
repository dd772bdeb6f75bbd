// CoachBundleTests: the read API on a bundle built from the repository's coach sources.
import BundleStore
import ChessCore
import CoachBundle
import Diagnostics
import Explainer
import Foundation
import Openings
import Testing

@Suite(.serialized) struct CoachBundleTests {
    static let built: Result<BuiltBundle, any Error> = Result {
        try buildBundle(paths: [repositoryRoot + "/openings/coach"], library: [repositoryRoot + "/openings/library"],
                        verdicts: scriptedVerdicts)
    }

    /// Made-up verdicts for the start position and 1.e4 (two nodes), with an order and a mate to read back.
    static func scriptedVerdicts(_ tree: OpeningTree) -> [EngineVerdict?] {
        tree.nodes.map { node in
            switch node.position.epd(.legal) {
            case Position.standard.epd(.legal):
                EngineVerdict(score: .centipawns(30), wdl: nil, lines: [
                    EngineLine(uci: "e2e4", san: "e4", score: .centipawns(30), pv: ["e2e4", "e7e5", "g1f3"], depth: 14),
                    EngineLine(uci: "d2d4", san: "d4", score: .centipawns(25), pv: ["d2d4", "g8f6"], depth: 14),
                    EngineLine(uci: "g1f3", san: "Nf3", score: .centipawns(20), pv: ["g1f3"], depth: 13),
                ], depth: 14, nodes: 1000, engine: "Stockfish 15.1", profile: "test")
            case "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -":
                EngineVerdict(score: .mate(-3), wdl: nil, lines: [
                    EngineLine(uci: "e7e5", san: "e5", score: .mate(-3), pv: ["e7e5", "d1h5"], depth: 20),
                    EngineLine(uci: "c7c5", san: "c5", score: .mate(-2), pv: ["c7c5"], depth: 20),
                ], depth: 20, nodes: 1000, engine: "Stockfish 15.1", profile: "test")
            default: nil
            }
        }
    }

    func open() throws -> (CoachBundle, BuiltBundle) {
        let b = try Self.built.get()
        return (try CoachBundle(path: b.path), b)
    }

    @Test func everyTreePositionIsFoundByAnyFENOfIt() throws {
        let (coach, b) = try open()
        var rng = SplitMix64(state: 14)
        #expect(b.tree.nodes.count > 500)
        for node in b.tree.nodes {
            for policy in [EnPassantPolicy.always, .legal] {
                // Random counters, even ones that contradict the position (a clock of 37 beside an
                // en-passant square): they are not part of the position.
                var setup = node.position.setup(policy)
                setup.halfmoveClock = Int.random(in: 0...99, using: &rng)
                setup.fullmoveNumber = Int.random(in: 1...300, using: &rng)
                let found = try coach.position(fen: setup.fen)
                #expect(found?.id == Int64(node.id), "\(setup.fen)")
                #expect(found?.polyglotKey == node.position.zobristKey)
            }
            #expect(try coach.position(node.position)?.id == Int64(node.id))
            #expect(try coach.position(polyglotKey: node.position.zobristKey)?.id == Int64(node.id))
        }
    }

    @Test func anUnknownPositionIsNilAndABadFENIsAnError() throws {
        let (coach, _) = try open()
        #expect(try coach.position(fen: "8/8/8/4k3/8/8/8/4K2R w K - 0 1") == nil)
        #expect(try coach.position(polyglotKey: 42) == nil)
        #expect(throws: CoachBundleError.self) { try coach.position(fen: "not a fen") }
        do {
            _ = try coach.position(fen: "8/8/8/8/8/8/8/8 w - - 0 1")
            Issue.record("an empty board was accepted")
        } catch {
            #expect(error.code == "BND501")
        }
    }

    @Test func linesThroughAPositionWithTheirRoles() throws {
        let (coach, _) = try open()
        // The Italian after 3.Bc4, with any counters: the main line, its deviations that share it, not the Scotch.
        let here = try #require(try coach.position(fen: "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"))
        let lines = try coach.lines(through: here)
        let italian = lines.filter { $0.openingSlug == "italian-game" }
        #expect(italian.contains { $0.role == .mainLine && $0.ply == 5 && $0.line.key == "italian-game/main" })
        let two = try #require(italian.first { $0.line.key == "italian-game/italian-game-two-knights-defense" })
        #expect(two.role == .deviation(name: "Italian Game: Two Knights Defense", phase: 2, kind: .deviation))
        #expect(two.ply == 5)
        #expect(!two.isOnOwnMoves)
        #expect(!lines.contains { $0.openingSlug == "scotch-game" })
        // The start position is on every opening's main line at ply 0.
        let start = try #require(try coach.position(.standard))
        let mains = try coach.lines(through: start).filter { $0.role == .mainLine }
        #expect(mains.count == 10)
        #expect(mains.allSatisfy { $0.ply == 0 })
    }

    @Test func deviationsLeavingAPosition() throws {
        let (coach, _) = try open()
        let here = try #require(try coach.position(fen: "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 1"))
        let leaving = try coach.deviations(leaving: here).filter { $0.line.key.hasPrefix("italian-game/") }
        #expect(leaving.map(\.moveSAN) == ["Nf6", "h6", "Be7", "Nd4", "d6"])
        #expect(leaving.map(\.line.name) == ["Italian Game: Two Knights Defense", "Italian Game: Anti-Fried Liver Defense",
                                             "Italian Game: Hungarian Defense", "Italian Game: Blackburne-Kostić Gambit",
                                             "Italian Game: Paris Defense"])
        #expect(leaving.allSatisfy { ($0.line.description ?? "").count > 20 })
        #expect(leaving[0].line.description?.hasPrefix("Black attacks e4 with") == true)
        #expect(leaving[3].role == .deviation(name: "Italian Game: Blackburne-Kostić Gambit", phase: 2, kind: .trap))
        #expect(leaving.allSatisfy { $0.line.branch?.parentKey == "italian-game/main" && $0.line.branch?.ply == 5 })
    }

    @Test func topMovesFromBothPointsOfViewAndJudgement() throws {
        let (coach, _) = try open()
        let start = try #require(try coach.position(.standard))
        let top = try #require(try coach.topMoves(at: start))
        #expect(top.moves.map(\.san) == ["e4", "d4", "Nf3"])
        #expect(top.moves.map(\.depth) == [14, 14, 13])
        #expect(top.moves[0].pv == ["e2e4", "e7e5", "g1f3"])
        #expect(top.moves[0].score == .centipawns(30))
        #expect(top.moves[0].whiteScore == .centipawns(30))
        let d4 = try #require(try coach.judge(uci: "d2d4", at: start))
        #expect(d4.isTopThree && d4.rank == 2 && d4.loss == .centipawns(5))
        #expect(try coach.judge(uci: "e2e4", at: start)?.loss == MoveLoss.none)
        let a3 = try #require(try coach.judge(uci: "a2a3", at: start))
        #expect(!a3.isTopThree && a3.rank == nil && a3.loss == .notInTopMoves(worseThanOrEqual: .centipawns(20)))
        // The one verdict table: d4 loses 5 cp (+0.30 to +0.25: 9 permille of winning chances), e4 is the best, a3 has
        // no score in the bundle and so no verdict.
        #expect(d4.verdict == .good)
        #expect(try coach.judge(uci: "e2e4", at: start)?.verdict == .best)
        #expect(a3.verdict == nil)

        // Black to move: White's view is the negation, mates stay mates.
        var board = Position.standard
        try board.play(board.move(san: "e4"))
        let e4 = try #require(try coach.position(board))
        let black = try #require(try coach.topMoves(at: e4))
        #expect(black.moves.map(\.score) == [.mate(-3), .mate(-2)])
        #expect(black.moves.map(\.whiteScore) == [.mate(3), .mate(2)])
        #expect(try coach.judge(uci: "c7c5", at: e4)?.loss == .allowsMate(in: 2))
        // Mated in 2 instead of in 3: worse, but the same winning chances (none): good, not best.
        #expect(try coach.judge(uci: "c7c5", at: e4)?.verdict == .good)
        // No analysis: no answer.
        let other = try #require(try coach.position(fen: "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"))
        #expect(try coach.topMoves(at: other) == nil)
        #expect(try coach.judge(uci: "d7d5", at: other) == nil)
    }

    @Test func nothingAuthoredIsLost() throws {
        let (coach, b) = try open()
        let lines = b.content.lines
        let deviations = lines.filter { $0.kind == .deviation }
        #expect(deviations.count >= 49)
        for d in deviations {
            #expect((d.description ?? "").isEmpty == false, "deviation \(d.key) has no description")
            #expect(d.deviationKind != nil)
        }
        // Every deviation marker's prose, kind and reason, as the sources say.
        let authored = b.sources.flatMap(\.deviations)
        #expect(Set(deviations.compactMap(\.description)) == Set(authored.compactMap(\.description)))
        #expect(deviations.filter { $0.reason != nil }.count == authored.filter { $0.deviation?.reason != nil }.count)
        // The library: every entry with its title, ECO and description; every tactic with its claim.
        let entries = try coach.library()
        #expect(entries.count == 24)
        for e in entries {
            #expect(!e.title.isEmpty && !e.eco.isEmpty && !e.description.isEmpty, "\(e.key)")
            #expect((e.claim != nil) == (e.kind == .tactic), "\(e.key)")
        }
        // Every deviation read back through the facade has its prose and reason, as the rows hold them.
        for d in deviations {
            let line = try #require(try coach.line(key: d.key))
            #expect(line.description == d.description && line.reason == d.reason, "\(d.key)")
        }
    }
}
