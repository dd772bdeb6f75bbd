// The claim-mutation measure: falsify the shipped comments' squares, pieces and counts (shipped.txt, every
// authored comment of openings/coach) and count how many falsified comments the validator reports.
@testable import Explainer
@testable import Openings
import ChessCore
import Foundation
import Testing

struct ShippedComment {
    var before: Position
    var move: Move
    var after: Position
    var text: String
}

func shippedComments() throws -> [ShippedComment] {
    let root = Bundle.module.resourceURL?.appendingPathComponent("Fixtures").path ?? "Tests/OpeningsTests/Fixtures"
    let text = try String(contentsOfFile: root + "/claims/shipped.txt", encoding: .utf8)
    var out: [ShippedComment] = []
    for (n, raw) in text.split(separator: "\n").enumerated() where !raw.hasPrefix("#") {
        let f = raw.split(separator: "|", maxSplits: 2).map { $0.trimmingCharacters(in: .whitespaces) }
        try #require(f.count == 3, "shipped.txt:\(n + 1)")
        let before = try Position(Setup(fen: f[0]))
        let move = try #require(before.legalMoves.first { $0.uci == f[1] }, "shipped.txt:\(n + 1): \(f[1]) not legal")
        out.append(ShippedComment(before: before, move: move, after: before.playingUnchecked(move), text: f[2]))
    }
    return out
}

/// Everything the validator reports about one comment without the engine: false claims (VAL216), unchecked
/// claims (VAL229), pieces that are not there (ANN503), moves that are not legal (ANN504), as messages.
func findings(_ text: String, _ c: ShippedComment) -> Set<String> {
    let reading = CommentClaims.reading(of: text, after: c.move, from: c.before)
    let false_ = reading.claims.compactMap { CommentClaims.reason($0.0, in: c.after) }
    let explained = ExplanationChecks.checkAuthored(text, before: c.before, move: c.move, later: [])
        .filter { $0.code == AnnotatorCode.pieceNotThere || $0.code == AnnotatorCode.namedMoveNotLegal }.map(\.message)
    return Set(false_ + reading.unresolved.map { "unchecked: \($0)" } + explained)
}

struct Mutant {
    var text: String
    var kind: String
}

enum Mutations {
    static let verbs = "controls|attacks|watches|defends|guards|protects|covers|hits|control|attack|watch|defend|guard|protect|cover|hit"
    static let roles: [String: Role] = ["pawn": .pawn, "knight": .knight, "bishop": .bishop, "rook": .rook, "queen": .queen, "king": .king]

