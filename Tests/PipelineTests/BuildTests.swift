// forge build with the real Stockfish: deterministic bytes, the app's read API, the Polyglot book, interrupted builds.
import Diagnostics
import BundleStore
import Foundation
import Testing
@testable import Pipeline

@Suite(.serialized) struct BuildTests {
    static let cache = Fixtures.sharedEngineCache

    func build(_ openings: String, into out: String) throws -> BuildReport {
        Build.run(BuildConfiguration(openingsPath: openings, outputDirectory: out,
                                         engine: Fixtures.goodLibraryEngine))
    }

    /// The first build is the run's shared build of the good library (`Fixtures.copyOfTheGoodBundle`); the second is
    /// this test's own, from the same sources and the same engine cache.
    @Test func twoBuildsAreByteIdenticalAndTheSecondIsUpToDate() throws {
        let shared = try Fixtures.copyOfTheGoodBundle(), b = try Fixtures.tempDirectory()
        let a = shared.path, first = shared.report
        #expect(!first.failed && !first.upToDate)
        #expect(first.counts["positions"] == 80)
        #expect(first.searchedNow == 0, "the good library's engine store lacks searches: run scripts/gen/test-engine-stores.sh")
        let second = try build(Fixtures.path("validate/good"), into: b)
        #expect(second.counts["analysed_now"] == 0)
        for f in ["openings.sqlite", "openings.bin", "manifest.json", "fen/classical/qgd.fen", "fen/tactics/scholars-mate.fen"] {
            #expect(FileManager.default.contents(atPath: a + "/" + f) == FileManager.default.contents(atPath: b + "/" + f), "\(f)")
        }
        let again = try build(Fixtures.path("validate/good"), into: b)
        #expect(again.upToDate)
        // The content bar: counted by the build, and read back from the manifest when nothing changed.
        #expect(first.content?.openings == 1 && first.content?.traps == 1 && first.content?.sidesteps == 1)
        #expect(first.content?.earlyPhase2Deviations == 4)
        #expect(again.content == first.content)
        #expect(!FileManager.default.fileExists(atPath: b + "/.staging"))
    }

    /// A build keeps its notes by their inputs (NoteMemo): after a change to one comment, which no note reads, the
    /// notes' searches have the last build's key, so every note comes from the memo and no note engine is asked; the
    /// bundle is byte-identical to one built from scratch.
    @Test func aCommentChangeKeepsEveryNoteAndEqualsAFreshBuild() throws {
        let lib = try Fixtures.tempDirectory(), kept = try Fixtures.tempDirectory(), fresh = try Fixtures.tempDirectory()
        for part in ["coach", "library"] { try FileManager.default.copyItem(atPath: Fixtures.path("validate/good/" + part), toPath: lib + "/" + part) }
        let first = try build(lib, into: kept)
        #expect(!first.failed && first.counts["notes_reused"] == 0 && first.counts["note_searches_kept"] == 0, "\(first.diagnostics.map(\.text))")
        let notes = try #require(first.counts["notes"])
        #expect(notes > 0)
        try edit(lib + "/coach/italian.pgn", "{The king's pawn takes a centre square and opens lines for the queen and bishop.}",
                 "{The king's pawn takes a central square and opens lines for the queen and the bishop.}")
        let second = try build(lib, into: kept)
        #expect(!second.failed && !second.upToDate, "\(second.diagnostics.map(\.text))")
        #expect(second.counts["notes_reused"] == notes)
        // Every noted position's searches came from the memo: the table's 80 positions and the list's (none here).
        #expect(second.counts["note_searches_kept"] == 80)
        #expect(second.searchedNow == 0)
        let scratch = try build(lib, into: fresh)
        #expect(scratch.counts["notes_reused"] == 0)
        try expectSameBundle(kept, fresh)
        #expect(second.diagnostics.map(\.text) == scratch.diagnostics.map(\.text))
    }

