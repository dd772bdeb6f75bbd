// WordHuntSolver: every word along adjacent cells of a letter grid, with its path, by score.

/// A rectangular grid of tiles, row by row; cells are numbered from 0 row-major.
public struct LetterGrid: Sendable, Hashable {
    public let rows: Int
    public let columns: Int
    public let cells: [Tile]

    /// A grid from `rows × columns` tiles.
    public init(rows: Int, columns: Int, cells: [Tile]) throws(WordsInputError) {
        guard rows >= 1, columns >= 1, rows * columns <= 64 else {
            throw WordsInputError(code: WordsCode.badGridSize, message: "expected a grid of 1 to 64 cells, found \(rows)×\(columns)")
        }
        guard cells.count == rows * columns else {
            throw WordsInputError(
                code: WordsCode.badGridSize,
                message: "expected \(rows * columns) letters (a \(rows)×\(columns) grid, row by row), found \(cells.count)")
        }
        self.rows = rows
        self.columns = columns
        self.cells = cells
    }

    /// A Word Hunt grid from text such as `oatrihpshtnrenei` or `oatr/ihps/htnr/enei`; with
    /// `quTile`, each `q` is one `qu` cell. WRD320 on a wrong count, WRD321 on a non-letter.
    public init(parsing text: some StringProtocol, rows: Int = 4, columns: Int = 4, quTile: Bool = false) throws(WordsInputError) {
        try self.init(rows: rows, columns: columns, cells: Tile.letters(text, quTile: quTile))
    }

    /// The cells next to `cell`, including diagonals, in increasing order.
    public func neighbors(_ cell: Int) -> [Int] {
        let r = cell / columns, c = cell % columns
        var out: [Int] = []
        for dr in -1...1 {
            for dc in -1...1 where dr != 0 || dc != 0 {
                let rr = r + dr, cc = c + dc
                if rr >= 0 && rr < rows && cc >= 0 && cc < columns { out.append(rr * columns + cc) }
            }
        }
        return out
    }
}

/// One word found in a grid: the cells it uses in order, and its points.
package struct WordHuntSolution: Sendable, Hashable, Codable {
    package var word: String
    package var path: [Int]
    package var score: Int
    package var tier: Tier
}

/// Word Hunt: words of at least `minLength` letters along paths of adjacent cells, each cell
/// used at most once per word, scored by `WordGame.wordHunt`'s table.
package enum WordHuntSolver {
    /// Points for a word of `length` letters: 3 → 100, 4 → 400, 5 → 800, 6 → 1400,
    /// 7 → 1800, 8 → 2200, then +400 a letter (`WordGame.wordHunt.score(length:)`).
    package static func score(length: Int) -> Int { WordGame.wordHunt.score(length: length) }

    /// Every word of the grid (once, with the first path found scanning cells in order), by
    /// score (highest first), then alphabetically. Words rarer than `maxTier` are left out;
    /// the default is the game's default tier (`standard`).
    ///
    /// `solve(try LetterGrid(parsing: "catsxxxxxxxxxxxx"), in: dict)` finds `cat` with path `[0, 1, 2]`.
    package static func solve(_ grid: LetterGrid, in dictionary: WordDictionary, minLength: Int = WordGame.wordHunt.lengths.lowerBound,
                             maxTier: Tier = WordGame.wordHunt.defaultTier) -> [WordHuntSolution] {
        let found: FoundWords = dictionary.withAutomaton { a in
            var search = WordHuntSearch(grid: grid, automaton: a, minLength: minLength, maxTier: maxTier.rawValue)
            defer { search.deallocate() }
            search.run()
            return search.found
        }
        var out: [WordHuntSolution] = []
        out.reserveCapacity(found.count)
        for i in 0..<found.count {
            let (word, path, tier) = found.entry(i)
            out.append(WordHuntSolution(word: word, path: path, score: score(length: word.utf8.count), tier: tier))
        }
        out.sort { $0.score != $1.score ? $0.score > $1.score : $0.word < $1.word }
        return out
    }
}

/// Words found by a search, each once, in the order found, with the tiles (cells) used.
struct FoundWords {
    /// The letters of every word, one after another (0 = a … 25 = z).
    var letters: [UInt8] = []
    var letterEnds: [Int32] = []
    /// The cells or tile indices of every word, one after another.
    var steps: [UInt8] = []
    var stepEnds: [Int32] = []
    var tiers: [UInt8] = []
    /// Open-addressing set of the words seen, as packed keys (5 bits a letter, 12 letters
    /// at most); longer words go to `long`.
    var table: [UInt64]
    var used = 0
    var long: Set<[UInt8]> = []

    init() { table = [UInt64](repeating: 0, count: 1024) }

    var count: Int { tiers.count }

    /// Adds the word unless it was found before; false when it was.
    mutating func insert(letters word: UnsafeBufferPointer<UInt8>, steps path: UnsafeBufferPointer<UInt8>, tier: UInt8) -> Bool {
        if word.count <= 12 {
            var key: UInt64 = 1  // a leading 1 keeps "a" and "aa" apart
            for l in word { key = key &<< 5 | UInt64(l) }
            if !insertKey(key) { return false }
        } else if !long.insert(Array(word)).inserted {
            return false
        }
        letters.append(contentsOf: word)
        letterEnds.append(Int32(letters.count))
        steps.append(contentsOf: path)
        stepEnds.append(Int32(steps.count))
        tiers.append(tier)
        return true
    }

