// CoachCurriculumTests: the curriculum through the facade — openings, lines, a line's steps, the library, the build facts —
// as typed values, and every damaged row refused (BND502), never read as a made-up value.
import BundleStore
import ChessCore
import ChessPGN
import CoachBundle
import Explainer
import Foundation
import GRDB
import Testing

@Suite(.serialized) struct CoachCurriculumTests {
    func open() throws -> CoachBundle { try CoachBundle(path: try CoachBundleTests.built.get().path) }

    @Test func openingsAndTheirLines() throws {
        let coach = try open()
        let openings = try coach.openings()
        #expect(openings.count == 10)
        let italian = try #require(try coach.opening(slug: "italian-game"))
        #expect(italian.name == "Italian Game" && italian.variation == "Giuoco Pianissimo" && italian.eco == "C50")
        #expect(italian.learner == .white && italian.difficulty == 1 && italian.description.hasPrefix("The Italian Game is"))
        #expect(try coach.opening(slug: "no-such-opening") == nil)

        let lines = try coach.lines(of: italian)
        #expect(lines.first?.key == "italian-game/main" && lines.first?.role == .mainLine)
        #expect(lines.first?.branch == nil && lines.first?.firstOwnPly == 1)
        #expect(lines.allSatisfy { $0.openingSlug == "italian-game" })
        let sicilian = try #require(lines.first { $0.name == "Sicilian Defense: Delayed Alapin Variation, with e6" })
        #expect(sicilian.role == .deviation(name: "Sicilian Defense: Delayed Alapin Variation, with e6", phase: 2, kind: .sidestep))
        #expect(sicilian.branch == LineBranch(parentKey: "italian-game/main", ply: 1))
        #expect(sicilian.firstOwnPly == 2)
        #expect(sicilian.reason == "1...c5 is the most common answer to 1.e4 at every level.")
        #expect(sicilian.description?.hasPrefix("Black answers 1.e4 with the Sicilian.") == true)
        // The same line by its key, from any question.
        #expect(try coach.line(key: sicilian.key) == sicilian)
        #expect(try coach.line(key: "italian-game/nothing") == nil)
    }

    @Test func aLinesStepsAreTypedValues() throws {
        let coach = try open()
        let main = try #require(try coach.line(key: "italian-game/main"))
        let steps = try coach.steps(of: main)
        #expect(steps.first?.ply == 1 && steps.first?.uci == "e2e4" && steps.first?.san == "e4")
        #expect(steps.map(\.ply) == Array(1...steps.count))
        let e4 = try #require(steps.first)
        #expect(e4.explanation == CoachExplanation(text: "White grabs the centre: the e4-pawn controls d5 and f5 and opens lines for the queen and the f1-bishop.", source: .authored))
        #expect(e4.position.fen == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        #expect(e4.claim == nil && e4.answer == nil)

        // A deviation's steps start after its branch; authored arrows are values.
        let italian = try #require(try coach.opening(slug: "italian-game"))
        let sicilian = try #require(try coach.lines(of: italian).first { $0.name == "Sicilian Defense: Delayed Alapin Variation, with e6" })
        let own = try coach.steps(of: sicilian)
        #expect(own.first?.ply == sicilian.firstOwnPly && own.first?.san == "c5")
        let c3 = try #require(own.first { $0.san == "c3" })
        #expect(c3.arrows == [Arrow(color: .green, from: .c3, to: .d4)])
        #expect(c3.highlights.isEmpty)

        // Authored highlights are values too.
        let trap = try #require(try coach.line(key: "pirc-defence/pirc-defense-2-bc4-3-qf3"))
        let e6 = try #require(try coach.steps(of: trap).first { $0.san == "e6" })
        #expect(e6.highlights == [Highlight(color: .green, square: .f7)])
    }

    @Test func theLibraryAndTheBuildFacts() throws {
        let coach = try open()
        let entries = try coach.library()
        #expect(entries.count == 24)
        #expect(entries.filter { $0.kind == .classical }.count == 12)
        #expect(entries.allSatisfy { ($0.claim != nil) == ($0.kind == .tactic) })
        let fools = try #require(entries.first { $0.key == "tactics/fools-mate" })
        #expect(fools.title == "Barnes Opening: Fool's Mate" && fools.fenFile == "fen/tactics/fools-mate.fen" && fools.plies == 4)
        #expect(fools.claim == LibraryClaim(kind: .mate, amount: 1, ply: 3, text: "Black mates at once with Qh4"))
        let info = try coach.info()
        #expect(info.schemaVersion == "2.2" && info.engine == "Stockfish 15.1" && info.profile == "test")
        #expect(info.contentVersion.count == 16 && info.sourceHash == String(repeating: "0", count: 64))
    }