    /// A change that some notes read and no search does (a name of the name list: the name a move leaving the course
    /// reaches, and the names inherited below it) keeps the searches' key, but not every position's own inputs: every
    /// search runs again from the store and the cache, the notes whose inputs changed are explained again, the others
    /// are kept, and the bundle is byte-identical to one built from scratch.
    @Test func aNameChangeExplainsOnlyTheNotesThatReadIt() throws {
        let s = try Fixtures.copyOfTheSmallListBuild(), kept = try Fixtures.tempDirectory(), fresh = try Fixtures.tempDirectory()
        func build(into out: String) -> BuildReport {
            Build.run(BuildConfiguration(openingsPath: s.openings, outputDirectory: out, engine: Fixtures.goodLibraryEngine, nameListPath: s.names))
        }
        let first = build(into: kept)
        #expect(!first.failed, "\(first.diagnostics.map(\.text))")
        let notes = try #require(first.counts["notes"])
        try edit(s.names + "/a.tsv", "King's Knight Opening: Normal Variation", "King's Knight Opening: Main Variation")
        let second = build(into: kept)
        #expect(!second.failed && !second.upToDate, "\(second.diagnostics.map(\.text))")
        let reused = try #require(second.counts["notes_reused"])
        #expect(reused > 0 && reused < notes, "\(reused) of \(notes) notes kept")
        #expect(second.counts["note_searches_kept"] == 0)
        #expect(second.searchedNow == 0)
        let scratch = build(into: fresh)
        #expect(scratch.counts["notes_reused"] == 0)
        try expectSameBundle(kept, fresh)
        // The memo now holds the new name's notes: a build after a comment change keeps every one, searches included.
        try edit(s.openings + "/coach/italian.pgn", "{The king's pawn takes a centre square", "{The king's pawn takes a central square")
        let third = build(into: kept)
        #expect(third.counts["notes_reused"] == notes && (third.counts["note_searches_kept"] ?? 0) > 0)
    }

