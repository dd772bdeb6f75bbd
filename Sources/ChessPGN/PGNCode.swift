// PGNCode: the catalogue of the stable codes of every finding about PGN and FEN-sequence input (PGN1xx).
import Diagnostics

/// The stable diagnostic codes of this module. docs/pgn.md has the table with examples.
public enum PGNCode {
    /// A character that starts no PGN token (`&`, a stray byte); it is skipped.
    public static let unexpectedCharacter = DiagnosticCode("PGN100", .error, "a character that starts no PGN token (&, a stray byte); it is skipped")
    /// A move token that is not SAN (`Nf9`, `e9`).
    public static let sanSyntax = DiagnosticCode("PGN101", .error, "a move token that is not SAN (Nf9, e9)")
    /// A move that is not legal in the position.
    public static let illegalMove = DiagnosticCode("PGN102", .error, "a move that is not legal in the position")
    /// A move that more than one legal move matches.
    public static let ambiguousMove = DiagnosticCode("PGN103", .error, "a move that more than one legal move matches")
    /// A tag pair that is not `[Name "value"]`.
    public static let malformedTag = DiagnosticCode("PGN104", .error, "a tag pair that is not [Name \"value\"]")
    /// A `{` comment that the input ends inside.
    public static let unterminatedComment = DiagnosticCode("PGN105", .error, "a { comment that the input ends inside")
    /// A `)` without its `(`, or a variation still open when the game ends.
    public static let unbalancedVariation = DiagnosticCode("PGN106", .error, "a ) without its (, or a variation still open when the game ends")
    /// A `FEN` tag that does not parse or is not a legal position.
    public static let badFENTag = DiagnosticCode("PGN107", .error, "a FEN tag that does not parse or is not a legal position")
    /// Bytes that are not UTF-8 (warning; read as Latin-1).
    public static let notUTF8 = DiagnosticCode("PGN108", .warning, "bytes that are not UTF-8")
    /// The movetext result differs from the `Result` tag (warning).
    public static let resultMismatch = DiagnosticCode("PGN109", .warning, "the movetext result differs from the Result tag")
    /// A NAG outside `$0`–`$255`, or a suffix that is no glyph (`!!!`).
    public static let badNAG = DiagnosticCode("PGN110", .error, "a NAG outside $0–$255, or a suffix that is no glyph (!!!)")
    /// A variation before any move of its line: there is no move to replace.
    public static let variationWithoutMove = DiagnosticCode("PGN111", .error, "a variation before any move of its line: there is no move to replace")
    /// A null move where it cannot be played (the side to move is in check).
    public static let illegalNullMove = DiagnosticCode("PGN112", .error, "a null move where it cannot be played (the side to move is in check)")
    /// A game without a termination marker (warning).
    public static let missingResult = DiagnosticCode("PGN113", .warning, "a game without a termination marker")
    /// A token, comment or tag value longer than the reader keeps (it is cut).
    public static let tooLong = DiagnosticCode("PGN114", .error, "a token, comment or tag value longer than the reader keeps (it is cut)")
    /// A `{` inside a brace comment (warning): comments do not nest, so it is text; it may mark a missing `}`.
    public static let braceInComment = DiagnosticCode("PGN115", .warning, "a { inside a brace comment: read as text (comments do not nest); it may mark a missing }")
    /// A move in long algebraic or UCI notation (`g1f3`, `Ng1-f3`, `e7e8q`), read as its canonical SAN (warning).
    public static let longAlgebraicMove = DiagnosticCode("PGN116", .warning, "a move in long algebraic or UCI notation (g1f3, Ng1-f3, e7e8q): read as its canonical SAN")
    /// A game of another variant than standard chess (`[Variant "Crazyhouse"]`, Chess960): its moves are not replayed.
    public static let unsupportedVariant = DiagnosticCode("PGN117", .error, "a game of a variant other than standard chess ([Variant \"Crazyhouse\"], Chess960): its moves are not replayed")
    /// A command annotation (`[%cal …]`) whose arguments do not parse (warning; kept as text).
    public static let malformedCommand = DiagnosticCode("PGN120", .warning, "a command annotation ([%cal …]) whose arguments do not parse")
    /// An input that cannot be read (I/O error, missing file).
    public static let unreadable = DiagnosticCode("PGN130", .error, "an input that cannot be read (I/O error, missing file)")

    // fen2pgn: FEN sequences.
    /// No legal move leads from one FEN line to the next.
    public static let noJoiningMove = DiagnosticCode("PGN150", .error, "no legal move leads from one FEN line to the next")
    /// More than one legal move leads from one FEN line to the next.
    public static let severalJoiningMoves = DiagnosticCode("PGN151", .error, "more than one legal move leads from one FEN line to the next")
    /// The halfmove clock or fullmove number does not follow from the move.
    public static let countersDoNotFollow = DiagnosticCode("PGN152", .error, "the halfmove clock or fullmove number does not follow from the move")
    /// Two consecutive FEN lines have the same side to move.
    public static let sideDoesNotAlternate = DiagnosticCode("PGN153", .error, "two consecutive FEN lines have the same side to move")
    /// Retired: a repeated position is legal (threefold repetition); fen2pgn no longer reports it.
    public static let positionRepeats = DiagnosticCode("PGN154", .warning, "retired: a repeated position is legal (threefold repetition); fen2pgn no longer reports it")
    /// A FEN line that does not parse or is not a legal position (the note gives the FEN0xx/POS0xx detail).
    public static let badFENLine = DiagnosticCode("PGN155", .error, "a FEN line that does not parse or is not a legal position (the note gives the FEN0xx/POS0xx detail)")

