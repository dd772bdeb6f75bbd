// forge build's hygiene: a no-change build touches nothing, a change rebuilds only its part, stray files are noticed,
// a second build is locked out, and Ctrl-C / SIGTERM / SIGHUP / kill -9 leave the previous bundle whole and no staging behind.
import BundleStore
import Foundation
import Openings
import Testing
@testable import Pipeline

@Suite(.serialized, .enabled(if: stockfishPresent)) struct BuildHygieneTests {
    static let cache = ((try? Fixtures.tempDirectory()) ?? "/tmp") + "/hygiene.sqlite"
    static let lenient = EngineThresholds(errorCentipawns: 100_000, warningCentipawns: 100_000)

    /// Where every workspace after its first build lives (`built(words:)`): a build's fingerprints name the sources by
    /// path, so a copy of a built workspace is up to date only at the path it was built at. The suite is serialized:
    /// one test at a time holds this root.
    static let builtRoot = ((try? Fixtures.tempDirectory()) ?? "/tmp/forge-test-hygiene") + "/workspace"

    /// A workspace after its first build, kept aside, with that build's report: built once a suite run for each
    /// `words`, instead of once a test (a first build of the fixture library costs tens of CPU seconds).
    struct FirstBuild: Sendable {
        let saved: String
        let report: BuildReport

        init(words: Bool) {
            try? FileManager.default.removeItem(atPath: BuildHygieneTests.builtRoot)
            let w = Workspace(root: BuildHygieneTests.builtRoot)
            try? w.copySources(words: words)
            report = Build.run(w.config(words: words))
            saved = ((try? Fixtures.tempDirectory()) ?? "/tmp/forge-test-hygiene-saved") + "/workspace"
            try? FileManager.default.copyItem(atPath: w.root, toPath: saved)
        }
    }
    static let firstBuildWithWords = FirstBuild(words: true)
    static let firstBuildWithoutWords = FirstBuild(words: false)

    /// The workspace as its first build left it, and that build's report. The kept copy is put back at `builtRoot` and
    /// built once more: that build carries every part over (nothing is staged) and records the copy's own files, so
    /// the state is what the first build's own next build would find.
    static func built(words: Bool) throws -> (Workspace, BuildReport) {
        let first = words ? firstBuildWithWords : firstBuildWithoutWords
        try? FileManager.default.removeItem(atPath: builtRoot)
        try FileManager.default.copyItem(atPath: first.saved, toPath: builtRoot)
        let w = Workspace(root: builtRoot)
        let restored = try w.build(words: words)
        try #require(restored.upToDate && restored.rebuilt.isEmpty, "the kept workspace did not build up to date: \(restored.diagnostics.map(\.text))")
        return (w, first.report)
    }

    /// A private copy of the fixture library and word sources, so the tests can change them.
    struct Workspace {
        let root: String
        var openings: String { root + "/openings" }
        var curation: String { root + "/curation" }
        var out: String { root + "/data/bundle" }
        var paths: BundlePaths { BundlePaths(out) }

        init(words: Bool) throws {
            root = try Fixtures.tempDirectory()
            try copySources(words: words)
        }

        init(root: String) { self.root = root }

        func copySources(words: Bool) throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Fixtures.path("validate/good"), toPath: openings)
            if words { try FileManager.default.copyItem(atPath: wordsFixtures.path + "/curation", toPath: curation) }
        }

        /// The builds' engine: 3,000 nodes through the suite's cache, the notes' every-move searches read from
        /// `Fixtures.goodLibraryNotesStore` (what the suite claims is about files, locks and signals: the builds'
        /// own searches are still made, by Stockfish, and the gated ones wait for it).
        func config(words: Bool) -> BuildConfiguration {
            BuildConfiguration(openingsPath: openings, outputDirectory: out,
                               engine: EngineConfiguration(profile: .init(nodes: 3000, multiPV: 3), cacheDirectory: nil, cachePath: BuildHygieneTests.cache,
                                                           storeDirectory: try? Fixtures.goodLibraryNotesStore.get()),
                               thresholds: BuildHygieneTests.lenient,
                               words: words ? WordsSourceOptions(scowlDirectory: wordsFixtures.path + "/scowl", curationDirectory: curation) : nil)
        }

        func build(words: Bool = false) throws -> BuildReport { Build.run(config(words: words)) }

        /// Every file of the bundle with its stamp (inode, size, time), and the state file's.
        var stamps: [String: FileStamp] {
            var s = BuildState.listing(of: out)
            s["(state)"] = FileStamp.of(paths.state)
            return s
        }

        func edit(_ rel: String, _ change: (String) -> String) throws {
            let path = root + "/" + rel
            try change(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
        }

        /// The bundle's files all match its manifest, and nothing else is there.
        func bundleIsWhole() throws -> [String] {
            let m = try Manifest(json: try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
            var actual: [String: ManifestArtifact] = [:]
            for rel in BuildState.listing(of: out).keys where rel != "manifest.json" {
                actual[rel] = ManifestArtifact(contents: try Data(contentsOf: URL(fileURLWithPath: out + "/" + rel)))
            }
            return m.mismatches(against: actual)
        }
    }

    @Test func noChangeBuildTouchesNoFile() throws {
        let (w, first) = try Self.built(words: true)
        #expect(!first.failed && !first.upToDate, "\(first.diagnostics.map(\.text))")
        #expect(Set(first.rebuilt) == ["openings", "words"])
        #expect(try w.bundleIsWhole() == [])
        #expect(FileManager.default.fileExists(atPath: w.out + "/words/words.dawg"))
        let before = w.stamps
        let second = try w.build(words: true)
        #expect(second.upToDate)
        #expect(second.rebuilt == [])
        #expect(second.counts["positions"] == first.counts["positions"])
        #expect(w.stamps == before)
        #expect(!FileManager.default.fileExists(atPath: w.paths.staging))
        // Touched but unchanged: hashed again, still up to date, still nothing written to the bundle.
        try w.edit("openings/coach/italian.pgn") { $0 }
        let third = try w.build(words: true)
        #expect(third.upToDate)
        #expect(BuildState.listing(of: w.out) == before.filter { $0.key != "(state)" })
    }

    /// Without the state file (deleted, another machine) the build compares by content: an equal bundle is kept as it is.
    @Test func withoutTheStateFileAnEqualBundleIsKept() throws {
        let (w, _) = try Self.built(words: false)
        let before = BuildState.listing(of: w.out)
        try FileManager.default.removeItem(atPath: w.paths.state)
        let r = try w.build()
        #expect(r.upToDate && r.rebuilt == ["openings"])
        #expect(BuildState.listing(of: w.out) == before)
        #expect(FileManager.default.fileExists(atPath: w.paths.state))
        #expect(try w.build().upToDate)
    }

    /// A change to the word lists rebuilds the words only (the opening files are carried over by hard link:
    /// same inode); a change to a source rebuilds the openings only.
    @Test func aChangeRebuildsOnlyThePartThatDependsOnIt() throws {
        let (w, _) = try Self.built(words: true)
        let before = w.stamps
        try w.edit("curation/allow.txt") { $0 + "zyzzyvaq standard\n" }
        let words = try w.build(words: true)
        #expect(!words.failed, "\(words.diagnostics.map(\.text))")
        #expect(words.rebuilt == ["words"])
        #expect(w.stamps["openings.sqlite"]?.inode == before["openings.sqlite"]?.inode)
        #expect(w.stamps["words/words.txt"] != before["words/words.txt"])
        #expect(try String(contentsOfFile: w.out + "/words/words.txt", encoding: .utf8).contains("zyzzyvaq\n"))
        #expect(try w.bundleIsWhole() == [])

        let mid = w.stamps
        try w.edit("openings/coach/italian.pgn") { $0.replacingOccurrences(of: "keeping every piece safe", with: "keeping every piece safe today") }
        let openings = try w.build(words: true)
        #expect(openings.rebuilt == ["openings"])
        #expect(w.stamps["words/words.dawg"]?.inode == mid["words/words.dawg"]?.inode)
        #expect(w.stamps["openings.sqlite"] != mid["openings.sqlite"])
        #expect(try w.bundleIsWhole() == [])
    }

    /// A file the manifest does not list is not forge's: the build refuses the folder and touches nothing (it used to
    /// remove the file with only a BLD102 warning: `cp -r data/bundle/* MyApp/Resources/` lost the rest of Resources/).
    @Test func aFileTheManifestDoesNotListStopsTheBuild() throws {
        let (w, _) = try Self.built(words: false)
        try FileManager.default.createDirectory(atPath: w.out + "/Art", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: w.out + "/notes.txt"))
        try Data("y".utf8).write(to: URL(fileURLWithPath: w.out + "/Art/icon.png"))
        let before = w.stamps
        let r = try w.build()
        #expect(r.failed && r.writeFailed)
        #expect(r.diagnostics.map(\.code.string) == ["IO104"])
        #expect(r.diagnostics.first?.message.contains("Art/icon.png, notes.txt") == true, "\(r.diagnostics.map(\.text))")
        #expect(try String(contentsOfFile: w.out + "/notes.txt", encoding: .utf8) == "x")
        #expect(try String(contentsOfFile: w.out + "/Art/icon.png", encoding: .utf8) == "y")
        #expect(w.stamps == before)
        try FileManager.default.removeItem(atPath: w.out + "/notes.txt")
        try FileManager.default.removeItem(atPath: w.out + "/Art")
        #expect(try w.build().upToDate)
    }

    /// A changed file in the bundle (by hand) is noticed: that part is rebuilt and the bundle matches its manifest again.
    @Test func anEditedBundleFileIsRebuilt() throws {
        let (w, _) = try Self.built(words: false)
        let fen = w.out + "/fen/classical/qgd.fen"
        let good = try Data(contentsOf: URL(fileURLWithPath: fen))
        try Data("edited\n".utf8).write(to: URL(fileURLWithPath: fen))
        let r = try w.build()
        #expect(!r.upToDate && r.rebuilt == ["openings"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: fen)) == good)
    }

    @Test func aSecondBuildIsLockedOut() throws {
        let (w, _) = try Self.built(words: false)
        try w.edit("openings/coach/italian.pgn") { $0.replacingOccurrences(of: "keeping every piece safe", with: "keeping every piece safe now") }
        let before = w.stamps
        let fd = open(w.paths.lock, O_RDWR)
        #expect(fd >= 0)
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        _ = ftruncate(fd, 0)
        _ = "4242\n".withCString { pwrite(fd, $0, 5, 0) }
        let r = try w.build()
        #expect(r.outcome == .cannotCreate)
        #expect(r.diagnostics.map(\.text) == [
            "error[BLD101]: another forge build (process 4242) is writing \(w.out); wait for it to finish, or build into another --out\n    lock: \(w.paths.lock)",
        ])
        let cli = try ForgeProcess.run(["build", "--openings", w.openings, "--out", w.out, "--no-words", "--nodes", "3000", "--cache", Self.cache,
                                        "--engine-store", try Fixtures.goodLibraryNotesStore.get()])
        #expect(cli.status == 73)
        #expect(cli.stderr.contains("error[BLD101]: another forge build (process 4242) is writing"))
        #expect(w.stamps == before)
        close(fd)
        #expect(try w.build().rebuilt == ["openings"])
    }

    /// Two real forge processes on one --out: the first holds the lock (its pid in the lock file) while its engine
    /// is held at its start (a wrapper that starts Stockfish only once the test opens its gate); the second is refused
    /// with BLD101 and exit 73, naming the first; the gate opens and the first runs to its own end.
    @Test func aSecondForgeProcessIsRefusedWhileTheFirstBuilds() throws {
        let w = try Workspace(words: false)
        let engine = try LoggingEngine(gated: true)
        let args = ["build", "--openings", w.openings, "--out", w.out, "--no-words", "--nodes", "3000", "--no-cache", "--engine", engine.path,
                    "--engine-store", try Fixtures.goodLibraryNotesStore.get(), "--quiet"]
        let first = try ForgeProcess.start(args, environment: engine.environment)
        let pid = first.0.processIdentifier
        var holder = ""
        waitUntil {
            holder = (try? String(contentsOfFile: w.paths.lock, encoding: .utf8)) ?? ""
            return holder == "\(pid)\n" || !first.0.isRunning
        }
        #expect(holder == "\(pid)\n", "the first build never took the lock")
        let second = try ForgeProcess.run(args)
        let firstStillRunning = first.0.isRunning
        #expect(firstStillRunning, "the first build ended before the second tried the lock: the test proved nothing")
        #expect(second.status == 73, "\(second.stderr)")
        #expect(second.stderr.contains("error[BLD101]: another forge build (process \(pid)) is writing \(w.out)"), "\(second.stderr)")
        engine.openGate()
        // The first build runs to its own end, untouched by the second: at 3,000 nodes the fixture library has engine
        // errors (VAL220, exit 1) with the CLI's thresholds, which is not what this test is about; no lock error, no staging.
        let done = ForgeProcess.finish(first)
        #expect(done.status != 73 && !done.stderr.contains("BLD101"), "\(done.stderr)")
        #expect((done.stdout + done.stderr).contains("searched now"), "\(done.stdout)")
        #expect(!FileManager.default.fileExists(atPath: w.paths.staging))
    }

    /// Ctrl-C, SIGTERM and SIGHUP while the new bundle is staged: the process ends with 128 + signal, the staging
    /// directory is gone, the old bundle is whole and unchanged. After kill -9 the staging directory stays until the
    /// next build, which removes it.
    @Test func signalsLeaveTheOldBundleWholeAndNoStaging() throws {
        let (w, _) = try Self.built(words: false)
        for (i, sig) in [SIGINT, SIGTERM, SIGHUP, SIGKILL].enumerated() {
            // A new source text (never analysed at this node count) so the build has work to do.
            try w.edit("openings/coach/italian.pgn") { $0.replacingOccurrences(of: "keeping every piece safe", with: "keeping every piece safe \(i)") }
            let before = BuildState.listing(of: w.out)
            // Its engine is held at its start: the signal lands while the new bundle is staged and forge waits for
            // the engine, however fast or slow the machine; the gate opens after the round, and the engine, whose
            // forge is gone, ends.
            let engine = try LoggingEngine(gated: true)
            defer { engine.openGate() }
            let started = try ForgeProcess.start(["build", "--openings", w.openings, "--out", w.out, "--no-words",
                                                  "--nodes", "\(3001 + i)", "--cache", Self.cache, "--engine", engine.path,
                                                  "--engine-store", try Fixtures.goodLibraryNotesStore.get()],
                                                 environment: engine.environment)
            waitUntil { (FileManager.default.fileExists(atPath: w.paths.staging) && engine.held > 0) || !started.0.isRunning }
            #expect(FileManager.default.fileExists(atPath: w.paths.staging), "signal \(sig): staging never appeared")
            #expect(engine.held > 0, "signal \(sig): forge started no engine")
            kill(started.0.processIdentifier, sig)
            let outcome = ForgeProcess.finish(started)
            if sig == SIGKILL {
                #expect(started.0.terminationReason == .uncaughtSignal)
                #expect(FileManager.default.fileExists(atPath: w.paths.staging))
            } else {
                #expect(outcome.status == 128 + sig, "signal \(sig): \(outcome.stderr)")
                #expect(!FileManager.default.fileExists(atPath: w.paths.staging), "signal \(sig)")
            }
            #expect(BuildState.listing(of: w.out) == before, "signal \(sig)")
            #expect(try w.bundleIsWhole() == [], "signal \(sig)")
        }
        let next = try w.build()
        #expect(!next.failed && !next.upToDate)
        #expect(!FileManager.default.fileExists(atPath: w.paths.staging))
        #expect(try w.bundleIsWhole() == [])
    }

    /// A bundle swapped aside by the fallback swap and not put back (a kill between the two renames) is restored.
    @Test func aBundleLeftAsideIsPutBack() throws {
        let (w, _) = try Self.built(words: false)
        try FileManager.default.moveItem(atPath: w.out, toPath: w.paths.old)
        StagingArea.recover(w.paths)
        #expect(!FileManager.default.fileExists(atPath: w.paths.old))
        #expect(try w.bundleIsWhole() == [])
    }
}
