// AuthoringDiagnosticsTests: every mistake in a source reported, each at the token at fault, without follow-ons.
import Diagnostics
import Testing
@testable import Pipeline

/// The errors of validating one fixture folder, as (code, line, column), in the report's order.
private func errors(_ fixture: String) throws -> [String] {
    let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/\(fixture)")], engine: nil))
    return r.diagnostics.filter { $0.severity == .error }.map { "\($0.code) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
}

@Test func oneIllegalMoveDoesNotHideTheOtherMistakes() throws {
    // all-errors/coach/italian.pgn: no Description, Difficulty "7" on line 11, 2. Nf3! on line 14, a misspelled
    // [%deviation] in the comment opening the variation on line 15, 4. c3 $1 on line 17, the illegal 5. Bc5 on
    // line 18. Lengths and deviation counts depend on the lines the illegal move cuts short: not reported.
    #expect(try errors("all-errors") == [
        "VAL202 1:1",   // missing tag: at the game's start, where the tags are
        "VAL203 11:1",  // [Difficulty "7"]
        "VAL215 14:4",  // Nf3!
        "VAL205 15:3",  // {[%deviation …]}
        "VAL215 17:4",  // c3 $1
        "PGN102 18:4",  // Bc5
    ])
}

@Test func decoratedCurriculumMovesQuoteWhatTheyCarry() throws {
    let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/all-errors")], engine: nil))
    #expect(r.diagnostics.filter { $0.code == "VAL215" }.map(\.message) == [
        "move 2. Nf3 carries !; curriculum moves are written plain",
        "move 4. c3 carries !; curriculum moves are written plain",
    ])
    #expect(r.diagnostics.first { $0.code == "VAL203" }?.message == "tag Difficulty: expected 1 to 5, found \"7\"")
}

@Test func tagErrorsPointAtTheirTag() throws {
    // validate/VAL203: [ECO "F50"] stands on line 8, [Difficulty "7"] on line 12.
    #expect(try errors("VAL203") == ["VAL203 8:1", "VAL203 12:1"])
}

@Test func aBraceInsideACommentIsTextAndPointsAtTheMissingBrace() throws {
    // The `}` after 3. Bc4's comment (line 15, column 1197) is missing. Comments do not nest (PGN standard), so the
    // `{` at 15:1265 is text and the comment runs on to the next `}`: a PGN115 warning there says where to look,
    // and the moves the comment swallowed surface as the errors that follow (the file is still rejected).
    let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/unclosed-comment")], engine: nil))
    let warning = r.diagnostics.first { $0.code == "PGN115" }
    #expect(warning.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == "15:1265")
    #expect(warning?.message.hasPrefix("\"{\" inside the comment opened at 15:1197: comments do not nest") == true)
    #expect(try errors("unclosed-comment").contains("PGN106 15:1694"))  // the variation's `)`, swallowed `(` and all
}

@Test func anUnclosedVariationIsReportedAtItsOpeningAlone() throws {
    // The Philidor deviation's `(` (line 15, column 758) is never closed: the main line's 3. Bc4 is read inside it
    // (illegal there), which is a follow-on of the missing `)`, not a second mistake.
    #expect(try errors("unclosed-variation") == ["PGN106 15:758"])
}

@Test func deviationMarkersMakeACoachOpeningWhereverItLives() throws {
    // Under library/classical/, without LearnerSide and Difficulty, but with [%dev] markers: a coach opening.
    let r = Validate.run(ValidateConfiguration(paths: [Fixtures.path("validate/kind-from-markers")], engine: nil))
    #expect(r.diagnostics.filter { $0.severity == .error }.map(\.message) == [
        "missing tag [LearnerSide \"…\"]", "missing tag [Difficulty \"…\"]",
    ])
    #expect(r.content.openings == 1)
    #expect(try errors("VAL202-outside-coach") == ["VAL202 1:1"])
}

@Test func misspelledAndMisplacedMarkersPointAtTheirComment() throws {
    // VAL205-misplaced: a [%dev] in the comment after 3. Bc4 (its `{` at 15:1197) and a [%deviation] opening a
    // variation (its `{` at 15:1733).
    #expect(try errors("VAL205-misplaced").filter { $0.hasPrefix("VAL205") } == ["VAL205 15:1197", "VAL205 15:1733"])
}
