// forge validate over the fixture library: the good library is clean, and each case breaks exactly its rule.
import Diagnostics
import Foundation
import Testing
@testable import Openings
@testable import Pipeline

enum Fixtures {
    static var root: String {
        Bundle.module.resourceURL?.appendingPathComponent("Fixtures").path ?? "Tests/PipelineTests/Fixtures"
    }
    static func path(_ rel: String) -> String { root + "/" + rel }
    /// One engine cache folder for the whole test run, shared by the suites whose builds search the fixture library
    /// at the same profiles (BuildTests, MoveNoteTests, BuildNamesTests: 30,000 nodes, 3 lines): each search is made
    /// once a run, not once a suite (results at a node limit are the same whoever asks). A test whose assertion is
    /// what a cold cache searches keeps a folder of its own.
    static let sharedEngineCache: String = (try? tempDirectory()) ?? "/tmp/forge-test-shared-cache"

    /// The good fixture library, copied, with a reasons file that excuses its own names where the small name list
    /// (`names/`) names the first moves only: a name the list spells otherwise is an error (NAM101), as it is for a
    /// course that names its positions otherwise without saying why.
    static func goodLibraryForTheSmallNameList() throws -> String {
        let lib = try tempDirectory()
        for part in ["coach", "library"] { try FileManager.default.copyItem(atPath: path("validate/good/" + part), toPath: lib + "/" + part) }
        // The reasons, a data file shared with scripts/ci/slurm-run.sh, which builds the same library with the same list.
        try FileManager.default.copyItem(atPath: path("good-library-small-list-reasons.tsv"), toPath: lib + "/" + NameListFiles.reasonsFileName)
        return lib
    }

    static func tempDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forge-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}

@Test func goodLibraryHasNoFindings() throws {
    let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/good")], engine: nil))
    #expect(r.diagnostics.filter { $0.severity == .error }.map(\.text) == [])
    // Quiet moves of the fixture have no comment and nothing the annotator can say: warnings only.
    #expect(Set(r.diagnostics.map(\.code.string)).subtracting(["ANN501"]).isEmpty, "\(r.diagnostics.map(\.text))")
    #expect(r.files == 6)
    #expect(r.lines == 9)
    #expect(r.positions > 60)
}

@Test(arguments: ["VAL201", "VAL202", "VAL203", "VAL226", "VAL227", "VAL228", "VAL205", "VAL206", "VAL207", "VAL208", "VAL209", "VAL210",
                  "VAL211", "VAL213", "VAL215", "VAL216", "VAL218", "VAL219", "VAL225", "VAL230", "VAL231", "PGN102",
                  "PGN150", "PGN153", "FEN007"])
func eachCaseBreaksItsRule(_ code: String) throws {
    let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/\(code)")], engine: nil))
    let codes = Set(r.diagnostics.filter { $0.severity == .error }.map(\.code.string))
    #expect(codes.contains(code), "\(r.diagnostics.map(\.text))")
    // Exactly that rule; a case that loses a phase-2 deviation (too few, or an unreadable marker) also has too
    // few early ones.
    let expected: Set<String> = ["VAL210", "VAL205"].contains(code) ? [code, "VAL218"] : [code]
    #expect(codes == expected, "\(r.diagnostics.map(\.text))")
    #expect(r.diagnostics.allSatisfy { $0.location != nil })
}

@Test func messagesQuoteTheCanonicalForm() throws {
    let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/VAL201")], engine: nil))
    let d = try #require(r.diagnostics.first)
    #expect(d.message == "move \"Ng1f3\" is not canonical SAN: write \"Nf3\"")
    #expect(d.location?.line == 15)
}

@Test func curriculumMessagesPointAtTheMistake() throws {
    func only(_ code: String) throws -> Diagnostic {
        let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/\(code)")], engine: nil))
        return try #require(r.diagnostics.first { $0.code == code })
    }
    #expect(try only("VAL213").message == "phase-2 deviation \"Pin with ...Bg4\" leaves the main line at move 7 (7... Bg4); phase 2 is for moves beginners meet by the opponent's move 6")
    #expect(try only("VAL215").message == "move 2. Nf3 carries !; curriculum moves are written plain")
    #expect(try only("VAL216").message == "the comment after 2. Nf3 says \"The knight attacks e5 at once and also controls d5\", but the knight on f3 does not reach d5")
    #expect(try only("VAL216").location?.line == 15)
    #expect(try only("VAL219").message == "trap \"Italian Game: Blackburne-Kostić Gambit\" has no engine confirmation")
    #expect(try only("VAL225").message.hasPrefix("sidestep \"Sicilian Defence\" has 8 plies after it leaves"))
    #expect(try only("VAL226").message == "the main line ends at 10... Re8 without a stated plan")
    let advice = try only("VAL227")
    #expect(advice.message.hasPrefix("learner move 5. b4 in \"Two Knights Defence\" differs from 5. d3 that the main line of "))
    #expect(advice.notes.first?.hasPrefix("the other line: ") == true && advice.notes.first?.hasSuffix("italian.pgn:15:3188") == true, "\(advice.notes)")
    #expect(try only("VAL228").message == "the trap's introduction in trap \"Italian Game: Blackburne-Kostić Gambit\" names Bxf7+, the move the learner should find at 6. Bxf7+")
}

