// CommentClaims: the geometric and counting claims an authored comment makes, read from its words and checked on the board.
import ChessCore
import Explainer

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
    /// `side` attacks (or defends) `target` with `count` pieces (`no black piece defends e5` is a count of 0).
    case count(side: PieceColor, target: Square, count: Int, defending: Bool)
    /// Some piece of `side` reaches `target`: `White attacks d5`.
    case side(PieceColor, target: Square, defending: Bool)
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
        "that",  // `defends now that the f8-bishop has left`: a new clause
    ]
    static let adverbs: Set<String> = ["also", "still", "now", "already", "both", "even", "firmly", "calmly"]
    static let ordinals: [String: Int] = ["second": 2, "third": 3, "fourth": 4, "fifth": 5]
    static let cardinals: [String: Int] = ["two": 2, "three": 3, "four": 4, "five": 5]
    static let roles: [String: Role] = [
        "pawn": .pawn, "knight": .knight, "bishop": .bishop, "rook": .rook, "queen": .queen, "king": .king,
    ]

    /// What a comment says about the board: the claims that can be checked, and the words of claims whose
    /// pieces cannot be told (`the queen and it hit d5` after castling): those are reported as unchecked.
    public struct Reading {
        public var claims: [(BoardClaim, String)] = []
        public var unresolved: [String] = []
    }

    /// The claims of `comment`, written after `move` was played from `before` (none when the move is not legal there).
    public static func claims(in comment: String, after move: Move, from before: Position) -> [(BoardClaim, String)] {
        reading(of: comment, after: move, from: before).claims
    }

    /// The claims of `comment`, and the words of those it states in the present tense about a square without
    /// naming pieces the board can tell.
    public static func reading(of comment: String, after move: Move, from before: Position) -> Reading {
        guard let position = try? before.playing(move) else { return Reading() }
        let mover = before.turn
        var out = Reading()
        for clause in AuthoredComment(comment).sentences.map(\.words) {
            read(clause: clause, position: position, mover: mover, moved: move, into: &out)
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
        case .side(let side, let target, let defending):
            if attackersThroughBatteries(board, target, side) > 0 { return nil }
            return "no \(side.name.lowercased()) piece \(defending ? "defends" : "reaches") \(target.name)"
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
        /// `the c-pawn`: the file the piece stands on, when the words give only that.
        var file: Int? = nil
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
        var w = words[i].lowercased()
        // `the f8-knight's path`: the possessive names the same piece.
        if w.hasSuffix("'s") { w.removeLast(2) }
        if let (role, sq) = sanPiece(words[i]) { return PieceWord(role: role, square: sq, end: i) }
        // `f3-knight`, `e4-pawn`
        let parts = w.split(separator: "-")
        if parts.count == 2, let sq = square(String(parts[0])), let role = roles[singular(String(parts[1]))] {
            return PieceWord(role: role, square: sq, end: i)
        }
        // `c-pawn`, `a-pawn`
        if parts.count == 2, let f = parts[0].utf8.first, parts[0].utf8.count == 1, (97...104).contains(f),
           let role = roles[singular(String(parts[1]))] {
            return PieceWord(role: role, square: nil, end: i, file: Int(f) - 97)
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

    /// Plural verb forms, read as verbs only after a plural subject (`both knights attack d4`); alone they
    /// are nouns as often as verbs (`the attack on f7`).
    static let pluralVerbs: [String: String] = [
        "control": "controls", "attack": "attacks", "watch": "watches", "defend": "defends", "guard": "guards",
        "protect": "protects", "cover": "covers", "hit": "hits",
    ]

    /// A subject that counts pieces: `no black piece`, `three pieces`, `two white pieces` (its first word's index).
    struct CountedSubject {
        var count: Int
        var side: PieceColor?
        var start: Int
    }

    static func countedSubject(before v: Int, _ lower: [String], after lastVerb: Int) -> CountedSubject? {
        var k = v - 1
        while k > lastVerb, adverbs.contains(lower[k]) { k -= 1 }
        if k > lastVerb, lower[k] == "nothing" { return CountedSubject(count: 0, side: nil, start: k) }
        guard k > lastVerb, lower[k] == "piece" || lower[k] == "pieces" else { return nil }
        k -= 1
        var side: PieceColor?
        if k > lastVerb, let named = sideNamed(in: lower[k...k]) {
            side = named
            k -= 1
        }
        guard k > lastVerb else { return nil }
        let count = lower[k] == "no" ? 0 : cardinals[lower[k]] ?? (lower[k] == "one" ? 1 : nil)
        return count.map { CountedSubject(count: $0, side: side, start: k) }
    }

    /// The subjects of the verb at `v`, nearest first: one piece, or several (`the knight and the bishop`,
    /// `Black's pawns on g5 and e5`), and whether the words make it plural.
    static func subjects(before v: Int, from first: Int, _ words: [String], _ lower: [String], position: Position,
                         moved: Move) -> (pieces: [PieceWord], plural: Bool) {
        var i = v - 1
        while i >= first, adverbs.contains(lower[i]) { i -= 1 }
        // `d3 guards the e4-pawn`: a square right before the verb names the piece on it (not the last square
        // of a list: `pawns on g5 and e5 control f4`).
        if i >= first, let sq = square(lower[i]), i == 0 || !["and", "on", "or", ","].contains(lower[i - 1]) {
            return (position.board.role(at: sq).map { [PieceWord(role: $0, square: sq, end: i)] } ?? [], false)
        }
        i = v - 1
        while i >= first {
            if lower[i] == "," {
                // `The other knight develops, controls e4`: a list of what the sentence's subject does.
                let subject = firstPiece(words, lower, before: i, moved: moved, acrossCommas: true)
                return (subject.map { [$0] } ?? [], false)
            }
            if let p = piece(at: i, in: words), p.end < v {
                var found = [p]
                // `pawns on g5 and e5`: one more square after the first.
                if p.square != nil, p.end + 2 < v, lower[p.end + 1] == "and", let sq = square(lower[p.end + 2]) {
                    found.append(PieceWord(role: p.role, square: sq, end: p.end + 2))
                }
                // `the knight and the bishop`, `knight and bishop`: pieces joined by `and` before it.
                var j = i - 1
                while j >= first + 1 {
                    var k = j
                    if lower[k] == "the" { k -= 1 }
                    guard k >= first, lower[k] == "and" else { break }
                    var m = k - 1
                    while m >= first, lower[m] != "," {
                        if let q = piece(at: m, in: words), q.end == k - 1 { found.append(q); break }
                        m -= 1
                    }
                    guard m >= first, lower[m] != "," else { break }
                    j = m - 1
                }
                let plural = found.count > 1 || (lower[i].hasSuffix("s") && roles[singular(lower[i])] != nil)
                    || (i > first && lower[i - 1] == "both")
                return (found, plural)
            }
            // `the e4 break hits d5`, `this move attacks c4`: the move's piece.
            if ["break", "push", "move", "capture", "check"].contains(lower[i]), !moved.isCastle {
                return ([PieceWord(role: moved.role, square: moved.to, end: i)], false)
            }
            // `it` is the piece just moved (`From f4 it controls e5 and b8`); after castling it names nothing.
            if lower[i] == "it" { return (moved.isCastle ? [] : [PieceWord(role: moved.role, square: moved.to, end: i)], false) }
            i -= 1
        }
        return ([], false)
    }

    static func read(clause words: [String], position: Position, mover: PieceColor, moved: Move, into out: inout Reading) {
        var lower = words.map { $0.lowercased() }
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
            out.claims.append((.count(side: side, target: target, count: n, defending: defending), words[i...(i + 3)].joined(separator: " ")))
        }
        // A plural verb after a plural or counted subject is read as its singular (`both knights attack d4`).
        for v in lower.indices {
            guard let singularVerb = pluralVerbs[lower[v]], v > 0 else { continue }
            let counted = countedSubject(before: v, lower, after: -1) != nil
            if counted || subjects(before: v, from: 0, words, lower, position: position, moved: moved).plural { lower[v] = singularVerb }
        }
        // Each verb of the clause, with its own subject or the one before it (`attacks e5 and controls d5`).
        var previous: (pieces: [PieceWord], plural: Bool) = ([], false)
        var lastVerb = -1
        for v in lower.indices where verbs.contains(lower[v]) {
            defer { lastVerb = v }
            // `no black piece defends e5`, `three pieces attack f7`, `the e5-pawn, which three black pieces defend`.
            if let c = countedSubject(before: v, lower, after: lastVerb) {
                if lower[..<c.start].contains(where: { hedges.contains($0) }) { return }
                readCount(c, verb: v, words: words, lower: lower, position: position, mover: mover, into: &out)
                continue
            }
            if lower[..<v].indices.contains(where: { hedges.contains(lower[$0]) && !($0 > 0 && lower[$0 - 1] == "at") }) {
                return  // `at once` is no hedge
            }
            var subject: [PieceWord] = []
            var plural = false
            var side: PieceColor?
            // `the knight on c6, which defends e5`, `the pawn that defends c4`: the piece the clause refers back to.
            var r = v - 1
            while r > 0, adverbs.contains(lower[r]) { r -= 1 }
            if r >= 0, ["that", "which", "who"].contains(lower[r]) {
                var a = r - 1
                while a >= 0, lower[a] == "," { a -= 1 }
                // `a check that also attacks c4`: the move's piece.
                let byMove = a >= 0 && ["check", "move", "capture"].contains(lower[a]) && !moved.isCastle
                let antecedent = byMove ? PieceWord(role: moved.role, square: moved.to, end: a) : a >= 0 ? pieceEnding(at: a, words) : nil
                readVerb(v, subjects: antecedent.map { [$0] } ?? [], plural: false, side: nil, words: words, lower: lower,
                         position: position, mover: mover, moved: moved, anySide: true, into: &out)
                continue
            }
            // `attacks e5 and also controls d5`: the same subject.
            var k = v - 1
            while k > lastVerb, adverbs.contains(lower[k]) { k -= 1 }
            let coordinated = k > lastVerb && k >= 0 && lower[k] == "and"
            if !coordinated, k > lastVerb, ["white", "black"].contains(lower[k]) {
                // `White attacks d5`: some piece of that side does.
                side = lower[k] == "white" ? .white : .black
            } else if coordinated {
                // `The pawn frees the bishop and controls d5`: the sentence's first piece is the subject.
                (subject, plural) = lastVerb < 0 ? (firstPiece(words, lower, before: v, moved: moved).map { [$0] } ?? [], false) : previous
                // `Black takes the centre and attacks e4`: the side the sentence starts with.
                if subject.isEmpty, lastVerb < 0, let w = lower.first, w == "white" || w == "black" { side = w == "white" ? .white : .black }
            } else {
                (subject, plural) = subjects(before: v, from: lastVerb + 1, words, lower, position: position, moved: moved)
            }
            previous = (subject, plural)
            readVerb(v, subjects: subject, plural: plural, side: side, words: words, lower: lower, position: position,
                     mover: mover, moved: moved, into: &out)
        }
    }

    /// The first piece the clause names before `end` (or `it`, the piece just moved).
    static func firstPiece(_ words: [String], _ lower: [String], before end: Int, moved: Move, acrossCommas: Bool = false) -> PieceWord? {
        for i in 0..<end {
            if lower[i] == "," {
                if acrossCommas { continue }
                return nil
            }
            if let p = piece(at: i, in: words), p.end < end { return p }
            if lower[i] == "it", !moved.isCastle { return PieceWord(role: moved.role, square: moved.to, end: i) }
        }
        return nil
    }

    /// The squares a verb speaks of: squares (and pieces on squares) after it, up to a word that ends them.
    static func objects(of v: Int, _ words: [String], _ lower: [String]) -> (targets: [(Square, Int)], end: Int) {
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
        return (targets, j)
    }

    /// A counted subject's claim: its objects, or the piece a `which`/`that` refers back to.
    static func readCount(_ c: CountedSubject, verb v: Int, words: [String], lower: [String], position: Position, mover: PieceColor,
                          into out: inout Reading) {
        let defending = defendingVerbs.contains(lower[v])
        var targets = objects(of: v, words, lower).targets.map(\.0)
        if targets.isEmpty, c.start > 0, ["which", "that"].contains(lower[c.start - 1]) {
            var a = c.start - 2
            while a >= 0, lower[a] == "," { a -= 1 }
            if a >= 0, let sq = square(lower[a]) ?? pieceEnding(at: a, words)?.square { targets = [sq] }
        }
        let quoted = words[c.start...min(words.count - 1, v + 1)].joined(separator: " ")
        guard !targets.isEmpty else { return out.unresolved.append(quoted) }
        for target in targets {
            let occupant = position.board.color(at: target)
            let side = c.side ?? (defending ? occupant ?? mover : occupant?.opposite ?? mover)
            out.claims.append((.count(side: side, target: target, count: c.count, defending: defending), quoted))
        }
    }

    /// A piece whose words end at `end` (`the e5-pawn`, `the pawn on e5`).
    static func pieceEnding(at end: Int, _ words: [String]) -> PieceWord? {
        for i in stride(from: end, through: max(0, end - 2), by: -1) {
            if let p = piece(at: i, in: words), p.end == end { return p }
        }
        return nil
    }

    /// The claims of one verb: its objects, and a count when the words give one.
    static func readVerb(_ v: Int, subjects: [PieceWord], plural: Bool, side named: PieceColor?, words: [String], lower: [String],
                         position: Position, mover: PieceColor, moved: Move, anySide: Bool = false, into out: inout Reading) {
        let verb = lower[v]
        let defending = defendingVerbs.contains(verb)
        let (targets, j) = objects(of: v, words, lower)
        // A count after the objects: `attacks d4 a third time`, `defends e5 twice`, `three times`.
        var count: Int?
        let tail = Array(lower[(v + 1)..<min(lower.count, j + 3)])
        for (k, w) in tail.enumerated() {
            if w == "twice" { count = 2 }
            if let n = ordinals[w], k + 1 < tail.count, tail[k + 1] == "time" { count = n }
            if let n = cardinals[w], k + 1 < tail.count, tail[k + 1] == "times" { count = n }
        }
        let start = subjects.map { $0.end < v ? max(0, $0.end - ($0.square == nil ? 1 : 0)) : v }.min() ?? (named != nil ? v - 1 : v)
        let quoted = words[max(0, min(start, v))..<min(words.count, max(v + 1, (targets.last?.1 ?? v) + 1))].joined(separator: " ")
        guard let (firstTarget, _) = targets.first else { return }
        if let n = count {
            let side = subjects.first.flatMap { p in p.square.flatMap { position.board.color(at: $0) } }
                ?? named ?? sideNamed(in: lower[..<v]) ?? mover
            out.claims.append((.count(side: side, target: firstTarget, count: n, defending: defending), quoted))
            return
        }
        if let named {
            for (target, _) in targets { out.claims.append((.side(named, target: target, defending: defending), quoted)) }
            return
        }
        guard !subjects.isEmpty else { return out.unresolved.append(quoted) }
        let side = anySide ? nil : sideNamed(in: lower[..<v])
        for subject in subjects {
            // `both knights`, `White's bishops`: every piece of that role of the side named (or the mover's).
            let pluralRole = plural && subjects.count == 1 && subject.square == nil && subject.file == nil
            let candidates: [Square]
            if let sq = subject.square {
                candidates = [sq]
            } else if pluralRole {
                candidates = Array(position.board.pieces(side ?? mover, subject.role))
            } else {
                candidates = resolve(subject, side: side, position: position, moved: moved, preferMoved: !anySide)
            }
            if candidates.isEmpty || (pluralRole && candidates.count < 2) {
                out.unresolved.append(quoted)
                continue
            }
            for (target, _) in targets {
                // No piece reaches its own square: `the pawn that defends c4` is not the c4-pawn.
                let others = candidates.filter { $0 != target }
                if pluralRole {
                    for c in others { out.claims.append((.reaches(pieces: [c], role: subject.role, verb: verb, target: target), quoted)) }
                } else if !others.isEmpty {
                    out.claims.append((.reaches(pieces: others, role: subject.role, verb: verb, target: target), quoted))
                }
            }
        }
    }

    /// `the knight` with no square: the piece just moved, if it has that role (and belongs to the side named,
    /// if any), else every piece of that role of the side named, or of both sides.
    static func resolve(_ p: PieceWord, side: PieceColor?, position: Position, moved: Move, preferMoved: Bool = true) -> [Square] {
        let mover = position.turn.opposite
        let onFile = { (sq: Square) in p.file.map { sq.file == $0 } ?? true }
        if preferMoved, moved.role == p.role, !moved.isCastle, side == nil || side == mover, onFile(moved.to) { return [moved.to] }
        let board = position.board
        return Array(side.map { board.pieces($0, p.role) } ?? board.pieces(p.role)).filter(onFile)
    }

    static func sideNamed(in words: ArraySlice<String>) -> PieceColor? {
        for w in words.reversed() {
            if w == "white" || w == "white's" { return .white }
            if w == "black" || w == "black's" { return .black }
        }
        return nil
    }
}
