// StreamSafetyTests: no write can trap — no `try!` in Sources, no trapping FileHandle write, no `print` that drops errors —
// and a closed or full standard stream ends forge with 74 (141 quietly for a closed pipe), never a crash (issue 30).
import Foundation
import Testing
import UCIEngine
#if canImport(Glibc)
import Glibc
#endif

@Suite struct StreamSafetyTests {
    /// What may not be written in Sources/, and why.
    static let forbidden: [(pattern: String, why: String)] = [
        ("try!", "traps on the first error; on I/O that is a crash for a full disk or a closed pipe"),
        (".standardOutput.write(Data", "FileHandle.write(_: Data) traps on EPIPE/EBADF/ENOSPC (a try! inside)"),
        (".standardError.write(Data", "FileHandle.write(_: Data) traps on EPIPE/EBADF/ENOSPC (a try! inside)"),
    ]

    /// The offending lines of `text` (comments skipped): `print(` too in the executable and Pipeline, where it would
    /// drop a write error (exit 0 on a full disk).
    static func offences(in text: String, file: String) -> [String] {
        var found: [String] = []
        let printForbidden = file.hasPrefix("forge/") || file.hasPrefix("Pipeline/")
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.drop { $0 == " " }
            if code.hasPrefix("//") { continue }
            for f in forbidden where code.contains(f.pattern) { found.append("\(file):\(i + 1): \(f.pattern) — \(f.why)") }
            if printForbidden, code.contains(" print(") || code.hasPrefix("print(") {
                found.append("\(file):\(i + 1): print( — drops write errors; use printLine (forge/Output.swift)")
            }
        }
        return found
    }

    @Test func noWriteInSourcesCanTrapOrBeLost() throws {
        let sources = Repository.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        var offences: [String] = []
        var scanned = 0
        for file in files where file.hasSuffix(".swift") {
            scanned += 1
            offences += Self.offences(in: try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8), file: file)
        }
        #expect(scanned > 100)
        #expect(offences == [])
    }

    @Test func theScannerFindsEachForbiddenShape() {
        #expect(Self.offences(in: "let x = try! Data(contentsOf: u)", file: "Words/X.swift").count == 1)
        #expect(Self.offences(in: "    FileHandle.standardError.write(Data(s.utf8))", file: "forge/X.swift").count == 1)
        #expect(Self.offences(in: "        print(line)", file: "forge/X.swift").count == 1)
        #expect(Self.offences(in: "        print(line)", file: "forge-bench/X.swift").isEmpty)
        #expect(Self.offences(in: "    // try! in a comment", file: "forge/X.swift").isEmpty)
        #expect(Self.offences(in: "        printLine(line)", file: "forge/X.swift").isEmpty)
    }
}