    /// A copy of the bundle with `sql` applied (check constraints off, as a damaged file would have them).
    func damaged(_ sql: [String]) throws -> CoachBundle {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString).sqlite").path
        try FileManager.default.copyItem(atPath: try CoachBundleTests.built.get().path, toPath: copy)
        let db = try DatabaseQueue(path: copy)
        try db.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            for s in sql { try db.execute(sql: s) }
        }
        try db.close()
        return try CoachBundle(path: copy)
    }

    /// The main line's first step (1.e4) of `italian-game`, in SQL.
    static let firstStep = "line_id = (SELECT id FROM line WHERE key = 'italian-game/main') AND ply = 1"

    @Test func aStepsClaimConceptsAndAnswerReadAsValues() throws {
        // The test bundle has no generated notes: write a claim, concepts and an answer as the build does.
        let coach = try damaged([
            "UPDATE line_move SET claim_kind = 'threatens', claim_mate = 3, concepts = '[\"centre control\",\"development\"]', "
                + "answer_uci = 'e7e5', answer_san = 'e5', answer_arrows = 'Ge7e5' WHERE \(Self.firstStep)",
        ])
        let main = try #require(try coach.line(key: "italian-game/main"))
        let e4 = try #require(try coach.steps(of: main).first)
        #expect(e4.claim == CoachClaim(kind: .threatens, score: .mate(3)))
        #expect(e4.concepts == [.centreControl, .development])
        #expect(e4.answer == RecommendedAnswer(uci: "e7e5", san: "e5", arrows: [Arrow(color: .green, from: .e7, to: .e5)]))
    }

    @Test func aDamagedStepIsAnErrorNeverAMadeUpValue() throws {
        let damages = [
            "concepts = '[\"charisma\"]'",                                  // a concept not in the list
            "claim_kind = 'threatens'",                                     // a claim with no score
            "claim_cp = 40",                                                // a score with no claim
            "claim_kind = 'bluffs', claim_cp = 40",                         // a claim kind nobody makes
            "explanation_source = NULL",                                    // an explanation of unknown origin
            "arrows = 'Gg1'",                                               // an arrow that is not one
            "highlights = 'Xd4'",                                           // a highlight that is not one
            "answer_uci = 'e7e5'",                                          // an answer without its SAN
        ]
        for damage in damages {
            let coach = try damaged(["UPDATE line_move SET \(damage) WHERE \(Self.firstStep)"])
            let main = try #require(try coach.line(key: "italian-game/main"))
            do {
                _ = try coach.steps(of: main)
                Issue.record("a step with \(damage) was read")
            } catch {
                #expect(error.code == BundleCode.damagedRow, "\(damage): \(error)")
                #expect(error.message.hasPrefix("line_move row italian-game/main ply 1:"), "\(error)")
            }
        }
    }

    @Test func aDamagedLineOrLibraryEntryIsAnError() throws {
        let deviation = "key = 'italian-game/italian-game-two-knights-defense'"
        let cases: [(String, (CoachBundle) throws -> Void)] = [
            ("UPDATE line SET phase = NULL WHERE \(deviation)", { c in _ = try c.line(key: "italian-game/italian-game-two-knights-defense") }),
            ("UPDATE line SET branch_ply = NULL WHERE \(deviation)", { c in _ = try c.line(key: "italian-game/italian-game-two-knights-defense") }),
            ("UPDATE line SET parent_line_id = 999999 WHERE \(deviation)", { c in _ = try c.line(key: "italian-game/italian-game-two-knights-defense") }),
            ("DELETE FROM library_claim WHERE entry_id = (SELECT id FROM library_entry WHERE key = 'tactics/fools-mate')", { c in _ = try c.library() }),
            ("DELETE FROM meta WHERE key = 'content_version'", { c in _ = try c.info() }),
        ]
        for (sql, ask) in cases {
            let coach = try damaged(["PRAGMA foreign_keys = OFF", sql])
            do {
                try ask(coach)
                Issue.record("read despite: \(sql)")
            } catch let error as CoachBundleError {
                #expect(error.code == BundleCode.damagedRow, "\(sql): \(error)")
            }
        }
    }
}
