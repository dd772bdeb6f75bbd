// WordsSolve: `forge words solve wordhunt|anagrams|wordbites` — parse the board, find and open words.dawg, run a solver, format by score.
import Diagnostics
import Foundation
import Words

/// Which game, with its input as the user typed it.
public enum WordsGame: Sendable {
    /// 16 letters, row by row, in one argument or several (`oatr ihps htnr enei`).
    case wordHunt([String])
    /// A rack of 6 or 7 letters.
    case anagrams(String)
    /// Tiles: `a`, `h:er` (lying across), `v:in` (standing down).
    case wordBites([String])

    var game: WordGame {
        switch self {
        case .wordHunt: .wordHunt
        case .anagrams: .anagrams
        case .wordBites: .wordBites
        }
    }
}

public struct WordsSolveConfiguration: Sendable {
    public var game: WordsGame
    /// `--dawg FILE`; nil finds the bundle (see `WordsBundleLocator`).
    public var dawgPath: String?
    /// `q` is the tile `qu` (Word Hunt).
    public var quTile: Bool
    /// nil: the game's default tier.
    public var maxTier: Tier?
    public var json: Bool

    public init(game: WordsGame, dawgPath: String? = nil, quTile: Bool = false, maxTier: Tier? = nil, json: Bool = false) {
        self.game = game
        self.dawgPath = dawgPath
        self.quTile = quTile
        self.maxTier = maxTier
        self.json = json
    }
}

/// The result: diagnostics, the text to print, and why it failed (`.usage` bad input, `.noInput` no dictionary).
public struct WordsSolveReport: CommandReport {
    public var diagnostics: [Diagnostic]
    public var output: String
    public var badInput: Bool
    public var missingDictionary = false
    public var outcome: CommandOutcome { badInput ? .usage : missingDictionary ? .noInput : .from(diagnostics) }

    public struct Summary: Codable, Sendable, Equatable {
        /// The words found.
        public var words: Int
        public var errors: Int
    }
    public var words = 0
    public var typedSummary: Summary { Summary(words: words, errors: diagnostics.errorCount) }
}

struct WordsSolveRow: Codable {
    var word: String
    var score: Int
    var tier: String
    /// The word is rarer than the game's default tier (shown only with a wider `--tier`).
    var beyondDefaultTier: Bool
    var path: [Int]?
    var tiles: [String]?
    var direction: String?
}

public enum WordsSolve {
    /// Parses the input first (bad input: WRD320–323, WRD501–502, `badInput`), then finds and
    /// opens the dictionary (WRD510, WRD601–607), solves and formats by score.
    public static func run(_ config: WordsSolveConfiguration) -> WordsSolveReport {
        enum Parsed { case grid(LetterGrid), rack(Rack), bites([BitesTile]) }
        let parsed: Parsed
        do throws(WordsInputError) {
            switch config.game {
            case .wordHunt(let parts):
                parsed = .grid(try LetterGrid(parsing: parts.joined(), quTile: config.quTile))
            case .anagrams(let text):
                parsed = .rack(try Rack(parsing: text))
            case .wordBites(let texts):
                guard (1...20).contains(texts.count) else {
                    throw WordsInputError(code: WordsCode.badTileCount, message: "expected 1 to 20 tiles, found \(texts.count)")
                }
                parsed = .bites(try texts.map { (t: String) throws(WordsInputError) -> BitesTile in try BitesTile(parsing: t) })
            }
        } catch {
            return WordsSolveReport(diagnostics: [error.diagnostic], output: "", badInput: true)
        }
        let dict: WordDictionary, path: String
        switch WordsBundleLocator.open(explicit: config.dawgPath) {
        case .success(let opened): (dict, path) = opened
        case .failure(let f): return WordsSolveReport(diagnostics: [f.diagnostic], output: "", badInput: false, missingDictionary: f.missing)
        }
        let game = config.game.game
        let tier = config.maxTier ?? game.defaultTier
        func row(_ word: String, _ score: Int, _ t: Tier) -> WordsSolveRow {
            WordsSolveRow(word: word, score: score, tier: t.name, beyondDefaultTier: t > game.defaultTier)
        }
        var rows: [WordsSolveRow] = []
        switch parsed {
        case .grid(let grid):
            rows = WordHuntSolver.solve(grid, in: dict, maxTier: tier).map {
                var r = row($0.word, $0.score, $0.tier)
                r.path = $0.path
                return r
            }
        case .rack(let rack):
            rows = AnagramsSolver.solve(rack, in: dict, maxTier: tier).map {
                var r = row($0.word, $0.score, $0.tier)
                r.tiles = $0.tiles.map { String(decoding: [rack.letters[$0] + 97], as: UTF8.self) }
                return r
            }
        case .bites(let tiles):
            rows = WordBitesSolver.solve(tiles, in: dict, maxTier: tier).map {
                var r = row($0.word, $0.score, $0.tier)
                r.tiles = zip($0.tiles, $0.parts).map { i, part in
                    let t = tiles[i]
                    if case .single = t { return part }
                    return t.description.dropFirst(2) == part ? t.description : "\(t.description)(\(part))"
                }
                r.direction = $0.direction.rawValue
                return r
            }
        }
        let header = "# \(game.title): \(rows.count) words, \(rows.reduce(0) { $0 + $1.score }) points; tier \(tier.name) "
            + "(SCOWL levels 10–\(tier.maxLevel))" + (tier == game.defaultTier ? ", the default" : tier > game.defaultTier
                ? "; * marks words beyond the default tier \(game.defaultTier.name)" : "")
            + "; \(path)"
        return WordsSolveReport(diagnostics: [], output: format(rows, header: header, json: config.json), badInput: false, words: rows.count)
    }

    static func format(_ rows: [WordsSolveRow], header: String, json: Bool) -> String {
        if json {
            let enc = JSONEncoder()
            enc.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let lines = rows.map { (try? String(decoding: enc.encode($0), as: UTF8.self)) ?? "{}" }
            return lines.isEmpty ? "[]" : "[\n  " + lines.joined(separator: ",\n  ") + "\n]"
        }
        let width = max(rows.map(\.word.count).max() ?? 0, 4)
        let body = rows.map { r in
            var line = r.word.padding(toLength: width, withPad: " ", startingAt: 0)
            line += String(repeating: " ", count: max(0, 6 - String(r.score).count)) + String(r.score)
            line += "  " + (r.tier + (r.beyondDefaultTier ? "*" : "")).padding(toLength: 9, withPad: " ", startingAt: 0)
            if let d = r.direction { line += "  " + d.padding(toLength: 6, withPad: " ", startingAt: 0) }
            if let p = r.path { line += "  " + p.map(String.init).joined(separator: "-") }
            if let t = r.tiles { line += "  " + t.joined(separator: "+") }
            return line.trimmingCharacters(in: .whitespaces)
        }
        return ([header] + body).joined(separator: "\n")
    }
}
