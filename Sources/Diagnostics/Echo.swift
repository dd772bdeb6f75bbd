// Echo: the one rule for input shown back to a person — control characters escaped, length capped.

/// Input shown back in a diagnostic or an output line (a FEN, a tag, a word, a row of a file) goes through here:
/// its control characters are written as `\n`, `\r`, `\t` or `\u{1B}`, so no input can move the cursor, clear a
/// line or forge another output line; and it is cut to a named length, so a 131 KB FEN gives a one-line error, not
/// a 131 KB one. `Diagnostic` caps every message and note it is made with and escapes them in each of its output
/// forms (`text`, `githubAnnotation`; JSON escapes them itself); commands that print input outside a diagnostic
/// (`words lookup`) call `input` themselves.
///
/// ```swift
/// Echo.input("ca\u{1B}t")                                   // "ca\\u{1B}t"
/// Echo.input(String(repeating: "x", count: 131_072)).count  // about 200: "xxx… … (131,072 characters)"
/// ```
public enum Echo {
    /// The most characters (Unicode scalars) of one echoed input: a FEN is under 90, a long SAN line under 200.
    public static let maxInputCharacters = 200
    /// The most characters of one diagnostic message or note (its words and the inputs it quotes).
    public static let maxMessageCharacters = 1_000

    /// `s` with its control characters escaped and, when longer than `limit` characters, its first `limit`
    /// characters followed by `… (N characters)`.
    public static func input(_ s: some StringProtocol, limit: Int = maxInputCharacters) -> String {
        cut(s, limit: limit, escaping: true)
    }

    /// `s` cut as `input` cuts it, its characters kept as they are (`Diagnostic` keeps its message so; each output
    /// form escapes it as its format needs).
    public static func capped(_ s: some StringProtocol, limit: Int) -> String {
        cut(s, limit: limit, escaping: false)
    }

    private static func cut(_ s: some StringProtocol, limit: Int, escaping: Bool) -> String {
        if !escaping && s.utf8.count <= limit { return String(s) }
        var out = ""
        var kept = 0
        var total = 0
        for u in s.unicodeScalars {
            total += 1
            guard kept < limit else { continue }
            kept += 1
            if escaping { append(u, to: &out) } else { out.unicodeScalars.append(u) }
        }
        if total > kept { out += "… (\(grouped(total)) characters)" }
        return out
    }

    /// Whether `s` holds a control character (U+0000–U+001F or U+007F): what `input` escapes.
    public static func hasControls(_ s: some StringProtocol) -> Bool {
        s.unicodeScalars.contains(where: isControl)
    }

    /// `s` with its control characters escaped, whatever its length.
    public static func escaped(_ s: some StringProtocol) -> String {
        guard hasControls(s) else { return String(s) }
        var out = ""
        for u in s.unicodeScalars { append(u, to: &out) }
        return out
    }

    static func isControl(_ u: Unicode.Scalar) -> Bool { u.value < 32 || u.value == 127 }

    private static func append(_ u: Unicode.Scalar, to out: inout String) {
        switch u.value {
        case 10: out += "\\n"
        case 13: out += "\\r"
        case 9: out += "\\t"
        case 0..<32, 127: out += "\\u{\(String(u.value, radix: 16, uppercase: true))}"
        default: out.unicodeScalars.append(u)
        }
    }

    /// 131072 → "131,072": the one spelling of a count in a message.
    package static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return out
    }
}
