// WordsInputError: bad solver input (wrong grid size, non-letters, bad tiles), with stable codes.
import Diagnostics

/// A solver input that cannot be used. `code` is stable: WRD320 grid size, WRD321 a
/// character that is not a letter, WRD322 a bad tile, WRD323 too few or too many tiles,
/// WRD501 an Anagrams rack that is not 6 or 7 letters, WRD502 a Word Bites two-letter tile
/// without its orientation (`h:er`, `v:in`).
public struct WordsInputError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: DiagnosticCode
    public let message: String

    public init(code: DiagnosticCode, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "error[\(code)]: \(message)" }

    /// The error as a diagnostic about the command line.
    public var diagnostic: Diagnostic { Diagnostic(code, message) }
}
