// NameList: lichess's chess-openings list read into positions: one name per position, found by Polyglot key.
import ChessCore
import Diagnostics

/// An opening name as the list spells it: `Italian Game: Two Knights Defense, Fried Liver Attack`, `C57`.
public struct OpeningName: Hashable, Sendable, Codable {
    public var eco: String
    public var name: String

    public init(eco: String, name: String) {
        self.eco = eco
        self.name = name
    }

    /// The part before the first `:` (`Italian Game`); the whole name when it has none.
    public var family: String { Self.family(of: name) }

    public static func family(of name: String) -> String {
        guard let colon = name.firstIndex(of: ":") else { return name }
        return String(name[..<colon])
    }
}

/// The name a position carries: the list's own (exact) or that of the deepest named position on the way to it.
public struct PositionName: Hashable, Sendable {
    public var opening: OpeningName
    /// True when the list does not name this position itself and the name comes from an earlier one.
    public var isInherited: Bool

    public init(opening: OpeningName, isInherited: Bool) {
        self.opening = opening
        self.isInherited = isInherited
    }
}

/// One named line of the list: where it was read, its name and its moves from the start position.
public struct NameListLine: Sendable, Hashable {
    public var opening: OpeningName
    /// Canonical SAN, ply 1 first.
    public var sans: [String]
    public var moves: [Move]
    public var location: SourceLocation
}

/// lichess's chess-openings list (`a.tsv` … `e.tsv`: `eco`, `name`, `pgn`), read and replayed.
///
/// Rules kept from the list: a position carries one name (the list's linter guarantees it; a second name
/// for a position is reported, `NAM112`, and the first kept); a game is named by the deepest named
/// position it reaches; a name may be reached by several move orders.
///
/// ```swift
/// let (list, problems) = NameList.read([(file: "a.tsv", text: "eco\tname\tpgn\nC20\tKing's Pawn Game\t1. e4 e5\n")])
/// list.name(ofKey: Position.standard.playing(e4).playing(e5).zobristKey)  // C20 King's Pawn Game
/// ```
public struct NameList: Sendable {
    public private(set) var lines: [NameListLine] = []
    /// Named positions by Polyglot key.
    public private(set) var names: [UInt64: OpeningName] = [:]
    /// The occupied squares of every named position: a position whose occupancy is not among them has no name, which
    /// settles most lookups without a Zobrist key (``NameKeyTable``).
    public private(set) var occupancies: Set<UInt64> = []

    public init() {}

    /// The list's own name for the position with this Polyglot key, if it names it.
    @inline(__always) public func name(ofKey key: UInt64) -> OpeningName? { names[key] }

