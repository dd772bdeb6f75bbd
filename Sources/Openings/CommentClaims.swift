// CommentClaims: the geometric and counting claims an authored comment makes, read from its words and checked on the board.
import ChessCore

/// A claim about the board that an authored comment states in the present tense.
///
/// Read from plain English: `Bf4 controls b8`, `the e4-pawn attacks d5`, `the knight on f3 defends e5`,
/// `attacks d4 a third time`, `a third attacker on d5`. Future, conditional or negated sentences
/// (`will attack`, `after Nf3 the knight attacks e5`, `no longer defends`) make no claim about this position.
public enum BoardClaim: Hashable, Sendable {
    /// The piece on `piece` reaches `target` (controls, attacks, watches, defends, guards, protects, covers, hits).
    /// `the queen` with no square and not the piece just moved may mean either side's: every candidate is
    /// listed, and the claim holds when one of them reaches the target.
    case reaches(pieces: [Square], role: Role, verb: String, target: Square)
    /// `side` attacks (or defends) `target` with `count` pieces.
    case count(side: PieceColor, target: Square, count: Int, defending: Bool)
}

/// A claim the position contradicts, with the words it was read from.
public struct ClaimProblem: Hashable, Sendable {
    public var claim: BoardClaim
    public var words: String
    public var reason: String
}

public enum CommentClaims {
    static let verbs: Set<String> = ["controls", "attacks", "watches", "defends", "guards", "protects", "covers", "hits"]
    static let defendingVerbs: Set<String> = ["defends", "guards", "protects"]
    /// Words that make a clause hypothetical, future or negated: no claim about this position.
    static let hedges: Set<String> = [
        "if", "after", "once", "when", "whenever", "next", "later", "then", "soon", "would", "could", "can", "might",
        "may", "will", "wants", "plans", "threatens", "until", "before", "not", "no", "never", "longer", "cannot",
        "can't", "won't", "doesn't", "must", "should", "ready", "unless", "without", "instead",
    ]
    /// Words after which squares are directions, not targets.
    static let objectStops: Set<String> = [
        "toward", "towards", "through", "via", "along", "behind", "past", "beyond", "so", "because", "which", "while",
        "but", "with", "from", "to", "into", "against", "where", "before", "after", "until", "when", "if", "then", "for", ",",
    ]
    static let adverbs: Set<String> = ["also", "still", "now", "already", "both", "even", "firmly", "calmly"]
    static let ordinals: [String: Int] = ["second": 2, "third": 3, "fourth": 4, "fifth": 5]
    static let cardinals: [String: Int] = ["two": 2, "three": 3, "four": 4, "five": 5]
    static let roles: [String: Role] = [
        "pawn": .pawn, "knight": .knight, "bishop": .bishop, "rook": .rook, "queen": .queen, "king": .king,
    ]

    /// The claims of `comment`, written after `move` was played from `before` (none when the move is not legal there).
    public static func claims(in comment: String, after move: Move, from before: Position) -> [(BoardClaim, String)] {
        guard let position = try? before.playing(move) else { return [] }
        let mover = before.turn
        var out: [(BoardClaim, String)] = []
        for clause in AuthoredComment(comment).sentences.map(\.words) {
            out += claims(inClause: clause, position: position, mover: mover, moved: move)
        }
        return out
    }

    /// The claims of `comment` that the position after `move` contradicts.
    public static func problems(in comment: String, after move: Move, from before: Position) -> [ClaimProblem] {
        guard let position = try? before.playing(move) else { return [] }
        return claims(in: comment, after: move, from: before).compactMap { claim, words in
            reason(claim, in: position).map { ClaimProblem(claim: claim, words: words, reason: $0) }
        }
    }

