// Names end to end: the whole vendored list against the bundle, forge classify against python-chess, a build with names.
import Diagnostics
import BundleStore
import ChessCore
import Foundation
import GRDB
import Testing
import UCIEngine
@testable import Openings
@testable import Pipeline

enum NameFixtures {
    /// The vendored list, `data/chess-openings/` at the package root.
    static var listDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/chess-openings").path
    }
}

@Suite struct NameTableBundleTests {
    /// Every position of every line of the list, by position, carries in the bundle exactly the list's name and ECO
    /// where the list names it, and otherwise the name of the deepest named position before it (inherited).
    @Test func theWholeListIsInTheBundleByPosition() throws {
        let (list, files, problems) = try NameListFiles.load(NameFixtures.listDirectory)
        #expect(files.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.tsv", "b.tsv", "c.tsv", "d.tsv", "e.tsv"])
        #expect(problems.isEmpty, "\(problems.prefix(3).map(\.text))")
        #expect(list.lines.count == 3807)
        let tree = OpeningTree.build([], names: list)
        let table = NameTable(tree: tree, list: list)
        let info = BundleInfo(engine: "none", engineVersion: "", profile: "", sourceHash: String(repeating: "0", count: 64), buildDate: nil)
        let content = BundleContentBuilder.content(tree: tree, table: table, sources: [], verdicts: [], annotations: [], info: info,
                                                   paths: SourcePaths(openings: "openings", nameList: nil))
        let path = try Fixtures.tempDirectory() + "/openings.sqlite"
        _ = try BundleWriter().write(content, to: path)

        let db = try DatabaseQueue(path: path)
        let rows = try db.read { try PositionRecord.fetchAll($0) }
        var byKey: [Int64: PositionRecord] = [:]
        for r in rows { byKey[r.zobristKey] = r }
        #expect(rows.count == byKey.count)
        #expect(rows.count > 7_800)
        var exact = 0
        var seen = Set<Int64>()
        for line in list.lines {
            var p = Position.standard
            var inherited: OpeningName?
            for m in line.moves {
                p.playUnchecked(m)
                let row = try #require(byKey[Int64(bitPattern: p.zobristKey)], "\(line.location): \(p.fen()) missing")
                #expect(!row.inCurriculum)
                if let own = list.name(ofKey: p.zobristKey) {
                    #expect(row.name == own.name && row.eco == own.eco && !row.nameIsInherited && row.family == own.family)
                    if seen.insert(row.zobristKey).inserted { exact += 1 }
                    inherited = own
                } else {
                    // Inherited along the first list line that reached it: named, marked, and the same on every line
                    // only when the lines share their path; the flag and a name always hold.
                    #expect(row.nameIsInherited && row.name != nil)
                    _ = inherited
                }
            }
        }
        // Every name of the list is in the bundle once, on its own position.
        #expect(exact == list.names.count)
        let start = try #require(byKey[Int64(bitPattern: Position.standard.zobristKey)])
        #expect(start.name == nil && start.eco == nil && !start.nameIsInherited)
        // The moves that lead to named children are there: every list line can be walked from the start.
        let moves = try db.read { try MoveRecord.fetchAll($0) }
        #expect(moves.allSatisfy { !$0.inCurriculum })
        var edge: [Int64: [String: Int64]] = [:]
        for m in moves { edge[m.fromPositionID, default: [:]][m.uci] = m.toPositionID }
        for line in list.lines {
            var at = start.id
            for m in line.moves {
                at = try #require(edge[at]?[m.uci], "\(line.location): no move \(m.uci)")
            }
            #expect(rows.first { $0.id == at }.map { list.name(ofKey: $0.polyglotKey) != nil } == true)
        }
        // Every move order into a position can be listed: the incoming moves of a transposed position.
        #expect(table.transpositions.count > 100)
        let t = table.transpositions[0]
        let into = try db.read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM move WHERE to_position_id = ?", arguments: [t.node])
        }
        #expect(into == t.incoming.count && t.incoming.count >= 2)
        let sites = TranspositionReport.sites(table)
        #expect(sites.count == table.transpositions.count)
        #expect(sites.allSatisfy { $0.moveOrders.count >= 2 })
    }
}

@Suite struct ClassifyTests {
    func classify(_ file: String, format: ClassifyConfiguration.Format = .text, variations: Bool = false) throws -> (String, ClassifyReport) {
        let out = try Fixtures.tempDirectory() + "/out"
        let report = Classify.run(ClassifyConfiguration(inputs: [file], namesPath: NameFixtures.listDirectory, format: format,
                                                            outputPath: out, variations: variations))
        return (try String(contentsOfFile: out, encoding: .utf8), report)
    }

