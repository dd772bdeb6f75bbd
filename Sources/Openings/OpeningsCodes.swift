// OpeningsCodes: the catalogue of the validator's codes (VAL2xx) and the name checks' (NAM1xx).
import Diagnostics

/// The validator's rules on opening sources and FEN files. docs/checks.md lists them as `forge validate --list-checks` does.
public enum ValidatorCode {
    public static let noSuchPath = DiagnosticCode("VAL200", .error, "a path given to validate or build does not exist")
    public static let nonCanonicalSAN = DiagnosticCode("VAL201", .error, "SAN written canonically (Nf3, not Ng1f3 or Nf3+ without check)")
    public static let missingTag = DiagnosticCode("VAL202", .error, "required tags present (roster, ECO, Opening, Description; coach: LearnerSide, Difficulty; tactics: Claim, ClaimPly, ClaimText)")
    public static let malformedTag = DiagnosticCode("VAL203", .error, "tags well formed (ECO A00-E99, LearnerSide White|Black, Difficulty 1-5, Claim \"mate N\"|\"material N\", ClaimPly within the line)")
    /// Retired (2026-11): a move count pushed main lines into master theory; VAL226 replaces it.
    public static let mainLineTooShort = DiagnosticCode("VAL204", .error, "retired: a coach main line had at least 12 full moves; replaced by VAL226 (it ends in a stated plan)")
    public static let malformedDeviationMarker = DiagnosticCode("VAL205", .error, "a deviation marker reads [%dev phase=2|3 name=\"…\" kind=deviation|trap|sidestep reason=\"…\"] (kind and reason optional)")
    public static let deviationTooShort = DiagnosticCode("VAL206", .error, "a deviation is continued for at least 3 full moves after the learner's answer")
    public static let deviationByLearner = DiagnosticCode("VAL207", .error, "a deviation starts with a move of the opponent, not of the learner")
    public static let duplicateLine = DiagnosticCode("VAL208", .error, "no duplicate lines (the same moves twice, in one source or across sources)")
    public static let conflictingNames = DiagnosticCode("VAL209", .error, "no two lines that end at the same position give it different names")
    public static let tooFewDeviations = DiagnosticCode("VAL210", .error, "a coach opening has at least 4 named deviations")
    public static let notOneGame = DiagnosticCode("VAL211", .error, "a source holds exactly one game")
    public static let gameEndsInLine = DiagnosticCode("VAL212", .warning, "a learner move or a whole line ends the game early (checkmate or stalemate inside a coach line)")
    public static let phase2LeavesLate = DiagnosticCode("VAL213", .error, "a phase-2 deviation or sidestep leaves the main line by the opponent's 6th move (later ones are phase 3)")
    public static let unexplainedLearnerMove = DiagnosticCode("VAL214", .error, "every learner move of the main line and of phase-2 lines has an authored explanation")
    public static let annotatedCoachMove = DiagnosticCode("VAL215", .error, "no !/? suffix and no NAG on a coach move")
    public static let falseBoardClaim = DiagnosticCode("VAL216", .error, "an authored comment's claim that a piece controls, attacks, watches, defends a square, or a count of attackers or defenders, holds on the board")
    public static let deviationWithoutReason = DiagnosticCode("VAL217", .error, "a phase-2 deviation says why it was chosen (reason=\"…\" in its marker)")
    public static let tooFewPhase2Deviations = DiagnosticCode("VAL218", .error, "a coach opening has at least 4 phase-2 deviations (kind=deviation) leaving by the opponent's 6th move")
    public static let unconfirmedTrap = DiagnosticCode("VAL219", .error, "a trap (kind=trap) carries the engine's confirmation as [%eval …] in its line")
    public static let learnerMoveLoses = DiagnosticCode("VAL220", .error, "engine: a learner move (main line or recommended answer) loses more than the error threshold against Stockfish's best move")
    public static let learnerMoveNearLimit = DiagnosticCode("VAL221", .warning, "engine: a learner move loses more than the warning threshold (near the limit)")
    public static let tacticalClaimFails = DiagnosticCode("VAL222", .error, "engine: a tactical claim holds (mate in N found; material won and the engine agrees)")
    public static let engineCannotAnalyse = DiagnosticCode("VAL223", .error, "engine: every position of the library loads in Stockfish and gets a result")
    public static let authoredEvalDisagrees = DiagnosticCode("VAL224", .error, "engine: an authored [%eval …] agrees with Stockfish (same mate, within 150 cp, or the same clear edge)")
    public static let sidestepTooShort = DiagnosticCode("VAL225", .error, "a sidestep (kind=sidestep) goes on for at least 6 full moves after it leaves")
    public static let mainLineWithoutPlan = DiagnosticCode("VAL226", .error, "a coach main line ends in a stated plan: the comment on its last move starts a sentence with \"Next\" or names the plan (\"Plans: …\")")
    public static let twoAdvicesInOnePosition = DiagnosticCode("VAL227", .error, "one piece of advice per situation: no two taught lines of a course give the learner different moves in one position (Polyglot key); across two courses a warning")
    public static let spoiledTrap = DiagnosticCode("VAL228", .error, "no spoiler in a trap: its introduction and the comment before a learner move do not name that move")
    public static let uncheckedClaim = DiagnosticCode("VAL229", .error, "a comment's present-tense claim about a square names its pieces so that they can be checked (or carries [%unchecked])")
    public static let fenNotCanonical = DiagnosticCode("VAL230", .error, "FEN text canonical (field order and spelling, as written by the FEN standard)")
    public static let fenFileOutOfDate = DiagnosticCode("VAL231", .error, "a .fen file equals what its PGN source regenerates (or, alone, what its own moves regenerate)")
    public static let gameOverMidLine = DiagnosticCode("VAL232", .error, "regenerate: no position in the middle of a line is already over (checkmate, stalemate, dead draw)")
    public static let cannotWriteFEN = DiagnosticCode("VAL233", .error, "regenerate: a FEN file cannot be written")

