// ProgressTests: the one progress mechanism — a line every 30 s in a log, a bar on a terminal, nothing when quiet — on a test clock.
import Foundation
import Testing
@testable import Pipeline

/// A clock the test moves by hand, and everything the display wrote.
final class ProgressRecorder: @unchecked Sendable {
    var now = 0.0
    var written: [String] = []
    var clock: () -> Double { { [unowned self] in self.now } }
    var write: @Sendable (String) -> Void { { [unowned self] in self.written.append($0) } }
}

@Suite struct ProgressTests {
    /// 100 positions, one every 2 s, every fifth from the cache: in a log, one line each 30 s (none at the end,
    /// which the command's summary reports), as the fixture holds them.
    @Test func aLogGetsALineEveryThirtySeconds() throws {
        let r = ProgressRecorder()
        let meter = ProgressMeter(verb: "analysing", phases: [], style: .log(every: ProgressStyle.logInterval), clock: r.clock, write: r.write)
        meter.expect(100)
        for i in 1...100 {
            r.now += 2
            meter.advance(cached: i % 5 == 0)
        }
        meter.finish()
        let expected = try String(contentsOfFile: Fixtures.path("progress/log-100-positions.txt"), encoding: .utf8)
        #expect(r.written.joined() == expected)
        #expect(r.written.allSatisfy { !$0.contains("\r") && !$0.contains("\u{1B}") })
    }

    @Test func aShortRunPrintsNoLogLine() {
        let r = ProgressRecorder()
        let meter = ProgressMeter(verb: "analysing", phases: [], style: .log(every: 30), clock: r.clock, write: r.write)
        meter.expect(10)
        for _ in 1...10 {
            r.now += 2.9
            meter.advance(cached: false)
        }
        meter.finish()
        #expect(r.written.isEmpty)
    }

    /// A terminal: the bar redrawn in place at most ten times a second, its last state always drawn, then a newline.
    @Test func aTerminalGetsABarRedrawnInPlace() {
        let r = ProgressRecorder()
        let meter = ProgressMeter(verb: "analysing", phases: [], style: .bar, clock: r.clock, write: r.write)
        meter.expect(4)
        for _ in 1...4 {
            r.now += 0.01
            meter.advance(cached: false)
        }
        meter.finish()
        #expect(r.written.count == 3)  // the first, the forced last, the newline
        #expect(r.written.first == "\r\u{1B}[2K[#####---------------] analysing  1/4  100.0 pos/s  ETA 0.0s")
        #expect(r.written.dropFirst().first == "\r\u{1B}[2K[####################] analysing  4/4  100.0 pos/s")
        #expect(r.written.last == "\n")
    }

    @Test func quietIsSilent() {
        let r = ProgressRecorder()
        let meter = ProgressMeter(verb: "analysing", phases: [], style: .off, clock: r.clock, write: r.write)
        meter.expect(3)
        for _ in 1...3 {
            r.now += 60
            meter.advance(cached: false)
        }
        meter.finish()
        #expect(r.written.isEmpty)
        #expect(ProgressStyle.forStandardError(quiet: true) == .off)
        // Under `swift test` standard error is a file or a pipe: a log.
        if isatty(2) == 0 { #expect(ProgressStyle.forStandardError(quiet: false) == .log(every: 30)) }
    }

    /// One meter for a whole run: the phase named with its place among all of them, one count that grows as each
    /// phase asks its positions, one ETA over them all.
    @Test func oneMeterSpansTheRunsPhases() {
        let r = ProgressRecorder()
        let meter = ProgressMeter(verb: "building", phases: ["checks", "names", "notes"], style: .log(every: 30), clock: r.clock, write: r.write)
        meter.begin("checks")
        meter.expect(10)
        for _ in 1...10 { r.now += 2; meter.advance(cached: false) }   // 20 s: no line yet
        meter.begin("notes")
        meter.expect(20)
        for _ in 1...10 { r.now += 2; meter.advance(cached: true) }    // 40 s in: one line
        meter.finish()
        #expect(r.written == ["progress: building 3/3: notes  15/30 (5 cached)  0.3 pos/s  ETA 30s\n"])
    }

    /// A terminal that cannot redraw a line (TERM=dumb) gets plain lines, never an escape sequence.
    @Test func aDumbTerminalGetsNoEscapeSequences() {
        #expect(ProgressStyle.forStandardError(quiet: false, environment: ["TERM": "dumb"]) != .bar)
        if isatty(2) == 1 {
            #expect(ProgressStyle.forStandardError(quiet: false, environment: ["TERM": "dumb"]) == .log(every: ProgressStyle.dumbTerminalInterval))
        }
        let r = ProgressRecorder()
        let meter = ProgressMeter(verb: "annotating", phases: [], style: .log(every: ProgressStyle.dumbTerminalInterval), clock: r.clock, write: r.write)
        meter.expect(5)
        for _ in 1...5 { r.now += 3; meter.advance(cached: false) }
        meter.finish()
        #expect(r.written.count == 2)
        #expect(r.written.allSatisfy { !$0.contains("\u{1B}") && !$0.contains("\r") && $0.hasSuffix("\n") })
    }

    /// pgn2fen's progress goes through the same display: in a log, a plain line each time 30 s have passed (it asks
    /// every 64th game).
    @Test func conversionProgressUsesTheSameDisplay() {
        let r = ProgressRecorder()
        var p = ConversionProgress(style: .log(every: 30), clock: r.clock, write: { r.written.append($0) })
        for game in 1...128 {
            r.now += 0.5
            p.update(input: "games.pgn", bytes: game * 1024, size: 128 * 1024, games: game, plies: game * 80)
        }
        p.finish()
        #expect(r.written == ["progress: pgn2fen: games.pgn 50% (0/0 MB)  64 games  5120 plies  160 plies/s  ETA 32s\n",
                              "progress: pgn2fen: games.pgn 100% (0/0 MB)  128 games  10240 plies  160 plies/s\n"])
    }

    @Test func durationsReadAtEveryScale() {
        #expect(durationText(3.44) == "3.4s")
        #expect(durationText(12) == "12s")
        #expect(durationText(62) == "1m 02s")
        #expect(durationText(432) == "7m 12s")
        #expect(durationText(3_900) == "1h 05m")
    }
}