    /// The golden files were written by scripts/gen/names_reference.py, the rule written independently on python-chess.
    @Test func agreesWithThePythonChessReferenceOnEveryGame() throws {
        let (text, report) = try classify(Fixtures.path("classify/corpus.pgn"))
        let golden = try String(contentsOfFile: Fixtures.path("classify/golden.txt"), encoding: .utf8)
        #expect(report.games == 2500 && !report.failed)
        #expect(report.named > 2000)
        let got = text.split(separator: "\n"), want = golden.split(separator: "\n")
        #expect(got.count == want.count)
        for (g, w) in zip(got, want) where g != w {
            Issue.record("forge: \(g)\npython-chess: \(w)")
            break
        }
    }

    @Test func namesEveryVariationsEndLikeThePythonChessReference() throws {
        let (text, _) = try classify(Fixtures.path("classify/corpus.pgn"), variations: true)
        let golden = try String(contentsOfFile: Fixtures.path("classify/golden-variations.txt"), encoding: .utf8)
        #expect(text.split(separator: "\n").count > 2600)
        #expect(text == golden)
    }

    @Test func jsonlRecordsCarryTheSameFields() throws {
        let (text, _) = try classify(Fixtures.path("classify/tags.pgn"), format: .jsonl)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == #"{"game":1,"line":0,"ply":5,"eco":"C50","name":"Italian Game","epd":"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq -"}"#)
        #expect(lines[2].hasPrefix(#"{"game":3,"line":0,"ply":0,"eco":null,"name":null,"#))
    }

    @Test func pgnOutputSetsTheTagsAndKeepsEverythingElse() throws {
        let (text, report) = try classify(Fixtures.path("classify/tags.pgn"), format: .pgn)
        let want = try String(contentsOfFile: Fixtures.path("classify/tags.expected.pgn"), encoding: .utf8)
        #expect(text == want)
        #expect(report.games == 3 && report.named == 2)
    }

    @Test func inPlaceRewritesOnlyWhenAskedAndRefusesWhatDoesNotGoTogether() throws {
        let dir = try Fixtures.tempDirectory()
        let file = dir + "/games.pgn"
        try FileManager.default.copyItem(atPath: Fixtures.path("classify/tags.pgn"), toPath: file)
        let report = Classify.run(ClassifyConfiguration(inputs: [file], namesPath: NameFixtures.listDirectory, inPlace: true))
        #expect(report.rewritten == [file])
        #expect(try String(contentsOfFile: file, encoding: .utf8)
            == String(contentsOfFile: Fixtures.path("classify/tags.expected.pgn"), encoding: .utf8))
        for bad in [
            ClassifyConfiguration(inputs: [file], inPlace: true, variations: false).with { $0.format = .jsonl },
            ClassifyConfiguration(inputs: [file], outputPath: dir + "/x", inPlace: true),
            ClassifyConfiguration(inputs: ["-"], inPlace: true),
            ClassifyConfiguration(inputs: [file], format: .pgn, variations: true),
        ] {
            #expect(bad.usageProblem != nil)
            let r = Classify.run(bad)
            #expect(r.outcome == .usage && r.stopped?.kind == .usage && r.games == 0)
        }
    }

    @Test func aMissingListIsAnErrorAndABadGameIsReportedWhileTheOthersAreNamed() throws {
        let missing = Classify.run(ClassifyConfiguration(inputs: [Fixtures.path("classify/tags.pgn")], namesPath: "/nonexistent/names",
                                                             format: .text, outputPath: try Fixtures.tempDirectory() + "/o"))
        #expect(missing.diagnostics.map(\.code.string) == ["NAM100"] && missing.failed)
        let (text, report) = try classify(Fixtures.path("classify/illegal.pgn"))
        #expect(report.failed && report.gamesWithErrors == 1 && report.games == 2)
        #expect(report.diagnostics.first?.code == "PGN102")
        #expect(report.diagnostics.first?.location?.line == 3)
        // The bad game is named up to its error (1.e4 e5 2.Nf3), the next one in full.
        #expect(text == "1\t0\t3\tC40\tKing's Knight Opening\trnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq -\n"
            + "2\t0\t2\tB20\tSicilian Defense\trnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -\n")
    }
}

extension ClassifyConfiguration {
    func with(_ change: (inout ClassifyConfiguration) -> Void) -> ClassifyConfiguration {
        var c = self
        change(&c)
        return c
    }
}

