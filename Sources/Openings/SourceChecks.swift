// SourceChecks: the rules one source must follow on its own (tags, canonical SAN, line lengths, deviations).
import ChessCore
import ChessPGN
import Diagnostics

/// Rules about a single source, without the engine.
public enum SourceChecks {
    /// A deviation continues this many full moves after the opponent's deviating move and the learner's answer.
    public static let minimumDeviationMoves = 3
    public static let minimumDeviations = 4
    static let roster = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]

    public static func check(_ s: OpeningSource) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let at = s.location
        func err(_ code: DiagnosticCode, _ msg: String, _ loc: SourceLocation? = nil, notes: [String] = []) {
            out.append(Diagnostic(code, msg, at: loc ?? at, notes: notes))
        }

        // Tags.
        var required = roster + ["ECO", "Opening", "Description"]
        switch s.kind {
        case .coach: required += ["LearnerSide", "Difficulty"]
        case .tactic: required += ["Claim", "ClaimPly", "ClaimText"]
        case .classical: break
        }
        for t in required where s.tag(t) == nil {
            err(ValidatorCode.missingTag, "missing tag [\(t) \"…\"]")
        }
        if let eco = s.tag("ECO"), !isECO(eco) {
            err(ValidatorCode.malformedTag, "tag ECO: expected a code A00–E99, found \"\(eco)\"", s.tagLocation("ECO"))
        }
        if let d = s.tag("Description"), d.count < 40 {
            err(ValidatorCode.malformedTag, "tag Description: expected a paragraph (40 characters or more), found \(d.count) characters",
                s.tagLocation("Description"))
        }
        if s.kind == .coach {
            if let side = s.tag("LearnerSide"), side != "White" && side != "Black" {
                err(ValidatorCode.malformedTag, "tag LearnerSide: expected White or Black, found \"\(side)\"", s.tagLocation("LearnerSide"))
            }
            if let d = s.tag("Difficulty"), !(Int(d).map { (1...5).contains($0) } ?? false) {
                err(ValidatorCode.malformedTag, "tag Difficulty: expected 1 to 5, found \"\(d)\"", s.tagLocation("Difficulty"))
            }
        }
        if s.kind == .tactic { out += claimTagProblems(s) }

        // Canonical SAN, on every line's own moves (the shared prefix is checked with its own line).
        for line in s.lines {
            for m in line.ownMoves where m.writtenSAN != m.san {
                err(ValidatorCode.nonCanonicalSAN, "move \"\(m.writtenSAN)\" is not canonical SAN: write \"\(m.san)\"", m.location,
                    notes: ["in \(m.before.fen())"])
            }
        }

        // Lengths, deviations and duplicates need whole lines: a source cut short by a reading error skips them.
        guard s.isComplete else { return out }
        if s.kind == .coach {
            let deviations = s.deviations
            if deviations.count < minimumDeviations {
                err(ValidatorCode.tooFewDeviations, "\(deviations.count) named deviations; a coach opening needs at least \(minimumDeviations)",
                    notes: ["mark a variation with {[%dev phase=2 name=\"…\"]} at its start"])
            }
            if let learner = s.learner {
                for d in deviations {
                    guard let first = d.ownMoves.first else { continue }
                    if first.before.turn == learner {
                        err(ValidatorCode.deviationByLearner, "deviation \"\(d.name)\" starts with a move of the learner (\(learner.name)); a deviation is the opponent's choice",
                            first.location)
                    }
                    // The deviating move, the learner's answer, then 3 full moves.
                    let needed = 2 + 2 * minimumDeviationMoves
                    if d.ownMoves.count < needed {
                        err(ValidatorCode.deviationTooShort, "deviation \"\(d.name)\" has \(d.ownMoves.count) moves; it needs the deviating move, the learner's answer and \(minimumDeviationMoves) full moves more (\(needed) moves)",
                            d.location)
                    }
                }
            }
        }
        if s.kind == .coach {
            for line in s.lines {
                guard let last = line.moves.last, last.after.isGameOver else { continue }
                out.append(Diagnostic(ValidatorCode.gameEndsInLine, "line \"\(line.name)\" ends the game (\(last.after.isCheckmate ? "checkmate" : "a draw")) inside a coach line",
                                      at: last.location))
            }
        }

        // Duplicate lines inside the source.
        var seen: [[String]: Int] = [:]
        for (i, line) in s.lines.enumerated() {
            let key = line.moves.map(\.move.uci)
            if let j = seen[key] {
                err(ValidatorCode.duplicateLine, "line \"\(line.name)\" repeats line \"\(s.lines[j].name)\" move for move", line.location)
            } else {
                seen[key] = i
            }
        }
        return out
    }

    static func isECO(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return u.count == 3 && (65...69).contains(u[0]) && (48...57).contains(u[1]) && (48...57).contains(u[2])
    }

    /// A tactic's claim: `mate N` or `material N`, and a ClaimPly inside the main line.
    static func claimTagProblems(_ s: OpeningSource) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if let c = s.tag("Claim"), TacticalClaim(c) == nil {
            out.append(Diagnostic(ValidatorCode.malformedTag, "tag Claim: expected \"mate N\" or \"material N\", found \"\(c)\"", at: s.tagLocation("Claim")))
        }
        if let p = s.tag("ClaimPly"), s.isComplete {
            if let n = Int(p), n >= 0, n < s.mainLine.moves.count {
            } else {
                out.append(Diagnostic(ValidatorCode.malformedTag, "tag ClaimPly: expected a ply from 0 to \(max(0, s.mainLine.moves.count - 1)) of the main line, found \"\(p)\"",
                                      at: s.tagLocation("ClaimPly")))
            }
        }
        return out
    }
}

/// What a tactical demonstration claims, from its `Claim` tag.
public enum TacticalClaim: Hashable, Sendable {
    /// The side to move at ClaimPly mates in N.
    case mate(Int)
    /// The side to move at ClaimPly wins at least N points of material by the end of the line.
    case material(Int)

    public init?(_ text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let n = Int(parts[1]), n > 0 else { return nil }
        switch parts[0] {
        case "mate": self = .mate(n)
        case "material": self = .material(n)
        default: return nil
        }
    }
}
