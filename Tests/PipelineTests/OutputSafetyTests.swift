// OutputSafetyTests: every command's output goes through OutputFile: inputs refused, devices written through, links and modes kept, temp files removed on signals, sysexits statuses.
import Diagnostics
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@testable import Pipeline

private let game = "[Event \"t\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n"

private func write(_ text: String, _ path: String) throws { try text.write(toFile: path, atomically: false, encoding: .utf8) }
private func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
private func mode(_ path: String) -> mode_t {
    var st = stat()
    return stat(path, &st) == 0 ? st.st_mode & 0o7777 : 0
}
private func isLink(_ path: String) -> Bool {
    var st = stat()
    return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
}

@Suite(.enabled(if: ForgeRunner.available)) struct OutputSafetyTests {
    @Test(arguments: [["pgn2fen", "same.pgn", "-o", "same.pgn"], ["fen2pgn", "same.fen", "-o", "same.fen"],
                      ["annotate", "same.pgn", "--no-engine", "-o", "same.pgn"], ["pgn2fen", "-o", "same.pgn"]])
    func anOutputThatIsAnInputIsRefused(_ args: [String]) throws {
        let dir = try ForgeRunner.scratch("out-input")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(game, dir + "/same.pgn")
        try write("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n", dir + "/same.fen")
        let before = ForgeRunner.listing(dir).map { read(dir + "/" + $0) }
        // The last case reads standard input, which is the output file.
        let r = try ForgeRunner.run(args, in: dir, stdin: dir + "/same.pgn", timeLimit: 30)
        #expect(r.status == 73)
        #expect(r.stderr.contains("error[IO101]: refusing to write same."))
        #expect(ForgeRunner.listing(dir) == ["same.fen", "same.pgn"])  // no temporary file left
        #expect(ForgeRunner.listing(dir).map { read(dir + "/" + $0) } == before)  // inputs unchanged
    }

    @Test func anotherNameForTheInputIsRefused() throws {
        let dir = try ForgeRunner.scratch("out-alias")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(game, dir + "/a.pgn")
        #expect(symlink("a.pgn", dir + "/sym.pgn") == 0)
        #expect(link(dir + "/a.pgn", dir + "/hard.pgn") == 0)
        for (input, output) in [("a.pgn", "sym.pgn"), ("a.pgn", "hard.pgn"), ("sym.pgn", "hard.pgn"), ("./a.pgn", "a.pgn")] {
            let r = try ForgeRunner.run(["pgn2fen", input, "-o", output], in: dir, timeLimit: 30)
            #expect(r.status == 73, "\(input) -o \(output)")
            #expect(r.stderr.contains("IO101"), "\(input) -o \(output)")
        }
        #expect(read(dir + "/a.pgn") == game)
        #expect(isLink(dir + "/sym.pgn"))
        #expect(ForgeRunner.listing(dir) == ["a.pgn", "hard.pgn", "sym.pgn"])
    }

    @Test func aDeviceIsWrittenThroughNeverReplaced() throws {
        let dir = try ForgeRunner.scratch("out-dev")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(game, dir + "/g.pgn")
        let r = try ForgeRunner.run(["pgn2fen", "g.pgn", "-o", "/dev/null"], in: dir, timeLimit: 30)
        #expect(r.status == 0)
        var st = stat()
        #expect(lstat("/dev/null", &st) == 0 && (st.st_mode & S_IFMT) == S_IFCHR)
        #expect(ForgeRunner.listing("/dev").allSatisfy { !$0.hasPrefix(".null.tmp") })
        // A FIFO gets the bytes and stays a FIFO.
        #expect(mkfifo(dir + "/pipe", 0o600) == 0)
        let reader = FileHandle(forUpdatingAtPath: dir + "/pipe")  // read+write: opening does not block
        let r2 = try ForgeRunner.run(["pgn2fen", "g.pgn", "-o", "pipe"], in: dir, timeLimit: 30)
        #expect(r2.status == 0)
        let got = String(decoding: reader?.availableData ?? Data(), as: UTF8.self)
        #expect(got.hasPrefix("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"))
        #expect(lstat(dir + "/pipe", &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO)
    }

    @Test func aWriteFailureExits74() throws {
        let dir = try ForgeRunner.scratch("out-full")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(game, dir + "/g.pgn")
        let r = try ForgeRunner.run(["pgn2fen", "g.pgn", "-o", "/dev/full"], in: dir, timeLimit: 30)
        #expect(r.status == 74)
        #expect(r.stderr.contains("error[IO103]: cannot write /dev/full: No space left on device"))
    }

    @Test func aSymbolicLinkIsKeptAndItsTargetReplacedWithItsMode() throws {
        let dir = try ForgeRunner.scratch("out-link")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(game, dir + "/g.pgn")
        try write("secret old\n", dir + "/private.fen")
        #expect(chmod(dir + "/private.fen", 0o600) == 0)
        #expect(symlink("private.fen", dir + "/link.fen") == 0)
        let r = try ForgeRunner.run(["pgn2fen", "g.pgn", "-o", "link.fen"], in: dir, timeLimit: 30)
        #expect(r.status == 0)
        #expect(isLink(dir + "/link.fen"))
        #expect(read(dir + "/private.fen")?.hasPrefix("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1") == true)
        #expect(mode(dir + "/private.fen") == 0o600)
        // Written directly too, the private file stays private; a new file gets 0666 less the umask.
        let r2 = try ForgeRunner.run(["fen2pgn", "private.fen", "-o", "g2.pgn"], in: dir, timeLimit: 30)
        #expect(r2.status == 0)
        let um = umask(0o022)
        umask(um)
        #expect(mode(dir + "/g2.pgn") == 0o666 & ~um)
        #expect(ForgeRunner.listing(dir) == ["g.pgn", "g2.pgn", "link.fen", "private.fen"])
    }

    @Test func outputsThatCannotBeCreatedExit73() throws {
        let dir = try ForgeRunner.scratch("out-cant")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(game, dir + "/g.pgn")
        #expect(mkdir(dir + "/sub", 0o755) == 0)
        #expect(symlink("nowhere.fen", dir + "/dangling.fen") == 0)
        let cases: [(String, String)] = [
            ("missing/x.fen", "error[IO102]: cannot create missing/x.fen: No such file or directory"),
            ("sub", "error[IO102]: cannot create sub: it is a directory"),
            ("dangling.fen", "error[IO102]: cannot create dangling.fen: it is a symbolic link to a file that does not exist"),
        ]
        for (output, message) in cases {
            let r = try ForgeRunner.run(["pgn2fen", "g.pgn", "-o", output], in: dir, timeLimit: 30)
            #expect(r.status == 73, "\(output)")
            #expect(r.stderrLines == [message])
        }
        #expect(ForgeRunner.listing(dir) == ["dangling.fen", "g.pgn", "sub"])
        #expect(ForgeRunner.listing(dir + "/sub").isEmpty)
    }

    @Test func aMissingInputExits66AndTheOthersAreConverted() throws {
        let dir = try ForgeRunner.scratch("out-missing")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(game, dir + "/g.pgn")
        let r = try ForgeRunner.run(["pgn2fen", "nope.pgn", "g.pgn", "-o", "out.fen"], in: dir, timeLimit: 30)
        #expect(r.status == 66)
        #expect(r.stderrLines == ["error[PGN130]: cannot open nope.pgn: No such file or directory"])
        #expect(read(dir + "/out.fen")?.split(separator: "\n").count == 4)
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalRemovesTheTemporaryFileAndKeepsTheOldOutput(_ sig: Int32) throws {
        let dir = try ForgeRunner.scratch("out-signal")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write("old\n", dir + "/out.fen")
        #expect(mkfifo(dir + "/in.pgn", 0o600) == 0)
        let feeder = FileHandle(forUpdatingAtPath: dir + "/in.pgn")  // keeps the FIFO open: forge waits for more
        feeder?.write(Data("1. e4 e5".utf8))
        var sent = false
        let r = try ForgeRunner.run(["pgn2fen", "-", "-o", "out.fen"], in: dir, stdin: dir + "/in.pgn", timeLimit: 30) { pid in
            if ForgeRunner.listing(dir).contains(where: { $0.hasPrefix(".out.fen.tmp-") }) {
                kill(pid, sig)
                sent = true
                return false
            }
            return true
        }
        #expect(sent)
        #expect(r.status == 128 + sig)
        #expect(ForgeRunner.listing(dir) == ["in.pgn", "out.fen"])
        #expect(read(dir + "/out.fen") == "old\n")
        _ = feeder
    }

    @Test func aFileNameWithANewlineCannotForgeADiagnosticLine() throws {
        let dir = try ForgeRunner.scratch("out-newline")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let name = "a\nerror[PGN999]: forged.pgn"
        try write("1. e4 Ke7 2. Qh5 Kxe1 *\n", dir + "/" + name)
        let r = try ForgeRunner.run(["pgn2fen", name], in: dir, timeLimit: 30)
        #expect(r.status == 1)
        #expect(r.stderrLines.count == 1)
        #expect(r.stderrLines.first?.hasPrefix("a\\nerror[PGN999]: forged.pgn:1:") == true)
        #expect(Diagnostic.escapeControls("x\ty\u{1B}[2K") == "x\\ty\\u{1B}[2K")
    }

    @Test func theWriterAPIRefusesAndCleansUp() throws {
        let dir = try ForgeRunner.scratch("out-api")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write("in\n", dir + "/in.txt")
        #expect(throws: OutputError.isAnInput(dir + "/in.txt", dir + "/in.txt")) {
            try OutputFile(path: dir + "/in.txt", inputs: [dir + "/in.txt"])
        }
        do {
            let out = try OutputFile(path: dir + "/new.txt")
            try out.write(Array("half".utf8))
            #expect(SignalCleanup.shared.registeredPaths.contains { $0.hasPrefix(dir + "/.new.txt.tmp-") })
            out.discard()
        }
        #expect(!SignalCleanup.shared.registeredPaths.contains { $0.hasPrefix(dir) })
        #expect(ForgeRunner.listing(dir) == ["in.txt"])
        try OutputFile.write(Array("whole\n".utf8), to: dir + "/new.txt")
        #expect(read(dir + "/new.txt") == "whole\n")
        #expect(OutputError.ioError("x", "y").outcome == .ioError && OutputError.cannotCreate("x", "y").outcome == .cannotCreate)
    }

    @Test func wordListsGoThroughTheSameWriter() throws {
        let dir = try ForgeRunner.scratch("out-words")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write("old\n", dir + "/words.txt")
        #expect(chmod(dir + "/words.txt", 0o600) == 0)
        try WordsFileWriter.write("cat\ndog\n", to: dir + "/words.txt")
        #expect(read(dir + "/words.txt") == "cat\ndog\n")
        #expect(mode(dir + "/words.txt") == 0o600)
        #expect(throws: OutputError.cannotCreate(dir + "/none/words.txt", "No such file or directory")) {
            try WordsFileWriter.write("x\n", to: dir + "/none/words.txt")
        }
        #expect(ForgeRunner.listing(dir) == ["words.txt"])
    }
}

