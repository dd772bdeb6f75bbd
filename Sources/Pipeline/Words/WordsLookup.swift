// WordsLookup: `forge words lookup WORD` — a word's tier, or every reason it is not a word.
import Diagnostics
import Foundation
import Words

public struct WordsLookupConfiguration: Sendable {
    public var word: String
    /// `--dawg FILE`; nil finds the bundle (see `WordsBundleLocator`).
    public var dawgPath: String?
    /// Where the SCOWL lists and curation files are, to explain a word the dictionary lacks;
    /// when they are not there, the answer comes from words.dawg alone.
    public var source: WordsSourceOptions
    public var json: Bool

    public init(word: String, dawgPath: String? = nil, source: WordsSourceOptions = WordsSourceOptions(), json: Bool = false) {
        self.word = word
        self.dawgPath = dawgPath
        self.source = source
        self.json = json
    }
}

/// The answer: `isWord`, and the lines to print (text or one JSON object).
public struct WordsLookupReport: CommandReport {
    public var diagnostics: [Diagnostic]
    public var isWord: Bool
    public var output: String
    /// No dictionary was found.
    public var missingDictionary = false
    /// The word or the source options are not usable (WRD321, WRD313, WRD314).
    public var badInput = false
    /// `.inputErrors` also when the word is not a word.
    public var outcome: CommandOutcome {
        badInput ? .usage : missingDictionary ? .noInput : diagnostics.errorCount > 0 || !isWord ? .inputErrors : .ok
    }

    public struct Summary: Codable, Sendable, Equatable {
        public var isWord: Bool
        public var errors: Int
    }
    public var typedSummary: Summary { Summary(isWord: isWord, errors: diagnostics.errorCount) }
}

struct WordsLookupAnswer: Codable {
    struct GameAnswer: Codable {
        var game: String
        /// Played at the game's default tier.
        var accepted: Bool
        var note: String
    }
    var word: String
    var isWord: Bool
    var tier: String?
    var dictionary: String
    var games: [GameAnswer]
    var reasons: [String]
}

public enum WordsLookup {
    /// Answers `word` from words.dawg: its tier and, per game, whether the solver plays it
    /// by default, with `--tier` or not at all. When the word is not in the dictionary and
    /// the SCOWL lists and curation files are at hand, adds why (the word rule, deny.txt, the
    /// size level, same-letter entries of other lists).
    public static func run(_ config: WordsLookupConfiguration) -> WordsLookupReport {
        let query = config.word.trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else {
            return WordsLookupReport(diagnostics: [Diagnostic(WordsCode.notALetter, "expected a word, found nothing")], isWord: false, output: "",
                                     badInput: true)
        }
        let optionProblems = config.source.validate()
        if optionProblems.errorCount > 0 {
            return WordsLookupReport(diagnostics: optionProblems, isWord: false, output: "", badInput: true)
        }
        let dict: WordDictionary, path: String
        switch WordsBundleLocator.open(explicit: config.dawgPath) {
        case .success(let opened): (dict, path) = opened
        case .failure(let f):
            return WordsLookupReport(diagnostics: [f.diagnostic], isWord: false, output: "", missingDictionary: f.missing)
        }
        let word = query.lowercased()
        let tier = dict.tier(of: word)
        let length = word.utf8.count
        let games = WordGame.allCases.map { g -> WordsLookupAnswer.GameAnswer in
            guard let tier else { return .init(game: g.rawValue, accepted: false, note: "not in the dictionary") }
            if let refusal = g.refusal(of: word) {
                return .init(game: g.rawValue, accepted: false, note: refusal)
            }
            if tier <= g.defaultTier {
                return .init(game: g.rawValue, accepted: true, note: "\(g.score(length: length)) points")
            }
            return .init(game: g.rawValue, accepted: false,
                         note: "only with --tier \(tier.name) (default \(g.defaultTier.name)); \(g.score(length: length)) points")
        }
        var diags: [Diagnostic] = []
        var reasons: [String] = []
        if let tier {
            reasons.append("in \(path) at tier \(tier.name) (SCOWL \(tierLevels(tier)))")
        } else {
            reasons.append("not in \(path)")
            var src = config.source
            src.curationDirectory = WordsBundleLocator.locateDirectory(src.curationDirectory)
            let canExplain = FileManager.default.fileExists(atPath: src.scowlDirectory)
                && FileManager.default.fileExists(atPath: (src.curationDirectory as NSString).appendingPathComponent("deny.txt"))
            if canExplain {
                let (more, d) = sourceReasons(word: word, query: query, options: src)
                reasons += more
                diags += d
            } else {
                reasons.append("no SCOWL lists at \(src.scowlDirectory) or no curation files in \(src.curationDirectory): no further reasons")
            }
        }
        let answer = WordsLookupAnswer(word: word, isWord: tier != nil, tier: tier?.name, dictionary: path, games: games, reasons: reasons)
        let output: String
        if config.json {
            let enc = JSONEncoder()
            enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            output = (try? String(decoding: enc.encode(answer), as: UTF8.self)) ?? "{}"
        } else {
            var lines = ["\(Echo.input(word)): " + (tier?.name ?? "not a word")]  // the word as typed, escaped and capped
            lines += reasons.map { "  \($0)" }
            if tier != nil {
                lines += games.map { "  \(WordGame(rawValue: $0.game)?.title ?? $0.game): \($0.accepted ? "yes" : "no"), \($0.note)" }
            }
            output = lines.joined(separator: "\n")
        }
        return WordsLookupReport(diagnostics: diags, isWord: tier != nil, output: output)
    }

