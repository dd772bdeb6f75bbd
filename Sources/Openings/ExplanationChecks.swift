// ExplanationChecks: validator checks on explanations — every line move explained, authored text in bounds and true to the board.
import ChessCore
import ChessPGN
import Diagnostics
import Explainer

/// The annotator's checks for `forge validate`. Codes:
/// - `ANN501` (warning): a main-line or deviation move has no authored comment and the annotator finds no
///   motif for it, so only a filler sentence can be generated. (A move that cannot be replayed is the reader's error.)
/// - `ANN502` (error): an authored explanation outside `AuthoredComment.lengthBounds` (40 to 220 characters).
/// - `ANN503` (warning): an authored comment names a piece on a square where no such piece stands
///   (before or after the move): `the knight on f5`, `the f5-knight`.
/// - `ANN504` (warning): an authored comment names a move (`Nf3`, `exd5`, `O-O`) that is legal neither
///   before nor after the move, nor in the next positions of the line, nor after one more move of either side.
///
/// ```swift
/// let diagnostics = ExplanationChecks.check(source: source)   // source: SourceReader.source(from:file:diagnostics:)
/// ```
public enum ExplanationChecks {
    public static let missing = AnnotatorCode.unexplainedMove
    public static let length = AnnotatorCode.explanationLength
    public static let pieceNotThere = AnnotatorCode.pieceNotThere
    public static let illegalMove = AnnotatorCode.namedMoveNotLegal

    /// How many plies ahead a move named in a comment may become legal (a plan: "preparing d4").
    static let planHorizon = 8

    /// Checks an `OpeningSource` as `SourceReader` read it: every move of the main line, and of each deviation
    /// from its branch point (alternatives are not checked).
    public static func check(source: OpeningSource) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for line in source.lines where line.role != .alternative {
            let moves = line.moves
            let positions = moves.map(\.before) + (moves.last.map { [$0.after] } ?? [])
            for i in line.branchPly..<moves.count {
                let lm = moves[i]
                let later = Array(positions[min(i + 1, positions.count)..<min(positions.count, i + 2 + planHorizon)])
                if let text = lm.comment, !text.isEmpty {
                    let earlier = Array(positions[max(0, i - planHorizon)..<i])
                    out += checkAuthored(text, before: lm.before, move: lm.move, later: later, earlier: earlier, at: lm.location)
                } else if Annotator.ruleMotifs(before: lm.before, move: lm.move, previous: i > 0 ? moves[i - 1].move : nil,
                                                reply: i + 1 < moves.count ? moves[i + 1].move : nil).isEmpty {
                    out.append(Diagnostic(missing,
                                          "\(lm.san) has no authored explanation and the annotator finds nothing to say about it",
                                          at: lm.location, notes: ["write a comment after the move"]))
                }
            }
        }
        return out
    }

    /// Checks one authored explanation of `move` played in `before`. `later` are the positions after the move
    /// along the line (the first is the position right after it); `earlier` the ones before `before`, where a
    /// piece the comment recalls stood (`the c8-bishop guarded b7 until it went to g4`, `won the f7-pawn`).
    public static func checkAuthored(_ text: String, before: Position, move: Move, later: [Position] = [], earlier: [Position] = [],
                                     at: SourceLocation? = nil) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let count = text.count
        let bounds = AuthoredComment.lengthBounds
        if !bounds.contains(count) {
            out.append(Diagnostic(length, "authored explanation has \(count) characters; expected \(bounds.lowerBound) to \(bounds.upperBound)", at: at,
                                  notes: ["text: \(text)"]))
        }
        let after = before.playingUnchecked(move)
        let comment = AuthoredComment(text)
        // "the knight on f5", "the f5-knight": a piece named on its square, read as the claim checks read it
        // (a SAN move such as "Nf5" names a move, not a piece standing there).
        var named: Set<String> = []
        for words in comment.sentences.map(\.words) {
            for i in words.indices where CommentClaims.sanPiece(words[i]) == nil {
                guard let p = CommentClaims.piece(at: i, in: words), let sq = p.square, named.insert("\(p.role.name) \(sq.name)").inserted else { continue }
                let there = (earlier + [before, after] + later.prefix(3)).contains { $0.board.role(at: sq) == p.role }
                if !there {
                    out.append(Diagnostic(pieceNotThere, "comment names a \(p.role.name) on \(sq.name), but there is none there", at: at,
                                          notes: ["position after the move: \(after.fen())"]))
                }
            }
        }
        // Moves: SAN with a piece letter, a capture, or castling.
        var seen: Set<String> = []
        for w in comment.words where looksLikeMove(w) && !seen.contains(w) {
            seen.insert(w)
            var candidates = [before, after] + later
            if let p = BoardFacts.passing(after) { candidates.append(p) }
            if let p = BoardFacts.passing(before) { candidates.append(p) }
            var legal = candidates.contains { p in (try? p.parseSAN(w)) != nil }
            // A plan or a hypothetical: legal after one more move of either side ("Be3 and Rc1", "…Qxb3 axb3").
            if !legal {
                var deeper: [Position] = after.legalMoves.map { after.playingUnchecked($0) }
                if let p = BoardFacts.passing(after) {
                    for m in p.legalMoves { if let q = BoardFacts.passing(p.playingUnchecked(m)) { deeper.append(q) } }
                }
                legal = deeper.contains { p in (try? p.parseSAN(w)) != nil }
            }
            if !legal {
                out.append(Diagnostic(illegalMove, "comment names the move \(w), which is not legal here", at: at,
                                      notes: ["position before the move: \(before.fen())"]))
            }
        }
        return out
    }

    static func roleNamed(_ w: String) -> Role? {
        switch w {
        case "pawn": .pawn
        case "knight": .knight
        case "bishop": .bishop
        case "rook": .rook
        case "queen": .queen
        case "king": .king
        default: nil
        }
    }

    /// `Nf3`, `Nbd7`, `Qxe7+`, `exd5`, `O-O`, `e8=Q`: tokens that can only be moves (plain squares like `d4` are not checked).
    static func looksLikeMove(_ w: String) -> Bool {
        if w == "O-O" || w == "O-O-O" { return true }
        let u = Array(w.utf8)
        guard u.count >= 3, u.count <= 8 else { return false }
        let isFile = { (b: UInt8) in b >= 97 && b <= 104 }
        let isRank = { (b: UInt8) in b >= 49 && b <= 56 }
        var core = u
        while let l = core.last, l == 43 || l == 35 { core.removeLast() }  // + #
        guard core.count >= 3 else { return false }
        if "KQRBN".utf8.contains(core[0]) {
            let rest = core.dropFirst()
            guard rest.count >= 2, let a = rest.dropLast().last, let b = rest.last, isFile(a), isRank(b) else { return false }
            return rest.dropLast(2).allSatisfy { isFile($0) || isRank($0) || $0 == 120 }
        }
        // Pawn capture: exd5, exd6
        if core.count >= 4, isFile(core[0]), core[1] == 120, isFile(core[2]), isRank(core[3]) { return true }
        return false
    }
}
