// ExplanationChecksTests: the ANN5xx checks on authored comments and unexplained moves.
import ChessCore
import Diagnostics
import Testing

@testable import Explainer
@testable import Openings

@Suite struct ExplanationChecksTests {
    @Test func authoredFixtureFindings() throws {
        let (_, source) = try #require(try AnnotatorFixture.sources("authored.pgn").first)
        let d = ExplanationChecks.check(source: source)
        let codes = d.map(\.code.string)
        // "Short." is too short; the bishop comment names a knight on f6 that is not there and a move Ra8 that is not legal.
        #expect(d.filter { $0.code == "ANN502" }.count == 1)
        #expect(d.first { $0.code == "ANN502" }?.severity == .error)
        #expect(d.first { $0.code == "ANN502" }?.location?.line == 10)
        #expect(d.contains { $0.code == "ANN503" && $0.message.contains("knight on f6") && $0.severity == .warning })
        #expect(d.contains { $0.code == "ANN504" && $0.message.contains("Ra8") })
        // Qxe9 is no move at all; Bxc6 and Bb3 become legal after Ba4: no warnings for them; the first comment is fine.
        #expect(!d.contains { $0.message.contains("Qxe9") || $0.message.contains("Bxc6") || $0.message.contains("Bb3") })
        #expect(codes.filter { $0 == "ANN504" }.count == 1)
        #expect(codes.filter { $0 == "ANN503" }.count == 1)
    }

    @Test func wellWrittenCommentPasses() throws {
        let p = Position.standard
        let m = try p.move(san: "e4")
        let d = ExplanationChecks.checkAuthored("White puts the pawn on e4 in the centre and frees the bishop on f1; Nf3 comes next.",
                                                before: p, move: m)
        #expect(d.isEmpty, "\(d.map(\.text))")
    }

    @Test func tooLongCommentIsAnError() throws {
        let p = Position.standard
        let m = try p.move(san: "d4")
        let d = ExplanationChecks.checkAuthored(String(repeating: "The pawn claims the centre. ", count: 9), before: p, move: m)
        #expect(d.map(\.code.string) == ["ANN502"])
    }

    @Test func moveTokens() {
        #expect(ExplanationChecks.looksLikeMove("Nf3"))
        #expect(ExplanationChecks.looksLikeMove("Nbd7"))
        #expect(ExplanationChecks.looksLikeMove("Qxe7+"))
        #expect(ExplanationChecks.looksLikeMove("exd5"))
        #expect(ExplanationChecks.looksLikeMove("O-O"))
        #expect(!ExplanationChecks.looksLikeMove("d4"))
        #expect(!ExplanationChecks.looksLikeMove("King"))
        #expect(!ExplanationChecks.looksLikeMove("Qxe9"))
        #expect(AuthoredComment("3...Nf6, then (Bb5).").words == ["Nf6", "then", "Bb5"])
    }
}