    /// Why the position contradicts the claim, or `nil` when it holds.
    public static func reason(_ claim: BoardClaim, in position: Position) -> String? {
        let board = position.board
        switch claim {
        case .reaches(let candidates, let role, _, let target):
            let present = candidates.filter { board.role(at: $0) == role }
            guard let from = present.first, let color = board.color(at: from) else { return nil }
            if present.contains(where: { sq in board.color(at: sq).map { reaches(board, Piece($0, role), sq, target) } ?? false }) {
                return nil
            }
            if present.count > 1 { return "no \(role.name) reaches \(target.name)" }
            let name = "the \(role.name) on \(from.name)"
            let between = Attacks.between(from, target) & board.occupied
            if let blocker = nearest(between, to: from), let r = board.role(at: blocker), let c = board.color(at: blocker),
               Attacks.of(Piece(color, role), from, occupied: .empty).contains(target) {
                return "\(name) does not reach \(target.name): the \(c.name.lowercased()) \(r.name) on \(blocker.name) is in the way"
            }
            return "\(name) does not reach \(target.name)"
        case .count(let side, let target, let count, let defending):
            let direct = board.attackers(of: target, by: side, occupied: board.occupied).count
            let batteries = attackersThroughBatteries(board, target, side)
            if count == direct || count == batteries { return nil }
            let what = defending ? "defenders" : "attackers"
            let found = batteries == direct ? "\(direct)" : "\(direct) (\(batteries) counting pieces lined up behind them)"
            return "\(side.name) has \(found) \(what) of \(target.name), not \(count)"
        }
    }

    /// Whether the piece reaches `target`, looking through its own sliders on the same line (a battery:
    /// the queen behind the bishop watches what the bishop watches), never through a pawn or an enemy piece.
    static func reaches(_ board: Board, _ piece: Piece, _ from: Square, _ target: Square) -> Bool {
        if Attacks.of(piece, from, occupied: board.occupied).contains(target) { return true }
        guard [.bishop, .rook, .queen].contains(piece.role) else { return false }
        let diagonal = Attacks.bishop(from, occupied: .empty).contains(target)
        let partners = board.pieces(piece.color, .queen) | board.pieces(piece.color, diagonal ? .bishop : .rook)
        return Attacks.of(piece, from, occupied: board.occupied & ~partners).contains(target)
    }

    /// Attackers of `target` by `side`, counting sliders lined up behind other attackers (a battery).
    static func attackersThroughBatteries(_ board: Board, _ target: Square, _ side: PieceColor) -> Int {
        var occupied = board.occupied
        var counted = Bitboard.empty
        while true {
            let found = board.attackers(of: target, by: side, occupied: occupied) & ~counted
            if found.isEmpty { return counted.count }
            counted = counted | found
            occupied = occupied & ~found
        }
    }

    static func nearest(_ squares: Bitboard, to from: Square) -> Square? {
        squares.min(by: { distance($0, from) < distance($1, from) })
    }

    static func distance(_ a: Square, _ b: Square) -> Int { max(abs(a.file - b.file), abs(a.rank - b.rank)) }

    // MARK: Reading the words

    /// A piece named in the words: `Qf3`, `Nxd5`, `f3-knight`, `knight on f3` (index of the last word used).
    struct PieceWord {
        var role: Role
        var square: Square?
        var end: Int
    }

    static func square(_ w: String) -> Square? {
        let u = Array(w.utf8)
        guard u.count == 2, (97...104).contains(u[0]), (49...56).contains(u[1]) else { return nil }
        return Square(w)
    }

    /// `Qf3`, `Nxd5`, `Bb5+` as a piece on its square.
    static func sanPiece(_ w: String) -> (Role, Square)? {
        var s = Substring(w)
        while let last = s.last, "+#".contains(last) { s = s.dropLast() }
        guard let first = s.first, let role = Role(char: first), role != .pawn, first.isUppercase else { return nil }
        guard let to = square(String(s.suffix(2))) else { return nil }
        let middle = s.dropFirst().dropLast(2)
        guard middle.allSatisfy({ "abcdefgh12345678x".contains($0) }), middle.count <= 3 else { return nil }
        return (role, to)
    }

