// MoveNoteRecord: one row of `move_note`, what the coach says about one move in one position (the explainer's note).
import GRDB

/// The note on one move of one bundle position: its verdict, the scores it stands on, what it does, and for an
/// inaccuracy or worse what goes wrong and what was better; after an opponent's move, the learner's answer.
///
/// Keyed by ``key``, `BundleKeys.moveKey(fromPolyglotKey:uci:)` of the position before and the move: equal to
/// `move.key` where the move is one of the tree's. Scores are the mover's point of view; exactly one of
/// ``scoreCP``/``scoreMate`` and of ``bestCP``/``bestMate`` is set. The schema is the contract in docs/bundle.md.
package struct MoveNoteRecord: Codable, Hashable, Sendable, FetchableRecord, TableRecord {
    /// The view that reads the stored rows (`move_note_row`) with their texts (`note_text`) joined.
    package static let databaseTableName = "move_note"

    package var key: String
    package var positionID: Int64
    package var uci: String
    package var san: String
    /// `best`, `good`, `inaccuracy`, `mistake`, `blunder`.
    package var verdict: String
    /// The drop in winning chances against the best move, per mille.
    package var loss: Int
    package var scoreCP: Int?
    package var scoreMate: Int?
    package var bestCP: Int?
    package var bestMate: Int?
    package var text: String
    package var claimKind: String?
    package var claimCP: Int?
    package var claimMate: Int?
    package var arrows: String?
    package var threatUCI: String?
    /// Space-separated moves.
    package var refutationUCI: String?
    package var refutationSAN: String?
    package var refutationText: String?
    package var betterUCI: String?
    package var betterSAN: String?
    package var betterText: String?
    package var answerUCI: String?
    package var answerSAN: String?
    package var depth: Int
    /// The move leaves the course's lines (at a curriculum position; 2.2).
    package var leavesCourse: Bool
    /// The opening name of the position such a move reaches.
    package var leavesName: String?
    /// After an opponent's move that leaves the lines: how the learner's plan changes, when it does.
    package var planText: String?

    package init(key: String, positionID: Int64, uci: String, san: String, verdict: String, loss: Int,
                scoreCP: Int?, scoreMate: Int?, bestCP: Int?, bestMate: Int?, text: String,
                claimKind: String? = nil, claimCP: Int? = nil, claimMate: Int? = nil, arrows: String? = nil, threatUCI: String? = nil,
                refutationUCI: String? = nil, refutationSAN: String? = nil, refutationText: String? = nil,
                betterUCI: String? = nil, betterSAN: String? = nil, betterText: String? = nil,
                answerUCI: String? = nil, answerSAN: String? = nil, depth: Int,
                leavesCourse: Bool = false, leavesName: String? = nil, planText: String? = nil) {
        self.key = key
        self.positionID = positionID
        self.uci = uci
        self.san = san
        self.verdict = verdict
        self.loss = loss
        self.scoreCP = scoreCP
        self.scoreMate = scoreMate
        self.bestCP = bestCP
        self.bestMate = bestMate
        self.text = text
        self.claimKind = claimKind
        self.claimCP = claimCP
        self.claimMate = claimMate
        self.arrows = arrows
        self.threatUCI = threatUCI
        self.refutationUCI = refutationUCI
        self.refutationSAN = refutationSAN
        self.refutationText = refutationText
        self.betterUCI = betterUCI
        self.betterSAN = betterSAN
        self.betterText = betterText
        self.answerUCI = answerUCI
        self.answerSAN = answerSAN
        self.depth = depth
        self.leavesCourse = leavesCourse
        self.leavesName = leavesName
        self.planText = planText
    }

    enum CodingKeys: String, CodingKey {
        case key
        case positionID = "position_id"
        case uci, san, verdict, loss
        case scoreCP = "score_cp"
        case scoreMate = "score_mate"
        case bestCP = "best_cp"
        case bestMate = "best_mate"
        case text
        case claimKind = "claim_kind"
        case claimCP = "claim_cp"
        case claimMate = "claim_mate"
        case arrows
        case threatUCI = "threat_uci"
        case refutationUCI = "refutation_uci"
        case refutationSAN = "refutation_san"
        case refutationText = "refutation_text"
        case betterUCI = "better_uci"
        case betterSAN = "better_san"
        case betterText = "better_text"
        case answerUCI = "answer_uci"
        case answerSAN = "answer_san"
        case depth
        case leavesCourse = "leaves_course"
        case leavesName = "leaves_name"
        case planText = "plan_text"
    }

    /// The table's columns, for GRDB's query interface.
    package enum Columns {
        package static let key = Column(CodingKeys.key)
        package static let positionID = Column(CodingKeys.positionID)
        package static let uci = Column(CodingKeys.uci)
        package static let verdict = Column(CodingKeys.verdict)
    }
}

