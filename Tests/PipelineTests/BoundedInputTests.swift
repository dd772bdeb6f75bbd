// BoundedInputTests: every command on the hostile inputs of issue 46 (item 8) peaks under 100 MB, measured by the kernel
// (`ForgeRunner.measured`: wait4's ru_maxrss), and says what it left out with a stable code.
import Foundation
import GRDB
import Testing

/// One hostile input: its file, the command run on it, and the code that must report what was left out.
struct HostileCase: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var file: String
    var code: String
    /// Writes the input (generated here, a few lines of code, sized so the run takes a few seconds).
    var write: @Sendable (String) throws -> Void
    var testDescription: String { name }
}

private func writeText(_ text: String) -> @Sendable (String) throws -> Void {
    { path in try text.write(toFile: path, atomically: false, encoding: .utf8) }
}

/// A line of `count` bytes: bigger than any reader keeps, far smaller than the red team's 50–100 MB versions.
private func longLine(_ count: Int) -> String { String(repeating: "8/", count: count / 2) }

@Suite(.enabled(if: ForgeRunner.available), .serialized) struct BoundedInputTests {
    static let names = Repository.root.appendingPathComponent("data/chess-openings").path
    static let cases: [HostileCase] = [
        // A FEN line of 40 MB: before, fen2pgn and validate held it (and its String) whole: 130–170 MB.
        HostileCase(name: "fen2pgn, one 40 MB line", arguments: ["fen2pgn", "long.fen"], file: "long.fen", code: "IO106",
                    write: writeText(longLine(40 << 20) + "\n")),
        HostileCase(name: "validate, a .fen with one 40 MB line", arguments: ["validate", "--no-engine", "--no-names", "long.fen"],
                    file: "long.fen", code: "IO106", write: writeText(longLine(40 << 20) + "\n")),
        HostileCase(name: "analyze, a .fen with one 40 MB line",
                    arguments: ["analyze", "--no-cache", "--no-engine-store", "--engine", "/bin/false", "long.fen"],
                    file: "long.fen", code: "IO106", write: writeText(longLine(40 << 20) + "\n")),
        // A million unclosed `(` (2 MB): before, pgn2fen --variations kept a line per `(`: 403 MB.
        HostileCase(name: "pgn2fen --variations, a million unclosed (", arguments: ["pgn2fen", "--variations", "parens.pgn"],
                    file: "parens.pgn", code: "PGN909",
                    write: writeText("[Event \"h\"]\n\n1. e4 " + String(repeating: "( ", count: 1_000_000) + "\n")),
        // A million variations `(1. d4)`: before, one sequence each, all held to the game's end (4.3 GB for ten million).
        HostileCase(name: "pgn2fen --variations, a million (1. d4)", arguments: ["pgn2fen", "--variations", "variations.pgn"],
                    file: "variations.pgn", code: "PGN909",
                    write: writeText("[Event \"h\"]\n\n1. e4 " + String(repeating: "(1. d4) ", count: 1_000_000) + "*\n")),
        // 200,000 distinct tags: the reader keeps GameLimits.maxTags of them; before, every name in its duplicate set
        // and every tag in the game tree.
        HostileCase(name: "classify, 200,000 tags", arguments: ["classify", "--names", names, "--output-format", "text", "tags.pgn"],
                    file: "tags.pgn", code: "PGN909",
                    write: writeText("".appending((0..<200_000).map { "[T\($0) \"v\"]\n" }.joined()) + "\n1. e4 *\n")),
        // Two cache rows of 50 MB: before, `cache merge` read every row whole (566 MB for ten).
        HostileCase(name: "cache merge, two 50 MB rows", arguments: ["cache", "merge", "big.sqlite", "-o", "out.sqlite"],
                    file: "big.sqlite", code: "IO106", write: { path in
                        let queue = try DatabaseQueue(path: path)
                        try queue.writeWithoutTransaction { db in
                            try db.execute(sql: """
                                PRAGMA application_id = 1128682051;
                                CREATE TABLE analysis (position TEXT NOT NULL, engine TEXT NOT NULL, profile TEXT NOT NULL, zobrist INTEGER NOT NULL,
                                  result TEXT NOT NULL, PRIMARY KEY (position, engine, profile)) WITHOUT ROWID;
                                INSERT INTO analysis VALUES ('8/8/8/8/8/8/8/K1k5 w - -', 'e', 'p', 1, replace(hex(zeroblob(25000000)), '00', 'x'));
                                INSERT INTO analysis VALUES ('8/8/8/8/8/8/8/K2k4 w - -', 'e', 'p', 2, replace(hex(zeroblob(25000000)), '00', 'x'));
                                """)
                        }
                        try queue.close()
                    }),
    ]

    @Test(arguments: cases)
    func aHostileInputIsReadInBoundedMemoryAndReported(_ c: HostileCase) throws {
        let dir = try ForgeRunner.scratch("bounded")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try c.write(dir + "/" + c.file)
        let r = try ForgeRunner.measured(c.arguments, in: dir)
        #expect(r.peakMB > 0 && r.peakMB < 100, "\(c.name): peak \(r.peakMB) MB")
        #expect(r.status != 0 && r.status < 128, "\(c.name): exit \(r.status)")
        #expect(r.output.contains("error[\(c.code)]"), "\(c.name): \(r.output.prefix(2_000))")
        #expect(r.output.count < 1_000_000, "\(c.name): \(r.output.count) characters of output")
        #expect(r.output.split(separator: "\n").allSatisfy { $0.count < 2 * 1_000 + 200 }, "\(c.name): a line longer than a capped diagnostic")
    }
}

