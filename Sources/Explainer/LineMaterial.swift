// LineMaterial: a line of moves played out on the board, and the material it wins, counted on the board at its end.
import ChessCore

/// A line of moves played on the board: the positions it passes through and the material balance they show.
struct LineMaterial {
    /// The position before the line and after each legal move of it (the line stops at the first illegal move).
    let positions: [Position]
    let moves: [Move]
    /// The line as it was played before any cut (``toQuietPoint(plies:atMost:)``, ``withoutLapses(of:)``): what the
    /// engine's line goes on to do after the part a note shows (``restingEnd``).
    private let whole: (positions: [Position], moves: [Move])
    /// How many of `moves` a note shows (nil: all): fewer when the line counts a recapture the engine's line did not
    /// play (``withoutLapses(of:)``), so that what a note shows is always the engine's own moves.
    private var shownCount: Int?

    init(_ uci: [String], from start: Position) {
        var p = start
        var positions = [start]
        var moves: [Move] = []
        for u in uci {
            guard let m = try? p.move(uci: u) else { break }
            p.playUnchecked(m)
            positions.append(p)
            moves.append(m)
        }
        self.positions = positions
        self.moves = moves
        self.whole = (positions, moves)
    }

    /// The line cut to a quiet point: `plies` moves, longer while the next move is a capture (an exchange is played to
    /// its end, at most `atMost` moves), shorter when it would still end in the middle of one (``isQuiet(_:)``): cut back
    /// to the last quiet point before it, the first move always kept. A material count at its end is then not one capture
    /// short, and an exchange finished inside the line (Bxf6 gxf6) is not undone because a new one starts after it.
    func toQuietPoint(plies: Int, atMost: Int) -> LineMaterial {
        let count = moves.count
        var n = min(plies, count)
        while n < count && moves[n].capture != nil && n < atMost { n += 1 }
        while n > 1 && !isQuiet(n) { n -= 1 }
        return LineMaterial(positions: Array(positions.prefix(n + 1)), moves: Array(moves.prefix(n)), whole: whole)
    }

    /// Whether the line may end after its first `n` moves: the last of them is no capture the side to move wins back by
    /// exchange (``Self/settled(_:after:)``), and the next move of the line, if any, is no capture that wins by exchange.
    func isQuiet(_ n: Int) -> Bool {
        if n > 0, !Self.settled(positions[n], after: moves[n - 1]) { return false }
        guard n < moves.count, moves[n].capture != nil, !moves[n].isEnPassant else { return true }
        return BoardFacts.exchangeGain(positions[n].board, on: moves[n].to, by: positions[n].turn) == 0
    }

    /// Whether `last`, the move that led to `position`, leaves nothing to be taken back: no capture, or one the side to
    /// move cannot answer by an exchange that wins on its square (Bxf6 with …gxf6 to come is not settled).
    static func settled(_ position: Position, after last: Move) -> Bool {
        guard last.capture != nil else { return true }
        return BoardFacts.exchangeGain(position.board, on: last.to, by: position.turn) == 0
    }

    /// The line after `move` (played in `position`) as a note shows and counts it: `pv` from the position after the
    /// move, to a quiet point, without the lapses of the move's side (``withoutLapses(of:)``). One rule for the
    /// refutation's moves and words, the verdict's "it loses …" and the material checks of a capture's line.
    static func refutation(of move: Move, in position: Position, pv: [String]) -> LineMaterial {
        LineMaterial(pv, from: position.playingUnchecked(move))
            .toQuietPoint(plies: Explainer.refutationPlies, atMost: Explainer.refutationMaxPlies)
            .withoutLapses(of: position.turn)
    }

    /// The line cut before the first move of `side` inside it (not its first move) that gives away material the line
    /// does not stand on, when the line's end shows `side` down the exchange or more from before that move (``lapse``): a
    /// capture that loses that much by static exchange (…Rxd3+ Bxd3, the rook for a knight), or a move not made in check
    /// after which the other side's next move wins that much by exchange, which another legal move taking nothing would
    /// have kept (13.O-O?? Nxg3, where Qf3 saved the queen). A shallow line's later error is not what the move it refutes
    /// loses; the line then ends on the other side's move before it, and the material is counted there.
    /// A move that does not take back what the board shows it could (``declinedRecapture(_:)``: …Bxe3 Nc3, where fxe3
    /// regains the bishop) is counted as that recapture, and the line ends there; it shows the engine's moves before the
    /// capture (``shown``).
    func withoutLapses(of side: PieceColor) -> LineMaterial {
        for i in moves.indices where i > 0 && positions[i].turn == side {
            let back = declinedRecapture(i)
            guard back != nil || isLapse(i) else { continue }
            // Cut before move `i`, where an exchange is still pending before it (the first move always kept).
            let upTo = LineMaterial(positions: Array(positions.prefix(i + 1)), moves: Array(moves.prefix(i)), whole: whole)
            let cut = upTo.toQuietPoint(plies: i, atMost: i)
            guard let back else { return cut }
            // Counted as taking back where the engine's shallow line did not: the capture, then the recapture the board
            // offers (…Bxd1 Rxd1: "it loses a queen for a bishop", not "a queen" nor nothing at all). Shown: the cut.
            var counted = LineMaterial(positions: upTo.positions + [positions[i].playingUnchecked(back)], moves: upTo.moves + [back],
                                       whole: whole).toQuietPoint(plies: i + 1, atMost: i + 1)
            counted.shownCount = min(cut.moves.count, counted.moves.count)
            return counted
        }
        return self
    }

