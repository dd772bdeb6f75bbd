// CoachNotesTests: "what do you say about this move here?" and "grade this move" on a bundle with notes.
import BundleStore
import ChessCore
import ChessPGN
import CoachBundle
import Explainer
import Foundation
import GRDB
import Testing

@Suite(.serialized) struct CoachNotesTests {
    /// The repository's coach sources with the scripted top moves of CoachBundleTests, and three notes at the start
    /// position: e4 (best), d4 (good) and a3 (an inaccuracy, with what goes wrong and what was better), plus one at 1.e4.
    static let built: Result<BuiltBundle, any Error> = Result {
        var b = try buildBundle(paths: [repositoryRoot + "/openings/coach"], verdicts: CoachBundleTests.scriptedVerdicts)
        let start = try #require(b.tree.nodes.first { $0.position == .standard })
        var e4 = Position.standard
        try e4.play(e4.move(san: "e4"))
        let afterE4 = try #require(b.tree.nodes.first { $0.position.zobristKey == e4.zobristKey })
        func key(_ p: Position, _ uci: String) -> String { BundleKeys.moveKey(fromPolyglotKey: p.zobristKey, uci: uci) }
        b.content.moveNotes = [
            MoveNoteRecord(key: key(.standard, "e2e4"), positionID: Int64(start.id), uci: "e2e4", san: "e4", verdict: "best", loss: 0,
                           scoreCP: 30, scoreMate: nil, bestCP: 30, bestMate: nil, text: "e4 puts a pawn on the central square e4.",
                           arrows: "Ge2e4", depth: 14),
            MoveNoteRecord(key: key(.standard, "d2d4"), positionID: Int64(start.id), uci: "d2d4", san: "d4", verdict: "good", loss: 9,
                           scoreCP: 25, scoreMate: nil, bestCP: 30, bestMate: nil, text: "d4 puts a pawn on the central square d4.",
                           depth: 14),
            MoveNoteRecord(key: key(.standard, "a2a3"), positionID: Int64(start.id), uci: "a2a3", san: "a3", verdict: "inaccuracy",
                           loss: 120, scoreCP: -40, scoreMate: nil, bestCP: 30, bestMate: nil,
                           text: "a3 does nothing for the centre. This is an inaccuracy: e4 was better.",
                           claimKind: "loses-ground", claimCP: -40, threatUCI: nil,
                           refutationUCI: "d7d5 d2d4", refutationSAN: "d5 d4", refutationText: "d5 takes the centre.",
                           betterUCI: "e2e4", betterSAN: "e4", betterText: "e4 takes the centre.", depth: 12),
            MoveNoteRecord(key: key(e4, "f7f6"), positionID: Int64(afterE4.id), uci: "f7f6", san: "f6", verdict: "mistake",
                           loss: 200, scoreCP: -150, scoreMate: nil, bestCP: 0, bestMate: nil,
                           text: "f6 weakens the king. This is a mistake.", threatUCI: nil,
                           refutationUCI: "d2d4 e7e5", refutationSAN: "d4 e5", betterUCI: "e7e5", betterSAN: "e5",
                           answerUCI: "d2d4", answerSAN: "d4", depth: 12, leavesCourse: true, leavesName: "Barnes Defense",
                           planText: "Your usual Nf3 is not the best answer now."),
        ]
        let path = b.directory + "/notes.sqlite"
        try BundleWriter().write(b.content, to: path)
        b.path = path
        return b
    }

    func open() throws -> CoachBundle { try CoachBundle(path: try Self.built.get().path) }

    @Test func theNoteOnAMoveIsTheExplainersNoteReadBack() throws {
        let coach = try open()
        let start = try #require(try coach.position(.standard))
        let a3 = try #require(try coach.note(uci: "a2a3", at: start))
        #expect(a3.verdict == .inaccuracy)
        #expect(a3.san == "a3" && a3.mover == .white && a3.fenBefore == start.fen)
        #expect(a3.grade?.played == .centipawns(-40) && a3.grade?.best == .centipawns(30) && a3.grade?.drop == 120)
        #expect(a3.grade?.centipawnLoss == 70 && a3.grade?.better == "e2e4")
        #expect(a3.refutation?.uci == ["d7d5", "d2d4"] && a3.refutation?.san == ["d5", "d4"] && a3.refutation?.text == "d5 takes the centre.")
        #expect(a3.refutation?.arrows == [Arrow(color: .red, from: Square("d7")!, to: Square("d5")!)])
        #expect(a3.better?.san == ["e4"] && a3.better?.text == "e4 takes the centre.")
        #expect(a3.better?.arrows == [Arrow(color: .green, from: Square("e2")!, to: Square("e4")!)])
        #expect(a3.answer == nil && a3.threat == nil && a3.depth == 12 && a3.leaves == nil)
        // A move off the course's lines: the name of the position it reaches and how the plan changes.
        let afterE4 = try #require(try coach.position(fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"))
        let barnes = try #require(try coach.note(uci: "f7f6", at: afterE4))
        #expect(barnes.leaves == CourseExit(name: "Barnes Defense", plan: "Your usual Nf3 is not the best answer now."))
        let e4 = try #require(try coach.note(uci: "e2e4", at: start))
        #expect(e4.verdict == .best && e4.arrows == [Arrow(color: .green, from: Square("e2")!, to: Square("e4")!)])
        #expect(e4.refutation == nil && e4.better == nil)
        // By a ChessCore move and by any FEN of the position.
        #expect(try coach.note(Position.standard.move(san: "a3"), at: start) == a3)
        #expect(try coach.note(uci: "a2a3", fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 12 40") == a3)
        // After the opponent's move: the answer is a field of its own.
        let f6 = try #require(try coach.note(uci: "f7f6", fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"))
        #expect(f6.verdict == .mistake && f6.mover == .black && f6.answer?.san == ["d4"] && !f6.text.contains("d4"))
    }

