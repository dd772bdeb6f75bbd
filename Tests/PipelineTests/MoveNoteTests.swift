// MoveNoteTests: the notes forge build writes (move_note) — ParentLinesOracle's derivations, and a built bundle's notes
// with the real Stockfish: every move covered, every note checked (NoteAudit); the real bundle with FORGE_NOTES_BUNDLE.
import BundleStore
import ChessCore
import Foundation
import GRDB
import Testing
import UCIEngine

@testable import Explainer
@testable import Pipeline

/// An engine that knows nothing: every position is a problem (what a broken engine looks like).
private struct NoEngine: EngineOracle {
    func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>] {
        positions.map { _ in .failure(EngineProblem(code: AnnotatorCode.noEngineVerdict, message: "no engine")) }
    }
}

private func verdict(_ lines: [EngineLine]) -> EngineVerdict {
    EngineVerdict(score: lines[0].score, wdl: nil, lines: lines, depth: 9, nodes: 100_000, engine: "Stockfish 15.1", profile: "test")
}

@Suite struct ParentLinesOracleTests {
    /// The build confirms a mistake on any move, an inaccuracy only on the parent's first three (MoveNotes.confirms): the
    /// Stafford's Qf3 ranked sixth and called a mistake at 40,000 nodes, 0.25 pawn behind Be2 at 400,000.
    @Test func aMistakeIsConfirmedWhateverItsRank() {
        func grade(_ v: MoveVerdict) -> MoveGrade {
            MoveGrade(verdict: v, best: .centipawns(100), played: .centipawns(-100), drop: 300, centipawnLoss: 200, rank: 6, better: "e2e4")
        }
        #expect(ConfirmationPolicy.standard.confirms(grade(.mistake), topRanked: false))
        #expect(ConfirmationPolicy.standard.confirms(grade(.blunder), topRanked: false))
        #expect(!ConfirmationPolicy.standard.confirms(grade(.inaccuracy), topRanked: false))
        #expect(ConfirmationPolicy.standard.confirms(grade(.inaccuracy), topRanked: true))
        #expect(!ConfirmationPolicy.standard.confirms(grade(.good), topRanked: true))
    }

    let start = Position.standard

    @Test func aChildAndAGrandchildAreReadFromTheParentsLine() throws {
        let e4 = EngineLine(uci: "e2e4", san: "e4", score: .centipawns(35), pv: ["e2e4", "e7e5", "g1f3"], depth: 9)
        let a4 = EngineLine(uci: "a2a4", san: "a4", score: .centipawns(-20), pv: ["a2a4"], depth: 9)
        let oracle = ParentLinesOracle(parent: start, verdict: verdict([e4, a4]))
        let child = start.playingUnchecked(try start.move(uci: "e2e4"))
        let grandchild = child.playingUnchecked(try child.move(uci: "e7e5"))
        let r = oracle.analyse([start, child, grandchild, start.playingUnchecked(try start.move(uci: "a2a4"))])
        let c = try r[1].get(), g = try r[2].get()
        #expect(c.score == .centipawns(-35))
        #expect(c.lines.map(\.uci) == ["e7e5"] && c.lines[0].pv == ["e7e5", "g1f3"] && c.lines[0].san == "e5" && c.depth == 8)
        #expect(g.score == .centipawns(35) && g.lines.map(\.uci) == ["g1f3"] && g.depth == 7)
        // A line that stops at its move: the child is known, without a reply.
        #expect(try r[3].get().lines.isEmpty)
    }

