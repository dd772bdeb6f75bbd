// WordHuntSolver: every word along adjacent cells of a letter grid, with its path, by score.

/// A rectangular grid of tiles, row by row; cells are numbered from 0 row-major.
public struct LetterGrid: Sendable, Hashable {
    public let rows: Int
    public let columns: Int
    public let cells: [Tile]

    /// A grid from `rows × columns` tiles.
    public init(rows: Int, columns: Int, cells: [Tile]) throws(WordsInputError) {
        guard rows >= 1, columns >= 1, rows * columns <= 64 else {
            throw WordsInputError(code: "WRD320", message: "expected a grid of 1 to 64 cells, found \(rows)×\(columns)")
        }
        guard cells.count == rows * columns else {
            throw WordsInputError(
                code: "WRD320",
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
public struct WordHuntSolution: Sendable, Hashable, Codable {
    public var word: String
    public var path: [Int]
    public var score: Int
    public var tier: Tier
}

/// Word Hunt: words of at least `minLength` letters along paths of adjacent cells, each cell
/// used at most once per word.
public enum WordHuntSolver {
    /// Points for a word of `length` letters, as GamePigeon's Word Hunt awards them:
    /// 3 → 100, 4 → 400, 5 → 800, then +400 per letter (6 → 1200 … ).
    public static func score(length: Int) -> Int {
        switch length {
        case ..<3: 0
        case 3: 100
        case 4: 400
        default: 800 + 400 * (length - 5)
        }
    }

    /// Every word of the grid (once, with the first path found scanning cells in order), by
    /// score (highest first), then alphabetically. Words rarer than `maxTier` are left out.
    ///
    /// `solve(try LetterGrid(parsing: "catsxxxxxxxxxxxx"), in: dict)` finds `cat` with path `[0, 1, 2]`.
    public static func solve(_ grid: LetterGrid, in dictionary: WordDictionary, minLength: Int = 3, maxTier: Tier = .insane) -> [WordHuntSolution] {
        let neighbors = (0..<grid.cells.count).map { grid.neighbors($0) }
        var found: [WordHuntSolution] = []
        var seen: Set<[UInt8]> = []
        dictionary.withAutomaton { a in
            var letters: [UInt8] = []
            var path: [Int] = []
            func visit(_ cell: Int, _ state: Int, _ used: UInt64) {
                var s = state
                let tile = grid.cells[cell]
                for l in tile.letters {
                    s = a.child(s, l)
                    if s < 0 { return }
                }
                letters.append(contentsOf: tile.letters)
                path.append(cell)
                let t = a.tier(s)
                if t != 0 && t <= maxTier.rawValue && letters.count >= minLength && !seen.contains(letters) {
                    seen.insert(letters)
                    found.append(WordHuntSolution(
                        word: String(decoding: letters.map { $0 + 97 }, as: UTF8.self), path: path,
                        score: score(length: letters.count), tier: Tier(rawValue: t) ?? .insane))
                }
                let now = used | (1 << UInt64(cell))
                for n in neighbors[cell] where now & (1 << UInt64(n)) == 0 {
                    visit(n, s, now)
                }
                letters.removeLast(tile.letters.count)
                path.removeLast()
            }
            for cell in 0..<grid.cells.count { visit(cell, a.root, 0) }
        }
        return found.sorted { $0.score != $1.score ? $0.score > $1.score : $0.word < $1.word }
    }
}
