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
    static let positions = 1_000

    /// In a normal run: one write of the synthetic content, read back. As the child of
    /// `aKilledWriterLeavesTheTargetWhole` (the variable set): writes B and A over the target forever.
    @Test func childWrites() throws {
        guard let dir = ProcessInfo.processInfo.environment[Self.childDirectoryVariable] else {
            let scratch = try makeScratchDirectory()
            defer { removeScratchDirectory(scratch) }
            let counts = try BundleWriter().write(
                syntheticContent(positions: 500, openingName: "A"), to: "\(scratch)/openings.sqlite")
            #expect(counts["position"] == 500 && counts["line_move"] == 499)
            return
        }
        let contents = [
            syntheticContent(positions: Self.positions, openingName: "B"),
            syntheticContent(positions: Self.positions, openingName: "A"),
        ]
        for round in 0... {
            try BundleWriter().write(contents[round % 2], to: "\(dir)/openings.sqlite")
        }
    }

    #if os(Linux)
    // Five children, each waited for up to 60 s to enter its write: the bound covers them on a loaded machine (a full
    // CI run with other engines took longer than 2 minutes).
    @Test(.timeLimit(.minutes(6)))
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
        var sawScratch = 0
        var sawB = 0
        for delayMilliseconds in [0, 100, 300, 700, 1600] {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: executable)
            child.arguments = ["--testing-library", "swift-testing", "--filter", "BundleKillTests/childWrites"]
            child.environment = ProcessInfo.processInfo.environment.merging([Self.childDirectoryVariable: dir]) { $1 }
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()
            // Wait until the child is inside a write (its scratch file exists), then let it run a little.
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, child.isRunning {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
                if names.contains(where: { $0.contains(".scratch-") }) {
                    sawScratch += 1
                    break
                }
                usleep(2000)
            }
            usleep(UInt32(delayMilliseconds * 1000))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            #expect(child.terminationReason == .uncaughtSignal)

            let now = try Data(contentsOf: URL(fileURLWithPath: target))
            #expect(now == bytesA || now == bytesB, "after a kill at +\(delayMilliseconds) ms the target is neither A nor B")
            if now == bytesB { sawB += 1 }
            let bundle = try OpeningsBundle(path: target)
            #expect(try bundle.rowCounts()["position"] == Self.positions)
            // A killed writer may leave its hidden scratch or temporary file behind, never a partial target.
            for name in try FileManager.default.contentsOfDirectory(atPath: dir) where name != "openings.sqlite" {
                #expect(name.hasPrefix(".openings.sqlite.scratch-") || name.hasPrefix(".openings.sqlite.tmp-"), "\(name)")
                try FileManager.default.removeItem(atPath: "\(dir)/\(name)")
            }
        }
        #expect(sawScratch == 5)
        print("kill test: the child had replaced the target in \(sawB) of 5 rounds")
    }
    #endif
}
