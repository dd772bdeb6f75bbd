// FixtureBundles: the fixture bundles several tests read, each built once a test run and shared, so that a test that
// only reads a bundle does not pay a build of its own (a debug build of the fixture library costs tens of CPU seconds).
import Foundation
@testable import Pipeline

extension Fixtures {
    /// A bundle built once, with the report of that build. Its folder is read-only to the tests that share it: a test
    /// that changes a bundle works on `copy()`.
    struct BuiltBundle: Sendable {
        /// The folder it was built from.
        let sources: String
        let out: String
        let report: BuildReport

        /// A private copy of the bundle's folder (the files the manifest lists, and the manifest).
        func copy() throws -> String {
            let dir = try Fixtures.tempDirectory() + "/bundle"
            try FileManager.default.copyItem(atPath: out, toPath: dir)
            return dir
        }
    }

    /// The good fixture library (`validate/good`) built at 30,000 nodes and 3 lines with the shared engine cache: the
    /// build BuildTests and MoveNoteTests read. A `static let` is initialised once, by the first test that reads it; a
    /// test of another suite that reads it meanwhile waits for that build (Swift's once-only initialisation).
    static let goodBundle: BuiltBundle = {
        let out = (try? tempDirectory()) ?? "/tmp/forge-test-good-bundle"
        let report = Build.run(BuildConfiguration(openingsPath: path("validate/good"), outputDirectory: out,
                                                  engine: EngineConfiguration(profile: .init(nodes: 30_000, multiPV: 3), cacheDirectory: sharedEngineCache)))
        return BuiltBundle(sources: path("validate/good"), out: out, report: report)
    }()

    /// The good library with the small name list (`goodLibraryForTheSmallNameList`, `names/a.tsv`), laid out as
    /// `sources/openings` and `sources/names`, built at 30,000 nodes and 3 lines with the shared engine cache: the
    /// build BuildNamesTests and BuildTests read.
    static let smallNameListBundle: BuiltBundle = {
        let root = (try? tempDirectory()) ?? "/tmp/forge-test-small-names", out = (try? tempDirectory()) ?? "/tmp/forge-test-small-names-bundle"
        try? copySmallNameListSources(to: root)  // a missing source is the build's own error, in its report
        let report = Build.run(BuildConfiguration(openingsPath: root + "/openings", outputDirectory: out,
                                                  engine: EngineConfiguration(profile: .init(nodes: 30_000, multiPV: 3), cacheDirectory: sharedEngineCache),
                                                  nameListPath: root + "/names"))
        return BuiltBundle(sources: root, out: out, report: report)
    }()

    /// `root/openings` (the good library with the small name list's reasons file) and `root/names/a.tsv`.
    static func copySmallNameListSources(to root: String) throws {
        try FileManager.default.copyItem(atPath: try goodLibraryForTheSmallNameList(), toPath: root + "/openings")
        try FileManager.default.createDirectory(atPath: root + "/names", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path("names/a.tsv"), toPath: root + "/names/a.tsv")
    }
}