@Suite(.serialized) struct BuildNamesTests {
    /// A build with a small list: names in the bundle, the list's own positions analysed at the name table's budget.
    /// The build is the run's shared one of the good library against `names/a.tsv` (`Fixtures.copyOfTheSmallListBuild`).
    @Test func aBuildNamesTheTreeAndAnalysesTheNameTable() throws {
        let built = try Fixtures.copyOfTheSmallListBuild()
        let out = built.out, report = built.report
        #expect(!report.failed, "\(report.diagnostics.map(\.text))")
        #expect(report.counts["name_table_positions"] == 2)
        let bundle = try OpeningsBundle(path: out + "/openings.sqlite")
        let e4 = try #require(try bundle.position(fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"))
        #expect(e4.name == "King's Pawn Game" && e4.eco == "B00" && !e4.nameIsInherited && e4.inCurriculum)
        let start = try #require(try bundle.position(fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
        #expect(start.name == nil)
        #expect(try bundle.children(ofPosition: start.id).map(\.move.san).sorted() == ["d4", "e4"])
        let d4 = try #require(try bundle.position(fen: "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"))
        #expect(d4.name == "Queen's Pawn Game" && !d4.inCurriculum && d4.family == "Queen's Pawn Game")
        let analysis = try #require(try bundle.analysis(ofPosition: d4.id))
        #expect(analysis.analysis.profile.contains("nodes=\(AnalysisProfile.nameTableNodes)"))
        #expect(analysis.lines.count == 3)
        // Every tree position past the start has a name and an ECO.
        let db = try DatabaseQueue(path: out + "/openings.sqlite")
        let unnamed = try db.read {
            try Int.fetchOne($0, sql: "SELECT count(*) FROM position WHERE in_curriculum AND (name IS NULL OR eco IS NULL) AND id != ?",
                             arguments: [start.id])
        }
        #expect(unnamed == 0)
    }
}

@Suite struct ValidateNamesTests {
    /// forge validate checks the authored names against the vendored list, reads the reasons file at the library's
    /// root, and refuses a missing list.
    @Test func theNameChecksRunWithTheReasonsFileAndAMissingListIsAnError() throws {
        let lib = try Fixtures.tempDirectory()
        try FileManager.default.copyItem(atPath: Fixtures.path("validate/good/coach"), toPath: lib + "/coach")
        try """
            file\tname\treason
            coach/italian.pgn\tQuiet 4...d6\tthe coach names the idea, not the list's variation
            coach/italian.pgn\tNo such name\tstale
            """.write(toFile: lib + "/" + NameListFiles.reasonsFileName, atomically: true, encoding: .utf8)
        let report = Validate.run(ValidateConfiguration(paths: [lib], engine: nil, namesPath: NameFixtures.listDirectory))
        let names = report.diagnostics.filter { $0.code.family == "NAM" }
        #expect(names.map(\.code.string) == ["NAM102", "NAM104"])
        #expect(names[0].message == "ECO C50 disagrees with the list: \"Italian Game: Classical Variation, Giuoco Pianissimo\" (after 5.d3) is C54")
        #expect(names[1].location?.line == 3 && names[1].location?.file.hasSuffix("names-reasons.tsv") == true)
        #expect(names.allSatisfy { $0.severity == .warning })

        let missing = Validate.run(ValidateConfiguration(paths: [lib], engine: nil, namesPath: lib + "/no-list"))
        #expect(missing.diagnostics.filter { $0.code == "NAM100" && $0.severity == .error }.count == 1)
        #expect(DiagnosticCatalogue.all.filter { $0.family == "NAM" }.map(\.string) == ["NAM100", "NAM101", "NAM102", "NAM103", "NAM104", "NAM105", "NAM110", "NAM111", "NAM112", "NAM113"])
    }
}

@Suite struct TranspositionReportTests {
    @Test func eachTransposedPositionIsPrintedWithEveryMoveOrderIntoIt() {
        let (list, problems) = NameList.read([(file: "a.tsv", text: """
            eco\tname\tpgn
            E00\tIndian Defense: Normal Variation\t1. d4 Nf6 2. c4 e6
            A13\tEnglish Opening: Agincourt Defense\t1. c4 e6
            E00\tIndian Defense: Normal Variation\t1. c4 e6 2. d4 Nf6
            """)])
        #expect(problems.isEmpty)
        let table = NameTable(tree: OpeningTree.build([], names: list), list: list)
        let sites = TranspositionReport.sites(table)
        #expect(sites.map(\.text) == [
            "Indian Defense: Normal Variation (E00) rnbqkb1r/pppp1ppp/4pn2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq -: "
                + "1. d4 Nf6 2. c4 e6 | 1. c4 e6 2. d4 Nf6",
        ])
        #expect(sites.allSatisfy { !$0.inCurriculum })
    }
}