/// A text of the notes, stored once (`note_text`): ids follow the texts' byte order, so the same notes give the same file.
struct NoteTextRow: Codable, PersistableRecord {
    static let databaseTableName = "note_text"
    var id: Int64
    var text: String
}

/// A note as stored (`move_note_row`): its texts by id, under its position and move (the view makes the key).
struct MoveNoteRow: Codable, PersistableRecord {
    static let databaseTableName = "move_note_row"
    var positionID: Int64
    var uci: String
    var san: String
    var verdict: String
    var loss: Int
    var scoreCP: Int?
    var scoreMate: Int?
    var bestCP: Int?
    var bestMate: Int?
    var textID: Int64
    var claimKind: String?
    var claimCP: Int?
    var claimMate: Int?
    var arrows: String?
    var threatUCI: String?
    var refutationUCI: String?
    var refutationSAN: String?
    var refutationTextID: Int64?
    var betterUCI: String?
    var betterSAN: String?
    var betterTextID: Int64?
    var answerUCI: String?
    var answerSAN: String?
    var depth: Int
    var leavesCourse: Bool
    var leavesNameID: Int64?
    var planTextID: Int64?

    enum CodingKeys: String, CodingKey {
        case positionID = "position_id"
        case uci, san, verdict, loss
        case scoreCP = "score_cp"
        case scoreMate = "score_mate"
        case bestCP = "best_cp"
        case bestMate = "best_mate"
        case textID = "text_id"
        case claimKind = "claim_kind"
        case claimCP = "claim_cp"
        case claimMate = "claim_mate"
        case arrows
        case threatUCI = "threat_uci"
        case refutationUCI = "refutation_uci"
        case refutationSAN = "refutation_san"
        case refutationTextID = "refutation_text_id"
        case betterUCI = "better_uci"
        case betterSAN = "better_san"
        case betterTextID = "better_text_id"
        case answerUCI = "answer_uci"
        case answerSAN = "answer_san"
        case depth
        case leavesCourse = "leaves_course"
        case leavesNameID = "leaves_name_id"
        case planTextID = "plan_text_id"
    }

    /// The distinct texts of `notes` (text, refutation text, better text, plan text, leaves name), in byte order: `note_text`'s rows, id = index + 1.
    static func texts(of notes: [MoveNoteRecord]) -> [String] {
        var distinct = Set<String>()
        for n in notes {
            distinct.insert(n.text)
            if let t = n.refutationText { distinct.insert(t) }
            if let t = n.betterText { distinct.insert(t) }
            if let t = n.planText { distinct.insert(t) }
            if let t = n.leavesName { distinct.insert(t) }
        }
        return distinct.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The stored rows of `notes` and the texts they point at, ids by the texts' byte order.
    static func normalised(_ notes: [MoveNoteRecord]) -> (texts: [NoteTextRow], rows: [MoveNoteRow]) {
        let ordered = texts(of: notes)
        var ids: [String: Int64] = [:]
        for (i, t) in ordered.enumerated() { ids[t] = Int64(i + 1) }
        let rows = notes.map { n in
            MoveNoteRow(positionID: n.positionID, uci: n.uci, san: n.san, verdict: n.verdict, loss: n.loss,
                        scoreCP: n.scoreCP, scoreMate: n.scoreMate, bestCP: n.bestCP, bestMate: n.bestMate, textID: ids[n.text] ?? 0,
                        claimKind: n.claimKind, claimCP: n.claimCP, claimMate: n.claimMate, arrows: n.arrows, threatUCI: n.threatUCI,
                        refutationUCI: n.refutationUCI, refutationSAN: n.refutationSAN, refutationTextID: n.refutationText.flatMap { ids[$0] },
                        betterUCI: n.betterUCI, betterSAN: n.betterSAN, betterTextID: n.betterText.flatMap { ids[$0] },
                        answerUCI: n.answerUCI, answerSAN: n.answerSAN, depth: n.depth,
                        leavesCourse: n.leavesCourse, leavesNameID: n.leavesName.flatMap { ids[$0] }, planTextID: n.planText.flatMap { ids[$0] })
        }
        return (ordered.enumerated().map { NoteTextRow(id: Int64($0.offset + 1), text: $0.element) }, rows)
    }
}