@Test func anUncheckedClaimIsAnErrorThatOnlyItsMarkerSilences() throws {
    let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/VAL229")], engine: nil))
    let found = r.diagnostics.filter { $0.code == "VAL229" }
    #expect(found.map(\.message) == ["the comment after 2. Nf3 says \"attacks e5\", but which pieces it means cannot be told, so it is not checked"])
    #expect(found.allSatisfy { $0.severity == .error && $0.location?.line == 15 })
    #expect(r.diagnostics.filter { $0.severity == .error }.map(\.code.string) == ["VAL229"])
    let marked = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/VAL229-marked")], engine: nil))
    #expect(!marked.diagnostics.contains { $0.code == "VAL229" }, "\(marked.diagnostics.map(\.text))")
}

@Test func kindComesFromTheTags() throws {
    // A coach opening filed under library/classical/ without LearnerSide is still a coach opening.
    let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/VAL202-outside-coach")], engine: nil))
    let d = try #require(r.diagnostics.first { $0.code == "VAL202" })
    #expect(d.message == "missing tag [LearnerSide \"…\"]")
    #expect(r.content.openings == 1)
}

@Test func misplacedAndMisspelledMarkersAreReportedWhereTheyStand() throws {
    let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/VAL205-misplaced")], engine: nil))
    let found = r.diagnostics.filter { $0.code == "VAL205" }
    #expect(found.map(\.message).sorted() == [
        "deviation marker after Bc4 is not at the start of a variation, so it is ignored",
        "unknown command [%deviation …] at the start of a variation; a deviation marker is [%dev …]",
    ])
    #expect(found.allSatisfy { ($0.location?.line ?? 0) == 15 && ($0.location?.column ?? 0) > 1 })
}

@Test func contentBarCountsTheCurriculum() throws {
    let good = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/good")], engine: nil)).content
    #expect(good.openings == 1)
    #expect(good.lines == 7)
    #expect(good.phase2Deviations == 4)
    #expect(good.earlyPhase2Deviations == 4)
    #expect(good.phase3Deviations == 0)
    #expect(good.sidesteps == 1)
    #expect(good.traps == 1)
    #expect(good.authoredLearnerMoves == good.taughtLearnerMoves)
    #expect(good.taughtLearnerMoves == 40)
    let bare = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/VAL214")], engine: nil)).content
    #expect(bare.taughtLearnerMoves == 40)
    #expect(bare.authoredLearnerMoves == 2)  // 1. e4 and the trap's 8. Qxc5 with its [%eval]
    #expect(bare.authoredPercent == 5)
}

@Test func unexplainedLearnerMovesAreErrors() throws {
    let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/VAL214")], engine: nil))
    let found = r.diagnostics.filter { $0.code == "VAL214" }
    #expect(found.allSatisfy { $0.severity == .error })
    // Every White move of the main line (13) and of the phase-2 lines' own parts, once each; 1. e4 is explained.
    #expect(found.count == 38)
    #expect(found.contains { $0.message == "learner move 2. Nf3 in the main line has no authored explanation" })
    #expect(found.contains { $0.message == "learner move 4. Nxd4 in \"Italian Game: Blackburne-Kostić Gambit\" has no authored explanation" })
    // A library without comments states no plan at the end of its main line either (VAL226); nothing else is an error.
    #expect(Set(r.diagnostics.filter { $0.severity == .error }.map(\.code.string)) == ["VAL214", "VAL226"])
}

@Test func missingPathIsAnError() throws {
    let r = Validate.run(ValidateConfiguration(paths: ["/nonexistent/openings"], engine: nil))
    #expect(r.diagnostics.map(\.code.string) == ["VAL200"])
    #expect(r.outcome == .noInput, "exit 66 as README says (it was 1)")
}

/// The engine checks, with the real Stockfish at a small node limit and a private cache.
@Suite(.serialized) struct EngineValidateTests {
    func engine() throws -> EngineConfiguration {
        EngineConfiguration(profile: .init(nodes: 30_000, multiPV: 3), cacheDirectory: try Fixtures.tempDirectory())
    }

    @Test func goodLibraryPassesTheEngine() throws {
        let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/good")], engine: try engine()))
        #expect(r.diagnostics.filter { $0.severity == .error }.map(\.text) == [])
        #expect(r.searched > 50)
    }

