// OpeningsBundleTests: the app's queries against a bundle written from the fixture records.
import Diagnostics
import Foundation
import GRDB
import Testing

@testable import BundleStore

@Suite struct OpeningsBundleTests {
    static let afterNc6 = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1"

    /// Writes the fixture bundle into a fresh directory and opens it as the app would.
    func withBundle(_ body: (OpeningsBundle) throws -> Void) throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        try BundleWriter().write(try FixtureContent.content(), to: "\(dir)/openings.sqlite")
        try body(try OpeningsBundle(path: "\(dir)/openings.sqlite"))
    }

    @Test func listsTheOpeningsInIDOrder() throws {
        try withBundle { bundle throws in
            let openings = try bundle.openings()
            #expect(openings.map(\.slug) == ["italian-game", "scotch-game"])
            #expect(openings[0].learnerSide == .white)
            #expect(openings[0].variation == "Giuoco Piano")
            #expect(openings[1].variation == nil)
            #expect(try bundle.opening(slug: "scotch-game")?.eco == "C45")
            #expect(try bundle.opening(slug: "nope") == nil)
        }
    }

    @Test func theMainLineCarriesExplanationsConceptsAndDrawings() throws {
        try withBundle { bundle throws in
            let main = try #require(try bundle.mainLine(ofOpening: 1))
            #expect(main.line.kind == .main)
            #expect(main.steps.map(\.move.san).joined(separator: " ")
                == "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Nc3 Nxe4 O-O")
            #expect(main.steps.map(\.lineMove.ply) == Array(1...15))
            let first = main.steps[0]
            #expect(first.lineMove.explanation == "Take the centre and open lines for the queen and bishop.")
            #expect(first.lineMove.explanationSource == .authored)
            #expect(first.lineMove.concepts == ["centre", "development"])
            #expect(first.lineMove.arrows == "Ge2e4")
            #expect(first.position.name == "King's Pawn Game" && first.position.eco == "B00")
            #expect(first.position.nameIsInherited == false)
            #expect(main.steps[1].position.nameIsInherited == true)
            #expect(main.steps[2].lineMove.highlights == "Re5")
            #expect(main.steps[4].lineMove.explanationSource == .generated)
            #expect(main.steps[5].lineMove.explanation == nil && main.steps[5].lineMove.concepts == [])
            #expect(main.steps[11].position.isCheck == true)
            #expect(main.steps[11].position.sideToMove == .white)
            #expect(main.steps[14].move.uci == "e1g1")
            // Consecutive steps are joined: each move starts where the previous one ended.
            for (a, b) in zip(main.steps, main.steps.dropFirst()) {
                #expect(b.move.fromPositionID == a.move.toPositionID)
            }
            #expect(try bundle.mainLine(ofOpening: 99) == nil)
        }
    }

    @Test func theChildrenOfAPositionIncludeMovesOfOtherOpenings() throws {
        try withBundle { bundle throws in
            let position = try #require(try bundle.position(fen: Self.afterNc6))
            #expect(position.name == "King's Knight Opening")
            let children = try bundle.children(ofPosition: position.id)
            #expect(children.map(\.move.san) == ["Bc4", "Bb5", "d4"])
            #expect(children.map { $0.position.name ?? "" } == ["Italian Game", "Ruy Lopez", "Scotch Game"])
            #expect(children.allSatisfy { $0.move.fromPositionID == position.id })
            #expect(children.allSatisfy { $0.position.sideToMove == .black })
            // The last position of a line has no children.
            let main = try #require(try bundle.mainLine(ofOpening: 1))
            #expect(try bundle.children(ofPosition: main.steps[14].position.id).isEmpty)
        }
    }

    @Test func aPositionIsFoundByFENAndByPolyglotKey() throws {
        try withBundle { bundle throws in
            let start = try #require(
                try bundle.position(fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
            #expect(start.polyglotKey == 0x463B_9618_1691_FC9C)  // the Polyglot key of the start position
            #expect(try bundle.positions(polyglotKey: 0x463B_9618_1691_FC9C).map(\.id) == [start.id])
            // After 1.e4 the ep square is not kept: no black pawn can capture.
            let afterE4 = try #require(
                try bundle.position(fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"))
            #expect(afterE4.polyglotKey == 0x823C_9B50_FD11_4196)
            #expect(try bundle.position(fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1") == nil)
            #expect(try bundle.position(id: start.id) == start)
        }
    }

    @Test func theAnalysisOfAPositionHasItsTopThreeLines() throws {
        try withBundle { bundle throws in
            let start = try #require(
                try bundle.position(fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
            let analysis = try #require(try bundle.analysis(ofPosition: start.id))
            #expect(analysis.analysis.engine == "Stockfish 15.1")
            #expect(analysis.analysis.bestUCI == "e2e4")
            #expect(analysis.analysis.scoreCP == 34 && analysis.analysis.scoreMate == nil)
            #expect(analysis.analysis.wdlWin == 48 && analysis.analysis.wdlDraw == 950 && analysis.analysis.wdlLoss == 2)
            #expect(analysis.lines.map(\.rank) == [1, 2, 3])
            #expect(analysis.lines[0].uci == analysis.analysis.bestUCI)
            #expect(analysis.lines[0].pvUCI.hasPrefix(analysis.lines[0].uci + " "))
            let afterNc6 = try #require(try bundle.position(fen: Self.afterNc6))
            #expect(try bundle.analysis(ofPosition: afterNc6.id)?.lines.count == 3)
            let main = try #require(try bundle.mainLine(ofOpening: 1))
            #expect(try bundle.analysis(ofPosition: main.steps[14].position.id) == nil)
        }
    }

    @Test func theDeviationsOfALineByPhase() throws {
        try withBundle { bundle throws in
            let main = try #require(try bundle.mainLine(ofOpening: 1)).line
            let phase2 = try bundle.deviations(ofLine: main.id, phase: 2)
            #expect(phase2.map(\.name) == ["Two Knights Defence"])
            #expect(phase2[0].branchPly == 5)
            #expect(try bundle.deviations(ofLine: main.id, phase: 3).map(\.name) == ["Philidor Defence"])
            #expect(try bundle.deviations(ofLine: main.id).map(\.id) == [3, 2])  // by branch ply
            #expect(try bundle.deviations(ofLine: main.id, phase: 4).isEmpty)
            #expect(try bundle.branches(ofLine: main.id).map(\.id) == [3, 4, 2])
            #expect(try bundle.branches(ofLine: main.id, kind: .alternative).map(\.name) == ["Ruy Lopez"])
            let steps = try bundle.steps(ofLine: phase2[0].id)
            #expect(steps.first?.lineMove.ply == 6)
            #expect(steps.first?.move.san == "Nf6")
            #expect(steps.first?.lineMove.explanation == "Black attacks e4 at once.")
            // The deviation starts where the main line stood after its branch ply.
            let mainSteps = try bundle.steps(ofLine: main.id)
            #expect(steps.first?.move.fromPositionID == mainSteps[4].move.toPositionID)
        }
    }

    @Test func theLinesOfAnOpeningStartWithTheMainLine() throws {
        try withBundle { bundle throws in
            #expect(try bundle.lines(ofOpening: 1).map(\.id) == [1, 3, 4, 2])
            #expect(try bundle.lines(ofOpening: 2).map(\.kind) == [.main])
            #expect(try bundle.lines(ofOpening: 3).isEmpty)
        }
    }

    @Test func rowCountsMatchTheContent() throws {
        let expected = try FixtureContent.content().rowCounts
        try withBundle { bundle throws in
            #expect(try bundle.rowCounts() == expected)
        }
    }

    @Test func refusesWhatIsNotABundle() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        // Missing file.
        #expect(throws: BundleError.self) { try OpeningsBundle(path: "\(dir)/missing.sqlite") }
        // Not a database at all.
        try Data("hello, world\n".utf8).write(to: URL(fileURLWithPath: "\(dir)/text.sqlite"))
        do {
            _ = try OpeningsBundle(path: "\(dir)/text.sqlite")
            Issue.record("expected a failure")
        } catch { #expect(error.code == "BND410") }
        // Some other SQLite database.
        let other = try DatabaseQueue(path: "\(dir)/other.sqlite")
        try other.write { try $0.execute(sql: "CREATE TABLE t(x)") }
        try other.close()
        #expect(throws: BundleError.notABundle(path: "\(dir)/other.sqlite", applicationID: 0)) {
            try OpeningsBundle(path: "\(dir)/other.sqlite")
        }
        // A bundle of another schema version.
        try BundleWriter().write(try FixtureContent.content(), to: "\(dir)/openings.sqlite")
        let bundle = try DatabaseQueue(path: "\(dir)/openings.sqlite")
        try bundle.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 7") }
        try bundle.close()
        #expect(throws: BundleError.unsupportedSchemaVersion(path: "\(dir)/openings.sqlite", found: 7, expected: 2)) {
            try OpeningsBundle(path: "\(dir)/openings.sqlite")
        }
    }
}
