// Diagnostic: one finding about an input (file, line, column, code, message), as every library reports it.

/// How bad a finding is. The build fails on errors; `--strict` promotes warnings.
public enum Severity: String, Sendable, Codable, Comparable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }
    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A place in a source file; lines and columns count from 1, columns in characters.
public struct SourceLocation: Hashable, Sendable, Codable {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }
}

/// One finding. Libraries return these; only the executable prints them and picks the exit code.
///
/// `code` is stable (`PGN102`, `FEN004`, `VAL210`…) so scripts and CI annotations can rely on it; it comes
/// from a module's catalogue (`PGNCode.illegalMove`), and the severity starts as the code's.
public struct Diagnostic: Error, Hashable, Sendable, Codable {
    public var severity: Severity
    public var code: DiagnosticCode
    public var message: String
    public var location: SourceLocation?
    /// Further lines shown under the message (the canonical form, the position, a hint).
    public var notes: [String]

    /// A finding with `code`, at the code's severity. The message and notes are kept to `Echo.maxMessageCharacters`
    /// each, whatever input they quote (`Echo.capped`); their control characters are escaped where they are printed.
    public init(_ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil, notes: [String] = []) {
        self.severity = code.severity
        self.code = code
        self.message = Echo.capped(message, limit: Echo.maxMessageCharacters)
        self.location = location
        self.notes = notes.map { Echo.capped($0, limit: Echo.maxMessageCharacters) }
    }

    /// The same finding at another severity. For `--strict` promotion and the few places that deliberately
    /// report a code off its catalogued severity (each says why).
    public func reported(as severity: Severity) -> Diagnostic {
        var d = self
        d.severity = severity
        return d
    }

    /// `file:line:col: error[CODE]: message`, the form compilers and editors understand.
    public var text: String {
        var s = ""
        if let l = location { s += "\(Self.escapeControls(l.file)):\(l.line):\(l.column): " }
        s += "\(severity.rawValue)[\(code)]: \(Self.escapeControls(message))"
        for n in notes { s += "\n    \(Self.escapeControls(n))" }
        return s
    }

    /// Control characters (a newline in a file name, an escape sequence) written as `\n`, `\r`,
    /// `\t` or `\u{1B}` (`Echo.escaped`): one diagnostic is always one line, and no input can forge another.
    public static func escapeControls(_ s: String) -> String { Echo.escaped(s) }

    /// A GitHub Actions workflow command: `::error file=…,line=…,col=…::message`.
    public var githubAnnotation: String {
        let kind = severity == .note ? "notice" : severity.rawValue
        var props: [String] = []
        if let l = location {
            props.append("file=\(Self.escapeProperty(l.file))")
            props.append("line=\(l.line)")
            props.append("col=\(l.column)")
        }
        props.append("title=\(code)")
        let body = ([message] + notes).joined(separator: "\n")
        return "::\(kind) \(props.joined(separator: ","))::\(Self.escapeData(body))"
    }

    /// GitHub's encoding of `%`, CR and LF, then every other control character escaped (`Echo.escaped`): a log
    /// viewer that renders ANSI sequences shows the ESC of an input as text.
    static func escapeData(_ s: String) -> String {
        Echo.escaped(s.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A"))
    }

    static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}

extension Array where Element == Diagnostic {
    public var errorCount: Int { count(where: { $0.severity == .error }) }
    public var warningCount: Int { count(where: { $0.severity == .warning }) }
}
