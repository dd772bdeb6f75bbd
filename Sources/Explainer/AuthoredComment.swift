// AuthoredComment: the one reading of an authored comment's words, shared by the claim checks, the explanation checks and the concept tagger.

/// An authored comment read once into sentences and words, at word boundaries.
///
/// Two views of the same split, so every reader of comments agrees on where a sentence and a word end:
/// - `sentences[i].words`: the words as written, for claims and named moves. A sentence ends at `.`, `;`,
///   `:`, `!`, `?`, `(`, `)`, `—` or `…`, but not at the dots of a move number (`4.Qh5`, `3...Nf6` are the
///   word `Qh5`, `Nf6`); words end at spaces, quotes and `/`; a comma is a word of its own (so a
///   hedge covers the whole sentence and a list of objects ends at it); an apostrophe inside a word stays
///   (`White's`); `f3-knight`, `Nxd5+` and `O-O` are one word each.
/// - `sentences[i].terms`: the same sentence lower-cased and cut at every character that is not a letter or a
///   digit (`f3-knight` → `f3`, `knight`; `White's` → `white`, `s`), for vocabulary: concepts and `knight on f5`.
///
/// ```swift
/// let c = AuthoredComment("The f3-knight pins it. Plans: b4, a5.")
/// c.sentences.map(\.words)   // [["The", "f3-knight", "pins", "it"], ["Plans"], ["b4", ",", "a5"]]
/// c.contains(stem: "plan")   // true; AuthoredComment("An explanation").contains(stem: "plan") is false
/// ```
public struct AuthoredComment: Hashable, Sendable {
    /// How long an authored explanation may be, in characters (ANN502); generated ones are cut to the same maximum.
    public static let lengthBounds = 40...220

    public struct Sentence: Hashable, Sendable {
        /// The words as written (a comma is a word of its own).
        public var words: [String]
        /// Lower-cased runs of letters and digits.
        public var terms: [String]
    }

    public let text: String
    public let sentences: [Sentence]

    public init(_ text: String) {
        self.text = text
        var out: [Sentence] = []
        var current: [String] = []
        var word = ""
        func flushWord() {
            if !word.isEmpty { current.append(word) }
            word = ""
        }
        func flushSentence() {
            flushWord()
            if !current.isEmpty { out.append(Sentence(words: current, terms: Self.terms(of: current))) }
            current = []
        }
        let chars = Array(text)
        var inMoveNumber = false
        for (i, ch) in chars.enumerated() {
            // `4.Qh5`, `3...Nf6`, `12…Nf6`: the dots of a move number end no sentence, and the number is no word.
            if ch == "." || ch == "\u{2026}", inMoveNumber || (!word.isEmpty && word.allSatisfy(\.isNumber)),
               i + 1 < chars.count, !chars[i + 1].isWhitespace {
                word = ""
                inMoveNumber = true
                continue
            }
            inMoveNumber = false
            switch ch {
            case ".", ";", ":", "!", "?", "(", ")", "\u{2014}", "\u{2026}":
                flushSentence()
            case ",":
                flushWord()
                current.append(",")
            case "'", "\u{2019}":
                if word.isEmpty { continue }
                word.append("'")
            default:
                if ch.isWhitespace || ch == "\"" || ch == "/" || ch == "\u{201C}" || ch == "\u{201D}" { flushWord() } else { word.append(ch) }
            }
        }
        flushSentence()
        sentences = out
    }

    static func terms(of words: [String]) -> [String] {
        words.flatMap { w in w.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init) }
    }

    /// Every word as written, in order, commas left out.
    public var words: [String] { sentences.flatMap { $0.words.filter { $0 != "," } } }

    /// Whether a term begins with `stem` (`plan` finds `plans` and `planned`, not `explanation`), or, for a
    /// stem of several words (`wins a pawn`), whether consecutive terms of one sentence match them, the last as a stem.
    public func contains(stem: String) -> Bool {
        let parts = stem.lowercased().split(separator: " ").map(String.init)
        guard let last = parts.last else { return false }
        let head = parts.dropLast()
        for s in sentences where s.terms.count >= parts.count {
            for i in 0...(s.terms.count - parts.count) {
                if zip(head, s.terms[i...]).allSatisfy({ $0 == $1 }), s.terms[i + head.count].hasPrefix(last) { return true }
            }
        }
        return false
    }
}