    static func piece(at i: Int, in words: [String]) -> PieceWord? {
        let w = words[i].lowercased()
        if let (role, sq) = sanPiece(words[i]) { return PieceWord(role: role, square: sq, end: i) }
        // `f3-knight`, `e4-pawn`
        let parts = w.split(separator: "-")
        if parts.count == 2, let sq = square(String(parts[0])), let role = roles[singular(String(parts[1]))] {
            return PieceWord(role: role, square: sq, end: i)
        }
        if let role = roles[singular(w)] {
            // `knight on f3`
            if i + 2 < words.count, words[i + 1].lowercased() == "on", let sq = square(words[i + 2].lowercased()) {
                return PieceWord(role: role, square: sq, end: i + 2)
            }
            return PieceWord(role: role, square: nil, end: i)
        }
        return nil
    }

    static func singular(_ w: String) -> String { w.hasSuffix("s") ? String(w.dropLast()) : w }

    static func claims(inClause words: [String], position: Position, mover: PieceColor, moved: Move) -> [(BoardClaim, String)] {
        var out: [(BoardClaim, String)] = []
        let lower = words.map { $0.lowercased() }
        // Counting claims that need no verb: `a third attacker on d5`, `two defenders of e4`.
        for (i, w) in lower.enumerated() where i + 2 < lower.count {
            let n = ordinals[w] ?? cardinals[w]
            let noun = lower[i + 1]
            guard let n, ["attacker", "attackers", "defender", "defenders"].contains(noun),
                  ["on", "of", "against"].contains(lower[i + 2]), i + 3 < lower.count,
                  let target = square(lower[i + 3]) else { continue }
            if lower[..<i].contains(where: { hedges.contains($0) }) { continue }
            let defending = noun.hasPrefix("defender")
            let side = sideNamed(in: lower[..<i]) ?? (defending ? (position.board.color(at: target) ?? mover) : mover)
            out.append((.count(side: side, target: target, count: n, defending: defending), words[i...(i + 3)].joined(separator: " ")))
        }
        // Each verb of the clause, with its own subject or the one before it (`attacks e5 and controls d5`).
        var previous: PieceWord?
        var lastVerb = -1
        for v in lower.indices where verbs.contains(lower[v]) {
            defer { lastVerb = v }
            if lower[..<v].indices.contains(where: { hedges.contains(lower[$0]) && !($0 > 0 && lower[$0 - 1] == "at") }) {
                return out  // `at once` is no hedge
            }
            // `the pawn that defends c4`: a relative clause about some other piece; no claim is read from it.
            if v > 0, ["that", "which", "who"].contains(lower[v - 1]) { continue }
            var subject: PieceWord?
            // `attacks e5 and also controls d5`: the same subject.
            var k = v - 1
            while k > lastVerb, adverbs.contains(lower[k]) { k -= 1 }
            let coordinated = k > lastVerb && k >= 0 && lower[k] == "and"
            var i = coordinated ? lastVerb : v - 1
            // `White attacks d5`: the side as a whole, no piece to check.
            if !coordinated, k > lastVerb, ["white", "black"].contains(lower[k]) { i = lastVerb }
            if coordinated, lastVerb < 0 {
                // `The pawn frees the bishop and controls d5`: the sentence's first piece is the subject.
                subject = firstPiece(words, lower, before: v, moved: moved)
                i = lastVerb
            }
            while i > lastVerb, lower[i] != "," {
                if let p = piece(at: i, in: words), p.end < v { subject = p; break }
                // `it` is the piece just moved (`From f4 it controls e5 and b8`).
                if lower[i] == "it", !moved.isCastle { subject = PieceWord(role: moved.role, square: moved.to, end: i); break }
                i -= 1
            }
            if subject == nil, coordinated { subject = previous }
            previous = subject
            out += claims(verb: v, subject: subject, words: words, lower: lower, position: position, mover: mover, moved: moved)
        }
        return out
    }

