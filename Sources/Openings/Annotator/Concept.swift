// Concept: the fixed list of ideas the coach app groups explanations by.

/// A teaching concept. The raw values are what the bundle and `forge annotate` write.
public enum Concept: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case centreControl = "centre control"
    case development
    case kingSafety = "king safety"
    case pieceActivity = "piece activity"
    case pawnStructure = "pawn structure"
    case material
    case tactics

    public static func < (a: Concept, b: Concept) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
    }
}