    static func tierLevels(_ t: Tier) -> String {
        switch t {
        case .common: "levels 10–35"
        case .standard: "levels 40–50"
        case .extended: "levels 55–70"
        case .full: "level 80"
        case .insane: "level 95"
        }
    }

    /// Why the sources do not give `word`: the word rule, deny.txt (with the lemma that
    /// reaches it), the size level, and entries of other SCOWL lists with the same letters.
    static func sourceReasons(word: String, query: String, options src: WordsSourceOptions) -> ([String], [Diagnostic]) {
        var diags = src.validate()
        guard diags.errorCount == 0 else { return ([], diags) }
        let (files, readDiags) = WordsSourceReader.read(lists: src.wordLists, in: src.scowlDirectory, maxLevel: 95)
        let (deny, allow, curDiags) = WordsSourceReader.curation(in: src.curationDirectory)
        diags += readDiags + curDiags
        guard diags.errorCount == 0 else { return ([], diags) }
        var reasons: [String] = []
        let denyPath = (src.curationDirectory as NSString).appendingPathComponent("deny.txt")
        switch WordForm.check(word) {
        case .failure(let r):
            reasons.append("\"\(Echo.input(query))\" is not a game word: \(r.explanation)")
        case .success:
            let hits = files.flatMap(\.entries).filter { $0.text == word }.sorted { $0.level < $1.level }
            let inRange = hits.filter { $0.level <= src.maxLevel }
            let lemmaLine = Dictionary(deny.map { ($0.word, $0.line) }, uniquingKeysWith: { a, _ in a })
            let deniedBy = DenyRule.index(deny.map(\.word))[word]
            let rescued = allow.contains { $0.word == word }
            if let first = inRange.first {
                if let lemma = deniedBy, !rescued {
                    let at = lemmaLine[lemma].map { "\(denyPath):\($0)" } ?? denyPath
                    reasons.append(lemma == word ? "denied by \(at) (SCOWL has it in \(first.file))"
                        : "denied as a form of \"\(lemma)\" (\(at)); SCOWL has it in \(first.file)")
                } else {
                    reasons.append("SCOWL has it in \(first.file) (level \(first.level)); rebuild words.dawg from these sources")
                }
            } else if let first = hits.first {
                reasons.append("only in \(first.file): level \(first.level) is above --max-level \(src.maxLevel)")
            } else {
                reasons.append("not in the SCOWL \(src.region) word lists")
            }
        }
        reasons += relatedEntries(of: word, options: src, wordFiles: files)
        return (reasons, diags)
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