    @Test func blunderIsReported() throws {
        let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/VAL220")], engine: try engine()))
        let d = try #require(r.diagnostics.first { $0.code == "VAL220" })
        #expect(d.message.hasPrefix("12. Nxe5 (main line) loses "))
        #expect(d.message.contains("Stockfish's best move"))
    }

    @Test func falseClaimIsReported() throws {
        let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/VAL222")], engine: try engine()))
        let d = try #require(r.diagnostics.first { $0.code == "VAL222" })
        #expect(d.message == "claim \"material 3\" at ply 6 does not hold: White gains 1 points of material by the end of the line, not 3")
    }

    @Test func authoredEvaluationMustAgreeWithTheEngine() throws {
        let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/VAL224")], engine: try engine()))
        let d = try #require(r.diagnostics.first { $0.code == "VAL224" })
        #expect(d.message.hasPrefix("the [%eval] after 8. Qxc5 says -2.00, but Stockfish says +"))
        #expect(r.diagnostics.filter { $0.severity == .error }.map(\.code.string) == ["VAL224"])
    }

    @Test func missingEngineIsTheEngineUnavailableOutcome() throws {
        var e = try engine()
        e.enginePath = "/nonexistent/stockfish"
        let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/good")], engine: e))
        #expect(r.outcome == .engineUnavailable && r.engineFailed)
        #expect(r.diagnostics.map(\.code.string) == ["UCI102"])
        #expect(r.diagnostics.first?.message.hasPrefix("engine /nonexistent/stockfish cannot be used") == true)
    }
}

/// One illegal move in one variation drops that variation alone: the file's other lines are read, counted and
/// checked (VAL218 below is about them); a marker with an unreadable phase is an error and its line is counted
/// under no phase.
@Test func oneBadVariationDoesNotHideTheRestOfTheFile() throws {
    let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("one-bad-variation")], engine: nil))
    let file = Fixtures.path("one-bad-variation/coach/italian.pgn")
    let errors = r.diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.code.string) == ["VAL218", "PGN102", "VAL205"], "\(r.diagnostics.map(\.text))")
    try #require(errors.count == 3)
    #expect(errors[0].message.hasPrefix("2 phase-2 deviations"))
    #expect(errors[1].location == SourceLocation(file: file, line: 15, column: 1047))
    #expect(errors[1].message.contains("illegal move \"Ke3\" after 4...Nbd7"))
    #expect(errors[2].location == SourceLocation(file: file, line: 15, column: 2759))
    #expect(errors[2].message.contains("phase must be 2 or 3, found \"5\""))
    #expect(r.files == 1)
    #expect(r.lines == 6)  // the main line and five of the six variations: the Philidor Defence is dropped
    let content = r.content
    #expect(content.lines == 6)
    #expect(content.phase2Deviations == 2 && content.phase3Deviations == 0)  // Two Knights, Hungarian; not "Quiet 4...d6"
    #expect(content.sidesteps == 1 && content.traps == 1)
}

/// Regenerating never writes from a source that lost a variation to an error.
@Test func regenerateSkipsASourceWithADroppedVariation() throws {
    let dir = try Fixtures.tempDirectory() + "/library"
    try FileManager.default.copyItem(atPath: Fixtures.path("one-bad-variation-library"), toPath: dir)
    let v = Validate.run(ValidateConfiguration(paths: [dir], engine: nil))
    #expect(v.diagnostics.filter { $0.severity == .error }.map(\.code.string) == ["PGN102"], "\(v.diagnostics.map(\.text))")
    #expect(v.lines == 1)
    let r = Regenerate.run(RegenerateConfiguration(paths: [dir], check: false, engine: nil))
    #expect(r.changes.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: dir + "/classical/qg.fen"))
}

@Test func eachCoursesPartingMoveIsAChoiceOfOpeningNotTwoAdvices() throws {
    // After 1.d4 Nf6 2.Nf3 g6 the London plays 3.Bf4 and the Queen's Gambit 3.c4: each is the move by which its
    // main line parts from the other's (2.Bf4, 2.c4), so the learner chooses an opening, not between two advices.
    let choice = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/VAL227-parting-moves/choice")], engine: nil))
    #expect(!choice.diagnostics.contains { $0.code == "VAL227" }, "\(choice.diagnostics.map(\.text))")
    // 3.g3 there is not the Queen's Gambit's parting move: two advices in one position, told as a warning.
    let advice = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/VAL227-parting-moves/advice")], engine: nil))
    let found = advice.diagnostics.filter { $0.code == "VAL227" }
    #expect(found.map(\.message).contains { $0.hasPrefix("learner move 3. g3 in \"East Indian Defense\" differs from 3. Bf4") }, "\(found.map(\.text))")
    #expect(found.allSatisfy { $0.severity == .warning })
}
