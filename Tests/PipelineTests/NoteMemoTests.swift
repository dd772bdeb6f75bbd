// The note memo's file: read back only when its header and digest hold, every field of a note kept.
import BundleStore
import ChessCore
import Explainer
import Foundation
import Testing
@testable import Pipeline

@Suite struct NoteMemoTests {
    /// A row with every optional field set, so a field the codec drops shows as a difference.
    static let row = MoveNoteRecord(
        key: "f98dcadd3177bcbd:g1f3", positionID: 7, uci: "g1f3", san: "Nf3", verdict: "good", loss: -35, scoreCP: 8, scoreMate: -3,
        bestCP: 27, bestMate: 2, text: "Nf3 brings the knight into play.", claimKind: "wins", claimCP: 120, claimMate: 4, arrows: "Gg1f3",
        threatUCI: "f3e5", refutationUCI: "d7d5 e4d5", refutationSAN: "d5 exd5", refutationText: "d5 frees the game.",
        betterUCI: "d2d4", betterSAN: "d4", betterText: "d4 takes the centre.", answerUCI: "d7d5", answerSAN: "d5", depth: 13,
        leavesCourse: true, leavesName: "Vienna Game: Max Lange Defence", planText: "The plan changes.")

    static let verdict = EngineVerdict(score: .mate(-2), wdl: [0, 1, 999], lines: [
        EngineLine(uci: "e2e4", san: "e4", score: .centipawns(-31), pv: ["e2e4", "e7e5"], depth: 18),
        EngineLine(uci: "d2d4", san: "d4", score: .mate(5), pv: ["d2d4"], depth: 0),
    ], depth: 18, nodes: 120_187, engine: "Stockfish 15.1", profile: "threads=1;nodes=120000")

    static let body = NoteMemo.Body(
        searches: NoteMemo.Searches(key: "k", graded: ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -": verdict, "x": verdict],
                                    allMoveSearches: 57, passingSearches: 56, childSearches: 20_000, bestSearches: -1),
        byInputs: ["a": "b", "c": "b"],
        entries: ["b": NoteMemo.Entry(rows: [row, row], failures: ["x y: no text"]), "e": NoteMemo.Entry(rows: [], failures: [])])

    @Test func theCodecReadsBackEveryField() throws {
        #expect(Mirror(reflecting: Self.row).children.count == NoteMemoCodec.rowFields,
                "MoveNoteRecord has another field: write and read it in NoteMemoCodec.Writer.row and Reader.row")
        #expect(try NoteMemoCodec.decode(NoteMemoCodec.encode(Self.body)[...]) == Self.body)
        let empty = NoteMemo.Body(searches: nil, byInputs: [:], entries: [:])
        #expect(try NoteMemoCodec.decode(NoteMemoCodec.encode(empty)[...]) == empty)
        // The same memo, the same bytes (dictionaries written sorted).
        #expect(NoteMemoCodec.encode(Self.body) == NoteMemoCodec.encode(Self.body))
    }

    /// The codec refuses a body cut anywhere or with a byte more, never reading past its end.
    @Test func theCodecRefusesACutBody() {
        let bytes = NoteMemoCodec.encode(Self.body)
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            #expect((try? NoteMemoCodec.decode(bytes[..<cut])) == nil, "cut at \(cut)")
        }
        #expect((try? NoteMemoCodec.decode((bytes + [0])[...])) == nil)
    }

    /// The memo file's check, case by case: this forge's file reads back; a changed body, another salt, another format
    /// line or a cut file do not.
    @Test func theMemoFileIsReadOnlyWhenItsHeaderAndDigestHold() throws {
        let file = try #require(NoteMemo.file(Self.body, salt: "s1"))
        #expect(NoteMemo.body(of: file, salt: "s1") == Self.body)
        #expect(NoteMemo.body(of: file, salt: "s2") == nil)
        var changed = [UInt8](file)
        changed[changed.count - 3] ^= 0x01
        #expect(NoteMemo.body(of: Data(changed), salt: "s1") == nil)
        #expect(NoteMemo.body(of: file.dropLast(1), salt: "s1") == nil)
        let otherFormat = Data("# forge note memo 2\n".utf8) + file.drop { $0 != 0x0A }.dropFirst()
        #expect(NoteMemo.body(of: otherFormat, salt: "s1") == nil)
        #expect(NoteMemo.body(of: Data(), salt: "s1") == nil)
    }
}
