// BundleCheckTests: a bundle folder is read only when it matches its manifest and its schema; each refusal named.
import Foundation
import GRDB
import Testing

@testable import BundleStore

/// Writes `content` as a bundle folder in `directory`: `openings.sqlite`, one FEN file and `manifest.json`.
func writeBundleFolder(_ content: BundleContent, to directory: String) throws -> Manifest {
    let database = directory + "/openings.sqlite"
    let counts = try BundleWriter().write(content, to: database)
    let fen = Data("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n".utf8)
    try FileManager.default.createDirectory(atPath: directory + "/fen", withIntermediateDirectories: true)
    try fen.write(to: URL(fileURLWithPath: directory + "/fen/start.fen"))
    let manifest = Manifest(
        info: content.info, rowCounts: counts,
        artifacts: [
            "openings.sqlite": ManifestArtifact(contents: try Data(contentsOf: URL(fileURLWithPath: database))),
            "fen/start.fen": ManifestArtifact(contents: fen),
        ])
    try Data(manifest.json.utf8).write(to: URL(fileURLWithPath: directory + "/manifest.json"))
    return manifest
}

/// Runs SQL on a bundle's database as an editor would (read-write, outside the library).
func editDatabase(_ path: String, _ sql: String) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
    try queue.close()
}

@Suite struct BundleCheckTests {
    @Test func aWholeFolderPassesBothLevelsAndOpens() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        let manifest = try writeBundleFolder(try FixtureContent.content(), to: dir)
        for level in [BundleVerification.manifest, .checksums] {
            let checked = try BundleCheck.check(directory: dir, verification: level)
            #expect(checked.manifest == manifest)
            let bundle = try OpeningsBundle(directory: dir, verification: level)
            #expect(bundle.manifest == manifest)
            #expect(try bundle.openings().map(\.slug) == (try FixtureContent.content()).openings.map(\.slug))
        }
    }

    /// The edit of one row keeps the file's size (SQLite rewrites the page in place), so only the checksums see it.
    @Test func anEditedRowIsRefusedByTheChecksums() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        _ = try writeBundleFolder(try FixtureContent.content(), to: dir)
        try editDatabase(dir + "/openings.sqlite", "UPDATE opening SET name = 'Made up' || char(27) || '[2K' WHERE id = 1")
        #expect(throws: BundleError.self) { try OpeningsBundle(directory: dir, verification: .checksums) }
        do {
            _ = try OpeningsBundle(directory: dir, verification: .checksums)
        } catch {
            #expect(error.code == BundleCode.artifactsDoNotMatch)
            guard case let .artifactsDoNotMatch(directory, mismatches) = error else { return }
            #expect(directory == dir)
            #expect(mismatches.count == 1)
            #expect(mismatches.first?.hasPrefix("openings.sqlite: manifest says sha256 ") == true)
        }
    }

    @Test func aChangedOrMissingFileIsRefusedBeforeTheDatabaseIsRead() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        _ = try writeBundleFolder(try FixtureContent.content(), to: dir)
        try Data("not a FEN\n".utf8).write(to: URL(fileURLWithPath: dir + "/fen/start.fen"))
        #expect(refusal(dir, .manifest) == .artifactsDoNotMatch(
            directory: dir, mismatches: ["fen/start.fen: manifest says 57 bytes, found 10"]))
        try FileManager.default.removeItem(atPath: dir + "/fen/start.fen")
        #expect(refusal(dir, .manifest) == .artifactsDoNotMatch(directory: dir, mismatches: ["fen/start.fen: in the manifest but missing"]))
    }

    @Test func aMissingOrMalformedManifestIsRefused() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        _ = try writeBundleFolder(try FixtureContent.content(), to: dir)
        let manifestPath = dir + "/manifest.json"
        try Data("{\"schema_version\": 2}".utf8).write(to: URL(fileURLWithPath: manifestPath))
        #expect(refusal(dir, .manifest)?.code == BundleCode.manifestUnreadable)
        try FileManager.default.removeItem(atPath: manifestPath)
        #expect(refusal(dir, .manifest) == .manifestUnreadable(path: manifestPath, reason: "it does not exist"))
    }

    @Test func aManifestPathOutOfTheFolderIsRefused() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        var manifest = try writeBundleFolder(try FixtureContent.content(), to: dir)
        manifest.artifacts["../outside"] = ManifestArtifact(bytes: 1, sha256: String(repeating: "0", count: 64))
        try Data(manifest.json.utf8).write(to: URL(fileURLWithPath: dir + "/manifest.json"))
        #expect(refusal(dir, .manifest) == .artifactsDoNotMatch(directory: dir, mismatches: ["../outside: not a plain path inside the folder"]))
    }

    /// A replaced `move_note` view serves made-up notes with every row intact: the schema check refuses it, even
    /// for a database opened without its manifest.
    @Test func aReplacedViewIsRefusedByTheSchemaCheck() throws {
        let dir = try makeScratchDirectory()
        defer { removeScratchDirectory(dir) }
        _ = try writeBundleFolder(try FixtureContent.content(), to: dir)
        let database = dir + "/openings.sqlite"
        let view = try DatabaseQueue(path: database).read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'move_note'")
        }
        let original = try #require(view)
        try editDatabase(database, "DROP VIEW move_note; " + original.replacingOccurrences(of: "r.uci", with: "'e2e4'") )
        #expect(throws: BundleError.self) { try OpeningsBundle(path: database) }
        do {
            _ = try OpeningsBundle(path: database)
        } catch {
            #expect(error == .schemaDiffers(path: database, differences: ["view move_note is not the schema's view move_note"]))
        }
        try editDatabase(database, "CREATE TABLE extra(x)")
        #expect(refusalOfFile(database)?.code == BundleCode.schemaDiffers)
    }

    @Test func minorVersionsOfThisMajorOnly() {
        #expect(BundleCheck.minorVersion(of: "\(BundleSchema.version).1") == 1)
        #expect(BundleCheck.minorVersion(of: "\(BundleSchema.version + 1).0") == nil)
        #expect(BundleCheck.minorVersion(of: "\(BundleSchema.version)") == nil)
        #expect(BundleCheck.minorVersion(of: "\(BundleSchema.version).-1") == nil)
    }

    private func refusal(_ dir: String, _ level: BundleVerification) -> BundleError? {
        do {
            _ = try BundleCheck.check(directory: dir, verification: level)
            return nil
        } catch {
            return error
        }
    }

    private func refusalOfFile(_ path: String) -> BundleError? {
        do {
            _ = try OpeningsBundle(path: path)
            return nil
        } catch {
            return error
        }
    }
}
