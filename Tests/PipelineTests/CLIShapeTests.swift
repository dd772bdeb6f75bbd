// CLIShapeTests: forge's one command shape, seen from outside — every command's help lists its exit codes, every
// command takes `--format github` and `--format json`, and the outcomes map to the statuses of docs/cli.md.
import Foundation
import Pipeline
import Testing

@Suite(.enabled(if: ForgeRunner.available)) struct CLIShapeTests {
    /// Every command and subcommand forge shows (`forge help` lists the top level; this list must match it).
    static let commands: [[String]] = [
        ["validate"], ["build"], ["regenerate"], ["pgn2fen"], ["classify"], ["fen2pgn"], ["analyze"],
        ["cache"], ["cache", "merge"], ["cache", "stats"], ["cache", "export-store"], ["cache", "verify-store"],
        ["cache", "import-store"], ["annotate"],
        ["words"], ["words", "build"], ["words", "lookup"], ["words", "solve"],
        ["words", "solve", "wordhunt"], ["words", "solve", "anagrams"], ["words", "solve", "wordbites"],
        ["explain"], ["report"], ["perft"],
    ]

    /// The names under a help page's SUBCOMMANDS heading.
    static func subcommands(_ help: String) -> [String] {
        guard let start = help.range(of: "SUBCOMMANDS:") else { return [] }
        return help[start.upperBound...].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") || false else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "See" }
    }

    @Test func theListIsEveryCommandForgeShows() throws {
        for parent in [[], ["cache"], ["words"], ["words", "solve"]] as [[String]] {
            let help = try ForgeRunner.run(parent + ["--help"], timeLimit: 30)
            #expect(help.status == 0)
            let shown = Self.subcommands(help.stdout)
            #expect(!shown.isEmpty)
            let listed = Self.commands.filter { $0.count == parent.count + 1 && Array($0.dropLast()) == parent }.map { $0.last ?? "" }
            #expect(Set(shown) == Set(listed), "forge \(parent.joined(separator: " ")) shows \(shown)")
        }
    }

    @Test(arguments: commands) func helpListsTheExitCodes(_ command: [String]) throws {
        for args in [["help"] + command, command + ["--help"]] {
            let r = try ForgeRunner.run(args, timeLimit: 30)
            #expect(r.status == 0)
            let text = r.stdout
            guard let section = text.range(of: "Exit status:") else {
                Issue.record("forge \(args.joined(separator: " ")): no exit status section")
                continue
            }
            // The section ends at the first blank line; a long meaning wraps onto a line of its own (not a code).
            let lines = text[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
                .prefix { !$0.isEmpty }.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            let codes = lines.compactMap { Int32($0.split(separator: " ").first ?? "") }
            #expect(codes.first == 0 && codes.contains(64) && codes.last == 141, "forge \(args.joined(separator: " ")): \(codes)")
            #expect(codes == codes.sorted() && Set(codes).isSubset(of: [0, 1, 64, 66, 69, 73, 74, 141]))
        }
    }

    /// A run of every leaf command that ends in an error: its diagnostics come out as GitHub annotations.
    static func failingRuns(_ dir: String) -> [(args: [String], status: Int32)] {
        let f = Fixtures.path
        return [
            (["validate", "--no-engine", "--no-names", f("validate/PGN102")], 1),
            (["build", "--openings", dir + "/empty", "--out", "b", "--no-words", "--names", "none", "--engine", "/nonexistent"], 69),
            (["regenerate", "--check", "--no-engine", f("validate/PGN102")], 1),
            (["pgn2fen", f("convert/errors_moves.pgn")], 1),
            (["fen2pgn", f("analyze/bad.fen")], 1),
            (["classify", "--names", "none", f("classify/tags.pgn")], 1),
            (["analyze", "--engine", "/nonexistent", "--no-cache", f("analyze/positions.fen")], 69),
            (["annotate", "--no-engine", f("annotate/bad.pgn"), f("annotate/italian.pgn")], 1),
            (["cache", "merge", "-o", "x.sqlite", "none.sqlite"], 66),
            (["cache", "stats", "none.sqlite"], 66),
            (["cache", "export-store", "--engine", "/nonexistent", "--no-cache", "--openings", f("validate/good"), "--names", "none"], 69),
            (["cache", "verify-store", "--positions", "none.txt"], 66),
            (["cache", "import-store", "--engine-store", "none", "--cache", "x.sqlite"], 66),
            (["words", "build", "--scowl", "none", "--out", "w"], 1),
            (["words", "build", "--region", "mars", "--out", "w"], 64),
            (["words", "lookup", "--dawg", "none.dawg", "cat"], 66),
            (["words", "solve", "wordhunt", "--dawg", "none.dawg", "oatrihpshtnrenei"], 66),
            (["words", "solve", "anagrams", "--dawg", "none.dawg", "tarsine"], 66),
            (["words", "solve", "anagrams", "--dawg", "none.dawg", "ta1"], 64),
            (["words", "solve", "wordbites", "--dawg", "none.dawg", "t", "r", "a", "h:er"], 66),
            (["perft", "--fen", "BAD", "1"], 64),
            (["explain", "--no-cache", "e4", "e4"], 64),
            (["report", "none", "--out", "site"], 66),
        ]
    }

    @Test func everyCommandTakesFormatGithub() throws {
        let dir = try ForgeRunner.scratch("cli-github")
        try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
        let runs = Self.failingRuns(dir)
        // Every leaf command is tried.
        let leaves = Set(Self.commands.filter { c in !Self.commands.contains { $0.count > c.count && Array($0.prefix(c.count)) == c } })
        let tried = Set(runs.map { run in leaves.first { Array(run.args.prefix($0.count)) == $0 } ?? [] })
        #expect(tried == leaves)
        for (args, status) in runs {
            let r = try ForgeRunner.run(args + ["--format", "github"], in: dir, timeLimit: 60)
            let name = args.prefix(3).joined(separator: " ")
            #expect(r.status == status, "forge \(name): \(r.stderr)")
            let annotations = (r.stdout + r.stderr).split(separator: "\n").filter { $0.hasPrefix("::error ") }
            #expect(!annotations.isEmpty, "forge \(name): no annotation in \(r.stderr)")
            #expect(annotations.allSatisfy { $0.contains("title=") && $0.contains("::") }, "\(annotations)")
            #expect(!r.stderr.contains("error[") && !r.stdout.contains("error["), "forge \(name): text diagnostics under --format github")
        }
    }

    @Test func formatJSONIsOneObjectWithDiagnosticsAndSummary() throws {
        let dir = try ForgeRunner.scratch("cli-json")
        try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
        for (args, status) in Self.failingRuns(dir) {
            let r = try ForgeRunner.run(args + ["--format", "json"], in: dir, timeLimit: 60)
            let name = args.prefix(3).joined(separator: " ")
            #expect(r.status == status, "forge \(name): \(r.stderr)")
            // The object is on standard output, or on standard error when standard output carries data.
            let text = r.stdout.hasPrefix("{") ? r.stdout : r.stderr
            let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
            #expect(!diagnostics.isEmpty && diagnostics.allSatisfy { ($0["code"] as? String)?.isEmpty == false }, "forge \(name)")
            #expect(object?["summary"] is [String: Any], "forge \(name)")
            #expect(object?["exitStatus"] as? Int == Int(status), "forge \(name)")
            let command = args.first == "words" || args.first == "cache" ? args.prefix(2) : args.prefix(1)
            #expect(object?["command"] as? String == command.joined(separator: " "), "forge \(name)")
        }
    }

    @Test func validateJSONCountsWhatItFound() throws {
        let r = try ForgeRunner.run(["validate", "--no-engine", "--no-names", "--format", "json", Fixtures.path("validate/PGN102")], timeLimit: 60)
        #expect(r.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let summary = object?["summary"] as? [String: Any]
        let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
        #expect(summary?["errors"] as? Int == diagnostics.filter { $0["severity"] as? String == "error" }.count)
        #expect(summary?["files"] as? Int == 1)
        #expect(diagnostics.contains { $0["code"] as? String == "PGN102" })
        #expect(object?["outcome"] as? String == "inputErrors")
    }

    @Test func perftWithABadFENIsBadUsage() throws {
        let r = try ForgeRunner.run(["perft", "--fen", "BAD", "1"], timeLimit: 30)
        #expect(r.status == 64)
        #expect(r.stderr.contains("error[FEN001]: invalid FEN"))
        #expect(r.stdout.isEmpty)
        // Two digits in a row are malformed in ChessCore's parser itself, so every command rejects them.
        let digits = try ForgeRunner.run(["perft", "--fen", "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "1"], timeLimit: 30)
        #expect(digits.status == 64)
        #expect(digits.stderr.contains("error[FEN011]"))
        #expect(digits.stderr.contains("\"44\" is two digits in a row"))
        #expect(digits.stdout.isEmpty)
        let good = try ForgeRunner.run(["perft", "3"], timeLimit: 30)
        #expect(good.status == 0 && good.stdout == "8902\n")
    }

    @Test func annotateTakesManyFiles() throws {
        let italian = Fixtures.path("annotate/italian.pgn")
        let one = try ForgeRunner.run(["annotate", "--no-engine", "--output-format", "jsonl", italian], timeLimit: 60)
        let two = try ForgeRunner.run(["annotate", "--no-engine", "--output-format", "jsonl", italian, italian], timeLimit: 60)
        #expect(one.status == 0 && two.status == 0)
        #expect(!one.stdout.isEmpty && two.stdout == one.stdout + one.stdout)
        let missing = try ForgeRunner.run(["annotate", "--no-engine", italian, "none.pgn"], timeLimit: 60)
        #expect(missing.status == 66)
    }

    /// The reading commands share one input group: `-` (and no input at all) is standard input, and reads the same as the file.
    @Test func everyReadingCommandTakesStandardInput() throws {
        let pgn = Fixtures.path("annotate/italian.pgn"), fen = Fixtures.path("analyze/positions.fen")
        let cases: [(args: [String], file: String)] = [
            (["pgn2fen"], pgn), (["annotate", "--no-engine", "--output-format", "jsonl"], pgn),
            (["classify", "--names", NameFixtures.listDirectory, "--output-format", "text"], pgn),
            (["analyze", "--nodes", "2000", "--no-cache", "--output-format", "jsonl"], fen),
        ]
        for c in cases {
            let named = try ForgeRunner.run(c.args + [c.file], timeLimit: 120)
            let dash = try ForgeRunner.run(c.args + ["-"], stdin: c.file, timeLimit: 120)
            #expect(named.status == 0 && dash.status == 0, "forge \(c.args.joined(separator: " ")) -: \(dash.stderr)")
            #expect(!named.stdout.isEmpty, "forge \(c.args.joined(separator: " ")) printed nothing")
            // The data is the same; only the input's name (in classify's and analyze's lines) differs.
            #expect(dash.stdout.replacingOccurrences(of: "<stdin>", with: c.file) == named.stdout, "forge \(c.args.joined(separator: " ")) -")
        }
        let none = try ForgeRunner.run(["pgn2fen"], stdin: pgn, timeLimit: 60)
        let named = try ForgeRunner.run(["pgn2fen", pgn], timeLimit: 60)
        #expect(none.status == 0 && none.stdout == named.stdout)
    }

    @Test func classifyReadsTheOtherInputsWhenOneIsMissing() throws {
        let r = try ForgeRunner.run(["classify", "--names", NameFixtures.listDirectory, "--output-format", "text",
                                     Fixtures.path("classify/tags.pgn"), "none.pgn"], timeLimit: 60)
        #expect(r.status == 66)
        #expect(r.stdout.split(separator: "\n").count >= 1 && r.stdout.hasPrefix("1\t"))
        #expect(r.stderr.contains("error[PGN130]") && r.stderr.contains("none.pgn"))
    }

    @Test func aFolderIsItsFilesInSortedOrder() throws {
        let dir = Fixtures.path("convert")
        let files = try ForgeRunner.run(["pgn2fen", dir + "/errors_moves.pgn", dir + "/variations.pgn"], timeLimit: 60)
        let folder = try ForgeRunner.run(["pgn2fen", dir], timeLimit: 60)
        #expect(!files.stdout.isEmpty && folder.stdout == files.stdout && folder.stderr == files.stderr && folder.status == files.status)
        #expect(InputPaths.expand([dir, "-", "x.pgn"], extensions: ["pgn"]).paths == [dir + "/errors_moves.pgn", dir + "/variations.pgn", "-", "x.pgn"])
        #expect(InputPaths.expand([dir], extensions: ["epd"]).paths == [dir])
    }

    @Test func retiredFlagsAreBadUsage() throws {
        for args in [["pgn2fen", "--github-annotations"], ["pgn2fen", "--format", "epd"], ["analyze", "x.fen", "--format", "jsonl"]] {
            let r = try ForgeRunner.run(args, timeLimit: 30)
            #expect(r.status == 64, "forge \(args.joined(separator: " "))")
        }
    }

    /// The words reports say why they failed by their outcome; no caller matches codes.
    @Test func wordsOutcomesNameTheFailure() {
        #expect(WordsSolve.run(WordsSolveConfiguration(game: .anagrams, input: ["ta1"], dawgPath: "none.dawg")).outcome == .usage)
        #expect(WordsSolve.run(WordsSolveConfiguration(game: .anagrams, input: ["tarsine"], dawgPath: "/nonexistent/words.dawg")).outcome == .noInput)
        #expect(WordsLookup.run(WordsLookupConfiguration(word: " ", dawgPath: "none.dawg")).outcome == .usage)
        let region = WordsLookup.run(WordsLookupConfiguration(word: "cat", dawgPath: "none.dawg", source: WordsSourceOptions(region: "mars")))
        #expect(region.outcome == .usage && region.diagnostics.map(\.code.string) == ["WRD313"])
        #expect(WordsLookup.run(WordsLookupConfiguration(word: "cat", dawgPath: "/nonexistent/words.dawg")).outcome == .noInput)
        let build = WordsBuild.run(WordsBuildConfiguration(source: WordsSourceOptions(maxLevel: 7), outputDirectory: "/nonexistent/w"))
        #expect(build.outcome == .usage && build.diagnostics.map(\.code.string) == ["WRD314"])
    }

    @Test func outcomesOrderByWeight() {
        #expect(CommandOutcome.ok.worst(.inputErrors) == .inputErrors)
        #expect(CommandOutcome.ioError.worst(.noInput) == .ioError)
        #expect(CommandOutcome.inputErrors.worst(.closedPipe) == .closedPipe)  // nobody reads the rest: 141 wins
        #expect(CommandOutcome.from([]) == .ok)
    }
}