/// Rows of issue 46's item 11 that a run of forge shows.
@Suite(.enabled(if: ForgeRunner.available), .serialized) struct InputEdgeTests {
    /// `pgn2fen -` with standard input closed is a missing input (66), not 0 games read and exit 0.
    @Test func aClosedStandardInputIsNoInput() throws {
        let dir = try ForgeRunner.scratch("closed-stdin")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try ForgeRunner.measured(["pgn2fen", "-"], in: dir, stdin: nil)
        #expect(r.status == 66, "\(r.output)")
        #expect(r.output.contains("cannot read standard input: it is closed"), "\(r.output)")
    }

    /// A CRLF library `.fen` is read as its lines, as fen2pgn and analyze read it (before: one line, refused as a
    /// FEN whose last field is "1\r\nrnbqkbnr/…").
    @Test func aCRLFFENFileIsReadAsItsLines() throws {
        let dir = try ForgeRunner.scratch("crlf-fen")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fens = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]
        try (fens.joined(separator: "\r\n") + "\r\n").write(toFile: dir + "/crlf.fen", atomically: false, encoding: .utf8)
        let r = try ForgeRunner.measured(["validate", "--no-engine", "--no-names", "crlf.fen"], in: dir)
        #expect(r.status == 0, "\(r.output)")
        #expect(r.output.hasSuffix("0 errors, 0 warnings\n"), "\(r.output)")
        try (fens[0] + "\r\n" + "not a fen\r\n").write(toFile: dir + "/crlf.fen", atomically: false, encoding: .utf8)
        let bad = try ForgeRunner.measured(["validate", "--no-engine", "--no-names", "crlf.fen"], in: dir)
        #expect(bad.output.hasPrefix("crlf.fen:2:1: error[FEN"), "\(bad.output)")
    }

    /// A 60 KB FEN line (under the line limit) in fen2pgn's error is cut to the message limit: one short line, not 60 KB.
    @Test func aLongFENIsEchoedCut() throws {
        let dir = try ForgeRunner.scratch("long-fen")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try (String(repeating: "x", count: 60_000) + "\u{1B}[2K\n").write(toFile: dir + "/x.fen", atomically: false, encoding: .utf8)
        let r = try ForgeRunner.measured(["fen2pgn", "x.fen"], in: dir)
        #expect(r.status == 1)
        #expect(r.output.contains("x.fen:1:"), "\(r.output.prefix(500))")
        #expect(r.output.count < 3_000, "\(r.output.count) characters")
        #expect(!r.output.unicodeScalars.contains { $0.value == 0x1B })
    }

    /// A folder given to a reading command holds a link out of it (`zz.pgn -> /etc/passwd`, `zz.fen -> /etc/passwd`):
    /// refused by the rule validate and build use (`InputPaths.expand` walks it with `SourceRoot`: IO105, 66), nothing
    /// read. Before, pgn2fen, fen2pgn, classify, annotate and analyze followed it and quoted the file in a diagnostic.
    @Test(arguments: [["pgn2fen"], ["fen2pgn"], ["classify", "--names", BoundedInputTests.names], ["annotate", "--no-engine"],
                      ["analyze", "--no-cache", "--no-engine-store", "--engine", "/bin/false"]])
    func aLinkOutOfAGivenFolderIsRefused(_ command: [String]) throws {
        let dir = try ForgeRunner.scratch("input-link")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/games", withIntermediateDirectories: true)
        try "[Event \"e\"]\n\n1. e4 *\n".write(toFile: dir + "/games/a.pgn", atomically: false, encoding: .utf8)
        let secret = dir + "/secret.txt"
        try "root:x:0:0:the first token of a secret\n".write(toFile: secret, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/games/zz.pgn", withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(atPath: dir + "/games/zz.fen", withDestinationPath: secret)
        let r = try ForgeRunner.measured(command + ["games"], in: dir)
        #expect(r.status == 66, "\(command): \(r.output)")
        #expect(r.output.contains("error[IO105]: refusing to use games/zz."), "\(command): \(r.output)")
        #expect(!r.output.contains("root:x"), "\(command): \(r.output)")
    }
}