    static func matches(_ pattern: String, in text: String) -> [NSTextCheckingResult] {
        guard let re = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return [] }
        return re.matches(in: text, range: NSRange(text.startIndex..., in: text))
    }

    /// Whether the sentence before `offset` states nothing about this position: hedged (future, conditional,
    /// negated, by the validator's own list of hedges), a purpose (`to attack`), or `nothing …`, which an
    /// unreachable square keeps true. Sentences end at `.` before a space, not at a move number's dot (`4.Qh5`).
    static func hedged(_ text: String, before offset: Int) -> Bool {
        let head = (text as NSString).substring(to: offset)
        let sentence = head.components(separatedBy: ". ").last?.split(whereSeparator: { ";:!?()".contains($0) }).last.map(String.init) ?? ""
        let words = sentence.lowercased().split(whereSeparator: { !($0.isLetter || $0 == "'") }).map(String.init)
        return words.contains { CommentClaims.hedges.contains($0) || $0 == "nothing" } || words.last == "to"
    }

    /// A plural verb form (`attack`) is a claim only after a plural subject (`both knights attack`); alone it is
    /// an imperative or a noun (`watch the c4 square`, `the attack on f7`).
    static func pluralWithoutSubject(_ verb: String, _ text: String, before offset: Int) -> Bool {
        guard !verb.hasSuffix("s") else { return false }
        let previous = (text as NSString).substring(to: offset).split(separator: " ").last.map { $0.lowercased() } ?? ""
        return !(previous == "both" || previous.hasSuffix("s"))
    }

    static func replacing(_ text: String, _ range: NSRange, with s: String) -> String {
        (text as NSString).replacingCharacters(in: range, with: s)
    }

    /// A square nobody can claim: empty, and attacked by no piece of either side.
    static func unreachable(_ p: Position, near original: Square) -> Square? {
        let b = p.board
        return (0..<64).map { Square($0) }.filter { sq in
            b.role(at: sq) == nil && b.attackers(of: sq, by: .white, occupied: b.occupied).isEmpty
                && b.attackers(of: sq, by: .black, occupied: b.occupied).isEmpty
        }.min { abs($0.file - original.file) + abs($0.rank - original.rank) < abs($1.file - original.file) + abs($1.rank - original.rank) }
    }

    /// Every falsified variant of a comment: the square after a claim verb moved to one nobody reaches; a piece
    /// named on a square swapped for one not there; a count of attackers or defenders changed.
    static func of(_ c: ShippedComment) -> [Mutant] {
        var out: [Mutant] = []
        let text = c.text
        for m in matches("\\b(\(verbs))\\s+(?:the\\s+)?([a-h][1-8])(?!\\w)(?!-[a-h][1-8])", in: text) where !hedged(text, before: m.range.location) {
            let verb = (text as NSString).substring(with: m.range(at: 1)).lowercased()
            if pluralWithoutSubject(verb, text, before: m.range.location) { continue }
            let sqRange = m.range(at: 2)
            guard let sq = Square((text as NSString).substring(with: sqRange)), let to = unreachable(c.after, near: sq) else { continue }
            out.append(Mutant(text: replacing(text, sqRange, with: to.name), kind: "square"))
        }
        for m in matches("\\b(pawn|knight|bishop|rook|queen|king) on ([a-h][1-8])\\b|\\b([a-h][1-8])-(pawn|knight|bishop|rook|queen|king)\\b", in: text) {
            let roleRange = m.range(at: 1).location != NSNotFound ? m.range(at: 1) : m.range(at: 4)
            let sqRange = m.range(at: 2).location != NSNotFound ? m.range(at: 2) : m.range(at: 3)
            guard let sq = Square((text as NSString).substring(with: sqRange)) else { continue }
            let there = [c.before.board.role(at: sq), c.after.board.role(at: sq)]
            guard let other = ["knight", "bishop", "rook", "queen", "pawn"].first(where: { name in !there.contains(roles[name]) }) else { continue }
            out.append(Mutant(text: replacing(text, roleRange, with: other), kind: "piece"))
        }
        let counts = ["twice": "three times", "second": "fourth", "third": "fifth", "fourth": "second", "two": "four", "three": "five", "four": "two"]
        for (claim, words) in CommentClaims.claims(in: text, after: c.move, from: c.before) {
            guard case .count(let side, let target, let n, _) = claim else { continue }
            // The count words of the claim's sentence (`attacks d4 a third time`), not of another sentence.
            let t = text as NSString
            let claimAt = t.range(of: words)
            let sentenceEnd = claimAt.location == NSNotFound ? NSNotFound
                : t.range(of: ".", range: NSRange(location: claimAt.location, length: t.length - claimAt.location)).location
            let span = claimAt.location == NSNotFound ? claimAt
                : NSRange(location: claimAt.location, length: (sentenceEnd == NSNotFound ? t.length : sentenceEnd) - claimAt.location)
            for m in matches("\\b(twice|second|third|fourth|two|three|four)\\b", in: text)
            where span.location != NSNotFound && NSIntersectionRange(span, m.range).length > 0 {
                let word = (text as NSString).substring(with: m.range).lowercased()
                guard let new = counts[word] else { continue }
                let mutated = replacing(text, m.range, with: new)
                // Falsified only when the new count is neither the direct count nor the count through batteries.
                let newCount = ["three times": 3, "fourth": 4, "fifth": 5, "second": 2, "four": 4, "five": 5, "two": 2][new] ?? n
                let b = c.after.board
                let direct = b.attackers(of: target, by: side, occupied: b.occupied).count
                guard newCount != direct, newCount != CommentClaims.attackersThroughBatteries(b, target, side) else { continue }
                out.append(Mutant(text: mutated, kind: "count"))
            }
        }
        return out
    }
}

@Test func shippedCommentsAreTrueAndMutantsAreCaught() throws {
    let comments = try shippedComments()
    #expect(comments.count > 700)
    var total: [String: Int] = [:]
    var caught: [String: Int] = [:]
    var missed: [String] = []
    for c in comments {
        let base = findings(c.text, c)
        for m in Mutations.of(c) {
            total[m.kind, default: 0] += 1
            // Reported: a finding the unchanged comment does not have.
            if !findings(m.text, c).subtracting(base).isEmpty { caught[m.kind, default: 0] += 1 } else { missed.append("[\(m.kind)] \(m.text)") }
        }
    }
    let all = total.values.reduce(0, +), found = caught.values.reduce(0, +)
    let rate = all == 0 ? 0 : Double(found) / Double(all)
    print("claim mutations: \(found)/\(all) reported (\(String(format: "%.1f", rate * 100))%);",
          total.keys.sorted().map { "\($0) \(caught[$0, default: 0])/\(total[$0, default: 0])" }.joined(separator: ", "))
    if ProcessInfo.processInfo.environment["CLAIM_MUTANTS"] == "1" { missed.forEach { print("missed: \($0)") } }
    #expect(all > 300)
    #expect(rate >= 0.95, "missed, for example: \(missed.prefix(10))")
}
