// MoveNoteTests: the notes forge build writes (move_note) — ParentLinesOracle's derivations, and a built bundle's notes
// with the real Stockfish: every move covered, every note checked (NoteAudit); the real bundle with FORGE_NOTES_BUNDLE.
import BundleStore
import ChessCore
import Foundation
import GRDB
import Testing

@testable import Openings
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
        #expect(damiano.leaves == CourseExit(name: "Damiano Defense", plan: "The course's usual answer here, Bc4, is not the engine's first choice after this move."))
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
        #expect(french.leaves?.plan == "The course's usual answer here, exd5, is not possible after this move: the plan changes.")
    }

    @Test func matesMoveOneMoveNearerEachPly() {
        #expect(ParentLinesOracle.onePlyOn(.mate(3)) == .mate(-2))
        #expect(ParentLinesOracle.onePlyOn(.mate(-2)) == .mate(2))
        #expect(ParentLinesOracle.onePlyOn(.mate(1)) == .mate(0))
        #expect(ParentLinesOracle.onePlyOn(.centipawns(-80)) == .centipawns(80))
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
    static let cache = (try? Fixtures.tempDirectory()) ?? "/tmp/forge-notes-test-cache"

    /// The fixture opening (80 positions) built with the real Stockfish: every legal move of every curriculum position
    /// has a note that passes its checks, the build says what it searched, and the bundle's rows read back true.
    @Test func aBuiltBundleHasAGoodNoteForEveryMove() throws {
        let out = try Fixtures.tempDirectory()
        let report = Build.run(BuildConfiguration(openingsPath: Fixtures.path("validate/good"), outputDirectory: out,
                                                  engine: EngineConfiguration(profile: .init(nodes: 30_000, multiPV: 3), cacheDirectory: Self.cache)))
        #expect(!report.failed)
        #expect(report.diagnostics.filter { $0.code == AnnotatorCode.noteFailsChecks }.map(\.text) == [])
        #expect(report.counts["note_searches_all_moves"] == 80)
        #expect(report.summary.contains("notes: \(report.counts["notes"] ?? -1) "))
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
        let engine = EngineConfiguration(profile: .init(nodes: 30_000, multiPV: 3), cacheDirectory: Self.cache)
        let r = runExplain(ExplainConfiguration(fen: nil, moves: ["a3", "a6"], format: .json, engine: engine, bundle: .required(out)))
        #expect(r.outcome == .ok && r.fromBundle == [true, false])
        let stored = try #require(try OpeningsBundle(path: out + "/openings.sqlite").moveNote(
            key: BundleKeys.moveKey(fromPolyglotKey: Position.standard.zobristKey, uci: "a2a3")))
        #expect(r.notes.first?.text == stored.text && r.notes.first?.verdict?.rawValue == stored.verdict)
        #expect(r.output.contains("\"fromBundle\" : true") && r.output.contains("\"fromBundle\" : false"))
        let missing = runExplain(ExplainConfiguration(fen: nil, moves: ["e4"], engine: engine, bundle: .required(out + "/nothing")))
        #expect(missing.outcome == .usage && missing.diagnostics.map(\.code) == [BundleCode.cannotOpen])
    }

    /// The audit finds what it is for: a row whose verdict the table does not give, a spoiler, a missing note.
    @Test func theAuditCatchesABrokenNote() throws {
        let out = try Fixtures.tempDirectory()
        _ = Build.run(BuildConfiguration(openingsPath: Fixtures.path("validate/good"), outputDirectory: out,
                                         engine: EngineConfiguration(profile: .init(nodes: 30_000, multiPV: 3), cacheDirectory: Self.cache)))
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
