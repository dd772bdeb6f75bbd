// BundleKillTests: a writer process killed with SIGKILL mid-write leaves the previous bundle intact.
import Foundation
import Testing

@testable import BundleStore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Synthetic content big enough that a write takes a noticeable time: one opening whose main
/// line walks through `count` positions (the store does not check chess, only structure).
func syntheticContent(positions count: Int, openingName: String) -> BundleContent {
    let positions = (1...count).map { i in
        PositionRecord(
            id: Int64(i), polyglotKey: UInt64(i) &* 0x9E37_79B9_7F4A_7C15, fen: "synthetic position \(i) w - - 0 1",
            name: "Name \(i / 100)", eco: "C50", sideToMove: i % 2 == 1 ? .white : .black)
    }
    let moves = (1..<count).map { i in
        MoveRecord(id: Int64(i), fromPositionID: Int64(i), toPositionID: Int64(i + 1), uci: "a2a3", san: "a3", key: "\(i):a2a3")
    }
    let lineMoves = (1..<count).map { i in
        LineMoveRecord(
            lineID: 1, ply: i, moveID: Int64(i), explanation: "Explanation of ply \(i), long enough to fill pages.",
            explanationSource: .authored, concepts: ["development"])
    }
    return BundleContent(
        info: FixtureContent.info,
        openings: [
            OpeningRecord(
                id: 1, slug: "synthetic", name: openingName, eco: "C50", learnerSide: .white, difficulty: 1,
                description: "Synthetic.", sourceFile: "openings/coach/synthetic.pgn")
        ],
        positions: positions, moves: moves, lines: [LineRecord(id: 1, openingID: 1, kind: .main, key: "kill/main")],
        lineMoves: lineMoves)
}

@Suite struct BundleKillTests {
    static let childDirectoryVariable = "BUNDLESTORE_KILL_TEST_DIR"
    /// The stage (BundleWriter.Stage's name) at which the child stops and waits for a kill; unset: it never stops.
    static let childPauseVariable = "BUNDLESTORE_KILL_TEST_PAUSE"
    /// What the child writes to its standard output before each of its lines: the parent waits for these events.
    static let eventPrefix = "bundle-kill-event: "
    static let positions = 1_000