    /// The move's key is made by the view from the position's Polyglot key (not stored): it equals `BundleKeys.moveKey`
    /// for every row, also for a key with the top bit set (1.e4's `823c9b50fd114196`, negative as SQLite's integer);
    /// a note is found by its key, a text that is no key finds nothing, and two notes under one key are refused.
    @Test func aNotesKeyIsMadeFromItsPositionAndFindsIt() throws {
        let b = try Self.built.get()
        let store = try OpeningsBundle(path: b.path)
        let viewKeys = try DatabaseQueue(path: b.path).read { db in try String.fetchAll(db, sql: "SELECT key FROM move_note ORDER BY key") }
        #expect(viewKeys == b.content.moveNotes.map(\.key).sorted())
        #expect(viewKeys.contains("823c9b50fd114196:f7f6"))
        for k in viewKeys { #expect(try store.moveNote(key: k)?.key == k) }
        #expect(BundleKeys.moveKeyParts("823c9b50fd114196:f7f6")! == (0x823c_9b50_fd11_4196, "f7f6"))
        for bad in ["", "823c9b50fd114196", "823c9b50fd11419:f7f6", "823c9b50fd114196:f7", "zz3c9b50fd114196:f7f6", "a:b:c"] {
            #expect(BundleKeys.moveKeyParts(bad) == nil)
            #expect(try store.moveNote(key: bad) == nil)
        }
        #expect(try store.moveNote(key: "823c9b50fd114196:a7a6") == nil)
        var twice = b.content
        let first = try #require(twice.moveNotes.first)
        var other = first
        other.positionID = first.positionID == 1 ? 2 : 1
        twice.moveNotes.append(other)
        #expect(throws: BundleError.self) { try BundleWriter().write(twice, to: b.directory + "/twice.sqlite") }
    }

    @Test func noNoteIsNilAndEveryNoteOfAPositionComesBestFirst() throws {
        let coach = try open()
        let start = try #require(try coach.position(.standard))
        #expect(try coach.note(uci: "h2h4", at: start) == nil)
        #expect(try coach.note(uci: "e2e4", fen: "8/8/8/8/8/8/k7/2K5 w - - 0 1") == nil)  // a position the bundle does not hold
        #expect(try coach.notes(at: start).map(\.san) == ["e4", "d4", "a3"])
        do {
            _ = try coach.note(uci: "e2e4", fen: "not a fen")
            Issue.record("a bad FEN was accepted")
        } catch {
            #expect(error.code == BundleCode.invalidFEN)
        }
    }

    @Test func gradeComesFromTheNoteWithItsRankOrFromTheTopMoves() throws {
        let coach = try open()
        let start = try #require(try coach.position(.standard))
        let d4 = try #require(try coach.grade(uci: "d2d4", at: start))
        #expect(d4.verdict == .good && d4.rank == 2 && d4.drop == 9 && d4.centipawnLoss == 5)
        let a3 = try #require(try coach.grade(uci: "a2a3", at: start))
        #expect(a3.verdict == .inaccuracy && a3.rank == nil)
        // No note, but among the top moves: graded by the one verdict table.
        let nf3 = try #require(try coach.grade(uci: "g1f3", at: start))
        #expect(nf3.rank == 3 && nf3.centipawnLoss == 10 && nf3.verdict == VerdictThresholds.standard.grade(
            move: "g1f3", played: .centipawns(20), best: EngineLine(uci: "e2e4", san: "e4", score: .centipawns(30), pv: []), rank: 3).verdict)
        // Neither: no grade.
        #expect(try coach.grade(uci: "h2h4", at: start) == nil)
    }

    @Test func aDamagedRowIsAnErrorNeverAMadeUpValue() throws {
        let source = try Self.built.get().path
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString).sqlite").path
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        let db = try DatabaseQueue(path: copy)
        try db.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: "UPDATE move_note_row SET verdict = 'brilliant' WHERE uci = 'd2d4'")
            try db.execute(sql: "UPDATE move_note_row SET score_cp = NULL WHERE uci = 'a2a3'")
            try db.execute(sql: "UPDATE analysis_line SET score_cp = NULL, score_mate = NULL WHERE uci = 'g1f3'")
        }
        try db.close()
        let coach = try CoachBundle(path: copy)
        let start = try #require(try coach.position(.standard))
        for uci in ["d2d4", "a2a3"] {
            do {
                _ = try coach.note(uci: uci, at: start)
                Issue.record("a damaged note of \(uci) was read")
            } catch {
                #expect(error.code == BundleCode.damagedRow, "\(error)")
                #expect(error.message.contains("move_note"))
            }
        }
        do {
            _ = try coach.topMoves(at: start)
            Issue.record("a top move with no score was read as an even one")
        } catch {
            #expect(error.code == BundleCode.damagedRow && error.message.contains("analysis_line"))
        }
        #expect(try coach.note(uci: "e2e4", at: start)?.verdict == .best)  // the rows around it still read
    }
}
