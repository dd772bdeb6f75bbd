// DiagnosticCode: a stable finding code (`PGN102`) with the severity it is reported at and a one-line summary.

/// A stable code for one kind of finding. Each module declares its codes once, as static members of its
/// catalogue (`PGNCode.illegalMove`, `WordsCode.badCurationWord`), and lists them in the catalogue's `all`;
/// a `Diagnostic` can only be made from one of these values, never from a free string.
///
/// A code is 2 or 3 capital letters (its family: `PGN`, `VAL`, `IO`) and 3 digits. It never changes
/// meaning; a retired code keeps its number. Encoded as its plain string, so JSON reads `"code": "PGN102"`.
///
/// ```swift
/// public enum PGNCode {
///     public static let illegalMove = DiagnosticCode("PGN102", .error, "a move that is not legal in its position")
/// }
/// let d = Diagnostic(PGNCode.illegalMove, "illegal move \"Qxe7\"", at: location)   // d.severity == .error
/// ```
public struct DiagnosticCode: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The code as written in diagnostics and docs: `PGN102`.
    public let string: String
    /// The severity a finding with this code is reported at (`--strict` may promote warnings later).
    public let severity: Severity
    /// One line saying what the code means, as `forge validate --list-checks` prints it.
    public let summary: String

    /// Declares a code. Only catalogues call this; tests check every declared code is well formed
    /// (`isWellFormed`) and listed once across all catalogues.
    public init(_ string: String, _ severity: Severity, _ summary: String) {
        self.string = string
        self.severity = severity
        self.summary = summary
    }

    /// The letters before the number: `PGN` of `PGN102`.
    public var family: String { String(string.prefix { $0.isASCII && $0.isUppercase }) }

    /// The number after the family: `102` of `PGN102`; `nil` when the code is not well formed.
    public var number: Int? {
        let digits = string.dropFirst(family.count)
        guard digits.count == 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// Two or three capital letters then three digits.
    public var isWellFormed: Bool { (2...3).contains(family.count) && number != nil }

    public var description: String { string }

    // Identity is the code alone: a code decoded from JSON (which carries no summary) equals its catalogue entry.
    public static func == (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.string == b.string }
    public func hash(into h: inout Hasher) { h.combine(string) }

    /// By family, then number: `FEN010` < `FEN901` < `PGN100`.
    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool {
        (a.family, a.number ?? -1, a.string) < (b.family, b.number ?? -1, b.string)
    }

    /// Compares with the plain string, as tests and scripts read codes: `d.code == "PGN102"`.
    public static func == (a: DiagnosticCode, b: String) -> Bool { a.string == b }
    public static func == (a: String, b: DiagnosticCode) -> Bool { a == b.string }
}

extension DiagnosticCode: Codable {
    /// Decodes the plain string. The summary is not in the JSON, so it is empty and the severity is
    /// `.error`; look the code up in the catalogue when they matter.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self), .error, "")
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(string)
    }
}

/// `d.first?.code == "PGN102"`: an optional code against a plain string.
public func == (a: DiagnosticCode?, b: String) -> Bool { a?.string == b }

extension Sequence where Element == String {
    /// Whether one of these plain code strings is `code`: `["WRD313", "WRD314"].contains(d.code)`.
    public func contains(_ code: DiagnosticCode) -> Bool { contains(code.string) }
}