    /// In a normal run: one write of the synthetic content, read back. As the child of
    /// `aKilledWriterLeavesTheTargetWhole` (the variable set): writes B and A over the target forever, telling each
    /// stage of each write on its standard output, and stops at the stage named by `childPauseVariable` (a kill there
    /// lands exactly at that point; the parent never answers, and end of input ends the child).
    @Test func childWrites() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let dir = environment[Self.childDirectoryVariable] else {
            let scratch = try makeScratchDirectory()
            defer { removeScratchDirectory(scratch) }
            let counts = try BundleWriter().write(
                syntheticContent(positions: 500, openingName: "A"), to: "\(scratch)/openings.sqlite")
            #expect(counts["position"] == 500 && counts["line_move"] == 499)
            return
        }
        let pause = environment[Self.childPauseVariable]
        var writer = BundleWriter()
        writer.stageHook = { stage in
            Self.tell("\(stage)")
            if "\(stage)" == pause { _ = FileHandle.standardInput.availableData; exit(1) }
        }
        let contents = [
            syntheticContent(positions: Self.positions, openingName: "B"),
            syntheticContent(positions: Self.positions, openingName: "A"),
        ]
        for round in 0... {
            try writer.write(contents[round % 2], to: "\(dir)/openings.sqlite")
            Self.tell("written")
        }
    }

    static func tell(_ event: String) { FileHandle.standardOutput.write(Data((eventPrefix + event + "\n").utf8)) }

    #if os(Linux)
    /// A child process writing bundles is killed (SIGKILL) at each stage of a write, and twice while it runs freely
    /// (just after a write replaced the target, in the next write's first step; and just after the rows went in, during
    /// the checks and the copy). Each kill waits for the child's event, never for a time: the target is always A or B
    /// whole, exactly the one the stages say, and only hidden scratch or temporary files are left beside it.
    @Test(.timeLimit(.minutes(3)))
    func aKilledWriterLeavesTheTargetWhole() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        let reference = try makeScratchDirectory()
        defer { removeScratchDirectory(reference) }
        let target = "\(dir)/openings.sqlite"
        let a = syntheticContent(positions: Self.positions, openingName: "A")
        let b = syntheticContent(positions: Self.positions, openingName: "B")
        try BundleWriter().write(a, to: target)
        try BundleWriter().write(b, to: "\(reference)/b.sqlite")
        let bytesA = try Data(contentsOf: URL(fileURLWithPath: target))
        let bytesB = try Data(contentsOf: URL(fileURLWithPath: "\(reference)/b.sqlite"))
        #expect(bytesA != bytesB)

        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        // (the stage the child stops at, or nil: it runs on; the event after which it is killed). Stopped at a stage,
        // its first write (B) has not replaced the target yet; running on, the kill lands a little later.
        let rounds: [(pause: String?, killAfter: String)] =
            BundleWriter.Stage.allCases.map { ("\($0)", "\($0)") } + [(nil, "written"), (nil, "inserted")]
        var before = bytesA
        for (pause, killAfter) in rounds {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: executable)
            child.arguments = ["--testing-library", "swift-testing", "--filter", "BundleKillTests/childWrites"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.childDirectoryVariable] = dir
            environment[Self.childPauseVariable] = pause
            child.environment = environment
            let output = Pipe(), input = Pipe()
            child.standardOutput = output
            child.standardInput = input
            child.standardError = FileHandle.nullDevice
            try child.run()
            var events: [String] = []
            var pending = ""
            func take(_ chunk: Data) {
                pending += String(decoding: chunk, as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = String(pending[..<newline])
                    pending = String(pending[pending.index(after: newline)...])
                    if line.hasPrefix(Self.eventPrefix) { events.append(String(line.dropFirst(Self.eventPrefix.count))) }
                }
            }
            // The child's events until the one to kill after (end of output: the child ended first).
            while !events.contains(killAfter) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                take(chunk)
            }
            #expect(events.contains(killAfter), "the child ended before \(killAfter): events \(events)")
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            try? input.fileHandleForWriting.close()
            #expect(child.terminationReason == .uncaughtSignal, "killed after \(killAfter)")
            // Every event the child told before it died says which bundle the target must hold: the last one written
            // (B, A, B, … from the first), or the one after it when the kill came between a rename and its "written".
            take(output.fileHandleForReading.readDataToEndOfFile())
            let written = events.filter { $0 == "written" }.count
            func after(_ writes: Int) -> Data { writes == 0 ? before : (writes % 2 == 1 ? bytesB : bytesA) }
            let allowed = events.last == "verified" ? [after(written), after(written + 1)] : [after(written)]
            let now = try Data(contentsOf: URL(fileURLWithPath: target))
            #expect(allowed.contains(now), "killed after \(killAfter) (events \(events)): the target is not the bundle they say")
            #expect(now == bytesA || now == bytesB)
            if pause != nil { #expect(now == before, "stopped at \(killAfter), the child replaced the target") }
            before = now
            let bundle = try OpeningsBundle(path: target)
            #expect(try bundle.rowCounts()["position"] == Self.positions)
            // A killed writer may leave its hidden scratch or temporary file behind, never a partial target.
            for name in try FileManager.default.contentsOfDirectory(atPath: dir) where name != "openings.sqlite" {
                #expect(name.hasPrefix(".openings.sqlite.scratch-") || name.hasPrefix(".openings.sqlite.tmp-"), "\(name)")
                try FileManager.default.removeItem(atPath: "\(dir)/\(name)")
            }
        }
    }
    #endif
}
