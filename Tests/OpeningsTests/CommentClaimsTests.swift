// CommentClaims over claims.txt: the issue's false comments are caught, true and hedged ones pass.
import ChessCore
import Foundation
import Testing
@testable import Openings

struct ClaimCase {
    var position: Position
    var move: Move
    var comment: String
    var expected: String
    var line: Int
}

func claimCases() throws -> [ClaimCase] {
    let root = Bundle.module.resourceURL?.appendingPathComponent("Fixtures").path ?? "Tests/OpeningsTests/Fixtures"
    let text = try String(contentsOfFile: root + "/claims/claims.txt", encoding: .utf8)
    var out: [ClaimCase] = []
    for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let line = raw.trimmingCharacters(in: .whitespaces)
        if line.isEmpty || line.hasPrefix("#") { continue }
        let f = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        try #require(f.count == 4, "claims.txt:\(n + 1)")
        let position = try Position(Setup(fen: f[0]))
        let move = try #require(position.legalMoves.first { $0.uci == f[1] }, "claims.txt:\(n + 1): \(f[1]) not legal")
        out.append(ClaimCase(position: position, move: move, comment: f[2], expected: f[3], line: n + 1))
    }
    return out
}

@Test func claimsFixtureVerdicts() throws {
    let cases = try claimCases()
    #expect(cases.count >= 12)
    for c in cases {
        let claims = CommentClaims.claims(in: c.comment, after: c.move, from: c.position)
        let problems = CommentClaims.problems(in: c.comment, after: c.move, from: c.position)
        switch c.expected {
        case "none": #expect(claims.isEmpty, "line \(c.line): \(claims)")
        case "holds":
            #expect(!claims.isEmpty, "line \(c.line): no claim read")
            #expect(problems.isEmpty, "line \(c.line): \(problems.map(\.reason))")
        case "false": #expect(problems.count == 1, "line \(c.line): \(claims) \(problems.map(\.reason))")
        default: Issue.record("line \(c.line): unknown verdict \(c.expected)")
        }
    }
}

@Test func blockedLineNamesTheBlocker() throws {
    let p = try Position(Setup(fen: "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2"))
    let m = try #require(p.legalMoves.first { $0.uci == "c1f4" })
    let problems = CommentClaims.problems(in: "From f4 it controls e5 and b8.", after: m, from: p)
    #expect(problems.map(\.reason) == ["the bishop on f4 does not reach b8: the black pawn on c7 is in the way"])
    #expect(problems.first?.words == "it controls e5 and b8")
}

@Test func countsIncludeBatteriesButNotMore() throws {
    let p = try Position(Setup(fen: "3r2k1/3r1ppp/8/3p4/8/8/5PPP/6K1 b - - 0 1"))
    let m = try #require(p.legalMoves.first { $0.uci == "g8f8" })
    let after = try p.playing(m)
    #expect(CommentClaims.reason(.count(side: .black, target: Square("d5")!, count: 1, defending: true), in: after) == nil)
    #expect(CommentClaims.reason(.count(side: .black, target: Square("d5")!, count: 2, defending: true), in: after) == nil)
    #expect(CommentClaims.reason(.count(side: .black, target: Square("d5")!, count: 3, defending: true), in: after)
        == "Black has 1 (2 counting pieces lined up behind them) defenders of d5, not 3")
}

@Test func claimsWhosePiecesCannotBeToldAreUnresolved() throws {
    let p = try Position(Setup(fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"))
    let m = try #require(p.legalMoves.first { $0.uci == "b8c6" })
    let r = CommentClaims.reading(of: "This attacks d4. The knight defends e5.", after: m, from: p)
    #expect(r.unresolved == ["attacks d4"])
    #expect(r.claims.count == 1)
    // After castling, `it` names no piece.
    let c = try Position(Setup(fen: "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 6 5"))
    let castle = try #require(c.legalMoves.first { $0.isCastle })
    #expect(CommentClaims.reading(of: "It guards h2 now.", after: castle, from: c).unresolved == ["guards h2"])
    // A hedged sentence claims nothing, resolved or not.
    #expect(CommentClaims.reading(of: "Later this attacks d4.", after: m, from: p).unresolved == [])
}
