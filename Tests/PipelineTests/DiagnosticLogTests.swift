// DiagnosticLogTests: the log keeps what a person is shown and counts the rest, with notes that fail when the rest failed.
import ChessPGN
import Diagnostics
import Pipeline
import Testing

@Suite struct DiagnosticLogTests {
    static func finding(_ file: String, _ line: Int, _ severity: Severity = .error) -> Diagnostic {
        let d = Diagnostic(PGNCode.illegalMove, "illegal move", at: SourceLocation(file: file, line: line, column: 1))
        return severity == .error ? d : d.reported(as: severity)
    }

    @Test func aMillionFindingsKeepTheCapsAndCountEveryOne() {
        var log = DiagnosticLog()
        for i in 1...1_000_000 { log.append(Self.finding("a.pgn", i)) }
        #expect(log.shown.count == 100)
        #expect(log.shown.last?.location?.line == 100)
        #expect(log.counts == DiagnosticCounts(errors: 1_000_000, warnings: 0))
        #expect(log.notes.map(\.message) == ["a.pgn: … and 999,900 more diagnostic(s) not shown (at most 100 per file)"])
        #expect(log.notes.first?.severity == .error)
        #expect(CommandOutcome.from(log.diagnostics) == .inputErrors)
    }

    @Test func theRunCapComesAfterTheFileCapAndHiddenWarningsStayWarnings() {
        var log = DiagnosticLog(limits: DiagnosticLimits(perFile: 3, total: 5))
        for f in ["a", "b", "c"] { for i in 1...4 { log.append(Self.finding(f, i, .warning)) } }
        #expect(log.shown.map { $0.location?.file ?? "" } == ["a", "a", "a", "b", "b"])
        #expect(log.counts == DiagnosticCounts(errors: 0, warnings: 12))
        #expect(log.notes.map(\.message) == [
            "a: … and 1 more diagnostic(s) not shown (at most 3 per file)",  // b's last two and all of c: over the run's 5
            "… and 6 more diagnostic(s) not shown (at most 5 per run)",
        ])
        #expect(log.notes.allSatisfy { $0.severity != .error })
        #expect(CommandOutcome.from(log.diagnostics) == .ok)
    }

    /// What the log kept is printed as it is: its notes are not capped again (the 1,000 kept and the run's note).
    @Test func printingALogShowsItsNotes() {
        var log = DiagnosticLog()
        for f in 0..<20 { for i in 1...60 { log.append(Self.finding("f\(f)", i)) } }
        let printed = DiagnosticLimits().capped(log.diagnostics)
        #expect(printed.count == 1_001)
        #expect(printed.last?.message == "… and 200 more diagnostic(s) not shown (at most 1000 per run)")
    }
}
