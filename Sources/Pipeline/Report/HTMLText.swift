// HTMLText: the one way text from a bundle reaches a page of `forge report`: escaped, with no control character left.

/// Text made safe for an HTML page, in element content and in a quoted attribute value alike.
///
/// A bundle's notes, comments and names are an author's text and may hold anything: `<`, `&`, quotes, a stray
/// control character pasted from a PDF. Every one of them goes through ``escaped(_:)``, so the page shows the text as
/// written and never reads it as markup:
///
/// 1. `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`.
/// 2. A tab, line feed or carriage return becomes a space: HTML shows them as one anyway, and a carriage return
///    alone would be a control character in the file.
/// 3. Every other control character (U+0000–U+001F, U+007F–U+009F) becomes U+FFFD, the replacement character: the
///    author sees that the bundle holds something odd there, and the page holds no control character.
///
/// ```swift
/// HTMLText.escaped("Nf3 <threatens> \"e5\" & more")   // "Nf3 &lt;threatens&gt; &quot;e5&quot; &amp; more"
/// ```
enum HTMLText {
    static func escaped(_ text: some StringProtocol) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out += " "
            default:
                if isControl(scalar) { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// C0 controls, DEL and C1 controls: the characters HTML calls control characters.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
