// WordsSolve: `forge words solve wordhunt|anagrams|wordbites` — parse the board, open words.dawg, run a solver, format.
import Diagnostics
import Foundation
import Words

/// Which game, with its input as the user typed it.
public enum WordsGame: Sendable {
    /// 16 letters, row by row.
    case wordHunt(String)
    case anagrams(String)
    /// Tiles of one or two letters.
    case wordBites([String])
}

public struct WordsSolveConfiguration: Sendable {
    public var game: WordsGame
    public var dawgPath: String
    /// `q` is the tile `qu` (Word Hunt, Anagrams).
    public var quTile: Bool
    public var maxTier: Tier
    public var json: Bool

    public init(game: WordsGame, dawgPath: String = "data/bundle/words/words.dawg", quTile: Bool = false, maxTier: Tier = .insane, json: Bool = false) {
        self.game = game
        self.dawgPath = dawgPath
        self.quTile = quTile
        self.maxTier = maxTier
        self.json = json
    }
}

/// The result: diagnostics, the text to print, and whether the input was at fault (exit 64).
public struct WordsSolveReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var output: String
    public var badInput: Bool
}

struct WordsSolveRow: Codable {
    var word: String
    var tier: String
    var score: Int?
    var path: [Int]?
    var tiles: [String]?
}

public enum WordsSolve {
    /// Parses the input first (bad input: WRD320–WRD323, `badInput`), then opens the dictionary (WRD330).
    public static func run(_ config: WordsSolveConfiguration) -> WordsSolveReport {
        enum Parsed { case grid(LetterGrid), tiles([Tile]) }
        let parsed: Parsed
        do throws(WordsInputError) {
            switch config.game {
            case .wordHunt(let text):
                parsed = .grid(try LetterGrid(parsing: text, quTile: config.quTile))
            case .anagrams(let text):
                let tiles = try Tile.letters(text, quTile: config.quTile)
                guard (1...20).contains(tiles.count) else {
                    throw WordsInputError(code: "WRD323", message: "expected 1 to 20 letters, found \(tiles.count)")
                }
                parsed = .tiles(tiles)
            case .wordBites(let texts):
                guard (1...20).contains(texts.count) else {
                    throw WordsInputError(code: "WRD323", message: "expected 1 to 20 tiles, found \(texts.count)")
                }
                parsed = .tiles(try texts.map { (t: String) throws(WordsInputError) -> Tile in try Tile(parsing: t) })
            }
        } catch {
            return WordsSolveReport(diagnostics: [error.diagnostic], output: "", badInput: true)
        }
        let dict: WordDictionary
        do {
            dict = try WordDictionary(contentsOf: URL(fileURLWithPath: config.dawgPath))
        } catch {
            let hint = FileManager.default.fileExists(atPath: config.dawgPath) ? [] : ["run `forge words build` first, or pass --dawg PATH"]
            return WordsSolveReport(
                diagnostics: [Diagnostic(.error, error.code, error.description, at: SourceLocation(file: config.dawgPath, line: 1, column: 1), notes: hint)],
                output: "", badInput: false)
        }
        var rows: [WordsSolveRow] = []
        switch parsed {
        case .grid(let grid):
            rows = WordHuntSolver.solve(grid, in: dict, maxTier: config.maxTier).map {
                WordsSolveRow(word: $0.word, tier: $0.tier.name, score: $0.score, path: $0.path)
            }
        case .tiles(let tiles):
            let isBites: Bool
            if case .wordBites = config.game { isBites = true } else { isBites = false }
            rows = TileWordSolver.solve(tiles, in: dict, maxTier: config.maxTier).map {
                WordsSolveRow(word: $0.word, tier: $0.tier.name, tiles: isBites ? $0.tiles.map { tiles[$0].description } : nil)
            }
        }
        return WordsSolveReport(diagnostics: [], output: format(rows, json: config.json), badInput: false)
    }

    static func format(_ rows: [WordsSolveRow], json: Bool) -> String {
        if json {
            let enc = JSONEncoder()
            enc.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let lines = rows.map { (try? String(decoding: enc.encode($0), as: UTF8.self)) ?? "{}" }
            return lines.isEmpty ? "[]" : "[\n  " + lines.joined(separator: ",\n  ") + "\n]"
        }
        let width = max(rows.map(\.word.count).max() ?? 0, 4)
        return rows.map { r in
            var line = r.word.padding(toLength: width, withPad: " ", startingAt: 0)
            if let s = r.score { line += String(repeating: " ", count: max(0, 6 - String(s).count)) + String(s) }
            line += "  " + r.tier.padding(toLength: 8, withPad: " ", startingAt: 0)
            if let p = r.path { line += "  " + p.map(String.init).joined(separator: "-") }
            if let t = r.tiles { line += "  " + t.joined(separator: "+") }
            return line.trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}