    mutating func insertKey(_ key: UInt64) -> Bool {
        if (used + 1) * 2 > table.count { grow() }
        let mask = table.count - 1
        var h = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
        while true {
            let k = table[h]
            if k == key { return false }
            if k == 0 {
                table[h] = key
                used += 1
                return true
            }
            h = (h + 1) & mask
        }
    }

    mutating func grow() {
        let old = table
        table = [UInt64](repeating: 0, count: old.count * 2)
        used = 0
        for k in old where k != 0 { _ = insertKey(k) }
    }

    /// The i-th word, its steps and its tier.
    func entry(_ i: Int) -> (String, [Int], Tier) {
        let l0 = i == 0 ? 0 : Int(letterEnds[i - 1]), l1 = Int(letterEnds[i])
        let s0 = i == 0 ? 0 : Int(stepEnds[i - 1]), s1 = Int(stepEnds[i])
        let word = String(unsafeUninitializedCapacity: l1 - l0) { buf in
            for k in l0..<l1 { buf[k - l0] = letters[k] &+ 97 }
            return l1 - l0
        }
        return (word, steps[s0..<s1].map(Int.init), Tier(rawValue: tiers[i]) ?? .insane)
    }
}

/// The Word Hunt depth-first search over the automaton. At each state the state's edges are
/// decoded once and matched against a per-cell, per-letter mask of the neighbouring cells,
/// so a step costs one pass over the state's bytes, not one lookup per neighbour.
struct WordHuntSearch {
    let a: DAWGAutomaton
    let cells: Int
    let minLength: Int
    let maxTier: UInt8
    /// First and second letter of each cell's tile (second 255 when none).
    let first: UnsafeMutablePointer<UInt8>
    let second: UnsafeMutablePointer<UInt8>
    /// `neighbours[cell * 26 + letter]`: the cells next to `cell` whose tile starts with `letter`.
    let neighbours: UnsafeMutablePointer<UInt64>
    /// One row of 26 decoded edges per depth.
    let edgeLetters: UnsafeMutablePointer<UInt8>
    let edgeTargets: UnsafeMutablePointer<Int32>
    let word: UnsafeMutablePointer<UInt8>
    let path: UnsafeMutablePointer<UInt8>
    var found = FoundWords()
    /// States the search may still visit. A real dictionary visits a few thousand per 4×4
    /// board; only an automaton crafted with cycles (a file that passed its checksum) comes
    /// near this, and the budget ends such a search in milliseconds instead of never.
    var budget = 1 << 21

    init(grid: LetterGrid, automaton: DAWGAutomaton, minLength: Int, maxTier: UInt8) {
        a = automaton
        cells = grid.cells.count
        self.minLength = minLength
        self.maxTier = maxTier
        first = .allocate(capacity: cells)
        second = .allocate(capacity: cells)
        neighbours = .allocate(capacity: cells * 26)
        neighbours.initialize(repeating: 0, count: cells * 26)
        edgeLetters = .allocate(capacity: (cells + 1) * 26)
        edgeTargets = .allocate(capacity: (cells + 1) * 26)
        word = .allocate(capacity: 2 * cells + 2)
        path = .allocate(capacity: cells + 1)
        for (c, tile) in grid.cells.enumerated() {
            first[c] = tile.letters[0]
            second[c] = tile.letters.count > 1 ? tile.letters[1] : 255
        }
        for c in 0..<cells {
            for n in grid.neighbors(c) { neighbours[c * 26 + Int(first[n])] |= 1 &<< UInt64(n) }
        }
    }

    func deallocate() {
        first.deallocate()
        second.deallocate()
        neighbours.deallocate()
        edgeLetters.deallocate()
        edgeTargets.deallocate()
        word.deallocate()
        path.deallocate()
    }

    mutating func run() {
        for c in 0..<cells {
            var s = a.child(a.root, first[c])
            if s >= 0 && second[c] != 255 { s = a.child(s, second[c]) }
            if s >= 0 { visit(cell: c, state: s, used: 0, depth: 0, length: 0) }
        }
    }

    /// `state` is the state after the cell's tile; records the word there, then extends it.
    mutating func visit(cell: Int, state: Int, used: UInt64, depth: Int, length: Int) {
        budget &-= 1
        if budget < 0 { return }
        var length = length
        word[length] = first[cell]
        length &+= 1
        if second[cell] != 255 {
            word[length] = second[cell]
            length &+= 1
        }
        path[depth] = UInt8(truncatingIfNeeded: cell)
        let t = a.tier(state)
        if t != 0 && t <= maxTier && length >= minLength {
            _ = found.insert(letters: UnsafeBufferPointer(start: word, count: length),
                             steps: UnsafeBufferPointer(start: path, count: depth &+ 1), tier: t)
        }
        let now = used | (1 &<< UInt64(cell))
        let letters = edgeLetters + depth &* 26, targets = edgeTargets + depth &* 26
        let n = a.edges(state, letters: letters, targets: targets)
        let row = neighbours + cell &* 26
        for k in 0..<n {
            var m = row[Int(letters[k])] & ~now
            while m != 0 {
                let next = m.trailingZeroBitCount
                m &= m &- 1
                var s = Int(targets[k])
                if second[next] != 255 {
                    s = a.child(s, second[next])
                    if s < 0 { continue }
                }
                visit(cell: next, state: s, used: now, depth: depth &+ 1, length: length)
            }
        }
    }
}