    // Reader limits and hostile input (PGN9xx).
    /// The input is binary (NUL bytes, or mostly not UTF-8): one error, nothing more is read.
    public static let binaryInput = DiagnosticCode("PGN902", .error, "the input is binary (NUL bytes, or mostly not UTF-8): one error, nothing more is read")
    /// More problems than one game reports (`PGNReader.maxProblemsPerGame`), or than a file or a
    /// run reports: "… and N more".
    public static let tooManyProblems = DiagnosticCode("PGN903", .note, "more problems than one game reports (PGNReader.maxProblemsPerGame), or than a file or a run reports: \"… and N more\"")
    /// `[SetUp "1"]` without a `[FEN]` tag.
    public static let setUpWithoutFEN = DiagnosticCode("PGN904", .error, "[SetUp \"1\"] without a [FEN] tag")
    /// A NUL byte inside a tag value.
    public static let nulInTag = DiagnosticCode("PGN905", .error, "a NUL byte inside a tag value")
    /// A `+` or `#` that does not match the position after the move (warning).
    public static let wrongCheckMarker = DiagnosticCode("PGN906", .warning, "a + or # that does not match the position after the move")
    /// A result that contradicts the final position (1-0 after Black mates, a decisive result after stalemate).
    public static let resultContradictsPosition = DiagnosticCode("PGN907", .error, "a result that contradicts the final position (1-0 after Black mates, a decisive result after stalemate)")
    // fen2pgn: FEN lines not written canonically (FEN9xx; FEN0xx are ChessCore's syntax codes).
    /// Spaces or tabs before or after the FEN on its line.
    public static let fenSurroundingSpace = DiagnosticCode("FEN901", .error, "spaces or tabs before or after the FEN on its line")
    /// Retired: ChessCore's FEN parser itself rejects `44` for `8` (FEN011), so every placement that parses is canonical.
    public static let fenPlacementNotCanonical = DiagnosticCode("FEN902", .error, "retired: ChessCore rejects 44 for 8 itself (FEN011); every placement that parses is canonical")
    /// Castling rights not in the order `KQkq` (`QKqk`).
    public static let fenCastlingNotCanonical = DiagnosticCode("FEN903", .error, "castling rights not in the order KQkq (QKqk)")

    /// A tag name given twice in one game (the first is kept).
    public static let duplicateTag = DiagnosticCode("PGN908", .error, "a tag name given twice in one game (the first is kept)")
    /// A move number that does not match the move after it (`3... Nc3` for White's third move; warning, read as written).
    public static let moveNumberMismatch = DiagnosticCode("PGN118", .warning, "a move number that does not match the move after it (3... before White's move, or another number)")

    /// A game beyond `GameLimits` (variation depth, variations, comments, moves): the excess left out and counted.
    public static let gameBeyondLimits = DiagnosticCode("PGN909", .error, "a game beyond the limits a game is kept to (variation depth, variations, comments, moves, tags): the rest left out, counted")

    /// More movetext after a game's result (`1. e4 1-0 e5`): the game is not split; the rest up to the next
    /// `[` first on its line is read past.
    public static let movesAfterResult = DiagnosticCode("PGN911", .error, "more moves after the game's result (1. e4 1-0 e5): the game ends at its result, the rest up to the next tag pair first on its line is read past")

    /// A tag pair inside movetext, not first on its line (`1. e4 [Event "x"] e5`): read past, the game is not split.
    public static let tagInMovetext = DiagnosticCode("PGN912", .error, "a tag pair inside movetext that is not first on its line: read past; only a [ in column 1 starts the next game")


    /// Every code above; `DiagnosticCatalogue` (Pipeline) joins the modules' lists.
    public static let all: [DiagnosticCode] = [
        unexpectedCharacter, sanSyntax, illegalMove, ambiguousMove, malformedTag, unterminatedComment,
        unbalancedVariation, badFENTag, notUTF8, resultMismatch, badNAG, variationWithoutMove, illegalNullMove,
        missingResult, tooLong, braceInComment, longAlgebraicMove, unsupportedVariant, malformedCommand, unreadable, noJoiningMove, severalJoiningMoves, countersDoNotFollow,
        sideDoesNotAlternate, positionRepeats, badFENLine, binaryInput, tooManyProblems, setUpWithoutFEN, nulInTag,
        wrongCheckMarker, resultContradictsPosition, fenSurroundingSpace, fenPlacementNotCanonical,
        fenCastlingNotCanonical, duplicateTag, gameBeyondLimits, moveNumberMismatch, movesAfterResult, tagInMovetext,
    ]
}
