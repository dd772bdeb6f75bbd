// The good fixture library built once a test run: the tests that read a built bundle copy it instead of building their own.
import Foundation
@testable import Pipeline
import UCIEngine

/// One built bundle and the report of the build that wrote it.
struct BuiltBundle: Sendable {
    var path: String
    var report: BuildReport
}

extension Fixtures {
    /// The profile of the shared build (and of every build that reads `sharedEngineCache`): 30,000 nodes, 3 lines.
    static let goodBundleProfile = AnalysisProfile(nodes: 30_000, multiPV: 3)

    /// The committed engine store of the good library (`engine-stores/good-library`, written by
    /// scripts/gen/test-engine-stores.sh with the real Stockfish): what a build of it asks at `goodBundleProfile`, with or
    /// without the small name list. The builds of that library read it before the cache and search nothing; what they
    /// claim is about the build (bytes, rows, kills), not about the engine, whose own tests talk to the process.
    static let goodLibraryEngineStore = path("engine-stores/good-library")

    /// An engine store holding only the committed store's file of the notes' every-move searches
    /// (`AnalysisProfile.notes`: 100,000 nodes over every legal move of each curriculum position). That profile is fixed
    /// whatever the build's budget, so a build of the good library at any node count reads it: the builds that must
    /// search for real (sharded, signalled, locked out at 3,000 nodes) search their own profiles and the grading and
    /// best-move searches derived from them, and skip the 80 every-move searches (each Stockfish's 256 lines per depth,
    /// read by the debug build). Made once a run, in a folder of its own; read-only to its users.
    static let goodLibraryNotesStore: Result<String, FixtureBuildError> = {
        do {
            let rel = EngineStore.fileName(engine: "Stockfish 15.1", profile: AnalysisProfile.notes(like: goodBundleProfile))
            let store = try tempDirectory() + "/notes-store"
            try FileManager.default.createDirectory(atPath: store + "/" + (rel as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: goodLibraryEngineStore + "/" + rel, toPath: store + "/" + rel)
            return .success(store)
        } catch {
            return .failure(FixtureBuildError(text: "\(error)"))
        }
    }()

    /// The engine of every build of the good library: `goodBundleProfile`, `goodLibraryEngineStore`, then `sharedEngineCache`.
    static var goodLibraryEngine: EngineConfiguration {
        EngineConfiguration(profile: goodBundleProfile, cacheDirectory: sharedEngineCache, storeDirectory: goodLibraryEngineStore)
    }

    /// `validate/good` built with the real Stockfish at `goodBundleProfile` through `sharedEngineCache`, once a run
    /// (the first test that asks builds it; `static let` makes the others wait for it). Never handed out itself:
    /// `copyOfTheGoodBundle` gives each test its own folder to read or edit.
    private static let goodBundle: Result<BuiltBundle, FixtureBuildError> = {
        guard let out = try? tempDirectory() else { return .failure(FixtureBuildError(text: "no temporary folder")) }
        let report = Build.run(BuildConfiguration(openingsPath: path("validate/good"), outputDirectory: out,
                                                  engine: goodLibraryEngine))
        return .success(BuiltBundle(path: out, report: report))
    }()

    /// A copy of the shared build of `validate/good` in a folder of its own, with that build's report.
    static func copyOfTheGoodBundle() throws -> BuiltBundle {
        let built = try goodBundle.get()
        let copy = try tempDirectory() + "/bundle"
        try FileManager.default.copyItem(atPath: built.path, toPath: copy)
        return BuiltBundle(path: copy, report: built.report)
    }
}

/// The good library with the reasons the small name list needs, the small list (`names/a.tsv`), and a bundle built
/// from them: `root/openings`, `root/names`, `out`.
struct SmallListBuild: Sendable {
    var root: String
    var out: String
    var report: BuildReport
    var openings: String { root + "/openings" }
    var names: String { root + "/names" }
}

extension Fixtures {
    /// `goodLibraryForTheSmallNameList` checked against `names/a.tsv`, built at `goodBundleProfile` through
    /// `sharedEngineCache`, once a run (BuildNamesTests and BuildTests' path and kill tests build exactly this).
    private static let smallListBuild: Result<SmallListBuild, FixtureBuildError> = {
        do {
            let root = try tempDirectory(), out = try tempDirectory()
            try FileManager.default.copyItem(atPath: try goodLibraryForTheSmallNameList(), toPath: root + "/openings")
            try FileManager.default.createDirectory(atPath: root + "/names", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: path("names/a.tsv"), toPath: root + "/names/a.tsv")
            let report = Build.run(BuildConfiguration(openingsPath: root + "/openings", outputDirectory: out,
                                                      engine: goodLibraryEngine,
                                                      nameListPath: root + "/names"))
            return .success(SmallListBuild(root: root, out: out, report: report))
        } catch {
            return .failure(FixtureBuildError(text: "\(error)"))
        }
    }()

    /// A copy of the shared small-list build (its sources and its bundle) in folders of its own.
    static func copyOfTheSmallListBuild() throws -> SmallListBuild {
        let built = try smallListBuild.get()
        let root = try tempDirectory() + "/sources", out = try tempDirectory() + "/bundle"
        try FileManager.default.copyItem(atPath: built.root, toPath: root)
        try FileManager.default.copyItem(atPath: built.out, toPath: out)
        return SmallListBuild(root: root, out: out, report: built.report)
    }
}

struct FixtureBuildError: Error, CustomStringConvertible {
    var text: String
    var description: String { text }
}
