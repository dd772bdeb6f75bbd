// RetagLineEndingTests: the tag lines classify adds (`--in-place` or `-o`) end as the game's lines do.
import Testing
@testable import Pipeline

/// A CRLF game gets CRLF name tags: no LF-only line in it. Before, `--in-place` on a CRLF file added LF lines.
@Test func aCRLFGameKeepsCRLFWhenItsNameTagsAreAdded() {
    let game = Array("[Event \"a\"]\r\n[ECO \"Z99\"]\r\n\r\n1. e4 *\r\n".utf8)
    let out = GameTags.retagged(game[...], adding: Array("[ECO \"B00\"]\n[Opening \"King's Pawn\"]\n".utf8))
    #expect(String(decoding: out, as: UTF8.self) == "[Event \"a\"]\r\n[ECO \"B00\"]\r\n[Opening \"King's Pawn\"]\r\n\r\n1. e4 *\r\n")
    let lf = Array("[Event \"a\"]\n\n1. e4 *\n".utf8)
    #expect(String(decoding: GameTags.retagged(lf[...], adding: Array("[ECO \"B00\"]\n".utf8)), as: UTF8.self)
            == "[Event \"a\"]\n[ECO \"B00\"]\n\n1. e4 *\n")
}
