// AuthoredComment: one reading of a comment's sentences and words, at word boundaries, for every reader of comments.
@testable import Explainer
import Testing

struct AuthoredCommentTests {
    @Test func sentencesAndWords() {
        let c = AuthoredComment("The f3-knight pins it. Plans: b4, a5 (or Nh4/f5); White's \u{201C}idea\u{201D}\u{2014}done")
        #expect(c.sentences.map(\.words) == [["The", "f3-knight", "pins", "it"], ["Plans"], ["b4", ",", "a5"], ["or", "Nh4", "f5"],
                                             ["White's", "idea"], ["done"]])
        #expect(c.sentences[0].terms == ["the", "f3", "knight", "pins", "it"])
        #expect(c.sentences[4].terms == ["white", "s", "idea"])
        #expect(c.words == ["The", "f3-knight", "pins", "it", "Plans", "b4", "a5", "or", "Nh4", "f5", "White's", "idea", "done"])
    }

    @Test func moveNumbersEndNoSentence() {
        #expect(AuthoredComment("After 4.Qh5 the queen hits f7. Then 4...g6 or 12\u{2026}Nf6.").sentences.map(\.words)
            == [["After", "Qh5", "the", "queen", "hits", "f7"], ["Then", "g6", "or", "Nf6"]])
        #expect(AuthoredComment("It is move 4. Then castle.").sentences.count == 2)
    }

    @Test func stemsMatchAtTheStartOfAWordOnly() {
        #expect(AuthoredComment("Plans: b4 and a5.").contains(stem: "plan"))
        #expect(AuthoredComment("The plan is f4.").contains(stem: "plan"))
        #expect(!AuthoredComment("A short explanation of the move.").contains(stem: "plan"))
        #expect(!AuthoredComment("In my opinion it is fine.").contains(stem: "pin"))
        #expect(AuthoredComment("The bishop pinned the knight.").contains(stem: "pin"))
        #expect(AuthoredComment("White's counter-attack comes fast.").contains(stem: "attack"))
        #expect(!AuthoredComment("A counterattack.").contains(stem: "attack"))
    }

    @Test func phrasesStayInsideOneSentence() {
        #expect(AuthoredComment("Castling keeps the king safe.").contains(stem: "king safe"))
        #expect(AuthoredComment("It helps king safety.").contains(stem: "king safe"))
        #expect(AuthoredComment("White wins a pawn.").contains(stem: "wins a pawn"))
        #expect(!AuthoredComment("White wins. A pawn falls later.").contains(stem: "wins a pawn"))
        #expect(!AuthoredComment("").contains(stem: "plan"))
        #expect(!AuthoredComment("plan").contains(stem: ""))
    }

    @Test func conceptsUseTheReader() {
        #expect(Concept.named(in: AuthoredComment("A simple explanation of the position.")) == [])
        #expect(Concept.named(in: AuthoredComment("The plan: castle and attack.")) == [.kingSafety, .tactics, .plan])
    }

    @Test func theLengthRuleIsOneRange() {
        #expect(AuthoredComment.lengthBounds == 40...220)
        #expect(SentenceWriter.maxLength == AuthoredComment.lengthBounds.upperBound)
    }
}