    /// Whether move `i` (of the side to move at `positions[i]`) is a lapse: see ``withoutLapses(of:)``.
    private func isLapse(_ i: Int) -> Bool {
        let before = positions[i], move = moves[i], after = positions[i + 1]
        let side = before.turn, other = side.opposite
        // Only what the line's end shows lost counts: material given and won back inside the line (…exd5 Bxf5 dxc6) is
        // an exchange, not a lapse.
        guard let end = positions.last, Self.balance(end.board, side) - Self.balance(before.board, side) <= -Self.lapse else { return false }
        let taken = move.capture.map(BoardFacts.value) ?? 0
        if move.capture != nil, !move.isEnPassant, BoardFacts.exchangeGain(after.board, on: move.to, by: other) - taken >= Self.lapse { return true }
        // A move made in check has few choices and the static count cannot weigh them (Qd2 blocking …Qxc3+): it stands.
        guard !before.isCheck, i + 1 < moves.count, moves[i + 1].capture != nil else { return false }
        let lost = BoardFacts.exchangeGain(after.board, on: moves[i + 1].to, by: other) - taken
        guard lost >= Self.lapse else { return false }
        // The least another legal move that takes nothing leaves to be won by exchange: a move that keeps the material,
        // not a counter-grab (…dxc3 while the pinned queen falls is no saving move; the engine's line knows better).
        // A check is no such move either: it only puts the capture off (…Bb4+ before gxh8).
        let kept = before.legalMoves.lazy.filter { $0 != move && $0.capture == nil }.compactMap { alt -> Int? in
            let then = before.playingUnchecked(alt)
            return then.isCheck ? nil : BoardFacts.winningCaptures(then, by: other).map(\.gain).max() ?? 0
        }.min() ?? lost
        return kept <= lost - Self.lapse
    }

    /// The recapture move `i` declines: the other side has just taken with a unit worth the exchange or more, which this
    /// move could take straight back (``BoardFacts/takenBack(_:on:)``, the exchange after it counted); it takes nothing as
    /// big instead, the line never takes that unit later, the line's end shows `side` down the exchange or more from
    /// before that capture, and taking back is quiet: it gives the other side no check (but one that only gives the
    /// checking piece away) and nothing worth the exchange to win by exchange (a recapture into a mating attack is rightly
    /// declined: h3?? Bxd1 Nc3, where Rxd1 Qxf2+ is worse). The shallow line's choice, not what the move it refutes loses
    /// (…Bxe3 Nc3 where fxe3 regains the bishop, "Black has won two bishops"; #135: …Nxe5 Nc3 with dxe5
    /// to come). A pawn that took (…dxc3 winning a knight) is no such unit. Nil when move `i` declines nothing so.
    private func declinedRecapture(_ i: Int) -> Move? {
        let before = positions[i], move = moves[i], previous = moves[i - 1]
        guard let end = positions.last, previous.capture != nil, !previous.isEnPassant, move.to != previous.to,
              let unit = before.board.role(at: previous.to) else { return nil }
        // Taking something as big instead (…Bxf3 Bxb4, the queen for the queen) is no decline.
        if let taken = move.capture, BoardFacts.value(taken) >= BoardFacts.value(unit) { return nil }
        let side = before.turn
        guard Self.balance(end.board, side) - Self.balance(positions[i - 1].board, side) <= -Self.lapse else { return nil }
        // The unit is taken later in the line (an intermediate check first: …Bb5+ c6 Bxc6+ Nxc6 Rxd1): no lapse.
        var at = previous.to
        for m in moves[i...] {
            if m.to == at && m.capture != nil { return nil }
            if m.from == at { at = m.to }
        }
        guard let (back, regained) = BoardFacts.takeBack(before, on: previous.to), regained >= Self.lapse else { return nil }
        let then = before.playingUnchecked(back)
        // A check that only gives the checking piece away (…Qxg2+ Kxg2) is no reason to decline.
        let checks = then.legalMoves.contains { m in
            let after = then.playingUnchecked(m)
            return after.isCheck && BoardFacts.exchangeGain(after.board, on: m.to, by: after.turn) == 0
        }
        if checks { return nil }
        return (BoardFacts.winningCaptures(then, by: then.turn).map(\.gain).max() ?? 0) < Self.lapse ? back : nil
    }

