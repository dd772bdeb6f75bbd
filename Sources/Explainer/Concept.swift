// Concept: the fixed list of ideas the coach app groups explanations by.

/// A teaching concept. The raw values are what the bundle and `forge annotate` write.
public enum Concept: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case centreControl = "centre control"
    case development
    case kingSafety = "king safety"
    case pieceActivity = "piece activity"
    case pawnStructure = "pawn structure"
    case pawnBreak = "pawn break"
    case space
    case plan
    case material
    case tactics
    case gambit
    case trap
    case mistake

    public static func < (a: Concept, b: Concept) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }

    /// Concepts an authored explanation names in words (`pin` → tactics, `castle` → king safety, …), each
    /// stem at the start of a word (`plan` finds `plans`, not `explanation`; see `AuthoredComment.contains(stem:)`).
    static let stems: [(String, Concept)] = [
        ("centre", .centreControl), ("center", .centreControl), ("develop", .development), ("castl", .kingSafety),
        ("king safe", .kingSafety), ("attack", .tactics), ("pin", .tactics), ("fork", .tactics), ("trap", .trap),
        ("threat", .tactics), ("space", .space), ("plan", .plan), ("prepares", .plan), ("break", .pawnBreak),
        ("pawn chain", .pawnStructure), ("isolated", .pawnStructure), ("doubled", .pawnStructure),
        ("gambit", .gambit), ("sacrific", .material), ("wins a pawn", .material), ("pawn up", .material),
        ("diagonal", .pieceActivity), ("open file", .pieceActivity), ("outpost", .pieceActivity), ("mistake", .mistake),
    ]

    static func named(in comment: AuthoredComment) -> [Concept] {
        stems.filter { comment.contains(stem: $0.0) }.map(\.1)
    }
}