    /// Where the position after the move is not searched (the notes), the threat comes from the board: a mate in one
    /// the mover would have next, else taking the most valuable piece the move newly attacks.
    @Test func withoutTheNullMoveSearchTheThreatIsTheBoards() throws {
        let scholar = try Position(fen: "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 2 3")
        let qh5 = EngineLine(uci: "d1h5", san: "Qh5", score: .centipawns(-30), pv: ["d1h5", "g7g6", "h5f3"], depth: 9)
        let nf3 = EngineLine(uci: "g1f3", san: "Nf3", score: .centipawns(30), pv: ["g1f3", "g8f6"], depth: 9)
        let (mate, _) = Explainer(engine: ParentLinesOracle(parent: scholar, verdict: verdict([nf3, qh5])))
            .explain(try scholar.move(uci: "d1h5"), in: scholar, learner: .black)
        #expect(mate.threat?.uci == ["h5f7"] && mate.threat?.san == ["Qxf7#"] && mate.threat?.score == nil)
        #expect(mate.text.contains("mate") && mate.text.contains("Qxf7#") && mate.problems().isEmpty, "\(mate.text)")
        // 1.e4 d5 2.exd5 Qxd5 3.Nc3: the knight hits the queen; taking it is the threat.
        let scandi = try Position(fen: "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
        let nc3 = EngineLine(uci: "b1c3", san: "Nc3", score: .centipawns(40), pv: ["b1c3", "d5a5"], depth: 9)
        let (hit, _) = Explainer(engine: ParentLinesOracle(parent: scandi, verdict: verdict([nc3])))
            .explain(try scandi.move(uci: "b1c3"), in: scandi, learner: .black)
        #expect(hit.threat?.uci == ["c3d5"] && hit.threat?.san == ["Nxd5"] && hit.problems().isEmpty)
        // A quiet move threatens nothing.
        let (quiet, _) = Explainer(engine: ParentLinesOracle(parent: scholar, verdict: verdict([nf3, qh5])))
            .explain(try scholar.move(uci: "g1f3"), in: scholar, learner: .black)
        #expect(quiet.threat == nil)
    }

    /// A move the course does not play says where it goes and, after an opponent's move, what happens to the answer
    /// the course teaches; the course's own move says nothing of the kind.
    @Test func aMoveOffTheCourseSaysWhereItGoesAndHowThePlanChanges() throws {
        let p = try Position(fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2")
        let nc6 = EngineLine(uci: "b8c6", san: "Nc6", score: .centipawns(-30), pv: ["b8c6", "f1b5"], depth: 9)
        let d6 = EngineLine(uci: "d7d6", san: "d6", score: .centipawns(-45), pv: ["d7d6", "f1c4"], depth: 9)
        let f6 = EngineLine(uci: "f7f6", san: "f6", score: .centipawns(-150), pv: ["f7f6", "f3e5", "f6e5"], depth: 9)
        let explainer = Explainer(engine: ParentLinesOracle(parent: p, verdict: verdict([nc6, d6, f6])))
        func course(_ name: String) -> CourseContext { CourseContext(moves: ["b8c6"], expected: "b8c6", plannedAnswer: "f1c4", reachedName: name) }
        let (damiano, _) = explainer.explain(try p.move(uci: "f7f6"), in: p, learner: .white, course: course("Damiano Defense"))
        // The hint is the answer's own words without its name, in whichever form its variety chose ("captures the pawn on
        // e5 and opens a line for the queen on d1", "takes the pawn on e5 and frees the queen on d1").
        #expect(damiano.leaves?.name == "Damiano Defense")
        let plan = damiano.leaves?.plan ?? ""
        #expect(plan.hasPrefix("Your usual Bc4 is not the best answer now. Look for the move that ") && plan.contains("the pawn on e5")
                && plan.contains("queen on d1") && !plan.contains("Nxe5"), "\(plan)")
        #expect(damiano.answer?.uci == ["f3e5"] && damiano.problems().isEmpty)
        let (philidor, _) = explainer.explain(try p.move(uci: "d7d6"), in: p, learner: .white, course: course("Philidor Defense"))
        #expect(philidor.leaves == CourseExit(name: "Philidor Defense", plan: nil))
        let (own, _) = explainer.explain(try p.move(uci: "b8c6"), in: p, learner: .white, course: course("x"))
        #expect(own.leaves == nil)
        // The learner's own move off the lines: the name only.
        let (mine, _) = explainer.explain(try p.move(uci: "f7f6"), in: p, learner: .black, course: course("Damiano Defense"))
        #expect(mine.leaves == CourseExit(name: "Damiano Defense", plan: nil))
        // 1.e4 e6 where the course expects 1...d5 2.exd5: the answer cannot be played.
        var e4 = Position.standard
        try e4.play(e4.move(san: "e4"))
        let e6 = EngineLine(uci: "e7e6", san: "e6", score: .centipawns(-35), pv: ["e7e6", "d2d4"], depth: 9)
        let (french, _) = Explainer(engine: ParentLinesOracle(parent: e4, verdict: verdict([e6])))
            .explain(try e4.move(uci: "e7e6"), in: e4, learner: .white,
                     course: CourseContext(moves: ["d7d5"], expected: "d7d5", plannedAnswer: "e4d5", reachedName: "French Defense"))
        #expect(french.leaves?.plan?.hasPrefix("Your usual exd5 is not possible now: there is no pawn on d5 to take.") == true, "\(french.leaves?.plan ?? "")")
    }

    @Test func matesMoveOneMoveNearerEachPly() {
        #expect(ParentLinesOracle.onePlyOn(.mate(3)) == .mate(-2))
        #expect(ParentLinesOracle.onePlyOn(.mate(-2)) == .mate(2))
        #expect(ParentLinesOracle.onePlyOn(.mate(1)) == .mate(0))
        #expect(ParentLinesOracle.onePlyOn(.centipawns(-80)) == .centipawns(80))
    }

    @Test func aScoreSeenOnePlyBackUndoesOnePlyOn() {
        for s: Score in [.mate(3), .mate(-2), .mate(1), .mate(-1), .centipawns(-80), .centipawns(0)] {
            #expect(ParentLinesOracle.onePlyBack(ParentLinesOracle.onePlyOn(s)) == s)
        }
        #expect(ParentLinesOracle.onePlyBack(.mate(0)) == .mate(1))
        #expect(ParentLinesOracle.onePlyBack(.mate(2)) == .mate(-2))
    }

    /// The parent's lines scored again from the searches after each move: the order follows the children, a move with
    /// no child search keeps its line, the depth and PV are the child's one ply on.
    @Test func theParentsLinesAreGradedFromTheirChildren() throws {
        let e4 = EngineLine(uci: "e2e4", san: "e4", score: .centipawns(35), pv: ["e2e4", "e7e5"], depth: 8)
        let d4 = EngineLine(uci: "d2d4", san: "d4", score: .centipawns(30), pv: ["d2d4", "d7d5"], depth: 8)
        let a4 = EngineLine(uci: "a2a4", san: "a4", score: .centipawns(-20), pv: ["a2a4", "e7e5"], depth: 8)
        let moves = try ["e2e4", "d2d4", "a2a4", "h2h3"].map { try start.move(uci: $0) }
        func child(_ uci: String, _ cp: Int, _ pv: [String]) throws -> (Position, EngineVerdict) {
            let c = start.playingUnchecked(try start.move(uci: uci))
            let l = EngineLine(uci: pv[0], san: "", score: .centipawns(cp), pv: pv, depth: 12)
            return (c, EngineVerdict(score: .centipawns(cp), wdl: nil, lines: [l], depth: 12, nodes: 20_000, engine: "Stockfish 15.1", profile: "t"))
        }
        let searched = Dictionary(uniqueKeysWithValues: [try child("e2e4", -25, ["c7c5", "g1f3"]), try child("d2d4", -40, ["g8f6"]),
                                                         try child("h2h3", -5, ["e7e5"])])
        let g = ParentLinesOracle.graded(start, verdict: verdict([e4, d4, a4]), moves: moves, children: searched)
        #expect(g.lines.map(\.uci) == ["d2d4", "e2e4", "h2h3", "a2a4"])
        #expect(g.lines.map(\.score) == [.centipawns(40), .centipawns(25), .centipawns(5), .centipawns(-20)])
        #expect(g.lines[0].pv == ["d2d4", "g8f6"] && g.lines[0].depth == 13 && g.lines[0].san == "d4")
        #expect(g.lines[3] == a4 && g.score == .centipawns(40) && g.depth == 13)
        // The explainer over the graded lines: d4, the best child, is the best move, at the child's depth one ply on.
        let (note, _) = Explainer(engine: ParentLinesOracle(parent: start, verdict: g, searched: searched))
            .explain(try start.move(uci: "d2d4"), in: start, learner: .white)
        #expect(note.verdict == .best && note.depth == 13)
    }

    /// A shallow line that leaves its side a piece down and 3 pawns behind settles the grade; anything less is searched.
    @Test func aPieceLeftHangingNeedsNoDeeperSearch() throws {
        let p = try Position(fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
        let nf3 = EngineLine(uci: "g1f3", san: "Nf3", score: .centipawns(40), pv: ["g1f3", "b8c6"], depth: 8)
        let ba6 = EngineLine(uci: "f1a6", san: "Ba6", score: .centipawns(-290), pv: ["f1a6", "b8a6"], depth: 8)
        let qh5 = EngineLine(uci: "d1h5", san: "Qh5", score: .centipawns(-30), pv: ["d1h5", "b8c6"], depth: 8)
        let v = verdict([nf3, qh5, ba6])
        #expect(ConfirmationPolicy.standard.settledByLine(try p.move(uci: "f1a6"), in: p, verdict: v))
        #expect(!ConfirmationPolicy.standard.settledByLine(try p.move(uci: "d1h5"), in: p, verdict: v))
        #expect(!ConfirmationPolicy.standard.settledByLine(try p.move(uci: "a2a3"), in: p, verdict: v))
    }

    @Test func positionsNotSearchedAreOmissionsTheExplainerDoesNotReport() throws {
        let e4 = EngineLine(uci: "e2e4", san: "e4", score: .centipawns(35), pv: ["e2e4", "e7e5"], depth: 9)
        let h4 = EngineLine(uci: "h2h4", san: "h4", score: .centipawns(-40), pv: ["h2h4", "d7d5"], depth: 9)
        let oracle = ParentLinesOracle(parent: start, verdict: verdict([e4, h4]))
        let off = try Position(fen: "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
        guard case .failure(let f) = oracle.analyse([off])[0] else { Issue.record("an unknown position was answered"); return }
        #expect(f.isOmission)
        let (note, problems) = Explainer(engine: oracle).explain(try start.move(uci: "h2h4"), in: start, learner: .white)
        #expect(problems.isEmpty)
        #expect(note.verdict == .inaccuracy && note.better?.uci == ["e2e4"] && note.refutation?.uci == ["d7d5"])
        #expect(note.threat == nil && !note.text.isEmpty && note.depth == 9)
        // A real failure is still reported.
        let broken = Explainer(engine: NoEngine()).explain(try start.move(uci: "h2h4"), in: start, learner: .white)
        #expect(!broken.engineProblems.isEmpty && broken.note.grade == nil)
    }
}

@Suite(.serialized) struct MoveNoteTests {
    static let cache = Fixtures.sharedEngineCache

    /// The fixture opening (80 positions) built with the real Stockfish: every legal move of every curriculum position
    /// has a note that passes its checks, the build says what it searched, and the bundle's rows read back true.
    /// The bundle is the run's shared build of the good library (`Fixtures.copyOfTheGoodBundle`, a copy this test edits).
    @Test func aBuiltBundleHasAGoodNoteForEveryMove() throws {
        let built = try Fixtures.copyOfTheGoodBundle()
        let out = built.path, report = built.report
        #expect(!report.failed)
        #expect(report.diagnostics.filter { $0.code == AnnotatorCode.noteFailsChecks }.map(\.text) == [])
        #expect(report.counts["note_searches_all_moves"] == 80)
        #expect(report.summary.contains(", \(report.counts["notes"] ?? -1) notes;"), "\(report.summary)")
        let audit = try NoteAudit.run(out + "/openings.sqlite")
        #expect(audit.findings == [])
        #expect(audit.curriculumPositions == 80 && audit.notes == report.counts["notes"])
        #expect(audit.notes > 80 * 20)
        // Every move the course does not play at a curriculum position says so, with a name; some opponent moves change
        // the plan (the course's answer is not possible after them, or not the engine's first choice).
        #expect(audit.leavingNotes > 80 * 15 && audit.planNotes > 0, "\(audit.leavingNotes) leaving, \(audit.planNotes) with a plan")
        // Mistakes are named; the fixture's lines leave plenty of bad moves at every position.
        #expect((audit.byVerdict["blunder"] ?? 0) > 0 && (audit.byVerdict["mistake"] ?? 0) > 0 && (audit.byVerdict["best"] ?? 0) >= 80)
        #expect(audit.topSentenceShare < 0.05, "\(audit.topSentence): \(audit.topSentenceCount) of \(audit.sentences)")

        // forge explain reads the bundle's note where it has one and computes the rest: 1.a3 is a legal move of the
        // start position (a curriculum position), 1...a6 is played where the bundle has no position.
        let engine = Fixtures.goodLibraryEngine
        let r = runExplain(ExplainConfiguration(fen: nil, moves: ["a3", "a6"], format: .json, engine: engine, bundle: .required(out)))
        #expect(r.outcome == .ok && r.fromBundle == [true, false])
        let stored = try #require(try OpeningsBundle(path: out + "/openings.sqlite").moveNote(
            key: BundleKeys.moveKey(fromPolyglotKey: Position.standard.zobristKey, uci: "a2a3")))
        #expect(r.notes.first?.text == stored.text && r.notes.first?.verdict?.rawValue == stored.verdict)
        #expect(r.output.contains("\"fromBundle\" : true") && r.output.contains("\"fromBundle\" : false"))
        let missing = runExplain(ExplainConfiguration(fen: nil, moves: ["e4"], engine: engine, bundle: .required(out + "/nothing")))
        #expect(missing.outcome == .usage && missing.diagnostics.map(\.code) == [BundleCode.manifestUnreadable])

        // One edited row (a note's text with an escape sequence and a forged output line) is refused, not printed:
        // forge reads the folder through the library's check of every SHA-256 against the manifest.
        let edit = try DatabaseQueue(path: out + "/openings.sqlite")
        try edit.writeWithoutTransaction { db in
            try db.execute(sql: "UPDATE note_text SET text = 'Made up' || char(27) || '[2K' || char(10) || 'forged' WHERE id = (SELECT min(id) FROM note_text)")
        }
        try edit.close()
        let edited = runExplain(ExplainConfiguration(fen: nil, moves: ["a3", "a6"], format: .json, engine: engine, bundle: .required(out)))
        #expect(edited.outcome == .usage && edited.diagnostics.map(\.code) == [BundleCode.artifactsDoNotMatch])
        #expect(edited.notes.isEmpty && !edited.output.contains("forged"))
    }

    /// The audit finds what it is for: a row whose verdict the table does not give, a spoiler, a missing note.
    @Test func theAuditCatchesABrokenNote() throws {
        let out = try Fixtures.copyOfTheGoodBundle().path
        let path = out + "/openings.sqlite"
        let copy = out + "/broken.sqlite"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let db = try DatabaseQueue(path: copy)
        try db.write { db in
            // The rows are stored in move_note_row, their texts once each in note_text (move_note is the view).
            try db.execute(sql: "UPDATE move_note_row SET verdict = 'blunder' WHERE (position_id, uci) = (SELECT position_id, uci FROM move_note WHERE verdict = 'best' ORDER BY key LIMIT 1)")
            try db.execute(sql: "DELETE FROM move_note_row WHERE (position_id, uci) = (SELECT position_id, uci FROM move_note ORDER BY key DESC LIMIT 1)")
            try db.execute(sql: """
                INSERT INTO note_text (id, text)
                SELECT (SELECT max(id) + 1 FROM note_text), text || ' Punish it with ' || answer_san || '.'
                FROM move_note WHERE key = (SELECT min(key) FROM move_note WHERE answer_san IS NOT NULL)
                """)
            try db.execute(sql: """
                UPDATE move_note_row SET text_id = (SELECT max(id) FROM note_text)
                WHERE (position_id, uci) = (SELECT position_id, uci FROM move_note WHERE answer_san IS NOT NULL ORDER BY key LIMIT 1)
                """)
        }
        let audit = try NoteAudit.run(copy)
        #expect(audit.findings.contains { $0.contains("verdict blunder, the table gives") })
        #expect(audit.findings.contains { $0.contains("notes for") && $0.contains("missing") })
        #expect(audit.findings.contains { $0.contains("Punish it with") })
    }

    /// The whole built bundle (`scripts/check-notes.sh BUNDLE` sets FORGE_NOTES_BUNDLE): the same audit, and its size.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FORGE_NOTES_BUNDLE"] != nil))
    func theBuiltBundlesNotesHoldUp() throws {
        let dir = try #require(ProcessInfo.processInfo.environment["FORGE_NOTES_BUNDLE"])
        let audit = try NoteAudit.run(dir + "/openings.sqlite")
        for f in audit.findings { print("finding: \(f)") }
        #expect(audit.findings.count == 0)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: dir + "/openings.sqlite")[.size] as? Int)
        print("notes \(audit.notes) (curriculum positions \(audit.curriculumPositions), others \(audit.otherPositions)); "
              + "verdicts \(audit.byVerdict.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); "
              + "openings.sqlite \(size) bytes; most common sentence \(audit.topSentenceCount) of \(audit.sentences) "
              + String(format: "(%.2f%%)", audit.topSentenceShare * 100) + ": \(audit.topSentence)")
        #expect(size < 40_000_000)
        #expect(audit.topSentenceShare < 0.02, "\(audit.topSentence): \(audit.topSentenceCount) of \(audit.sentences)")
        #expect(audit.curriculumPositions > 1000 && audit.notes > 30_000)
    }
}

/// Which children get a grading search, at a curriculum position and at the name list's other positions alike (the
/// tenth read: a name-list move called best from the table's shallow search lost 0.56–0.95 pawn at depth).
@Suite struct GradingChildrenTests {
    @Test func everyNotedMoveIsGradedFromItsChildUnlessSettledCurriculumOrOver() throws {
        let p = Position.standard
        func line(_ uci: String, _ cp: Int, _ pv: [String]) throws -> EngineLine {
            EngineLine(uci: uci, san: p.san(try p.move(uci: uci)), score: .centipawns(cp), pv: pv, depth: 8)
        }
        let child = { (uci: String) in p.playingUnchecked(try p.move(uci: uci)) }
        // A name-list position's table search: e4, d4 and Nf3 all good by it; the list also plays c4 and g4.
        let v = EngineVerdict(score: .centipawns(30), wdl: nil,
                              lines: [try line("e2e4", 30, ["e2e4", "e7e5"]), try line("d2d4", 20, ["d2d4", "d7d5"]),
                                      try line("g1f3", 20, ["g1f3", "d7d5"])],
                              depth: 8, nodes: 20_000, engine: "test", profile: "test")
        let moves = try ["e2e4", "d2d4", "g1f3", "c2c4", "g2g4"].map { try p.move(uci: $0) }
        // Every move's child is asked, the moves the table calls best or good too, each once (a second parent with
        // the same move asks nothing new); a curriculum child is not (it has the build's own search).
        let asked = MoveNotes.gradingChildren([(p, v, moves), (p, v, moves)], except: [try child("d2d4").identity], policy: .standard)
        #expect(asked.map(\.identity) == (try ["e2e4", "g1f3", "c2c4", "g2g4"].map { try child($0).identity }))
        // A move whose line already leaves its side a piece down is settled: no search (1.e4 d5 2.Qg4?? Bxg4).
        let scandi = try Position(fen: "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2")
        let hangs = try scandi.move(uci: "d1g4"), takes = try scandi.move(uci: "e4d5")
        let settled = EngineVerdict(score: .centipawns(50), wdl: nil,
                                    lines: [EngineLine(uci: "e4d5", san: "exd5", score: .centipawns(50), pv: ["e4d5", "d8d5"], depth: 8),
                                            EngineLine(uci: "d1g4", san: "Qg4", score: .centipawns(-800), pv: ["d1g4", "c8g4"], depth: 8)],
                                    depth: 8, nodes: 20_000, engine: "test", profile: "test")
        #expect(ConfirmationPolicy.standard.settledByLine(hangs, in: scandi, verdict: settled))
        #expect(MoveNotes.gradingChildren([(scandi, settled, [takes, hangs])], except: [], policy: .standard).map(\.identity)
                    == [scandi.playingUnchecked(takes).identity])
        // Checkmate: nothing to search.
        let mated = try Position(fen: "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2")
        let mate = try mated.move(uci: "d8h4")
        #expect(MoveNotes.gradingChildren([(mated, settled, [mate])], except: [], policy: .standard).isEmpty)
    }

