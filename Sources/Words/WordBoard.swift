// WordBoard: what a player has in front of them in each game — parsed from what they type — and the one way every
// game's solver is asked for its words.

/// A game's board: a Word Hunt grid, an Anagrams rack, a set of Word Bites tiles. Each knows its ``WordGame`` and finds
/// its words through that game's solver, so a caller (the CLI, an app) handles the three games as one.
///
///     let board = try WordGame.anagrams.board(parsing: ["tarsine"])
///     for find in board.words(in: dictionary, maxTier: board.game.defaultTier) { print(find.word, find.score) }
public protocol WordBoard: Sendable {
    /// The game this board is played in (its lengths, scores and default tier).
    var game: WordGame { get }
    /// Every word the board makes in `dictionary` with a tier up to `maxTier`, best first (the solver's order).
    func words(in dictionary: WordDictionary, maxTier: Tier) -> [WordFind]
}

extension WordBoard {
    /// Every word the board makes in `dictionary` at its game's default tier, best first: the one way an app solves a
    /// board of any game.
    public func words(in dictionary: WordDictionary) -> [WordFind] { words(in: dictionary, maxTier: game.defaultTier) }
}

/// One word a board makes, with how it is made: the cells of a Word Hunt path, the letters or tiles used.
public struct WordFind: Hashable, Sendable {
    public var word: String
    public var score: Int
    public var tier: Tier
    /// Word Hunt: the cells, 0–15 row by row.
    public var path: [Int]?
    /// Anagrams: the rack letters used; Word Bites: the tiles used, as typed, with the part read when it is not the
    /// whole tile (`h:er(e)`).
    public var tiles: [String]?
    /// Word Bites: the direction the word is read in.
    public var direction: BitesDirection?

    public init(word: String, score: Int, tier: Tier, path: [Int]? = nil, tiles: [String]? = nil, direction: BitesDirection? = nil) {
        self.word = word
        self.score = score
        self.tier = tier
        self.path = path
        self.tiles = tiles
        self.direction = direction
    }
}

extension WordGame {
    /// The board of this game from what a player types: Word Hunt, 16 letters in one argument or several
    /// (`oatr ihps htnr enei`, `q` is the tile `qu` with `quTile`); Anagrams, a rack of 6 or 7 letters (arguments
    /// joined); Word Bites, 1 to 20 tiles (`a`, `h:er` lying across, `v:in` standing down). Bad input throws with its
    /// WRD3xx code.
    public func board(parsing input: [String], quTile: Bool = false) throws(WordsInputError) -> any WordBoard {
        switch self {
        case .wordHunt: return try LetterGrid(parsing: input.joined(), quTile: quTile)
        case .anagrams: return try Rack(parsing: input.joined())
        case .wordBites:
            guard (1...20).contains(input.count) else {
                throw WordsInputError(code: WordsCode.badTileCount, message: "expected 1 to 20 tiles, found \(input.count)")
            }
            return BitesTiles(try input.map { (t: String) throws(WordsInputError) -> BitesTile in try BitesTile(parsing: t) })
        }
    }
}

extension LetterGrid: WordBoard {
    public var game: WordGame { .wordHunt }
    public func words(in dictionary: WordDictionary, maxTier: Tier) -> [WordFind] {
        WordHuntSolver.solve(self, in: dictionary, maxTier: maxTier).map {
            WordFind(word: $0.word, score: $0.score, tier: $0.tier, path: $0.path)
        }
    }
}

extension Rack: WordBoard {
    public var game: WordGame { .anagrams }
    public func words(in dictionary: WordDictionary, maxTier: Tier) -> [WordFind] {
        AnagramsSolver.solve(self, in: dictionary, maxTier: maxTier).map {
            WordFind(word: $0.word, score: $0.score, tier: $0.tier,
                     tiles: $0.tiles.map { String(decoding: [letters[$0] + 97], as: UTF8.self) })
        }
    }
}

/// The Word Bites tiles a player has: the board of that game.
public struct BitesTiles: WordBoard, Hashable {
    public var tiles: [BitesTile]
    public init(_ tiles: [BitesTile]) { self.tiles = tiles }
    public var game: WordGame { .wordBites }
    public func words(in dictionary: WordDictionary, maxTier: Tier) -> [WordFind] {
        WordBitesSolver.solve(tiles, in: dictionary, maxTier: maxTier).map {
            WordFind(word: $0.word, score: $0.score, tier: $0.tier, tiles: zip($0.tiles, $0.parts).map { i, part in
                let t = tiles[i]
                if case .single = t { return part }
                return t.description.dropFirst(2) == part ? t.description : "\(t.description)(\(part))"
            }, direction: $0.direction)
        }
    }
}
