// PGNCode: the stable codes of every finding about PGN and FEN-sequence input (PGN1xx).

/// The stable diagnostic codes of this module. docs/pgn.md has the table with examples.
public enum PGNCode {
    /// A character that starts no PGN token (`&`, a stray byte); it is skipped.
    public static let unexpectedCharacter = "PGN100"
    /// A move token that is not SAN (`Nf9`, `e9`).
    public static let sanSyntax = "PGN101"
    /// A move that is not legal in the position.
    public static let illegalMove = "PGN102"
    /// A move that more than one legal move matches.
    public static let ambiguousMove = "PGN103"
    /// A tag pair that is not `[Name "value"]`.
    public static let malformedTag = "PGN104"
    /// A `{` comment that the input ends inside.
    public static let unterminatedComment = "PGN105"
    /// A `)` without its `(`, or a variation still open when the game ends.
    public static let unbalancedVariation = "PGN106"
    /// A `FEN` tag that does not parse or is not a legal position.
    public static let badFENTag = "PGN107"
    /// Bytes that are not UTF-8 (warning; read as Latin-1).
    public static let notUTF8 = "PGN108"
    /// The movetext result differs from the `Result` tag (warning).
    public static let resultMismatch = "PGN109"
    /// A NAG outside `$0`–`$255`, or a suffix that is no glyph (`!!!`).
    public static let badNAG = "PGN110"
    /// A variation before any move of its line: there is no move to replace.
    public static let variationWithoutMove = "PGN111"
    /// A null move where it cannot be played (the side to move is in check).
    public static let illegalNullMove = "PGN112"
    /// A game without a termination marker (warning).
    public static let missingResult = "PGN113"
    /// A token, comment or tag value longer than the reader keeps (it is cut).
    public static let tooLong = "PGN114"
    /// A command annotation (`[%cal …]`) whose arguments do not parse (warning; kept as text).
    public static let malformedCommand = "PGN120"
    /// An input that cannot be read (I/O error, missing file).
    public static let unreadable = "PGN130"

    // fen2pgn: FEN sequences.
    /// No legal move leads from one FEN line to the next.
    public static let noJoiningMove = "PGN150"
    /// More than one legal move leads from one FEN line to the next.
    public static let severalJoiningMoves = "PGN151"
    /// The halfmove clock or fullmove number does not follow from the move.
    public static let countersDoNotFollow = "PGN152"
    /// Two consecutive FEN lines have the same side to move.
    public static let sideDoesNotAlternate = "PGN153"
    /// Retired: a repeated position is legal (threefold repetition); fen2pgn no longer reports it.
    public static let positionRepeats = "PGN154"
    /// A FEN line that does not parse or is not a legal position (the note gives the FEN0xx/POS0xx detail).
    public static let badFENLine = "PGN155"

    // Reader limits and hostile input (PGN9xx).
    /// The input is binary (NUL bytes, or mostly not UTF-8): one error, nothing more is read.
    public static let binaryInput = "PGN902"
    /// More problems than one game reports (`PGNReader.maxProblemsPerGame`), or than a file or a
    /// run reports: "… and N more".
    public static let tooManyProblems = "PGN903"
    /// `[SetUp "1"]` without a `[FEN]` tag.
    public static let setUpWithoutFEN = "PGN904"
    /// A NUL byte inside a tag value.
    public static let nulInTag = "PGN905"
    /// A `+` or `#` that does not match the position after the move (warning).
    public static let wrongCheckMarker = "PGN906"
    /// A result that contradicts the final position (1-0 after Black mates, a decisive result after stalemate).
    public static let resultContradictsPosition = "PGN907"
    // fen2pgn: FEN lines not written canonically (FEN9xx; FEN0xx are ChessCore's syntax codes).
    /// Spaces or tabs before or after the FEN on its line.
    public static let fenSurroundingSpace = "FEN901"
    /// A placement that parses but is not canonical (`44` for `8`).
    public static let fenPlacementNotCanonical = "FEN902"
    /// Castling rights not in the order `KQkq` (`QKqk`).
    public static let fenCastlingNotCanonical = "FEN903"

    /// A tag name given twice in one game (the first is kept).
    public static let duplicateTag = "PGN908"
}