    /// The memo is checked before use: a damaged one (a byte of its body changed) or one another forge wrote (another
    /// salt) is ignored, every note is computed, and the bundle is the same as one built from scratch.
    @Test func aDamagedMemoIsIgnored() throws {
        let lib = try Fixtures.tempDirectory(), kept = try Fixtures.tempDirectory(), fresh = try Fixtures.tempDirectory()
        for part in ["coach", "library"] { try FileManager.default.copyItem(atPath: Fixtures.path("validate/good/" + part), toPath: lib + "/" + part) }
        _ = try build(lib, into: kept)
        let memo = BundlePaths(kept).notes
        var bytes = [UInt8](try #require(FileManager.default.contents(atPath: memo)))
        // One bit of the body changed (a score, a count, a letter of a note): the digest tells it.
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: memo))
        try edit(lib + "/coach/italian.pgn", "{The king's pawn takes a centre square", "{The king's pawn takes a central square")
        let second = try build(lib, into: kept)
        #expect(!second.failed && second.counts["notes_reused"] == 0 && second.counts["note_searches_kept"] == 0)
        _ = try build(lib, into: fresh)
        try expectSameBundle(kept, fresh)
    }

    func edit(_ path: String, _ old: String, _ new: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old), "\(path) lacks \(old)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    func expectSameBundle(_ a: String, _ b: String) throws {
        for f in ["openings.sqlite", "openings.bin", "manifest.json"] {
            #expect(FileManager.default.contents(atPath: a + "/" + f) == FileManager.default.contents(atPath: b + "/" + f), "\(f)")
        }
    }

    @Test func theAppCanReadTheBundle() throws {
        let out = try Fixtures.copyOfTheGoodBundle().path
        let bundle = try OpeningsBundle(path: out + "/openings.sqlite")
        let openings = try bundle.openings()
        #expect(openings.map(\.slug) == ["italian"])
        let main = try #require(try bundle.mainLine(ofOpening: openings[0].id))
        #expect(main.steps.count == 25)
        #expect(main.steps.first?.move.san == "e4")
        #expect(main.steps.first?.lineMove.explanationSource == .authored)
        // The learner's answer to each opponent move is its own columns, never in the text; claims carry their score.
        for (i, step) in main.steps.enumerated() {
            let lm = step.lineMove
            if i % 2 == 1 && i + 1 < main.steps.count {
                #expect(lm.answerSAN == main.steps[i + 1].move.san)
                #expect(lm.answerUCI == main.steps[i + 1].move.uci)
                #expect(lm.answerArrows == "G" + main.steps[i + 1].move.uci.prefix(4))
                if lm.explanationSource == .generated, let answer = lm.answerSAN {
                    #expect(!(lm.explanation ?? "").split(separator: " ").contains { $0.trimmingCharacters(in: .punctuationCharacters) == answer })
                }
            } else {
                #expect(lm.answerSAN == nil)
            }
            if lm.explanationSource == .generated,
                ["gambit", "threatens", "mistake", "blunder", "would have won", "wins "].contains(where: { (lm.explanation ?? "").contains($0) }) {
                #expect(lm.claimKind != nil && (lm.claimCP != nil || lm.claimMate != nil), "\(step.move.san): \(lm.explanation ?? "")")
            }
        }
        #expect(try bundle.deviations(ofLine: main.line.id, phase: 2).map(\.name) == [
            "Sicilian Defence", "Philidor Defence", "Two Knights Defence", "Hungarian Defence",
            "Italian Game: Blackburne-Kostić Gambit", "Quiet 4...d6",
        ])
        #expect(try bundle.deviations(ofLine: main.line.id, phase: 3).count == 0)
        let start = try #require(try bundle.position(fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
        #expect(start.polyglotKey == 0x463b96181691fc9c)
        #expect(try bundle.children(ofPosition: start.id).map(\.move.san) == ["e4"])
        let analysis = try #require(try bundle.analysis(ofPosition: start.id))
        #expect(analysis.lines.count == 3)
        #expect(analysis.analysis.engine == "Stockfish 15.1")
    }

    @Test func polyglotBookWeighsTheMainLineAboveDeviations() throws {
        let out = try Fixtures.copyOfTheGoodBundle().path
        let book = try PolyglotBookReader(data: try Data(contentsOf: URL(fileURLWithPath: out + "/openings.bin")))
        let afterE4E5 = book.entries(forKey: 0x0844931a6ef4b9a0)  // 1.e4 e5: main 2.Nf3
        #expect(afterE4E5.map(\.move.uci) == ["g1f3"])
        let afterE4 = book.entries(forKey: 0x823c9b50fd114196)
        #expect(afterE4.map(\.move.uci) == ["e7e5", "c7c5"])
        #expect(afterE4.map(\.weight) == [100, 10])
    }

    /// The same sources through an absolute path, a relative one and a copy elsewhere (spelled with a trailing
    /// slash) give the same bytes: the bundle records paths relative to the openings folder.
    /// The absolute-path build is the run's shared small-list build (`Fixtures.copyOfTheSmallListBuild`); the relative
    /// and the copied spellings are this test's own builds.
    @Test func theBundleDoesNotDependOnWhereItWasBuilt() throws {
        let shared = try Fixtures.copyOfTheSmallListBuild(), second = try Fixtures.copyOfTheSmallListBuild()
        #expect(!shared.report.failed, "\(shared.report.diagnostics.map(\.text))")
        #expect(shared.report.searchedNow == 0, "the good library's engine store lacks searches: run scripts/gen/test-engine-stores.sh")
        let first = shared.root
        let relative = Self.relativeSpelling(of: first)
        #expect(!relative.hasPrefix("/"))
        var bundles: [String] = [shared.out]
        for (openings, names) in [(relative + "/openings", relative + "/names"), (second.root + "/openings/", second.root + "/names/")] {
            let out = try Fixtures.tempDirectory()
            let r = Build.run(BuildConfiguration(openingsPath: openings, outputDirectory: out,
                                                 engine: Fixtures.goodLibraryEngine,
                                                 nameListPath: names))
            #expect(!r.failed, "\(r.diagnostics.map(\.text))")
            bundles.append(out)
        }
        for f in ["openings.sqlite", "openings.bin", "manifest.json", "fen/classical/qgd.fen"] {
            let bytes = bundles.map { FileManager.default.contents(atPath: $0 + "/" + f) }
            #expect(bytes[0] != nil && bytes[0] == bytes[1] && bytes[0] == bytes[2], "\(f)")
        }
        let bundle = try OpeningsBundle(path: bundles[0] + "/openings.sqlite")
        #expect(try bundle.openings().map(\.sourceFile) == ["coach/italian.pgn"])
    }

    /// `path` spelled relative to the current directory (`../../tmp/…`).
    static func relativeSpelling(of path: String) -> String {
        let here = FileManager.default.currentDirectoryPath.split(separator: "/")
        let there = path.split(separator: "/")
        let common = zip(here, there).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: here.count - common) + there[common...].map(String.init)).joined(separator: "/")
    }

    @Test func validationErrorsStopTheBuild() throws {
        let out = try Fixtures.tempDirectory()
        let r = try build(Fixtures.path("validate/VAL226"), into: out)
        #expect(r.failed)
        #expect(r.diagnostics.contains { $0.code == "VAL226" })
        #expect(!FileManager.default.fileExists(atPath: out + "/openings.sqlite"))
    }

    /// A forge process killed at many points of a build leaves the previous bundle whole (its manifest still verifies).
    /// Each kill waits for an event of the build, never for a time: the process running; the staging folder made; the
    /// bundle writer's scratch file in it (its first byte); the staged openings.sqlite; the staged manifest. A build
    /// that ends before its event is run again (at most three times), so every point is met.
    @Test func killedBuildLeavesThePreviousBundleIntact() throws {
        // The library and the name list it is checked against, the same for the first build and every forge process
        // (without --names, forge would find the project's full list from its working folder).
        // The first build is the run's shared small-list build (`Fixtures.copyOfTheSmallListBuild`), copied with its sources.
        let shared = try Fixtures.copyOfTheSmallListBuild()
        let root = shared.root, lib = shared.openings, names = shared.names, out = shared.out
        try #require(!shared.report.failed, "\(shared.report.diagnostics.map(\.text))")
        let log = root + "/forge.log"
        let forge = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("forge").path
        try #require(FileManager.default.isExecutableFile(atPath: forge))
        let pgn = lib + "/coach/italian.pgn"
        let staging = BundlePaths(out).staging
        func staged(_ prefix: String) -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []).contains { $0.hasPrefix(prefix) }
        }
        let events: [(name: String, happened: () -> Bool)] = [
            ("started", { true }),
            ("staging made", { FileManager.default.fileExists(atPath: staging) }),
            ("writer's first byte", { staged(".openings.sqlite.scratch-") }),
            ("openings.sqlite staged", { staged("openings.sqlite") }),
            ("manifest staged", { staged("manifest.json") }),
        ]
        var edits = 0
        for (event, happened) in events {
            var caught = false
            for _ in 0..<3 where !caught {
                // A changed source, so the build has something to write.
                edits += 1
                let text = try String(contentsOfFile: pgn, encoding: .utf8).replacingOccurrences(of: "keeping every piece safe", with: "keeping every piece safe \(edits)")
                try text.write(toFile: pgn, atomically: true, encoding: .utf8)
                let p = Process()
                p.executableURL = URL(fileURLWithPath: forge)
                p.arguments = ["build", "--openings", lib, "--names", names, "--out", out, "--no-words", "--nodes", "30000",
                                "--engine-store", Fixtures.goodLibraryEngineStore,  // the first build's searches
                                "--cache", Self.cache + "/" + EngineConfiguration.cacheFileName]
                p.environment = ProcessInfo.processInfo.environment.merging(["FORGE_NODES": "30000"]) { $1 }
                p.currentDirectoryURL = URL(fileURLWithPath: Self.cache).deletingLastPathComponent()
                _ = FileManager.default.createFile(atPath: log, contents: nil)
                let logHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
                defer { try? logHandle.close() }
                p.standardOutput = logHandle
                p.standardError = logHandle
                try p.run()
                waitUntil(poll: 0.001) { happened() || !p.isRunning }
                kill(p.processIdentifier, SIGKILL)
                p.waitUntilExit()
                caught = p.terminationReason == .uncaughtSignal
                if !caught {
                    // A build that ended on its own must have succeeded; its output says why if it did not.
                    let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                    #expect(p.terminationStatus == 0, "the build before \(event) exited \(p.terminationStatus): \(said.suffix(2000))")
                }
            }
            #expect(caught, "three builds ended before \(event)")
            let delay = event
            let manifest = try Manifest(json: try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
            var actual: [String: ManifestArtifact] = [:]
            for rel in manifest.artifacts.keys {
                actual[rel] = ManifestArtifact(contents: try Data(contentsOf: URL(fileURLWithPath: out + "/" + rel)))
            }
            #expect(manifest.mismatches(against: actual) == [], "after a kill at \(delay)")
        }
    }
}
