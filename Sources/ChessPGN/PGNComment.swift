// PGNComment: a `{…}` or `;` comment split into its prose and its command annotations.

/// A comment: the prose (whitespace runs collapsed to one space, trimmed) and the `[%…]` commands in it.
///
/// `PGNComment(parsing: "Develops. [%cal Gg1f3] [%eval 0.25]")` has `text == "Develops."` and two commands.
public struct PGNComment: Hashable, Sendable {
    public var text: String
    public var commands: [CommandAnnotation]
    /// The comment's `{` (or `;`) in its file, set by `GameTreeBuilder`; `nil` for a comment made in code.
    /// Not part of the comment's identity.
    public var location: PGNLocation?

    public static func == (a: PGNComment, b: PGNComment) -> Bool { a.text == b.text && a.commands == b.commands }
    public func hash(into h: inout Hasher) {
        h.combine(text)
        h.combine(commands)
    }

    public init(text: String, commands: [CommandAnnotation] = []) {
        self.text = text
        self.commands = commands
    }

    /// Splits comment text into prose and commands. `malformed` receives the text of each `[%…]`
    /// whose known command has arguments that do not parse (it is kept as `.other`).
    public init(parsing raw: String, malformed: (String) -> Void = { _ in }) {
        let u = Array(raw.utf8)
        var prose: [UInt8] = []
        prose.reserveCapacity(u.count)
        var commands: [CommandAnnotation] = []
        var i = 0
        var pendingSpace = false
        func addProse(_ b: UInt8) {
            if b == 32 || b == 9 || b == 10 || b == 13 {
                pendingSpace = !prose.isEmpty
            } else {
                if pendingSpace { prose.append(32) }
                pendingSpace = false
                prose.append(b)
            }
        }
        while i < u.count {
            if u[i] == 91, i + 1 < u.count, u[i + 1] == 37, let (cmd, next) = Self.command(u, at: i) {
                if let c = CommandAnnotation(name: cmd.name, arguments: cmd.args) {
                    commands.append(c)
                } else {
                    let args = cmd.args.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
                    malformed(String(decoding: u[i..<next], as: UTF8.self))
                    commands.append(.other(name: cmd.name, arguments: args))
                }
                pendingSpace = !prose.isEmpty
                i = next
            } else {
                addProse(u[i])
                i += 1
            }
        }
        self.text = String(decoding: prose, as: UTF8.self)
        self.commands = commands
    }

    /// `[%name args]` starting at `start`; the index after `]`. Quotes in args may hold `]`.
    private static func command(_ u: [UInt8], at start: Int) -> ((name: String, args: String), Int)? {
        var i = start + 2
        while i < u.count, u[i] == 32 { i += 1 }
        let nameStart = i
        while i < u.count, Self.isNameByte(u[i]) { i += 1 }
        guard i > nameStart else { return nil }
        let name = String(decoding: u[nameStart..<i], as: UTF8.self)
        let argsStart = i
        var inQuotes = false
        while i < u.count {
            if u[i] == 34 { inQuotes.toggle() }
            if u[i] == 93, !inQuotes { break }
            i += 1
        }
        guard i < u.count else { return nil }
        let args = String(decoding: u[argsStart..<i], as: UTF8.self)
        return ((name, args.trimmingSpaces), i + 1)
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 97 && b <= 122) || (b >= 65 && b <= 90) || (b >= 48 && b <= 57) || b == 95
    }

    /// The comment as the writer prints it inside braces: the commands, then the prose
    /// (so a `[%dev …]` marker stays the first thing in its comment).
    public var body: String {
        var parts: [String] = commands.map(\.text)
        if !text.isEmpty { parts.append(text) }
        return parts.joined(separator: " ")
    }
}

extension String {
    var trimmingSpaces: String {
        let u = Array(utf8)
        var a = 0
        var b = u.count
        while a < b, u[a] == 32 || u[a] == 9 || u[a] == 10 || u[a] == 13 { a += 1 }
        while b > a, u[b - 1] == 32 || u[b - 1] == 9 || u[b - 1] == 10 || u[b - 1] == 13 { b -= 1 }
        return String(decoding: u[a..<b], as: UTF8.self)
    }
}
