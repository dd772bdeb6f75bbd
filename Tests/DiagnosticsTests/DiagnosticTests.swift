import Foundation
import Testing
@testable import Diagnostics

@Test func textFormIsCompilerStyle() {
    let d = Diagnostic(DiagnosticCode("PGN102", .error, "a test code"), "illegal move \"Qxe7\"", at: SourceLocation(file: "a.pgn", line: 14, column: 9))
    #expect(d.text == "a.pgn:14:9: error[PGN102]: illegal move \"Qxe7\"")
}

@Test func githubAnnotationEscapesNewlinesAndSeparators() {
    let d = Diagnostic(DiagnosticCode("VAL1", .warning, "a test code"), "a\nb", at: SourceLocation(file: "x,y.pgn", line: 2, column: 3))
    #expect(d.githubAnnotation == "::warning file=x%2Cy.pgn,line=2,col=3,title=VAL1::a%0Ab")
}

@Test func severitiesOrderAndCount() {
    let ds = [Diagnostic(DiagnosticCode("TST001", .error, "a"), "x"), Diagnostic(DiagnosticCode("TST002", .warning, "b"), "y"),
              Diagnostic(DiagnosticCode("TST003", .note, "c"), "z")]
    #expect(ds.errorCount == 1)
    #expect(ds.warningCount == 1)
    #expect(Severity.note < .warning && Severity.warning < .error)
}

@Suite struct DiagnosticCodeTests {
    static let sample = DiagnosticCode("TST102", .warning, "a sample code")

    @Test func partsOfACode() {
        #expect(Self.sample.family == "TST" && Self.sample.number == 102 && Self.sample.isWellFormed)
        #expect(DiagnosticCode("IO101", .error, "x").family == "IO" && DiagnosticCode("IO101", .error, "x").isWellFormed)
        #expect(!DiagnosticCode("PGN10", .error, "x").isWellFormed)
        #expect(!DiagnosticCode("PGN1000", .error, "x").isWellFormed)
        #expect(!DiagnosticCode("pgn100", .error, "x").isWellFormed)
        #expect([DiagnosticCode("PGN900", .error, ""), DiagnosticCode("FEN901", .error, ""), DiagnosticCode("PGN102", .error, "")]
            .sorted().map(\.string) == ["FEN901", "PGN102", "PGN900"])
    }

    @Test func aDiagnosticTakesItsCodesSeverity() {
        let d = Diagnostic(Self.sample, "m", at: SourceLocation(file: "a.pgn", line: 3, column: 4))
        #expect(d.severity == .warning)
        #expect(d.text == "a.pgn:3:4: warning[TST102]: m")
        #expect(d.reported(as: .error).text == "a.pgn:3:4: error[TST102]: m")
        #expect(d.code == "TST102" && d.code.summary == "a sample code")
    }

    @Test func codesEncodeAsTheirPlainString() throws {
        let d = Diagnostic(Self.sample, "m")
        let json = String(decoding: try JSONEncoder().encode(d.code), as: UTF8.self)
        #expect(json == #""TST102""#)
        let back = try JSONDecoder().decode(Diagnostic.self, from: try JSONEncoder().encode(d))
        #expect(back == d && back.code == Self.sample && back.severity == .warning)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DiagnosticCode.self, from: Data("102".utf8)) }
    }
}

/// Input echoed back (issue 46, item 9): control characters escaped and length capped in one place (`Echo`).
@Suite struct EchoTests {
    @Test func controlCharactersAreEscapedAndTheRestKept() {
        #expect(Echo.input("ca\u{1B}t") == "ca\\u{1B}t")
        #expect(Echo.input("a\tb\r\nc\u{7F}\u{0}") == "a\\tb\\r\\nc\\u{7F}\\u{0}")
        #expect(Echo.input("Réti: 1. Nf3") == "Réti: 1. Nf3")
        #expect(Echo.hasControls("x\u{1B}") && !Echo.hasControls("Grünfeld"))
    }

    @Test func aLongInputIsCutToItsLimitWithItsLength() {
        let fen = String(repeating: "p", count: 131_072)
        #expect(Echo.input(fen) == String(repeating: "p", count: Echo.maxInputCharacters) + "… (131,072 characters)")
        #expect(Echo.input("short", limit: 5) == "short")
        #expect(Echo.capped("ab\u{1B}cd", limit: 3) == "ab\u{1B}… (5 characters)")
    }

    /// A 131 KB FEN in a message gives a message of about a thousand characters (before: 131 KB), one line in
    /// every output form.
    @Test func aDiagnosticKeepsAtMostItsMessageLimit() {
        let fen = String(repeating: "8/", count: 65_536)
        let d = Diagnostic(DiagnosticCode("FEN001", .error, "a test code"), "invalid FEN \"\(fen)\"\u{1B}[2K",
                           at: SourceLocation(file: "a.fen", line: 1, column: 1), notes: ["found: \(fen)"])
        #expect(d.message.count < Echo.maxMessageCharacters + 30)
        #expect(d.message.hasSuffix("… (131,090 characters)"))
        #expect(d.notes[0].count < Echo.maxMessageCharacters + 30)
        #expect(d.text.count < 2 * Echo.maxMessageCharacters + 100)
        #expect(!d.text.contains("\n") || d.text.split(separator: "\n").count == 2)
        let raw = Diagnostic(DiagnosticCode("TST001", .error, "a"), "x\u{1B}[31my")
        #expect(raw.text == "error[TST001]: x\\u{1B}[31my")
        #expect(raw.githubAnnotation == "::error title=TST001::x\\u{1B}[31my")
    }
}