    /// Reads the list's files (in the order given: `a.tsv` first). Bad rows are reported and left out; the rest is read.
    ///
    /// Codes: `NAM110` a row is not `eco<TAB>name<TAB>pgn` or its ECO is not A00–E99; `NAM111` a move of the pgn column
    /// is not legal SAN (or not canonical); `NAM112` a position the list already names gets a second name; `NAM113` a name
    /// holds a control character.
    public static func read(_ files: [(file: String, text: String)]) -> (NameList, [Diagnostic]) {
        var list = NameList()
        var problems: [Diagnostic] = []
        for f in files {
            var lineNumber = 0
            // Split on bytes: splitting a String by Character runs grapheme breaking over the whole list and cost
            // more than replaying its moves (callgrind: 17% of a 2,500-game classify).
            for bytes in f.text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
                lineNumber += 1
                let raw = Substring(bytes)
                let row = raw.utf8.last == 13 ? raw.dropLast() : raw
                if row.isEmpty || (lineNumber == 1 && row.hasPrefix("eco\t")) { continue }
                let at = SourceLocation(file: f.file, line: lineNumber, column: 1)
                if let line = parse(row, at: at, problems: &problems) { list.add(line, problems: &problems) }
            }
        }
        return (list, problems)
    }

    private static func parse(_ row: Substring, at: SourceLocation, problems: inout [Diagnostic]) -> NameListLine? {
        let fields = row.utf8.split(separator: 9, omittingEmptySubsequences: false).map { Substring($0) }
        guard fields.count == 3, !fields[1].isEmpty, !fields[2].isEmpty else {
            problems.append(Diagnostic(NameCode.malformedNameRow, "expected eco<TAB>name<TAB>pgn, found \(fields.count) field(s): \"\(row)\"", at: at))
            return nil
        }
        let eco = String(fields[0])
        guard isECO(eco) else {
            problems.append(Diagnostic(NameCode.malformedNameRow, "expected an ECO code A00-E99, found \"\(eco)\"", at: at))
            return nil
        }
        // A name goes into the bundle (`position.name`) and onto screens: a control character (an ESC sequence) in
        // it would reach every app and terminal that shows it, so the row is refused, not stored.
        if Echo.hasControls(fields[1]) {
            problems.append(Diagnostic(NameCode.controlCharacterInName, "a name holds no control character, found \"\(Echo.input(fields[1]))\"",
                                       at: SourceLocation(file: at.file, line: at.line, column: fields[0].count + 2)))
            return nil
        }
        var position = Position.standard
        var sans: [String] = []
        var moves: [Move] = []
        // Columns count from 1; the pgn column starts after the two tabs.
        var column = fields[0].count + fields[1].count + 3
        for token in fields[2].utf8.split(separator: 32, omittingEmptySubsequences: false).map({ Substring($0) }) {
            defer { column += token.count + 1 }
            if token.isEmpty || token.last == "." { continue }
            let here = SourceLocation(file: at.file, line: at.line, column: column)
            do throws(SANError) {
                let parsed = try position.parseSAN(token)
                guard parsed.isCanonical else {
                    problems.append(Diagnostic(NameCode.nameRowMoveNotCanonical, "\"\(token)\" is not canonical SAN, expected \"\(parsed.canonical)\"", at: here))
                    return nil
                }
                sans.append(parsed.canonical)
                moves.append(parsed.move)
                position.playUnchecked(parsed.move)
            } catch {
                problems.append(Diagnostic(NameCode.nameRowMoveNotCanonical, "\(error.message) in \(position.fen())", at: here))
                return nil
            }
        }
        guard !moves.isEmpty else {
            problems.append(Diagnostic(NameCode.malformedNameRow, "the pgn column has no move: \"\(fields[2])\"", at: at))
            return nil
        }
        return NameListLine(opening: OpeningName(eco: eco, name: String(fields[1])), sans: sans, moves: moves, location: at)
    }

    /// An ECO code, A00–E99: the one rule for the name list's column and a source's `ECO` tag.
    static func isECO(_ s: String) -> Bool {
        let u = Array(s.utf8)
        return u.count == 3 && (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(u[0])
            && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(u[1]) && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(u[2])
    }

    private mutating func add(_ line: NameListLine, problems: inout [Diagnostic]) {
        var p = Position.standard
        for m in line.moves { p.playUnchecked(m) }
        let key = p.zobristKey
        if let first = names[key] {
            if first != line.opening {
                problems.append(Diagnostic(NameCode.positionNamedTwice, "this position is already named \"\(first.name)\" (\(first.eco)); \"\(line.opening.name)\" is left out",
                                           at: line.location))
            }
            lines.append(line)
            return
        }
        names[key] = line.opening
        occupancies.insert(p.board.occupied.rawValue)
        lines.append(line)
    }

    /// The names of positions given in first-visit order with, for each, the index of the position it was first
    /// reached from (nil for a start). The rule: a position the list names carries that name (exact); any other
    /// carries the name of its parent (inherited), so the deepest named position on the first path that reached it.
    /// A start position the list does not name carries none.
    public func names(keys: [UInt64], parents: [Int?]) -> [PositionName?] {
        var out: [PositionName?] = []
        out.reserveCapacity(keys.count)
        for (i, key) in keys.enumerated() {
            if let own = names[key] {
                out.append(PositionName(opening: own, isInherited: false))
            } else if let p = parents[i], p < i, let inherited = out[p] {
                out.append(PositionName(opening: inherited.opening, isInherited: true))
            } else {
                out.append(nil)
            }
        }
        return out
    }
}