    /// The least material a lapse gives away: the exchange (a rook for a minor piece). A pawn given inside an engine
    /// line is often its own choice (a gambit, play for the pawn); a piece or the exchange for nothing is the shallow
    /// line's error.
    static let lapse = ExplainerRules.standard.exchange

    private init(positions: [Position], moves: [Move], whole: (positions: [Position], moves: [Move])) {
        self.positions = positions
        self.moves = moves
        self.whole = whole
    }

    /// The part of the line a note shows: the engine's own moves (``withoutLapses(of:)`` may count a recapture after them).
    var shown: LineMaterial {
        guard let n = shownCount, n < moves.count else { return self }
        return LineMaterial(positions: Array(positions.prefix(n + 1)), moves: Array(moves.prefix(n)), whole: whole)
    }

    /// Where the whole line, as the engine gave it, comes to rest: its last quiet point (``isQuiet(_:)``), however much
    /// of it a note shows. A count at the end of the shown part holds only if the line keeps it to here: the knight that
    /// took on f2 and is trapped there is lost later in the line ("it loses a pawn").
    var restingEnd: Position {
        let all = LineMaterial(positions: whole.positions, moves: whole.moves, whole: whole)
        return all.toQuietPoint(plies: all.moves.count, atMost: all.moves.count).positions.last ?? whole.positions[0]
    }

    /// `side`'s material minus the other side's, in centipawns, on `board`.
    static func balance(_ board: Board, _ side: PieceColor) -> Int {
        BoardFacts.material(board, side) - BoardFacts.material(board, side.opposite)
    }

    /// How much `side`'s balance changed from the first position to the last (negative: it lost material).
    func change(for side: PieceColor, plies: Int? = nil) -> Int {
        guard let first = positions.first else { return 0 }
        let last = positions[min(plies ?? moves.count, moves.count)]
        return Self.balance(last.board, side) - Self.balance(first.board, side)
    }
}

/// What a move and the line after it capture, netted by value: "a knight for a pawn". Pieces of one value taken on
/// both sides cancel (a bishop for a knight is a trade); nothing is said when a promotion changes the count.
struct MaterialWon {
    /// Roles each side lost along the move and the line (a promoted unit taken counts as the pawn it was).
    private(set) var lost: [PieceColor: [Role]] = [.white: [], .black: []]
    /// A promoted unit still on the board at the line's end: the count is not said.
    private var promoted = false
    /// Whether the line ends on a capture the side to move takes back with profit: then nothing is won yet.
    private var unsettled = false
    private let start: Position
    private let end: Position
    /// The line counted: where its whole line comes to rest (``LineMaterial/restingEnd``) is worked out only for a gain.
    private let line: LineMaterial

    init(move: Move, in position: Position, line: LineMaterial) {
        start = position
        end = line.positions.last ?? position.playingUnchecked(move)
        self.line = line
        var movers: [(PieceColor, Move)] = [(position.turn, move)]
        for (p, m) in zip(line.positions, line.moves) { movers.append((p.turn, m)) }
        var promotedOn: [Square: PieceColor] = [:]
        // The last capture: its square and the value of the unit it took.
        var last: (square: Square, value: Int)?
        for (side, m) in movers {
            if let r = m.capture {
                // A unit that promoted in the line and is taken is the pawn it was (gxh8=Q Qxh8: a pawn lost).
                let was = promotedOn.removeValue(forKey: m.to) == side.opposite ? Role.pawn : r
                if let l = last, l.square == m.to, !m.isEnPassant, l.value == BoardFacts.value(was) {
                    // Taken straight back by a unit of the same value: a trade, neither unit is what the line wins
                    // (Nxd4 Qxd4 trades knights before c3 forks and wins the bishop: "a bishop", not
                    // "a knight").
                    lost[side]?.removeLast()
                    last = nil
                } else {
                    lost[side.opposite, default: []].append(was)
                    last = (m.to, BoardFacts.value(was))
                }
            } else {
                last = nil
            }
            if let moved = promotedOn.removeValue(forKey: m.from) { promotedOn[m.to] = moved }
            if m.promotion != nil { promotedOn[m.to] = side }
        }
        promoted = !promotedOn.isEmpty
        unsettled = !LineMaterial.settled(end, after: line.moves.last ?? move)
    }