    /// The first piece the clause names before `end` (or `it`, the piece just moved).
    static func firstPiece(_ words: [String], _ lower: [String], before end: Int, moved: Move) -> PieceWord? {
        for i in 0..<end {
            if lower[i] == "," { return nil }
            if let p = piece(at: i, in: words), p.end < end { return p }
            if lower[i] == "it", !moved.isCastle { return PieceWord(role: moved.role, square: moved.to, end: i) }
        }
        return nil
    }

    /// The claims of one verb: its objects, and a count when the words give one.
    static func claims(verb v: Int, subject: PieceWord?, words: [String], lower: [String], position: Position,
                       mover: PieceColor, moved: Move) -> [(BoardClaim, String)] {
        var out: [(BoardClaim, String)] = []
        let verb = lower[v]
        let defending = defendingVerbs.contains(verb)
        // The objects: squares after the verb, up to a word that ends them.
        var targets: [(Square, Int)] = []
        var j = v + 1
        while j < lower.count, !objectStops.contains(lower[j]), !verbs.contains(lower[j]) {
            // `controls d5 and f5` goes on; `guards d1 and keeps the rook` ends at `and`.
            if lower[j] == "and" {
                var n = j + 1
                while n < lower.count, lower[n] == "the" || lower[n] == "also" { n += 1 }
                guard n < lower.count, square(lower[n]) != nil || piece(at: n, in: words)?.square != nil else { break }
            }
            if let sq = square(lower[j]) {
                targets.append((sq, j))
            } else if let p = piece(at: j, in: words), let sq = p.square {
                targets.append((sq, p.end))
                j = p.end
            }
            j += 1
        }
        // A count after the objects: `attacks d4 a third time`, `defends e5 twice`, `three times`.
        var count: Int?
        let tail = Array(lower[(v + 1)..<min(lower.count, j + 3)])
        for (k, w) in tail.enumerated() {
            if w == "twice" { count = 2 }
            if let n = ordinals[w], k + 1 < tail.count, tail[k + 1] == "time" { count = n }
            if let n = cardinals[w], k + 1 < tail.count, tail[k + 1] == "times" { count = n }
        }
        let first = subject.map { $0.end < v ? max(0, $0.end - ($0.square == nil ? 1 : 0)) : v } ?? v
        let quoted = words[min(first, v)..<min(words.count, max(v + 1, (targets.last?.1 ?? v) + 1))].joined(separator: " ")
        if let n = count, let (target, _) = targets.first {
            let side = subject.flatMap { p in p.square.flatMap { position.board.color(at: $0) } }
                ?? sideNamed(in: lower[..<v]) ?? mover
            out.append((.count(side: side, target: target, count: n, defending: defending), quoted))
            return out
        }
        guard let subject, !targets.isEmpty else { return out }
        let candidates = subject.square.map { [$0] }
            ?? resolve(subject.role, side: sideNamed(in: lower[..<v]), position: position, moved: moved)
        guard !candidates.isEmpty else { return out }
        for (target, _) in targets where !candidates.contains(target) {
            out.append((.reaches(pieces: candidates, role: subject.role, verb: verb, target: target), quoted))
        }
        return out
    }

    /// `the knight` with no square: the piece just moved, if it has that role (and belongs to the side named,
    /// if any), else every piece of that role of the side named, or of both sides.
    static func resolve(_ role: Role, side: PieceColor?, position: Position, moved: Move) -> [Square] {
        let mover = position.turn.opposite
        if moved.role == role, !moved.isCastle, side == nil || side == mover { return [moved.to] }
        let board = position.board
        return Array(side.map { board.pieces($0, role) } ?? board.pieces(role))
    }

    static func sideNamed(in words: ArraySlice<String>) -> PieceColor? {
        for w in words.reversed() {
            if w == "white" || w == "white's" { return .white }
            if w == "black" || w == "black's" { return .black }
        }
        return nil
    }
}
