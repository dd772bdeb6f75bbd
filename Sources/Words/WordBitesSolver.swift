// WordBitesSolver: Word Bites — words read across or down from tiles of one letter or of two with an orientation.

/// A Word Bites tile. A two-letter tile lies across (horizontal) or stands down (vertical):
/// it gives both its letters, in order, to a word read in its own direction, and only one
/// of them (the row or column the word passes through) to a word read the other way.
public enum BitesTile: Sendable, Hashable, CustomStringConvertible {
    case single(UInt8)
    case horizontal(UInt8, UInt8)
    case vertical(UInt8, UInt8)

    /// A tile from `a` (one letter), `h:er` (two letters lying across) or `v:in` (two letters
    /// standing down); case folded. WRD321 a character that is not a letter, WRD322 a tile
    /// of another length, WRD502 a two-letter tile without `h:` or `v:`.
    public init(parsing text: some StringProtocol) throws(WordsInputError) {
        let lower = text.lowercased()
        var body = Substring(lower)
        var orientation: Character?
        if lower.count > 2, let colon = lower.firstIndex(of: ":") {
            orientation = lower[lower.startIndex]
            guard lower.distance(from: lower.startIndex, to: colon) == 1, orientation == "h" || orientation == "v" else {
                throw WordsInputError(code: "WRD502", message: "expected h:XY or v:XY for a two-letter tile, found \"\(text)\"")
            }
            body = lower[lower.index(after: colon)...]
        }
        let tile = try Tile(parsing: body)
        switch (tile.letters.count, orientation) {
        case (1, nil): self = .single(tile.letters[0])
        case (2, "h"): self = .horizontal(tile.letters[0], tile.letters[1])
        case (2, "v"): self = .vertical(tile.letters[0], tile.letters[1])
        case (2, _):
            throw WordsInputError(
                code: "WRD502",
                message: "expected h:\(body) or v:\(body) for a two-letter tile (lying across or standing down on the board), found \"\(text)\"")
        default:
            throw WordsInputError(code: "WRD322", message: "expected a one-letter tile, found \"\(text)\" with an orientation")
        }
    }

    public var description: String {
        func s(_ ls: UInt8...) -> String { String(decoding: ls.map { $0 + 97 }, as: UTF8.self) }
        switch self {
        case .single(let a): return s(a)
        case .horizontal(let a, let b): return "h:" + s(a, b)
        case .vertical(let a, let b): return "v:" + s(a, b)
        }
    }

    /// The letter sequences this tile can give a word read in `direction`.
    func options(_ direction: BitesDirection) -> [[UInt8]] {
        switch (self, direction) {
        case (.single(let a), _): [[a]]
        case (.horizontal(let a, let b), .across), (.vertical(let a, let b), .down): [[a, b]]
        case (.horizontal(let a, let b), .down), (.vertical(let a, let b), .across): a == b ? [[a]] : [[a], [b]]
        }
    }
}

/// How a Word Bites word reads on the board.
public enum BitesDirection: String, Sendable, Codable, CaseIterable {
    case across, down

    /// The board is 8 cells wide and 9 tall, so a word across has at most 8 letters, down 9.
    public var maxLength: Int { self == .across ? 8 : 9 }
}

/// One Word Bites word: the tiles it uses in order, the letters each gives, its direction and points.
public struct WordBitesSolution: Sendable, Hashable, Codable {
    public var word: String
    public var tiles: [Int]
    /// The letters each used tile gives, in order (`er`, or one letter of a crossing tile).
    public var parts: [String]
    public var direction: BitesDirection
    public var score: Int
    public var tier: Tier
}

/// Word Bites: words of 3 letters or more built from the tiles, read across or down.
public enum WordBitesSolver {
    /// Every word the tiles make (once: across before down, first tile choice found), by
    /// score, then alphabetically. Words rarer than `maxTier` are left out.
    ///
    /// `solve([.vertical(19, 7), .single(4)], in: dict)` finds `the` down (`t`,`h` then `e`), not across.
    public static func solve(_ tiles: [BitesTile], in dictionary: WordDictionary, maxTier: Tier = WordGame.wordBites.defaultTier) -> [WordBitesSolution] {
        guard tiles.count <= 64 else { return [] }
        var found = FoundWords()
        var directions: [BitesDirection] = []
        var partsOf: [[String]] = []
        // Bounds the states visited, as in Word Hunt: only a crafted automaton gets near it.
        var budget = 1 << 21
        dictionary.withAutomaton { a in
            for direction in BitesDirection.allCases {
                let options = tiles.map { $0.options(direction) }
                var letters: [UInt8] = []
                var used: [UInt8] = []
                var parts: [[UInt8]] = []
                func extend(_ state: Int, _ mask: UInt64) {
                    budget -= 1
                    if budget < 0 { return }
                    var tried: Set<BitesTile> = []
                    for (i, tile) in tiles.enumerated() where mask & (1 << UInt64(i)) == 0 {
                        // Two equal tiles lead to the same words: try the first only.
                        guard tried.insert(tile).inserted else { continue }
                        for option in options[i] where letters.count + option.count <= direction.maxLength {
                            var s = state
                            for l in option where s >= 0 { s = a.child(s, l) }
                            if s < 0 { continue }
                            letters += option
                            used.append(UInt8(i))
                            parts.append(option)
                            let t = a.tier(s)
                            if t != 0 && t <= maxTier.rawValue && letters.count >= 3 {
                                let added = letters.withUnsafeBufferPointer { w in
                                    used.withUnsafeBufferPointer { u in found.insert(letters: w, steps: u, tier: t) }
                                }
                                if added {
                                    directions.append(direction)
                                    partsOf.append(parts.map { String(decoding: $0.map { $0 + 97 }, as: UTF8.self) })
                                }
                            }
                            extend(s, mask | (1 << UInt64(i)))
                            letters.removeLast(option.count)
                            used.removeLast()
                            parts.removeLast()
                        }
                    }
                }
                extend(a.root, 0)
            }
        }
        var out: [WordBitesSolution] = []
        for i in 0..<found.count {
            let (word, steps, tier) = found.entry(i)
            out.append(WordBitesSolution(
                word: word, tiles: steps, parts: partsOf[i], direction: directions[i],
                score: WordGame.wordBites.score(length: word.utf8.count), tier: tier))
        }
        out.sort { $0.score != $1.score ? $0.score > $1.score : $0.word < $1.word }
        return out
    }
}
