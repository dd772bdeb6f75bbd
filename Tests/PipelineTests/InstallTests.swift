// InstallTests: `make install-data` into a temporary prefix with forge beside it; every command that reads forge's own data, from an empty folder.
import Foundation
import Testing
@testable import Pipeline

@Suite(.serialized) struct InstallTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Runs `executable arguments` in `directory` with forge's own search variables removed; status and output.
    static func run(_ executable: String, _ arguments: [String], in directory: String) throws -> (status: Int32, out: String, err: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        p.currentDirectoryURL = URL(fileURLWithPath: directory)
        var env = ProcessInfo.processInfo.environment
        for name in [ForgeData.environmentVariable, WordsBundleLocator.environmentVariable, "FORGE_CACHE"] { env[name] = nil }
        p.environment = env
        // Files, not pipes: a child that fills one pipe while the other is read would never end.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("install-run-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: base + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: base + ".err", contents: nil)
        defer { try? FileManager.default.removeItem(atPath: base + ".out"); try? FileManager.default.removeItem(atPath: base + ".err") }
        p.standardOutput = FileHandle(forWritingAtPath: base + ".out")
        p.standardError = FileHandle(forWritingAtPath: base + ".err")
        p.standardInput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        let o = FileManager.default.contents(atPath: base + ".out") ?? Data(), e = FileManager.default.contents(atPath: base + ".err") ?? Data()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test func anInstalledForgeFindsItsDataFromAnEmptyFolder() throws {
        try #require(ForgeRunner.available)
        let prefix = try Fixtures.tempDirectory()
        let make = try Self.run("/usr/bin/make", ["-C", Self.root, "install-data", "PREFIX=\(prefix)", "FORGE=\(ForgeRunner.path)"], in: Self.root)
        try #require(make.status == 0, "\(make.err)")
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ForgeRunner.path, toPath: prefix + "/bin/forge")
        let forge = prefix + "/bin/forge"
        let share = prefix + "/share/contentforge"
        for file in ["data/chess-openings/a.tsv", "data/words/deny.txt", "data/bundle/words/words.dawg", "Examples/first-opening/coach/vienna-game.pgn"] {
            #expect(FileManager.default.fileExists(atPath: share + "/" + file), "\(file)")
        }

        // An empty folder outside any checkout: every path below is relative to it. The example is copied whole, as
        // README says: its sources and its engine store.
        let empty = try Fixtures.tempDirectory()
        try FileManager.default.copyItem(atPath: share + "/Examples/first-opening", toPath: empty + "/my-openings")

        let classify = try Self.run(forge, ["classify", "my-openings/coach/vienna-game.pgn", "--output-format", "text"], in: empty)
        #expect(classify.status == 0, "\(classify.err)")
        // The Vienna line transposes into the Giuoco Pianissimo: the list's deepest name along it.
        #expect(classify.out.contains("\tC50\tItalian Game: Giuoco Pianissimo\t"), "\(classify.out)")

        // At the default budget the example's store and the shipped one answer every search: none is run.
        let validate = try Self.run(forge, ["validate", "my-openings", "--no-cache"], in: empty)
        #expect(!validate.err.contains("NAM100") && !validate.out.contains("NAM100"), "\(validate.out)\(validate.err)")
        #expect(validate.out.contains("1 files, "), "\(validate.out)")
        #expect(!validate.out.contains("error["), "\(validate.out)")

        #expect(validate.out.contains("(engine: 0 searched, "), "\(validate.out)")
        // The build of README's first opening with the installed forge from an empty folder (27,825 notes, three minutes
        // in a debug build) is CI's install step: scripts/ci/readme-commands.sh PREFIX, with the release forge.

        let solve = try Self.run(forge, ["words", "solve", "anagrams", "tarsine"], in: empty)
        #expect(solve.status == 0, "\(solve.err)")
        #expect(solve.out.split(separator: "\n").contains { $0.hasPrefix("retains") || $0.hasPrefix("nastier") }, "\(solve.out)")

        // Without the share folder, the name list is nowhere: a clear error that says where forge looked.
        try FileManager.default.moveItem(atPath: share, toPath: prefix + "/moved")
        let lost = try Self.run(forge, ["classify", "my-openings/coach/vienna-game.pgn"], in: empty)
        #expect(lost.status != 0)
        #expect((lost.out + lost.err).contains("NAM100"), "\(lost.out)\(lost.err)")
    }

    @Test func forgeLooksForItsDataInOneOrder() {
        let roots = ForgeData.roots(environment: ["FORGE_SHARE": "share"], currentDirectory: "/home/u/work",
                                    executablePath: "/opt/cf/bin/forge")
        #expect(roots == ["/home/u/work/share", "/home/u/work", "/home/u", "/home", "/", "/opt/cf/share/contentforge",
                          "/opt/cf/bin", "/opt/cf", "/opt"])
        let have: Set<String> = ["/opt/cf/share/contentforge/data/chess-openings", "/opt/data/chess-openings"]
        let found = ForgeData.locate("data/chess-openings", environment: [:], currentDirectory: "/tmp/empty",
                                     executablePath: "/opt/cf/bin/forge", exists: have.contains)
        #expect(found.path == "/opt/cf/share/contentforge/data/chess-openings")
        #expect(found.tried == ["/tmp/empty/data/chess-openings", "/tmp/data/chess-openings", "/data/chess-openings",
                                "/opt/cf/share/contentforge/data/chess-openings"])
        #expect(ForgeData.locate("data/x", environment: [:], currentDirectory: "/a", executablePath: nil, exists: { _ in false })
            == DataLocation(path: nil, tried: ["/a/data/x", "/data/x"]))
    }
}
