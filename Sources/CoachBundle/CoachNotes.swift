// CoachNotes: what the coach says about a move here — the bundle's note, read back as the explainer's Note — and a move's
// grade against the engine.
import BundleStore
import ChessCore
import ChessPGN
import Explainer

extension CoachBundle {
    // MARK: What the coach says about a move

    /// What the coach says about `uci` played at `position`: the note the build wrote with `Explainer` — verdict and the
    /// scores it stands on, what the move does, for an inaccuracy or worse the refutation line and the better move, the
    /// threat, and after an opponent's move the learner's best answer (a field of its own: the text never gives it away).
    /// `nil` when the bundle has no note for the move (a move the build did not note at a position off the curriculum);
    /// an app then explains it with `Explainer` and its own engine, which returns the same `Note`.
    ///
    ///     let e5 = try coach.position(fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")!
    ///     let note = try coach.note(uci: "f7f6", at: e5)
    ///     note?.verdict              // .mistake
    ///     note?.text                 // what f6 does, and that it is a mistake
    ///     note?.refutation?.san      // the line that shows what goes wrong
    ///     note?.better?.san.first    // the engine's move instead
    public func note(uci: String, at position: CoachPosition) throws(CoachBundleError) -> Note? {
        let key = BundleKeys.moveKey(fromPolyglotKey: position.polyglotKey, uci: uci)
        guard let row = try run({ () throws(BundleError) in try store.moveNote(key: key) }) else { return nil }
        return try Self.note(row, at: position)
    }

    /// ``note(uci:at:)`` for a ChessCore move.
    public func note(_ move: Move, at position: CoachPosition) throws(CoachBundleError) -> Note? {
        try note(uci: move.uci, at: position)
    }

    /// ``note(uci:at:)`` for a FEN the app holds (any counters, either en-passant convention); `nil` when the bundle does
    /// not hold the position or has no note for the move. Throws ``CoachBundleError/invalidFEN(_:reason:)`` for a FEN that
    /// is not a legal position.
    public func note(uci: String, fen: String) throws(CoachBundleError) -> Note? {
        guard let here = try position(fen: fen) else { return nil }
        return try note(uci: uci, at: here)
    }

    /// Every note of the position, best move first (by the winning chances lost, then by SAN): at a curriculum position a
    /// note for every legal move, elsewhere for the engine's top moves and the moves the list or the curriculum plays.
    public func notes(at position: CoachPosition) throws(CoachBundleError) -> [Note] {
        let rows = try run { () throws(BundleError) in try store.moveNotes(positionID: position.id) }
        var out: [Note] = []
        for row in rows { out.append(try Self.note(row, at: position)) }
        // Every note read back has its grade (the row's verdict and scores): drop orders them.
        return out.sorted { a, b in
            let (x, y) = (a.grade.map(\.drop) ?? Int.max, b.grade.map(\.drop) ?? Int.max)
            return x != y ? x < y : a.san < b.san
        }
    }

    // MARK: Grading a move

    /// How `uci` compares with the engine's best move here, graded by the one verdict table the build and `Explainer`
    /// use (`VerdictThresholds.standard`): the verdict, the winning chances lost, the centipawns lost, the move's rank among
    /// the stored top moves (nil when it is not one of them). From the move's note when the bundle has one, else from the
    /// top moves when the move is one of them; `nil` otherwise (grade it with an engine).
    ///
    ///     try coach.grade(uci: "f8c5", at: here)?.verdict   // .good
    ///     try coach.grade(uci: "f8c5", at: here)?.rank      // 2
    public func grade(uci: String, at position: CoachPosition) throws(CoachBundleError) -> MoveGrade? {
        let top = try topMoves(at: position)
        let rank = top?.moves.first { $0.uci == uci }?.rank
        if var graded = try note(uci: uci, at: position)?.grade {
            graded.rank = rank
            return graded
        }
        guard let top, let best = top.moves.first, let hit = top.moves.first(where: { $0.uci == uci }) else { return nil }
        let line = EngineLine(uci: best.uci, san: best.san, score: best.score, pv: best.pv)
        return VerdictThresholds.standard.grade(move: uci, played: hit.score, best: line, rank: hit.rank)
    }