    /// Every code above, in number order; `DiagnosticCatalogue` (Pipeline) joins the modules' lists.
    public static let all: [DiagnosticCode] = [
        noSuchPath, nonCanonicalSAN, missingTag, malformedTag, mainLineTooShort, malformedDeviationMarker,
        deviationTooShort, deviationByLearner, duplicateLine, conflictingNames, tooFewDeviations, notOneGame,
        gameEndsInLine, phase2LeavesLate, unexplainedLearnerMove, annotatedCoachMove, falseBoardClaim,
        deviationWithoutReason, tooFewPhase2Deviations, unconfirmedTrap, learnerMoveLoses, learnerMoveNearLimit,
        tacticalClaimFails, engineCannotAnalyse, authoredEvalDisagrees, sidestepTooShort, mainLineWithoutPlan,
        twoAdvicesInOnePosition, spoiledTrap, uncheckedClaim, fenNotCanonical,
        fenFileOutOfDate, gameOverMidLine, cannotWriteFEN,
    ]
}

/// The checks of authored names against lichess's name list. docs/names.md has the details.
public enum NameCode {
    public static let noNameList = DiagnosticCode("NAM100", .error, "names: the name list's folder (data/chess-openings) holds lichess's a.tsv … e.tsv and they can be read")
    public static let nameNotInList = DiagnosticCode("NAM101", .error, "names: a source's Opening/Variation is the name list's name of a position of its main line (the list's spelling)")
    public static let ecoNotInList = DiagnosticCode("NAM102", .warning, "names: a source's ECO is the name list's ECO of the position its name matches")
    public static let deviationNameNotInList = DiagnosticCode("NAM103", .error, "names: a deviation's name is the name list's name of one of its positions, where the list names any")
    public static let unusedReason = DiagnosticCode("NAM104", .warning, "names: every row of openings/names-reasons.tsv excuses a disagreement that exists")
    public static let malformedReason = DiagnosticCode("NAM105", .error, "names: a row of openings/names-reasons.tsv reads file<TAB>authored name<TAB>reason")
    public static let malformedNameRow = DiagnosticCode("NAM110", .error, "name list rows: a row reads eco<TAB>name<TAB>pgn with an ECO code A00-E99")
    public static let nameRowMoveNotCanonical = DiagnosticCode("NAM111", .error, "name list rows: the pgn column is canonical legal SAN")
    public static let positionNamedTwice = DiagnosticCode("NAM112", .warning, "name list rows: one name per position (a later row naming a named position is left out)")
    public static let controlCharacterInName = DiagnosticCode("NAM113", .error, "name list rows: a name holds no control character (an ESC, a NUL, a newline); the row is left out")

    /// Every code above, in number order; `DiagnosticCatalogue` (Pipeline) joins the modules' lists.
    public static let all: [DiagnosticCode] = [
        noNameList, nameNotInList, ecoNotInList, deviationNameNotInList, unusedReason, malformedReason,
        malformedNameRow, nameRowMoveNotCanonical, positionNamedTwice, controlCharacterInName,
    ]
}
