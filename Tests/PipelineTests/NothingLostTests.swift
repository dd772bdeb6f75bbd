// NothingLostTests: no command destroys a user's files — an --out folder is forge's or nothing, inputs are never outputs (issue 30).
import Diagnostics
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@testable import Pipeline

private func fixture(_ rel: String) -> String { Fixtures.path("nothinglost/" + rel) }

/// Every file under `dir` with its bytes (a snapshot to compare after a refused command).
private func snapshot(_ dir: String) -> [String: Data] {
    var files: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: dir) else { return files }
    for case let rel as String in walker {
        if let d = FileManager.default.contents(atPath: dir + "/" + rel) { files[rel] = d }
    }
    return files
}

/// A copy of the fixture folder `name` in a scratch directory.
private func copyFixture(_ name: String, into dir: String, as target: String? = nil) throws -> String {
    let to = dir + "/" + (target ?? name)
    try FileManager.default.copyItem(atPath: fixture(name), toPath: to)
    return to
}

@Suite struct OutputFolderRuleTests {
    @Test func aNewAnEmptyOrForgesOwnFolderIsClaimed() throws {
        let dir = try ForgeRunner.scratch("folder-ok")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try OutputFolder.claim(dir + "/new/", marker: .bundleManifest) == dir + "/new")
        #expect(mkdir(dir + "/empty", 0o755) == 0)
        #expect(try OutputFolder.claim(dir + "/empty", marker: .bundleManifest) == dir + "/empty")
        let bundle = try copyFixture("bundle", into: dir)
        #expect(try OutputFolder.claim(bundle, marker: .bundleManifest) == bundle)
        let words = try copyFixture("words", into: dir)
        #expect(try OutputFolder.claim(words, marker: .wordsCounts) == words)
    }

    @Test(arguments: ["authored", "foreign-manifest", "words"])
    func aFolderOfOtherFilesIsRefused(_ name: String) throws {
        let dir = try ForgeRunner.scratch("folder-refused")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let folder = try copyFixture(name, into: dir)
        #expect(throws: OutputError.self) { try OutputFolder.claim(folder, marker: .bundleManifest) }
        do { _ = try OutputFolder.claim(folder, marker: .bundleManifest) } catch {
            #expect(error.code == IOCode.notForgeFolder)
            #expect(error.outcome == .cannotCreate)
            #expect(error.description.hasPrefix("refusing to write into \(folder): it holds files that are not forge's"))
        }
    }

    @Test func aFileADeviceAndADanglingLinkAreRefused() throws {
        let dir = try ForgeRunner.scratch("folder-kinds")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "x\n".write(toFile: dir + "/README.md", atomically: false, encoding: .utf8)
        #expect(symlink("nowhere", dir + "/dangling") == 0)
        for (path, why) in [(dir + "/README.md", "it is a file, not a folder"), ("/dev/null", "it is a device, not a folder"),
                            (dir + "/dangling", "it is a symbolic link to nothing")] {
            do {
                _ = try OutputFolder.claim(path, marker: .bundleManifest)
                Issue.record("\(path) was claimed")
            } catch {
                #expect(error.description.contains(why), "\(error.description)")
            }
        }
        #expect(try String(contentsOfFile: dir + "/README.md", encoding: .utf8) == "x\n")
    }

    @Test func aLinkIsResolvedOnceSoTwoNamesShareOneLock() throws {
        let dir = try ForgeRunner.scratch("folder-link")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bundle = try copyFixture("bundle", into: dir, as: "real")
        #expect(symlink("real", dir + "/link") == 0)
        let real = try OutputFolder.claim(bundle, marker: .bundleManifest)
        let viaLink = try OutputFolder.claim(dir + "/link", marker: .bundleManifest)
        #expect(viaLink.hasSuffix("/real"))
        #expect(BundlePaths(viaLink).name == "real")
        // The two locks are one file: the second build through the other name is refused.
        let first = try BundleLock.acquire(BundlePaths(real))
        defer { first.release() }
        #expect(throws: Diagnostic.self) { _ = try BundleLock.acquire(BundlePaths(viaLink)) }
    }

    @Test func aWordsFolderInsideABundleIsRefusedAndTheDefaultIsOutsideIt() throws {
        let dir = try ForgeRunner.scratch("folder-words")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let bundle = try copyFixture("bundle", into: dir)
        _ = try copyFixture("words", into: bundle)
        do {
            _ = try OutputFolder.claim(bundle + "/words", marker: .wordsCounts, insideBundleRefused: true)
            Issue.record("a folder of the live bundle was claimed")
        } catch {
            #expect(error.description.contains("it is inside the bundle \(bundle)"))
        }
        #expect(!WordsBuildConfiguration.defaultOutputDirectory.hasPrefix("data/bundle"))
        #expect(WordsBuildConfiguration().outputDirectory == "data/build/words")
    }
}

@Suite(.enabled(if: ForgeRunner.available)) struct NothingLostCommandTests {
    /// `build --out` over authored sources, a checkout, a file, or a link to them: exit 73, every byte as it was.
    @Test func buildRefusesAnOutThatIsNotABundle() throws {
        let dir = try ForgeRunner.scratch("build-out")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let authored = try copyFixture("authored", into: dir)
        _ = try copyFixture("foreign-manifest", into: dir)
        try "readme\n".write(toFile: dir + "/README.md", atomically: false, encoding: .utf8)
        #expect(symlink("authored", dir + "/my-bundle") == 0)
        let before = snapshot(dir)
        for out in ["authored", "foreign-manifest", "README.md", "my-bundle", "."] {
            let r = try ForgeRunner.run(["build", "--openings", authored, "--no-words", "--no-cache", "--out", out], in: dir, timeLimit: 60)
            #expect(r.status == 73, "--out \(out)")
            #expect(r.stderr.contains("error[IO104]: refusing to write into \(out)"), "\(r.stderr)")
        }
        #expect(snapshot(dir) == before)
        #expect(ForgeRunner.listing(dir) == ["README.md", "authored", "foreign-manifest", "my-bundle"])  // no lock, no staging
    }

    @Test func wordsBuildRefusesAnOutThatIsNotItsOwn() throws {
        let dir = try ForgeRunner.scratch("words-out")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try copyFixture("authored", into: dir)
        let before = snapshot(dir)
        let r = try ForgeRunner.run(["words", "build", "--out", "authored"], in: dir, timeLimit: 60)
        #expect(r.status == 73)
        #expect(r.stderr.contains("error[IO104]: refusing to write into authored"))
        #expect(snapshot(dir) == before)
    }

    /// A `.fen` that is a link to its own PGN source: refused (IO101 through VAL233, exit 73), the source intact,
    /// and nothing claimed as created.
    @Test func regenerateNeverWritesThroughALinkToASource() throws {
        let dir = try ForgeRunner.scratch("regen-link")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try copyFixture("regenerate", into: dir, as: "lib")
        #expect(symlink("scholars-mate.pgn", dir + "/lib/scholars-mate.fen") == 0)
        let before = snapshot(dir + "/lib")
        let r = try ForgeRunner.run(["regenerate", "lib", "--no-cache", "--nodes", "1"], in: dir, timeLimit: 120)
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("refusing to write lib/scholars-mate.fen: it is the same file as the input lib/scholars-mate.pgn"))
        #expect(!r.stdout.contains("created"))
        #expect(r.stdout.contains("0 changed"))
        #expect(snapshot(dir + "/lib") == before)
    }
}
