// WordsSolve: `forge words solve wordhunt|anagrams|wordbites` — parse the board, find and open words.dawg, run a solver, format by score.
import Diagnostics
import Foundation
import Words

public struct WordsSolveConfiguration: Sendable {
    public var game: WordGame
    /// What the player typed: the grid's letters, the rack, the tiles (`WordGame.board(parsing:quTile:)`).
    public var input: [String]
    /// `--dawg FILE`; nil finds the bundle (see `WordsBundleLocator`).
    public var dawgPath: String?
    /// `q` is the tile `qu` (Word Hunt).
    public var quTile: Bool
    /// nil: the game's default tier.
    public var maxTier: Tier?
    public var json: Bool

    public init(game: WordGame, input: [String], dawgPath: String? = nil, quTile: Bool = false, maxTier: Tier? = nil, json: Bool = false) {
        self.game = game
        self.input = input
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
        let board: any WordBoard
        do throws(WordsInputError) {
            board = try config.game.board(parsing: config.input, quTile: config.quTile)
        } catch {
            return WordsSolveReport(diagnostics: [error.diagnostic], output: "", badInput: true)
        }
        let dict: WordDictionary, path: String
        switch WordsBundleLocator.open(explicit: config.dawgPath) {
        case .success(let opened): (dict, path) = opened
        case .failure(let f): return WordsSolveReport(diagnostics: [f.diagnostic], output: "", badInput: false, missingDictionary: f.missing)
        }
        let game = board.game
        let tier = config.maxTier ?? game.defaultTier
        let rows = board.words(in: dict, maxTier: tier).map {
            WordsSolveRow(word: $0.word, score: $0.score, tier: $0.tier.name, beyondDefaultTier: $0.tier > game.defaultTier,
                          path: $0.path, tiles: $0.tiles, direction: $0.direction?.rawValue)
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
