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
                throw WordsInputError(code: WordsCode.tileWithoutOrientation, message: "expected h:XY or v:XY for a two-letter tile, found \"\(text)\"")
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
                code: WordsCode.tileWithoutOrientation,
                message: "expected h:\(body) or v:\(body) for a two-letter tile (lying across or standing down on the board), found \"\(text)\"")
        default:
            throw WordsInputError(code: WordsCode.badTile, message: "expected a one-letter tile, found \"\(text)\" with an orientation")
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
    public var maxLength: Int { self == .across ? 8 : WordGame.wordBites.maxCells }
}

/// One Word Bites word: the tiles it uses in order, the letters each gives, its direction and points.
package struct WordBitesSolution: Sendable, Hashable, Codable {
    package var word: String
    package var tiles: [Int]
    /// The letters each used tile gives, in order (`er`, or one letter of a crossing tile).
    package var parts: [String]
    package var direction: BitesDirection
    package var score: Int
    package var tier: Tier
}

/// Word Bites: words of 3 letters or more built from the tiles, read across or down.
package enum WordBitesSolver {
    /// Every word the tiles make (once: across before down, first tile choice found), by
    /// score, then alphabetically. Words rarer than `maxTier` are left out.
    ///
    /// `solve([.vertical(19, 7), .single(4)], in: dict)` finds `the` down (`t`,`h` then `e`), not across.
    package static func solve(_ tiles: [BitesTile], in dictionary: WordDictionary, maxTier: Tier = WordGame.wordBites.defaultTier) -> [WordBitesSolution] {
        guard tiles.count <= 64 else { return [] }
        let (found, directions, parts) = dictionary.withAutomaton { a in
            var search = WordBitesSearch(tiles: tiles, automaton: a, maxTier: maxTier.rawValue)
            defer { search.deallocate() }
            for direction in BitesDirection.allCases { search.run(direction) }
            return (search.found, search.directions, search.parts)
        }
        var out: [WordBitesSolution] = []
        out.reserveCapacity(found.count)
        for i in 0..<found.count {
            let (word, steps, tier) = found.entry(i)
            // Each tile gives one letter, or two when it lies in the word's direction.
            var k = word.utf8.startIndex
            var pieces: [String] = []
            for n in parts[i] {
                let end = word.utf8.index(k, offsetBy: Int(n))
                pieces.append(String(word[k..<end]))
                k = end
            }
            out.append(WordBitesSolution(
                word: word, tiles: steps, parts: pieces, direction: directions[i],
                score: WordGame.wordBites.score(length: word.utf8.count), tier: tier))
        }
        out.sort { $0.score != $1.score ? $0.score > $1.score : $0.word < $1.word }
        return out
    }
}

/// The Word Bites depth-first search: at each state the edges are decoded once into a
/// letter-indexed row, and each unused tile is tried with the letters it can give.
struct WordBitesSearch {
    let a: DAWGAutomaton
    let tiles: [BitesTile]
    let maxTier: UInt8
    /// `twin[i]`: the first tile equal to tile i (i itself when none before it): a tile is
    /// tried only when no equal tile before it is unused, so equal tiles give each word once.
    let twin: [Int]
    /// One row of 26 child states (-1 none) per depth.
    let rows: UnsafeMutablePointer<Int32>
    let edgeLetters: UnsafeMutablePointer<UInt8>
    let edgeTargets: UnsafeMutablePointer<Int32>
    var word: [UInt8] = []
    var used: [UInt8] = []
    var sizes: [UInt8] = []
    var found = FoundWords()
    var directions: [BitesDirection] = []
    var parts: [[UInt8]] = []
    var direction = BitesDirection.across
    /// Bounds the states visited, as in Word Hunt: only a crafted automaton gets near it.
    var budget = 1 << 21
    static let maxDepth = 10

    init(tiles: [BitesTile], automaton: DAWGAutomaton, maxTier: UInt8) {
        a = automaton
        self.tiles = tiles
        self.maxTier = maxTier
        twin = tiles.indices.map { i in tiles.firstIndex(of: tiles[i]) ?? i }
        rows = .allocate(capacity: 26 * (Self.maxDepth + 1))
        edgeLetters = .allocate(capacity: 26)
        edgeTargets = .allocate(capacity: 26)
    }

    func deallocate() {
        rows.deallocate()
        edgeLetters.deallocate()
        edgeTargets.deallocate()
    }

    mutating func run(_ direction: BitesDirection) {
        self.direction = direction
        extend(a.root, 0, depth: 0)
    }

    mutating func record(_ state: Int) {
        let t = a.tier(state)
        guard t != 0 && t <= maxTier && word.count >= WordGame.wordBites.lengths.lowerBound else { return }
        let added = word.withUnsafeBufferPointer { w in
            used.withUnsafeBufferPointer { u in found.insert(letters: w, steps: u, tier: t) }
        }
        if added {
            directions.append(direction)
            parts.append(sizes)
        }
    }

    mutating func step(_ i: Int, _ letters: [UInt8], _ state: Int, _ mask: UInt64, depth: Int) {
        word += letters
        used.append(UInt8(i))
        sizes.append(UInt8(letters.count))
        record(state)
        extend(state, mask | (1 &<< UInt64(i)), depth: depth &+ 1)
        word.removeLast(letters.count)
        used.removeLast()
        sizes.removeLast()
    }

    mutating func extend(_ state: Int, _ mask: UInt64, depth: Int) {
        budget &-= 1
        guard budget >= 0, depth < Self.maxDepth, word.count < direction.maxLength else { return }
        let row = rows + depth &* 26
        row.initialize(repeating: -1, count: 26)
        let n = a.edges(state, letters: edgeLetters, targets: edgeTargets)
        guard n > 0 else { return }
        for k in 0..<n { row[Int(edgeLetters[k])] = edgeTargets[k] }
        let room = direction.maxLength - word.count
        for i in tiles.indices where mask & (1 &<< UInt64(i)) == 0 {
            let t = twin[i]
            if t != i && mask & (1 &<< UInt64(t)) == 0 { continue }
            switch (tiles[i], direction) {
            case (.single(let x), _):
                if row[Int(x)] >= 0 { step(i, [x], Int(row[Int(x)]), mask, depth: depth) }
            case (.horizontal(let x, let y), .across), (.vertical(let x, let y), .down):
                guard room >= 2, row[Int(x)] >= 0 else { continue }
                let s = a.child(Int(row[Int(x)]), y)
                if s >= 0 { step(i, [x, y], s, mask, depth: depth) }
            case (.horizontal(let x, let y), .down), (.vertical(let x, let y), .across):
                if row[Int(x)] >= 0 { step(i, [x], Int(row[Int(x)]), mask, depth: depth) }
                if y != x && row[Int(y)] >= 0 { step(i, [y], Int(row[Int(y)]), mask, depth: depth) }
            }
        }
    }
}
