// Checks: every rule the validator applies, with its stable code, severity and one-line description.
import Diagnostics

/// One validator rule.
public struct Check: Sendable, Hashable {
    public var code: String
    public var severity: Severity
    public var summary: String
}

/// The catalogue `forge validate --list-checks` prints. Codes never change meaning.
public enum Checks {
    public static let all: [Check] = [
        Check(code: "PGN100-PGN114", severity: .error, summary: "PGN syntax: tags, movetext, comments, variations (from the reader)"),
        Check(code: "PGN101-PGN103", severity: .error, summary: "legality: a move is not SAN, not legal, or ambiguous in its position"),
        Check(code: "PGN107", severity: .error, summary: "a FEN tag does not parse or is not a legal position"),
        Check(code: "PGN150-PGN155", severity: .error, summary: "FEN files: consecutive positions joined by exactly one legal move, counters follow, side alternates, no repeats, every line a legal FEN"),
        Check(code: "VAL201", severity: .error, summary: "SAN written canonically (Nf3, not Ng1f3 or Nf3+ without check)"),
        Check(code: "VAL202", severity: .error, summary: "required tags present (roster, ECO, Opening, Description; coach: LearnerSide, Difficulty; tactics: Claim, ClaimPly, ClaimText)"),
        Check(code: "VAL203", severity: .error, summary: "tags well formed (ECO A00-E99, LearnerSide White|Black, Difficulty 1-5, Claim \"mate N\"|\"material N\", ClaimPly within the line)"),
        Check(code: "VAL204", severity: .error, summary: "a coach main line has at least 12 full moves from the start position"),
        Check(code: "VAL205", severity: .error, summary: "a deviation marker reads [%dev phase=2|3 name=\"…\" kind=deviation|trap|sidestep reason=\"…\"] (kind and reason optional)"),
        Check(code: "VAL206", severity: .error, summary: "a deviation is continued for at least 3 full moves after the learner's answer"),
        Check(code: "VAL207", severity: .error, summary: "a deviation starts with a move of the opponent, not of the learner"),
        Check(code: "VAL208", severity: .error, summary: "no duplicate lines (the same moves twice, in one source or across sources)"),
        Check(code: "VAL209", severity: .error, summary: "no two lines that end at the same position give it different names"),
        Check(code: "VAL210", severity: .error, summary: "a coach opening has at least 4 named deviations"),
        Check(code: "VAL211", severity: .error, summary: "a source holds exactly one game"),
        Check(code: "VAL212", severity: .warning, summary: "a learner move or a whole line ends the game early (checkmate or stalemate inside a coach line)"),
        Check(code: "VAL213", severity: .error, summary: "a phase-2 deviation or sidestep leaves the main line by the opponent's 6th move (later ones are phase 3)"),
        Check(code: "VAL214", severity: .warning, summary: "every learner move of the main line and of phase-2 lines has an authored explanation"),
        Check(code: "VAL215", severity: .error, summary: "no !/? suffix and no NAG on a coach move"),
        Check(code: "VAL216", severity: .error, summary: "an authored comment's claim that a piece controls, attacks, watches, defends a square, or a count of attackers or defenders, holds on the board"),
        Check(code: "VAL217", severity: .warning, summary: "a phase-2 deviation says why it was chosen (reason=\"…\" in its marker)"),
        Check(code: "VAL218", severity: .error, summary: "a coach opening has at least 4 phase-2 deviations (kind=deviation) leaving by the opponent's 6th move"),
        Check(code: "VAL219", severity: .error, summary: "a trap (kind=trap) carries the engine's confirmation as [%eval …] in its line"),
        Check(code: "VAL225", severity: .error, summary: "a sidestep (kind=sidestep) goes on for at least 6 full moves after it leaves"),
        Check(code: "VAL220", severity: .error, summary: "engine: a learner move (main line or recommended answer) loses more than the error threshold against Stockfish's best move"),
        Check(code: "VAL221", severity: .warning, summary: "engine: a learner move loses more than the warning threshold (near the limit)"),
        Check(code: "VAL222", severity: .error, summary: "engine: a tactical claim holds (mate in N found; material won and the engine agrees)"),
        Check(code: "VAL224", severity: .error, summary: "engine: an authored [%eval …] agrees with Stockfish (same mate, within 150 cp, or the same clear edge)"),
        Check(code: "VAL223", severity: .error, summary: "engine: every position of the library loads in Stockfish and gets a result"),
        Check(code: "VAL230", severity: .error, summary: "FEN text canonical (field order and spelling, as written by the FEN standard)"),
        Check(code: "VAL232", severity: .error, summary: "regenerate: no position in the middle of a line is already over (checkmate, stalemate, dead draw)"),
        Check(code: "VAL233", severity: .error, summary: "regenerate: a FEN file cannot be written"),
        Check(code: "NAM100", severity: .error, summary: "names: the name list's folder (data/chess-openings) holds lichess's a.tsv … e.tsv and they can be read"),
        Check(code: "NAM101", severity: .warning, summary: "names: a source's Opening/Variation is the name list's name of a position of its main line (the list's spelling)"),
        Check(code: "NAM102", severity: .warning, summary: "names: a source's ECO is the name list's ECO of the position its name matches"),
        Check(code: "NAM103", severity: .warning, summary: "names: a deviation's name is the name list's name of one of its positions, where the list names any"),
        Check(code: "NAM104", severity: .warning, summary: "names: every row of openings/names-reasons.tsv excuses a disagreement that exists"),
        Check(code: "NAM105", severity: .error, summary: "names: a row of openings/names-reasons.tsv reads file<TAB>authored name<TAB>reason"),
        Check(code: "NAM110-NAM112", severity: .error, summary: "name list rows: eco<TAB>name<TAB>pgn, ECO A00-E99, canonical legal SAN, one name per position (NAM112 warning)"),
        Check(code: "VAL231", severity: .error, summary: "a .fen file equals what its PGN source regenerates (or, alone, what its own moves regenerate)"),
    ]
}