    // MARK: Rows to values

    /// A `*_text` column as ``NoteLine/text``: the writer stores a line's text NULL exactly when the explainer left it
    /// empty (Openings' "not explained"), so NULL reads back as that empty text: the inverse of the write, not a default.
    static func noteLineText(_ column: String?) -> String {
        guard let column else { return "" }
        return column
    }

    /// A `move_note` row as the explainer's `Note`; a row that does not read as one is an error (`BND502`), never a
    /// made-up verdict or score. The motifs and the claim's evidence are not stored: a note read back has none.
    static func note(_ r: MoveNoteRecord, at position: CoachPosition) throws(CoachBundleError) -> Note {
        func damaged(_ reason: String) -> CoachBundleError { .damagedRow(table: "move_note", key: r.key, reason: reason) }
        guard let verdict = MoveVerdict(rawValue: r.verdict) else { throw damaged("unknown verdict \"\(r.verdict)\"") }
        guard let played = Score(centipawns: r.scoreCP, mate: r.scoreMate) else { throw damaged("the move's score is not exactly one of score_cp, score_mate") }
        guard let best = Score(centipawns: r.bestCP, mate: r.bestMate) else { throw damaged("the best score is not exactly one of best_cp, best_mate") }
        let before: Position
        do { before = try Position(fen: position.fen) } catch { throw .invalidFEN(position.fen, reason: error.description) }
        guard let move = try? before.move(uci: r.uci) else { throw damaged("\(r.uci) is not a legal move in \(position.fen)") }
        let arrows = try Self.arrows(r.arrows, damaged)
        // The line columns are NULL when the note has no such line (the writer never writes an empty one).
        func moves(_ text: String?) -> [String] {
            guard let text else { return [] }
            return text.split(separator: " ").map(String.init)
        }
        // A line's arrow is its first move's, in the explainer's colours (red: what goes wrong; green: what to play).
        func arrow(_ color: AnnotationColor, _ uci: String?) -> [Arrow] {
            guard let uci else { return [] }
            return Arrow(text: String(color.letter) + uci.prefix(4)).map { [$0] } ?? []
        }
        func line(_ uci: String?, _ san: String?, _ text: String?, _ color: AnnotationColor) -> NoteLine? {
            let u = moves(uci)
            guard !u.isEmpty else { return nil }
            return NoteLine(uci: u, san: moves(san), score: nil, text: Self.noteLineText(text), arrows: arrow(color, u.first))
        }
        func after(_ m: Move) -> Position { before.playingUnchecked(m) }
        let grade = MoveGrade(verdict: verdict, best: best, played: played, drop: r.loss,
                              centipawnLoss: best.centipawns(minus: played).map { max(0, $0) }, rank: nil,
                              better: r.betterUCI ?? r.uci)
        var note = Note(uci: r.uci, san: r.san, fenBefore: position.fen, mover: before.turn, grade: grade, text: r.text, motifs: [],
                        claim: nil, arrows: arrows)
        note.refutation = line(r.refutationUCI, r.refutationSAN, r.refutationText, .red)
        note.better = line(r.betterUCI, r.betterSAN, r.betterText, .green)
        note.answer = line(r.answerUCI, r.answerSAN, nil, .green)
        // The threat is the mover's move if it could move again: read where it would be played.
        if let t = r.threatUCI {
            let pass = ParentLinesOracle.passing(after(move))
            let san = pass.flatMap { p in (try? p.move(uci: t)).map { p.san($0) } }
            note.threat = NoteLine(uci: [t], san: san.map { [$0] } ?? [], score: nil, text: "", arrows: arrow(.red, t))
        }
        note.depth = r.depth
        if r.leavesCourse { note.leaves = CourseExit(name: r.leavesName, plan: r.planText) }
        return note
    }

}