@Suite(.enabled(if: ForgeRunner.available)) struct ClosedStreamTests {
    /// Runs `forge arguments` with `stream` (1 or 2) redirected by the shell as `redirect` (`>/dev/full`, `2>&-`).
    func run(_ arguments: String, _ redirect: String) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "\"$0\" \(arguments) \(redirect)", ForgeRunner.path]
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationReason == .uncaughtSignal ? 128 + p.terminationStatus : p.terminationStatus
    }

    /// A full or closed stream is exit 74 for every shape of output: reports, diagnostics, summaries, data.
    @Test(arguments: [
        ("perft 2", ">/dev/full"), ("perft 2", ">&-"), ("validate --list-checks", ">/dev/full"),
        ("pgn2fen nonexistent.pgn", "2>/dev/full"), ("pgn2fen nonexistent.pgn", "2>&-"),
        ("cache stats nonexistent.sqlite", "2>/dev/full"), ("fen2pgn nonexistent.fen", "2>&-"),
    ])
    func aLostStreamExits74(_ arguments: String, _ redirect: String) throws {
        #expect(try run(arguments, redirect) == 74, "forge \(arguments) \(redirect)")
    }

    /// The commands whose answer is their standard output: a full disk loses it, so they end with 74, not 0
    /// (`words solve`, `words lookup`, `cache stats` exited 0; `analyze` exited 141 on ENOSPC).
    @Test func aCommandWhoseAnswerIsLostToAFullDiskExits74() throws {
        let dir = try wordsTempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(fixtureBuild(out: dir).diagnostics.isEmpty)
        let dawg = "--dawg '\(dir)/words.dawg'"
        _ = try AnalysisCache(path: dir + "/results.sqlite")
        var commands = [
            "words solve anagrams stared \(dawg)", "words lookup cat \(dawg)", "cache stats '\(dir)/results.sqlite'",
        ]
        if FileManager.default.isExecutableFile(atPath: "/usr/games/stockfish") {
            commands.append("analyze '\(Fixtures.path("analyze/positions.fen"))' --nodes 100 --multipv 1 --jobs 1 --no-cache --engine /usr/games/stockfish")
        }
        for command in commands {
            // The same command with its output kept succeeds: the 74 is the lost output, nothing else.
            #expect(try run(command, ">/dev/null") == 0, "forge \(command)")
            #expect(try run(command, ">/dev/full") == 74, "forge \(command) >/dev/full")
        }
    }

    /// `forge … | head -1`: the status of a tool killed by SIGPIPE (141) and not a word on standard error.
    /// The reader (`true`) is gone before forge writes: perft prints its lines after computing them (0.4 s), so
    /// every write meets a closed pipe. With `head -1` it was a race: when all the lines reached the pipe before
    /// head read them, forge wrote nothing after head left and ended 0 (two runs in three under load).
    @Test func aClosedPipeEndsQuietly() throws {
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("pipe-\(UUID().uuidString).err").path
        defer { try? FileManager.default.removeItem(atPath: err) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "\"$0\" perft --divide 5 2>\"$1\" | true; echo \"${PIPESTATUS[0]}\"", ForgeRunner.path, err]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        p.waitUntilExit()
        let status = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status == "141\n")
        #expect(FileManager.default.contents(atPath: err) == Data())
    }

    /// The commands whose data goes through the output writer (`OutputFile`) to standard output, on a real pipe whose
    /// read end is closed before forge starts (no race: every write meets EPIPE). They stop at the first write and end
    /// 141 without a word (before: 74 and `error[IO103]: cannot write standard output: Broken pipe`). The same run
    /// into /dev/null ends 0 or 1 as it should: the 141 is the closed pipe, nothing else.
    struct PipedRun: Sendable, CustomTestStringConvertible {
        var command: [String]
        /// Its status when its output is read (into /dev/null).
        var statusWhenRead: Int32
        var testDescription: String { command.joined(separator: " ") }
    }

    static let pipedRuns = [
        PipedRun(command: ["pgn2fen", "convert/variations.pgn"], statusWhenRead: 0),
        PipedRun(command: ["pgn2fen", "--variations", "convert/variations.pgn"], statusWhenRead: 0),
        PipedRun(command: ["fen2pgn", "analyze/positions.fen"], statusWhenRead: 1),
        PipedRun(command: ["classify", "--output-format", "text", "classify/corpus.pgn"], statusWhenRead: 0),
        PipedRun(command: ["classify", "--output-format", "pgn", "classify/tags.pgn"], statusWhenRead: 0),
        PipedRun(command: ["annotate", "--no-engine", "annotate/italian.pgn"], statusWhenRead: 0),
        PipedRun(command: ["annotate", "--no-engine", "--output-format", "jsonl", "annotate/italian.pgn"], statusWhenRead: 0),
    ]

    @Test(arguments: pipedRuns)
    func theOutputWriterOnAClosedPipeEndsQuietly(_ run: PipedRun) throws {
        let command = run.command, statusWhenRead = run.statusWhenRead
        let args = [command[0]] + command.dropFirst().map { $0.hasSuffix(".pgn") || $0.hasSuffix(".fen") ? Fixtures.path($0) : $0 }
        #expect(try ForgeRunner.run(args).status == statusWhenRead, "forge \(command) > /dev/null")
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()  // the reader is gone before forge writes a byte
        let err = Pipe()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ForgeRunner.path)
        p.arguments = args
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = pipe.fileHandleForWriting
        p.standardError = err.fileHandleForWriting
        try p.run()
        try pipe.fileHandleForWriting.close()
        try err.fileHandleForWriting.close()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 141, "forge \(command): \(p.terminationStatus)")
        #expect(!stderr.contains("IO103") && !stderr.contains("Broken pipe") && !stderr.contains("summary"), "forge \(command): \(stderr)")
    }
}