    /// `side`'s gain when it won a pawn or more, counted on the board from before the move to the end of the line
    /// (equal pieces taken on both sides cancel); nil otherwise, and when the line ends on a capture the side to move
    /// takes back with profit (the count is one capture short: Bxf6 before …gxf6 has won no knight), and when the
    /// engine's whole line, where it comes to rest, leaves the side less than that gain (``LineMaterial/restingEnd``).
    func swing(for side: PieceColor) -> MaterialSwing? {
        guard !promoted, !unsettled else { return nil }
        let board = LineMaterial.balance(end.board, side) - LineMaterial.balance(start.board, side)
        var got = lost[side.opposite] ?? []
        var gave = lost[side] ?? []
        for r in gave {
            let same: (Role) -> Bool = { BoardFacts.value($0) == BoardFacts.value(r) }
            // Units of one value taken on both sides cancel, the later ones first: the unit the line wins first is its
            // point (hxg4 wins the bishop; Bxa6 bxa6 after it is a trade), not one traded off after.
            if let i = got.lastIndex(where: same), let j = gave.lastIndex(where: same) {
                got.remove(at: i)
                gave.remove(at: j)
            }
        }
        let net = got.map(BoardFacts.value).reduce(0, +) - gave.map(BoardFacts.value).reduce(0, +)
        // The gain must also stand where the engine's whole line comes to rest: a piece that wins a pawn and is trapped
        // in doing so has won nothing (…Nxf2 Rh2, the knight lost later in the line).
        guard net >= ExplainerRules.standard.pawn, net == board,
              LineMaterial.balance(line.restingEnd.board, side) - LineMaterial.balance(start.board, side) >= net else { return nil }
        return MaterialSwing(won: got, given: gave)
    }

    /// `side`'s gain in words ("a knight for a pawn", "two pawns"), as ``swing(for:)``.
    func words(for side: PieceColor) -> String? { swing(for: side)?.words }
}

/// Material the engine's better move wins that the move played lets go; `back` when it only restores what the mover
/// was down on the board ("wins back a knight").
public struct MissedMaterial: Hashable, Sendable {
    public var swing: MaterialSwing
    public var back: Bool
}

/// Material one side wins along a line, for what it gives: the pieces of equal value taken on both sides left out.
public struct MaterialSwing: Hashable, Sendable {
    public var won: [Role]
    public var given: [Role]

    /// What it comes to, in centipawns: the units won less the units given.
    public var value: Int { won.map(BoardFacts.value).reduce(0, +) - given.map(BoardFacts.value).reduce(0, +) }

    /// Whether naming this swing as what a move costs agrees with the engine's loss (centipawns, against the best move):
    /// its value within half the loss (at least a pawn and a half) of it. A line that stops before its point names too
    /// little ("a pawn" where the fork takes the rook next, 4.2 pawns), or one the engine does not believe in ("a bishop"
    /// that an intermediate check wins back, 1.7 pawns): neither is said (docs/coach-notes.md).
    public func agrees(withLoss loss: Int) -> Bool { Self.agrees(value, withLoss: loss) }

    /// Whether material worth `value` centipawns accounts for a loss of `loss` centipawns (``agrees(withLoss:)``).
    public static func agrees(_ value: Int, withLoss loss: Int) -> Bool { ExplainerRules.standard.agrees(value, withLoss: loss) }

    /// Whether this swing only wins back what its side was down on the board before it (`balance`: centipawns, that
    /// side's view): it leaves the side at most a pawn ahead where it was behind ("wins back two pawns", the pawns of a
    /// gambit; read "has won two pawns" as a loss for the gambiteer).
    public func onlyRestores(balance: Int) -> Bool { balance < 0 && balance + value <= ExplainerRules.standard.pawn }

    /// "a knight for a pawn", "two pawns".
    public var words: String { given.isEmpty ? Self.list(won) : "\(Self.list(won)) for \(Self.list(given))" }

    /// "a rook and two pawns": the most valuable first.
    static func list(_ roles: [Role]) -> String {
        let order: [Role] = [.queen, .rook, .bishop, .knight, .pawn]
        let parts = order.compactMap { r -> String? in
            let n = roles.filter { $0 == r }.count
            switch n {
            case 0: return nil
            case 1: return "a \(r.name)"
            default: return "\(n == 2 ? "two" : n == 3 ? "three" : "\(n)") \(r.name)s"
            }
        }
        return SentenceWriter.list(parts)
    }
}
