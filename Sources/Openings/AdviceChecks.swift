// AdviceChecks: one piece of advice per situation — across the curriculum, the learner is taught one move in each position.
import ChessCore
import Diagnostics
import Explainer

/// VAL227 over every coach source at once: two taught lines (a main line, a phase-2 line) that give the learner
/// different moves in the same position (the same Polyglot key) contradict each other.
///
/// Two openings that leave a shared trunk by their own main-line moves (the Italian's 3.Bc4, the Scotch's 3.d4
/// after 1.e4 e5 2.Nf3 Nc6) are a choice of opening, not two pieces of advice: a position where both moves
/// are their own source's main-line move is not reported, nor one where each course plays the move by which
/// its main line parts from the other's (after 1.d4 Nf6 2.Nf3 g6 the London's Bf4, the Queen's Gambit's c4).
///
/// ```swift
/// let diagnostics = AdviceChecks.check(library.sources)
/// ```
public enum AdviceChecks {
    struct Advice {
        var file: String
        var line: String
        var move: LineMove
        var onMainLine: Bool
    }

    public static func check(_ sources: [OpeningSource]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var first: [UInt64: Advice] = [:]
        var reported = Set<String>()  // one report per position and move
        let mainLines = Dictionary(sources.compactMap { s in
            s.learner.flatMap { learner in s.taughtLines.first { $0.role == .main }.map { (s.file, (learner, $0.moves)) } }
        }, uniquingKeysWith: { a, _ in a })
        for s in sources where s.kind == .coach && s.isComplete {
            guard let learner = s.learner else { continue }
            // A deviation that starts with the learner's own move is VAL207's finding, not a second piece of advice.
            for line in s.taughtLines where line.role == .main || line.ownMoves.first?.before.turn != learner {
                let own = line.role == .main ? line.moves[...] : line.ownMoves
                for m in own where m.before.turn == learner {
                    let key = m.before.zobristKey
                    let here = Advice(file: s.file, line: line.role == .main ? "the main line" : "\"\(line.name)\"", move: m,
                                      onMainLine: line.role == .main)
                    guard let other = first[key] else {
                        first[key] = here
                        continue
                    }
                    guard other.move.move != m.move, !(other.onMainLine && here.onMainLine && other.file != here.file),
                          !choiceOfOpening(here, other, mainLines),
                          reported.insert("\(key) \(m.move.uci)").inserted else { continue }
                    let otherAt = other.move.location
                    // Within one course two answers contradict each other: an error. Two courses are two repertoires
                    // (the Italian meets 1...c5 with 2.c3, the Ruy with 2.Nf3): the learner is told, as a warning.
                    let severity: Severity = other.file == here.file ? .error : .warning
                    out.append(Diagnostic(
                        ValidatorCode.twoAdvicesInOnePosition,
                        "learner move \(EngineChecks.moveLabel(m)) in \(here.line) differs from \(EngineChecks.moveLabel(other.move)) that \(other.line) of \(other.file) teaches in the same position",
                        at: m.location,
                        notes: ["the other line: \(otherAt.file):\(otherAt.line):\(otherAt.column)", "position: \(m.before.fen())",
                                "teach one move in one position, or leave the position by another move order"]).reported(as: severity))
                }
            }
        }
        return out
    }

    /// Whether two courses' moves are each the move by which its own main line parts from the other's: the
    /// learner's move at the first position where the two main lines play different moves.
    static func choiceOfOpening(_ a: Advice, _ b: Advice, _ mainLines: [String: (PieceColor, [LineMove])]) -> Bool {
        guard a.file != b.file, let (learner, lineA) = mainLines[a.file], let (otherLearner, lineB) = mainLines[b.file],
              learner == otherLearner, let (partA, partB) = partingMoves(lineA, lineB, learner: learner) else { return false }
        return a.move.move == partA && b.move.move == partB
    }

    /// The two learner moves where two main lines part, or `nil` when they part by the opponent's move (or never).
    static func partingMoves(_ a: [LineMove], _ b: [LineMove], learner: PieceColor) -> (Move, Move)? {
        for (x, y) in zip(a, b) {
            guard x.before.zobristKey == y.before.zobristKey else { return nil }
            if x.move != y.move { return x.before.turn == learner ? (x.move, y.move) : nil }
        }
        return nil
    }
}
