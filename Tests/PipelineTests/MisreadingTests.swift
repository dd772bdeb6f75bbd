// MisreadingTests: the silent misreadings and wrong statuses of issue 30, each with its fixture
// (Tests/PipelineTests/Fixtures/misreadings, classify/bom.pgn) and the status it now ends with.
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@testable import Pipeline
@testable import UCIEngine

private func fixture(_ rel: String) -> String { Fixtures.path(rel) }

@Suite(.enabled(if: ForgeRunner.available)) struct MisreadingTests {
    @Test func aNonStandardVariantIsRefusedNotConvertedAsChess() throws {
        for name in ["atomic", "chess960"] {
            let r = try ForgeRunner.run(["pgn2fen", fixture("misreadings/\(name).pgn")], timeLimit: 30)
            #expect(r.status == 1, "\(name)")
            #expect(r.stdout.isEmpty, "\(name): \(r.stdout)")
            #expect(r.stderr.contains("error[PGN117]: [Variant \""), "\(name)")
        }
        let standard = try ForgeRunner.run(["pgn2fen", fixture("misreadings/standard.pgn")], timeLimit: 30)
        #expect(standard.status == 0)
        #expect(standard.stdout.split(separator: "\n").count == 2)  // after 1. e4 and 1... e5
    }

    @Test func fen2pgnRefusesATagItWritesFromTheSequence() throws {
        for tag in ["FEN=8/8/8/8/8/8/8/K1k5 w - - 0 1", "SetUp=1"] {
            let r = try ForgeRunner.run(["fen2pgn", fixture("misreadings/one.fen"), "--tag", tag], timeLimit: 30)
            #expect(r.status == 64, "\(tag)")
            #expect(r.stderr.contains("is written from each sequence's first position"), "\(tag)")
        }
        #expect(try ForgeRunner.run(["fen2pgn", fixture("misreadings/one.fen"), "--tag", "Event=x"], timeLimit: 30).status == 0)
    }

    @Test func aVariationBeforeTheFirstMoveIsReportedByPlainPgn2fen() throws {
        let r = try ForgeRunner.run(["pgn2fen", fixture("misreadings/variation-first.pgn")], timeLimit: 30)
        #expect(r.status == 1)
        #expect(r.stderr.contains("4:1: error[PGN111]: variation at the start has no move to replace"), "\(r.stderr)")
    }

    @Test func classifyInPlaceKeepsTheBOMFirstAndRefusesAFIFO() throws {
        let dir = try ForgeRunner.scratch("classify-bom")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: fixture("classify/bom.pgn"), toPath: dir + "/bom.pgn")
        let names = Repository.root.appendingPathComponent("data/chess-openings").path
        let r = try ForgeRunner.run(["classify", "--names", names, "--in-place", "bom.pgn"], in: dir, timeLimit: 60)
        #expect(r.status == 0)
        let bytes = Array(FileManager.default.contents(atPath: dir + "/bom.pgn") ?? Data())
        #expect(Array(bytes.prefix(4)) == [0xEF, 0xBB, 0xBF, UInt8(ascii: "[")])
        #expect(String(decoding: bytes, as: UTF8.self).contains("[Opening \"Ruy Lopez\"]"))
        let again = try ForgeRunner.run(["pgn2fen", "bom.pgn"], in: dir, timeLimit: 30)
        #expect(again.status == 0 && again.stdout.split(separator: "\n").count == 5)  // one game of five plies, not two games
        // A FIFO is refused before it is opened (opening it would block).
        #expect(mkfifo(dir + "/pipe.pgn", 0o600) == 0)
        let fifo = try ForgeRunner.run(["classify", "--names", names, "--in-place", "pipe.pgn"], in: dir, timeLimit: 20)
        #expect(!fifo.timedOut)
        #expect(fifo.status == 73)
        #expect(fifo.stderr.contains("error[IO102]: cannot create pipe.pgn: it is a named pipe"))
        // A full disk is 74, not 73.
        let full = try ForgeRunner.run(["classify", "--names", names, "bom.pgn", "-o", "/dev/full"], in: dir, timeLimit: 30)
        #expect(full.status == 74)
    }

    @Test func analyzeEndsWith66ForAMissingInput() throws {
        let r = try ForgeRunner.run(["analyze", "nonexistent.fen", "--no-cache", "--engine", "/bin/false"],
                                    in: Fixtures.root, timeLimit: 30)
        #expect(r.status == 66)
    }

    @Test func aDawgThatIsAFolderOrAFIFOIsAClearError() throws {
        let dir = try ForgeRunner.scratch("dawg-kinds")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/words.dawg", 0o600) == 0)
        for (path, found) in [(dir, "found a folder"), (dir + "/words.dawg", "found not a regular file")] {
            let r = try ForgeRunner.run(["words", "lookup", "cat", "--dawg", path], timeLimit: 20)
            #expect(!r.timedOut)
            #expect(r.status == 66, "\(path)")
            #expect(r.stderr.contains("error[WRD510]: expected a words.dawg file at \(path), \(found)"), "\(r.stderr)")
        }
    }
}

@Suite struct EngineChoiceTests {
    @Test func forgeEngineIsLookedUpOnPathLikeEngine() throws {
        let dir = try ForgeRunner.scratch("engine-path")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "#!/bin/sh\n".write(toFile: dir + "/myfish", atomically: false, encoding: .utf8)
        #expect(chmod(dir + "/myfish", 0o755) == 0)
        let env = ["PATH": "/nonexistent:" + dir, "FORGE_ENGINE": "myfish"]
        #expect(try EngineLocator.locate(explicitPath: nil, environment: env) == dir + "/myfish")
        #expect(try EngineLocator.locate(explicitPath: "myfish", environment: ["PATH": dir]) == dir + "/myfish")
        #expect(try EngineLocator.locate(explicitPath: nil, environment: ["FORGE_ENGINE": "/abs/fish"]) == "/abs/fish")
    }
}

@Suite(.enabled(if: ForgeRunner.available && FileManager.default.isExecutableFile(atPath: "/usr/games/stockfish")))
struct JobsCapTests {
    /// `--jobs` above the core count is capped with UCI121 and the run goes on (it used to start every engine asked for).
    @Test func jobsAboveTheCoresWarnsAndRuns() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let r = try ForgeRunner.run(["analyze", "analyze/positions.fen", "--nodes", "100", "--multipv", "1", "--jobs", "\(cores + 3)",
                                     "--no-cache", "--engine", "/usr/games/stockfish"], in: Fixtures.root, timeLimit: 60)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderrLines.filter { $0.contains("UCI121") }
            == ["warning[UCI121]: --jobs \(cores + 3) asks for more engines than the \(cores) cores; \(cores) started"], "\(r.stderr)")
        #expect(!r.stdout.isEmpty)
    }
}
