// WordGame: the three games the solvers play, each with its own word lengths, scoring table and default tier.

/// A word game as GamePigeon plays it (docs/words.md cites where each rule comes from).
public enum WordGame: String, Sendable, CaseIterable, Codable {
    /// A 4×4 grid; words along adjacent cells (diagonals too), each cell once.
    case wordHunt = "wordhunt"
    /// A rack of 6 or 7 letters; words from some of them, each letter once.
    case anagrams
    /// Tiles of one letter or of two (lying horizontally or standing vertically) on an
    /// 8-wide, 9-tall board; words read across or down.
    case wordBites = "wordbites"

    /// Points for a word of `length` letters (`qu` counts two), 0 when the game does not take it.
    ///
    /// - Word Hunt: 3 → 100, 4 → 400, 5 → 800, 6 → 1400, 7 → 1800, 8 → 2200, then +400 a letter.
    /// - Word Bites: the same table as Word Hunt.
    /// - Anagrams: 3 → 100, 4 → 400, 5 → 1200, 6 → 2000, 7 → 3000.
    public func score(length: Int) -> Int {
        guard lengths.contains(length) else { return 0 }
        switch self {
        case .wordHunt, .wordBites:
            switch length {
            case 3: return 100
            case 4: return 400
            case 5: return 800
            default: return 1400 + 400 * (length - 6)
            }
        case .anagrams:
            return [3: 100, 4: 400, 5: 1200, 6: 2000, 7: 3000][length] ?? 0
        }
    }

    /// The word lengths the game can score: at least 3 letters, at most its cells' letters
    /// (16 cells, each `qu` at most; a 7-letter rack; 9 rows of the Word Bites board). Whether
    /// one word fits is `refusal(of:)`: a length in this range is not enough for Word Hunt.
    public var lengths: ClosedRange<Int> {
        switch self {
        case .wordHunt: 3...(2 * maxCells)
        case .anagrams: 3...maxCells
        case .wordBites: 3...maxCells
        }
    }

    /// The most cells one word can take: the 16 of a 4×4 Word Hunt grid, the 7 letters of the
    /// longest Anagrams rack, the 9 rows of a Word Bites board (a word down; across holds 8).
    public var maxCells: Int {
        switch self {
        case .wordHunt: 16
        case .anagrams: 7
        case .wordBites: 9
        }
    }

    /// The fewest cells `word` takes in this game: one a letter, except that a Word Hunt grid may
    /// hold `qu` as one cell (`--qu`), so each `qu` of the word may take one.
    public func cells(of word: some StringProtocol) -> Int {
        let letters = word.utf8.count
        guard self == .wordHunt else { return letters }
        var qu = 0, previous: UInt8 = 0
        for byte in word.utf8 {
            if previous == UInt8(ascii: "q") && byte == UInt8(ascii: "u") {
                qu += 1
                previous = 0
            } else {
                previous = byte
            }
        }
        return letters - qu
    }

    /// Whether some board of the game can hold `word`: at least `lengths.lowerBound` letters and no more cells than
    /// `maxCells`. The one rule the game's word list, `forge words lookup` and the solvers' limits follow.
    public func canPlay(_ word: some StringProtocol) -> Bool {
        word.utf8.count >= lengths.lowerBound && cells(of: word) <= maxCells
    }

    /// Why the game cannot play `word` whatever the board (`canPlay` is false), in words a player reads; nil when some
    /// board can.
    public func refusal(of word: some StringProtocol) -> String? {
        guard !canPlay(word) else { return nil }
        if word.utf8.count < lengths.lowerBound { return "\(title) plays words of \(lengths.lowerBound) letters or more" }
        switch self {
        case .wordHunt: return "a Word Hunt grid has \(maxCells) cells and this word needs \(cells(of: word))"
        case .anagrams: return "an Anagrams rack holds \(maxCells) letters at most"
        case .wordBites: return "a Word Bites board is \(maxCells) rows tall"
        }
    }

    /// The tier a solver uses unless told otherwise: `standard`, SCOWL levels 10–50.
    ///
    /// Level 50 is what SCOWL's own README calls the size of a medium dictionary, where the
    /// words a player knows stop and the ones a player would dispute start: going to 70/80
    /// adds `haptene`, `pht`, `hao`, which the games reject and which sort to the top by
    /// length. The same default serves all three games, since they draw on one vocabulary;
    /// `--tier extended|full` widens it and the output marks every word beyond this tier.
    public var defaultTier: Tier { .standard }

    /// The game's name as a person writes it.
    public var title: String {
        switch self {
        case .wordHunt: "Word Hunt"
        case .anagrams: "Anagrams"
        case .wordBites: "Word Bites"
        }
    }
}