    /// The name list's grading and best-move searches are the default build's whatever `--nodes`, so every build asks
    /// the same and the store forge ships answers them; the curriculum's follow the build's budget.
    @Test func theNameListIsGradedAtTheDefaultBuildsProfilesWhateverTheBudget() {
        let small = EngineConfiguration(profile: AnalysisProfile(nodes: 30_000, multiPV: 3), cacheDirectory: nil)
        #expect(Build.gradingEngine(small).profile.nodes == 10_000 && Build.bestMoveEngine(small).profile.nodes == 30_000)
        #expect(Build.nameListGradingEngine(small).profile == Build.gradingEngine(EngineConfiguration(cacheDirectory: nil)).profile)
        #expect(Build.nameListGradingEngine(small).profile.nodes == 40_000 && Build.nameListGradingEngine(small).profile.multiPV == 1)
        #expect(Build.nameListBestMoveEngine(small).profile.nodes == 120_000 && Build.nameListBestMoveEngine(small).profile.multiPV == 1)
    }
}

/// The build grades a note's move from the search of the position after it (`ParentLinesOracle.graded`, the grading
/// profile), not from the every-move search's shallow line: moves a strong player's read found graded wrong by that
/// line, with the real Stockfish at the grading profile (Fixtures/explain/graded-from-the-child.txt).
@Suite(.enabled(if: stockfishPresent)) struct GradedFromTheChildTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String, fen: String, uci: String, worse: Bool
        var description: String { name }
    }

    static let cases: [Case] = {
        let text = (try? String(contentsOfFile: Fixtures.path("explain/graded-from-the-child.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { row in
            let f = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return f.count == 4 ? Case(name: f[0], fen: f[1], uci: f[2], worse: f[3] == "worse") : nil
        }
    }()

    @Test func theFixtureHasItsCases() { #expect(Self.cases.count == 5) }

    @Test(arguments: cases) func aMoveIsGradedFromThePositionAfterIt(_ c: Case) throws {
        let p = try Position(fen: c.fen)
        let engine = EngineConfiguration(enginePath: "/usr/games/stockfish", jobs: 1, cacheDirectory: nil)
        let grading = try makeEngineOracle(Build.gradingEngine(engine), progress: nil)
        let best = try makeEngineOracle(Build.bestMoveEngine(engine), progress: nil)
        defer { grading.shutdown(); best.shutdown() }
        let children = p.legalMoves.map { p.playingUnchecked($0) }
        var searched: [PositionIdentity: EngineVerdict] = [:]
        for (child, r) in zip(children, grading.analyse(children)) { searched[child.identity] = try r.get() }
        let shallow = EngineVerdict(score: .centipawns(0), wdl: nil, lines: [], depth: 0, nodes: 0, engine: "none", profile: "none")
        // The build's rule: every child at the grading profile, the first line's child again at the best move's.
        var deep = Set<PositionIdentity>()
        let (verdicts, deeper) = MoveNotes.graded([(p, shallow, p.legalMoves)], children: &searched, known: [:], deep: &deep, engine: best, policy: .standard)
        let graded = try #require(verdicts[p.identity])
        #expect(deeper >= 1 && graded.lines.count == p.legalMoves.count && graded.lines.allSatisfy { $0.depth >= 9 })
        let top = try #require(graded.lines.first)
        let topChild = p.playingUnchecked(try p.move(uci: top.uci))
        #expect((searched[topChild.identity]?.nodes ?? 0) >= Build.bestMoveEngine(engine).profile.nodes)
        #expect(Build.gradingEngine(engine).profile.nodes == 40_000 && Build.bestMoveEngine(engine).profile.nodes == 120_000)
        let note = Explainer(engine: ParentLinesOracle(parent: p, verdict: graded,
                                                       searched: MoveNotes.children(of: p, p.legalMoves, from: searched, known: [:])))
            .explain(try p.move(uci: c.uci), in: p, learner: p.turn).note
        let verdict = try #require(note.verdict)
        #expect((verdict >= .inaccuracy) == c.worse, "\(c.name): \(verdict) \(note.grade.map { "\($0.played.text) vs \($0.best.text)" } ?? "")")
    }
}
