// ExplainOutputTests: how `forge explain` prints a note — numbered by the game that reached it, scores as numbers
// from the mover's point of view.
import ChessCore
import Explainer
import Foundation
import Testing
@testable import Pipeline

struct ExplainOutputTests {
    /// 3.Bc4 after 1.e4 e5 2.Nf3 Nc6, as a bundle stores it: its position's FEN with `0 1` counters. The game's
    /// position is given with the note; the refutation's score (the opponent's, who plays its first move) is turned
    /// round so that every score of the object is White's here.
    static func bishopToC4() throws -> (note: Note, game: Position) {
        var game = Position.standard
        for san in ["e4", "e5", "Nf3", "Nc6"] { game.playUnchecked(try game.move(san: san)) }
        let stored = try Position(fen: game.fen().split(separator: " ").prefix(4).joined(separator: " ") + " 0 1")
        var note = Note(uci: "f1c4", san: "Bc4", fenBefore: stored.fen(), mover: .white,
                        grade: MoveGrade(verdict: .mistake, best: .centipawns(40), played: .centipawns(-120), drop: 150,
                                         centipawnLoss: 160, rank: nil, better: "d2d4"),
                        text: "Bc4 aims at f7.", motifs: [], claim: nil, arrows: [])
        note.better = NoteLine(uci: ["d2d4"], san: ["d4"], score: .centipawns(40), text: "", arrows: [])
        note.refutation = NoteLine(uci: ["g8f6"], san: ["Nf6"], score: .centipawns(120), text: "", arrows: [])
        return (note, game)
    }

    @Test func aBundleNoteIsNumberedByTheGame() throws {
        let (note, game) = try Self.bishopToC4()
        #expect(note.fenBefore.hasSuffix(" 0 1"))
        let block = ExplainText.block(note, at: game)
        #expect(block.hasPrefix("3.Bc4  mistake"), "\(block)")
        var black = game
        black.playUnchecked(try black.move(san: "Bc4"))
        var reply = note
        reply.mover = .black
        reply.san = "Nf6"
        #expect(ExplainText.block(reply, at: black).hasPrefix("3...Nf6"))
    }

    @Test func jsonScoresAreNumbersFromTheMoversSide() throws {
        let (note, game) = try Self.bishopToC4()
        let json = try #require(try JSONSerialization.jsonObject(with: Data(ExplainJSON.array([note], at: [game], fromBundle: [true]).utf8))
                                    as? [[String: Any]])
        let object = try #require(json.first)
        #expect(object["fenBefore"] as? String == game.fen())
        let better = try #require(object["betterLine"] as? [String: Any])
        let refutation = try #require(object["refutationLine"] as? [String: Any])
        #expect(better["cp"] as? Int == 40 && better["mate"] == nil)
        #expect(refutation["cp"] as? Int == -120, "the opponent's +120 is the mover's -120")
        #expect(object["score"] == nil && better["score"] == nil)
    }
}
