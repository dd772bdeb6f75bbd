// SourceHeader: a source's tags read once, into what they mean — the only place a tag is looked up by name.
import ChessCore
import ChessPGN
import Diagnostics

/// What a tactic claims and where: the `Claim`, `ClaimPly` and `ClaimText` tags together.
public struct TacticClaimTags: Sendable, Hashable {
    public var claim: TacticalClaim
    /// The ply of the main line where the side to move starts the claimed sequence (0: before the first move).
    public var ply: Int
    /// The sentence the app shows (`ClaimText`).
    public var text: String
}

/// The tags of one source as the library uses them. `SourceReader` builds it once and reports there every
/// value it cannot read (`VAL2xx` malformed tag); a value that is missing or unreadable is nil here, so no
/// reader of the header parses a tag again or falls back to a made-up value.
public struct SourceHeader: Sendable, Hashable {
    /// `Opening`, as written.
    public var opening: String?
    /// `Variation`; nil when absent or empty.
    public var variation: String?
    /// `ECO`, when it is a code A00–E99.
    public var eco: String?
    /// `Description`, as written (its length is `SourceChecks`' rule), and where it stands.
    public var description: String?
    public var descriptionLocation: SourceLocation?
    /// `LearnerSide`: `White` or `Black` exactly.
    public var learner: PieceColor?
    /// `Difficulty`: 1 to 5.
    public var difficulty: Int?
    /// A tactic's claim, when all three tags are there and readable (`ClaimPly` inside a whole main line).
    public var claim: TacticClaimTags?
    /// The names of the tags the source has, for the rule that some must be there (`SourceChecks`).
    public var tagNames: Set<String>

    public init(opening: String? = nil, variation: String? = nil, eco: String? = nil, description: String? = nil,
                learner: PieceColor? = nil, difficulty: Int? = nil, claim: TacticClaimTags? = nil, tagNames: Set<String> = []) {
        self.opening = opening
        self.variation = variation
        self.eco = eco
        self.description = description
        self.learner = learner
        self.difficulty = difficulty
        self.claim = claim
        self.tagNames = tagNames
    }

    /// The main line's name: `Opening: Variation`, the variation alone without an opening, or the opening alone
    /// (empty without either: the validator reports the missing `Opening`).
    var mainLineName: String {
        let o = opening ?? ""
        guard let v = variation else { return o }
        return o.isEmpty ? v : "\(o): \(v)"
    }

    /// Reads the tags of a source of `kind`. `mainLinePlies` bounds `ClaimPly` when the main line is whole
    /// (`isComplete`). Unreadable values are reported into `diagnostics` at the tag.
    /// A tag without a place of its own is reported at `start`, the game's.
    static func read(_ tags: [PGNTag], kind: SourceKind, start: SourceLocation, mainLinePlies: Int, isComplete: Bool,
                     diagnostics: inout [Diagnostic]) -> SourceHeader {
        func value(_ name: String) -> (text: String, at: SourceLocation)? {
            guard let t = tags.first(where: { $0.name == name }) else { return nil }
            guard let l = t.location else { return (t.value, start) }
            return (t.value, SourceLocation(file: start.file, line: l.line, column: l.column))
        }
        func malformed(_ name: String, _ expected: String, _ found: String, _ at: SourceLocation) {
            diagnostics.append(Diagnostic(ValidatorCode.malformedTag, "tag \(name): expected \(expected), found \(found)", at: at))
        }
        var h = SourceHeader(tagNames: Set(tags.map(\.name)))
        h.opening = value("Opening")?.text
        h.variation = value("Variation").flatMap { $0.text.isEmpty ? nil : $0.text }
        h.description = value("Description")?.text
        h.descriptionLocation = value("Description")?.at
        if let (eco, at) = value("ECO") {
            if NameList.isECO(eco) { h.eco = eco } else { malformed("ECO", "a code A00–E99", "\"\(eco)\"", at) }
        }
        if kind == .coach {
            if let (side, at) = value("LearnerSide") {
                switch side {
                case "White": h.learner = .white
                case "Black": h.learner = .black
                default: malformed("LearnerSide", "White or Black", "\"\(side)\"", at)
                }
            }
            if let (d, at) = value("Difficulty") {
                if let n = Int(d), (1...5).contains(n) { h.difficulty = n } else { malformed("Difficulty", "1 to 5", "\"\(d)\"", at) }
            }
        }
        if kind == .tactic {
            var claim: TacticalClaim?
            if let (c, at) = value("Claim") {
                claim = TacticalClaim(c)
                if claim == nil { malformed("Claim", "\"mate N\" or \"material N\"", "\"\(c)\"", at) }
            }
            var ply: Int?
            if let (p, at) = value("ClaimPly") {
                // A main line cut short by a reading error cannot bound the ply: only a whole one is checked.
                if let n = Int(p), n >= 0, !isComplete || n < mainLinePlies {
                    ply = n
                } else if isComplete {
                    malformed("ClaimPly", "a ply from 0 to \(max(0, mainLinePlies - 1)) of the main line", "\"\(p)\"", at)
                }
            }
            if let claim, let ply, let text = value("ClaimText")?.text { h.claim = TacticClaimTags(claim: claim, ply: ply, text: text) }
        }
        return h
    }
}

extension TacticalClaim {
    /// As the `Claim` tag writes it: `mate 3`, `material 5`.
    public var text: String {
        switch self {
        case .mate(let n): "mate \(n)"
        case .material(let n): "material \(n)"
        }
    }
}
