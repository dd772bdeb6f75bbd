// WordsLookup: `forge words lookup WORD` — a word's tier, or every reason it is not a word.
import Diagnostics
import Foundation
import Words

public struct WordsLookupConfiguration: Sendable {
    public var word: String
    public var source: WordsSourceOptions
    public var json: Bool

    public init(word: String, source: WordsSourceOptions = WordsSourceOptions(), json: Bool = false) {
        self.word = word
        self.source = source
        self.json = json
    }
}

/// The answer: `isWord`, and the lines to print (text or one JSON object).
public struct WordsLookupReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var isWord: Bool
    public var output: String
}

struct WordsLookupAnswer: Codable {
    var word: String
    var isWord: Bool
    var tier: String?
    var level: Int?
    var reasons: [String]
}

public enum WordsLookup {
    /// Explains `word` against the same sources and curation as `forge words build`.
    ///
    /// Reasons, in order: the word rule (apostrophe, digit, …), the curation lists, the
    /// size level, and entries of other SCOWL lists that spell the same letters (proper
    /// names, abbreviations, accented or capitalised forms, other regions).
    public static func run(_ config: WordsLookupConfiguration) -> WordsLookupReport {
        var diags = config.source.validate()
        let query = config.word.trimmingCharacters(in: .whitespaces)
        if query.isEmpty { diags.append(Diagnostic(.error, "WRD321", "expected a word, found nothing")) }
        guard diags.errorCount == 0 else { return WordsLookupReport(diagnostics: diags, isWord: false, output: "") }
        let src = config.source
        let (files, readDiags) = WordsSourceReader.read(lists: src.wordLists, in: src.scowlDirectory, maxLevel: 95)
        let (deny, allow, curDiags) = WordsSourceReader.curation(in: src.curationDirectory)
        diags += readDiags + curDiags
        guard diags.errorCount == 0 else { return WordsLookupReport(diagnostics: diags, isWord: false, output: "") }

        let word = query.lowercased()
        var reasons: [String] = []
        var tier: Tier?
        var level: Int?
        let denyPath = (src.curationDirectory as NSString).appendingPathComponent("deny.txt")
        let allowPath = (src.curationDirectory as NSString).appendingPathComponent("allow.txt")

        switch WordForm.check(word) {
        case .failure(let r):
            reasons.append("\"\(query)\" is not a game word: \(r.explanation)")
        case .success:
            let hits = files.flatMap(\.entries).filter { $0.text == word }.sorted { $0.level < $1.level }
            let inRange = hits.filter { $0.level <= src.maxLevel }
            let allowed = allow.first { $0.word == word }
            let denied = deny.first { $0.word == word }
            if let first = inRange.first {
                level = first.level
                if let d = denied, allowed == nil {
                    reasons.append("denied by \(denyPath):\(d.line) (SCOWL has it in \(first.file))")
                } else {
                    tier = Tier(level: first.level)
                    if let a = allowed, let t = a.tier {
                        tier = t
                        reasons.append("tier set by \(allowPath):\(a.line)")
                    } else if let a = allowed, denied != nil {
                        reasons.append("in deny.txt but rescued by \(allowPath):\(a.line)")
                    }
                    reasons.insert("from \(first.file) (SCOWL level \(first.level))", at: 0)
                }
            } else if let a = allowed, let t = a.tier {
                tier = t
                reasons.append("added by \(allowPath):\(a.line); not in the SCOWL \(src.region) lists up to level \(src.maxLevel)")
            } else if let first = hits.first {
                reasons.append("only in \(first.file): level \(first.level) is above --max-level \(src.maxLevel)")
            } else {
                reasons.append("not in the SCOWL \(src.region) word lists")
            }
        }
        if tier == nil {
            reasons += relatedEntries(of: word, options: src, wordFiles: files)
        }
        let answer = WordsLookupAnswer(word: word, isWord: tier != nil, tier: tier?.name, level: level, reasons: reasons)
        let output: String
        if config.json {
            let enc = JSONEncoder()
            enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            output = (try? String(decoding: enc.encode(answer), as: UTF8.self)) ?? "{}"
        } else if let tier {
            output = "\(word): \(tier.name)\n" + reasons.map { "  \($0)" }.joined(separator: "\n")
        } else {
            output = "\(word): not a word\n" + reasons.map { "  \($0)" }.joined(separator: "\n")
        }
        return WordsLookupReport(diagnostics: diags, isWord: tier != nil, output: output)
    }

    /// Entries of any SCOWL list whose letters, folded (case, accents, apostrophes, hyphens,
    /// spaces removed), are the query's: they say why the query is not a word.
    static func relatedEntries(of word: String, options: WordsSourceOptions, wordFiles: [WordsSourceFile]) -> [String] {
        let key = fold(word)
        guard !key.isEmpty else { return [] }
        var lists: [String] = []
        for prefix in ["english", options.region] {
            for kind in ["proper-names", "upper", "abbreviations", "contractions"] { lists.append("\(prefix)-\(kind)") }
        }
        lists.append("special-roman-numerals")
        for r in WordsRegion.allCases where r.rawValue != options.region { lists.append("\(r.rawValue)-words") }
        for v in 1...3 { lists.append("variant_\(v)-words") }
        let (others, _) = WordsSourceReader.read(lists: lists, in: options.scowlDirectory, maxLevel: 95, required: false)
        var out: [String] = []
        var seen: Set<String> = []
        let keyBytes = Array(key.utf8)
        for f in wordFiles + others {
            let isWordList = f.name.hasPrefix("english-words") || f.name.hasPrefix("\(options.region)-words")
            for e in f.entries where foldMatches(e.text, keyBytes) {
                // In the lists that are read, only entries the word rule dropped explain anything.
                if isWordList, case .success = WordForm.check(e.text) { continue }
                let what = "\(e.text)|\(f.name.split(separator: ".").first ?? "")"
                guard seen.insert(what).inserted else { continue }
                let why: String
                if isWordList, case .failure(let r) = WordForm.check(e.text) {
                    why = r.explanation
                } else if f.name.contains("proper-names") {
                    why = "proper names are not read"
                } else if f.name.contains("abbreviations") {
                    why = "abbreviations are not read"
                } else if f.name.contains("upper") {
                    why = "upper-case words are not read"
                } else if f.name.contains("contractions") {
                    why = "contractions are not read"
                } else if f.name.contains("roman") {
                    why = "roman numerals are not read"
                } else {
                    why = "that list is not read for --region \(options.region)"
                }
                out.append("SCOWL has \"\(e.text)\" in \(f.name): \(why)")
                if out.count >= 8 { return out }
            }
        }
        return out
    }

    /// Whether `entry`, folded, spells `key`; ASCII entries are compared without allocating.
    static func foldMatches(_ entry: String, _ key: [UInt8]) -> Bool {
        var i = 0
        for b in entry.utf8 {
            if b >= 128 { return fold(entry) == String(decoding: key, as: UTF8.self) }
            let l = b >= 65 && b <= 90 ? b + 32 : b
            guard l >= 97 && l <= 122 else { continue }
            guard i < key.count, key[i] == l else { return false }
            i += 1
        }
        return i == key.count
    }

    /// Lower-case letters only, accents removed.
    static func fold(_ s: String) -> String {
        let ascii = s.utf8.allSatisfy { $0 < 128 }
        let base = ascii ? s.lowercased() : s.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
        return String(base.unicodeScalars.filter { $0.value >= 97 && $0.value <= 122 }.map(Character.init))
    }
}