/// classify's key table: compiled from the list once, kept in the cache folder, read back only when it is exactly the
/// table of the same list.
@Suite struct NameKeyTableTests {
    @Test func theTableNamesEveryPositionTheListNames() throws {
        let (list, _, _) = try NameListFiles.load(NameFixtures.listDirectory)
        let table = NameKeyTable(list)
        #expect(table.count == list.names.count)
        for (key, name) in list.names { #expect(table.name(ofKey: key) == name) }
        #expect(table.name(ofKey: Position.standard.zobristKey) == nil)  // the list names no start position
        var italian = Position.standard
        for san in ["e4", "e5", "Nf3", "Nc6", "Bc4"] { try italian.play(italian.move(san: san)) }
        #expect(table.name(ofKey: italian.zobristKey)?.name == "Italian Game")
        // By position (occupancy first, then the key): the same answer at every position of every line, named or not,
        // and at positions no line reaches.
        var checked = 0
        for line in list.lines {
            var p = Position.standard
            for m in line.moves {
                p.playUnchecked(m)
                #expect(table.name(of: p) == list.names[p.zobristKey])
                checked += 1
            }
            for m in p.legalMoves.prefix(3) {
                let q = p.playingUnchecked(m)
                #expect(table.name(of: q) == list.names[q.zobristKey])
            }
        }
        #expect(checked > 30_000)
        #expect(table.occupancies.count == list.occupancies.count && table.occupancies.count > 1000)
    }

    @Test func bytesRoundTripAndDamageIsRefused() throws {
        let (list, _, _) = try NameListFiles.load(NameFixtures.listDirectory)
        let table = NameKeyTable(list)
        let digest: [UInt8] = Array(repeating: 7, count: 32)
        let bytes = table.encoded(sourceDigest: digest)
        #expect(NameKeyTable(decoding: bytes, sourceDigest: digest) == table)
        // Another list's digest, one flipped byte anywhere, a truncated file, another format: never used.
        #expect(NameKeyTable(decoding: bytes, sourceDigest: Array(repeating: 8, count: 32)) == nil)
        for at in [0, 5, 40, bytes.count / 2, bytes.count - 20, bytes.count - 1] {
            var damaged = bytes
            damaged[at] ^= 0x01
            #expect(NameKeyTable(decoding: damaged, sourceDigest: digest) == nil, "flipped byte \(at)")
        }
        #expect(NameKeyTable(decoding: Array(bytes.dropLast(9)), sourceDigest: digest) == nil)
        #expect(NameKeyTable(decoding: [], sourceDigest: digest) == nil)
        var otherVersion = bytes
        otherVersion[4] = 9
        #expect(NameKeyTable(decoding: otherVersion, sourceDigest: digest) == nil)
    }

    @Test func theTableIsKeptOncePerListAndReadBack() throws {
        let cache = try Fixtures.tempDirectory()
        let lists = try Fixtures.tempDirectory()
        try FileManager.default.copyItem(atPath: NameFixtures.listDirectory + "/a.tsv", toPath: lists + "/a.tsv")
        let first = try NameListFiles.loadKeyTable(lists, cacheDirectory: cache)
        #expect(first.diagnostics.isEmpty)
        let kept = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("names-") }
        #expect(kept.count == 1)
        // Read back: the same table.
        let second = try NameListFiles.loadKeyTable(lists, cacheDirectory: cache)
        #expect(second.table == first.table)
        // A damaged kept table is ignored and rewritten, the answer unchanged.
        try Data("CFNK garbage".utf8).write(to: URL(fileURLWithPath: cache + "/" + kept[0]))
        #expect(try NameListFiles.loadKeyTable(lists, cacheDirectory: cache).table == first.table)
        #expect(NameKeyTable(decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: cache + "/" + kept[0]))),
                             sourceDigest: []) == nil)  // rewritten whole (stamped with the list's digest, not empty)
        // A changed list is another table under another name.
        let extra = "eco\tname\tpgn\nA00\tTest Opening: Made Up\t1. a3 a6 2. h3 h6\n"
        try Data(extra.utf8).write(to: URL(fileURLWithPath: lists + "/z.tsv"))
        let changed = try NameListFiles.loadKeyTable(lists, cacheDirectory: cache)
        #expect(changed.table.count == first.table.count + 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("names-") }.count == 2)
        // A list with problems is read each time and never kept.
        try Data("eco\tname\tpgn\nA00\tBroken\t1. e5\n".utf8).write(to: URL(fileURLWithPath: lists + "/z.tsv"))
        let broken = try NameListFiles.loadKeyTable(lists, cacheDirectory: cache)
        #expect(broken.diagnostics.map(\.code) == [NameCode.nameRowMoveNotCanonical])
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("names-") }.count == 2)
    }
}
