import Testing
@testable import Diagnostics

@Test func textFormIsCompilerStyle() {
    let d = Diagnostic(.error, "PGN102", "illegal move \"Qxe7\"", at: SourceLocation(file: "a.pgn", line: 14, column: 9))
    #expect(d.text == "a.pgn:14:9: error[PGN102]: illegal move \"Qxe7\"")
}

@Test func githubAnnotationEscapesNewlinesAndSeparators() {
    let d = Diagnostic(.warning, "VAL1", "a\nb", at: SourceLocation(file: "x,y.pgn", line: 2, column: 3))
    #expect(d.githubAnnotation == "::warning file=x%2Cy.pgn,line=2,col=3,title=VAL1::a%0Ab")
}

@Test func severitiesOrderAndCount() {
    let ds = [Diagnostic(.error, "A", "x"), Diagnostic(.warning, "B", "y"), Diagnostic(.note, "C", "z")]
    #expect(ds.errorCount == 1)
    #expect(ds.warningCount == 1)
    #expect(Severity.note < .warning && Severity.warning < .error)
}