/// Memory stays bounded whatever the input: forge is killed if it passes 100 MB.
@Suite(.enabled(if: ForgeRunner.available), .serialized) struct BoundedMemoryTests {
    @Test func pgn2fenOnEndlessZerosStopsAtOnceWithOneError() throws {
        let r = try ForgeRunner.run(["pgn2fen", "/dev/zero"], timeLimit: 20, killAboveMB: 100)
        #expect(!r.timedOut)
        #expect(r.peakMB < 100)
        #expect(r.status == 1)
        #expect(r.stderrLines == ["/dev/zero:1:1: error[PGN902]: this is not a text file (NUL bytes or mostly bytes that are not UTF-8): nothing more is read from it"])
    }

    @Test func pgn2fenOnAnEndlessUnreadableGameStaysSmall() throws {
        // Text that is not binary but never ends a game: "1. e4 " then endless "&": one error, flat memory.
        let dir = try ForgeRunner.scratch("mem-endless")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/in.pgn", 0o600) == 0)
        let feeder = FileHandle(forUpdatingAtPath: dir + "/in.pgn")
        let chunk = Data(("1. e4 " + String(repeating: "& ", count: 32_000)).utf8)
        let writer = Thread {
            for _ in 0..<250 { feeder?.write(chunk) }  // 16 MB: 8 million errors if each "&" were one, held until the game ends
            try? feeder?.close()
        }
        writer.start()
        // --quiet: on a loaded machine this runs past 30 s, and a log (stderr is a file here) gets a progress line then.
        let r = try ForgeRunner.run(["pgn2fen", "-", "--quiet"], stdin: dir + "/in.pgn", timeLimit: 90, killAboveMB: 100)
        #expect(r.peakMB < 100)
        #expect(r.status == 1)
        #expect(r.stderrLines.first == "<stdin>:1:7: error[PGN100]: unexpected character \"&\" in movetext; the rest of the game is skipped")
        #expect(r.stderrLines.count == 2)  // and the missing result
    }

    @Test func anEngineWritingOneEndlessLineDoesNotGrowForge() throws {
        let dir = try ForgeRunner.scratch("mem-engine")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The engine's first launch writes one line of 128 MiB (no newline: more than forge's memory bound, were it
        // kept) and ends; a relaunch ends at once. forge drops the line, gives the engine up (69), never grows.
        try """
            #!/bin/sh
            [ -e flooded ] && exit 1
            : > flooded
            head -c 134217728 /dev/zero | tr '\\0' 'x'

            """.write(toFile: dir + "/engine.sh", atomically: false, encoding: .utf8)
        chmod(dir + "/engine.sh", 0o755)
        try "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n".write(toFile: dir + "/one.fen", atomically: false, encoding: .utf8)
        let r = try ForgeRunner.run(["analyze", "one.fen", "--engine", "./engine.sh", "--no-cache"], in: dir, timeLimit: 60,
                                    killAboveMB: 100)
        #expect(FileManager.default.fileExists(atPath: dir + "/flooded"))
        #expect(r.peakMB > 0 && r.peakMB < 100, "peak \(r.peakMB) MB")
        #expect(r.status == 69, "\(r.stderr)")
    }
}
