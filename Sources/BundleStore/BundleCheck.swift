// BundleCheck: the one check every reader of a bundle folder goes through (the app, forge's readers, an update).
import Foundation
import GRDB

/// How much of a bundle folder is checked when it is opened.
public enum BundleVerification: Sendable, Hashable {
    /// Cheap, for every launch: `manifest.json` reads, names this schema's major version and lists
    /// `openings.sqlite`; every listed file is there with its recorded size; the database's header is ours and its
    /// tables and views are exactly the ones the schema's migrations create (a replaced `move_note` view is refused).
    case manifest
    /// Everything ``manifest`` checks, and the SHA-256 of every file the manifest lists: an edited row is refused.
    /// Reads every byte (about 40 MB for the full bundle): for a download before it is installed, and for forge.
    case checksums
}

/// What a checked bundle folder holds: its manifest and the path of its database.
public struct CheckedBundle: Sendable, Hashable {
    /// The folder that was checked.
    public var directory: String
    /// Its `manifest.json`.
    public var manifest: Manifest
    /// `directory/openings.sqlite`.
    public var databasePath: String { directory + "/" + BundleCheck.databaseName }
}

/// The check of a bundle folder: one function, used by `OpeningsBundle(directory:verification:)` (and so `CoachBundle(directory:verification:)`), by
/// ``BundleInstaller`` before and after it copies an update, and by forge's readers.
///
///     let checked = try BundleCheck.check(directory: bundleFolder, verification: .checksums)
///     checked.manifest.artifacts["openings.sqlite"]?.sha256
public enum BundleCheck {
    /// The database's file name in a bundle folder.
    public static let databaseName = "openings.sqlite"
    /// The manifest's file name in a bundle folder.
    public static let manifestName = "manifest.json"
    /// A manifest larger than this is refused unread: the real one is a few kilobytes.
    static let maximumManifestBytes = 1 << 20
    /// Bytes hashed per read while checking a file's SHA-256.
    static let hashChunkBytes = 1 << 20

    /// Checks the folder at `directory` to the level asked for; throws the first failure found, naming the file.
    public static func check(directory: String, verification: BundleVerification) throws(BundleError) -> CheckedBundle {
        let manifest = try readManifest(directory: directory)
        let manifestPath = directory + "/" + manifestName
        guard manifest.schemaVersion == BundleSchema.version else {
            throw .unsupportedSchemaVersion(path: manifestPath, found: manifest.schemaVersion, expected: BundleSchema.version)
        }
        guard manifest.artifacts[databaseName] != nil else {
            throw .manifestUnreadable(path: manifestPath, reason: "it lists no \(databaseName)")
        }
        var mismatches: [String] = []
        for path in manifest.artifacts.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let recorded = manifest.artifacts[path] else { continue }
            guard isPlainRelativePath(path) else {
                mismatches.append("\(path): not a plain path inside the folder")
                continue
            }
            let full = directory + "/" + path
            guard let size = fileSize(full) else {
                mismatches.append("\(path): in the manifest but missing")
                continue
            }
            guard size == recorded.bytes else {
                mismatches.append("\(path): manifest says \(recorded.bytes) bytes, found \(size)")
                continue
            }
            if verification == .checksums {
                let digest = try sha256(ofFile: full)
                if digest != recorded.sha256 {
                    mismatches.append("\(path): manifest says sha256 \(recorded.sha256), found \(digest)")
                }
            }
        }
        guard mismatches.isEmpty else { throw .artifactsDoNotMatch(directory: directory, mismatches: mismatches) }
        let checked = CheckedBundle(directory: directory, manifest: manifest)
        let queue = try BundleVerifier.openReadOnly(path: checked.databasePath)
        defer { try? queue.close() }
        try checkDatabase(queue, path: checked.databasePath)
        return checked
    }

    /// The header and the schema of an open database: what `OpeningsBundle(path:)` checks too.
    static func checkDatabase(_ queue: DatabaseQueue, path: String) throws(BundleError) {
        do {
            try queue.inDatabaseChecked(path: path) { db throws(BundleError) in
                try BundleVerifier.checkHeader(db, path: path)
                try checkSchema(db, path: path)
            }
        } catch .queryFailed(_, let message) {
            // SQLite opens lazily: a file that is not a database fails at the first read.
            throw .cannotOpen(path: path, message: message)
        }
    }

    /// The database's tables, views, indexes and triggers must be the ones the migrations create for its minor
    /// version (`meta.schema_version`); a newer minor version of this major must hold ours unchanged (additive).
    static func checkSchema(_ db: Database, path: String) throws(BundleError) {
        let found = try BundleWriter.run(path: path) { try schemaEntries(db) }
        let minor = try BundleWriter.run(path: path) {
            try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'schema_version'")
        }.flatMap(minorVersion(of:))
        guard let minor else {
            throw .schemaDiffers(path: path, differences: ["meta.schema_version is missing or not \(BundleSchema.version).n"])
        }
        let expected = try expectedSchema(minor: min(minor, BundleSchema.minorVersion), path: path)
        var differences: [String] = []
        for (name, sql) in expected.sorted(by: { $0.key < $1.key }) where found[name] != sql {
            differences.append(found[name] == nil ? "\(name) is missing" : "\(name) is not the schema's \(name)")
        }
        if minor <= BundleSchema.minorVersion {
            for name in found.keys.sorted() where expected[name] == nil { differences.append("\(name) is not in the schema") }
        }
        guard differences.isEmpty else { throw .schemaDiffers(path: path, differences: differences) }
    }

    /// `type name` → SQL of every schema entry that has SQL, SQLite's and GRDB's own left out.
    static func schemaEntries(_ db: Database) throws -> [String: String] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT type, name, sql FROM sqlite_master
                WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'
                """)
        var entries: [String: String] = [:]
        for row in rows {
            let type: String = row["type"]
            let name: String = row["name"]
            entries["\(type) \(name)"] = row["sql"]
        }
        return entries
    }

    /// The schema the migrations create up to minor version `minor` of this major, in an in-memory database (a few
    /// milliseconds: cheaper than keeping a copy of the schema text in step with the migrations).
    private static func expectedSchema(minor: Int, path: String) throws(BundleError) -> [String: String] {
        try BundleWriter.run(path: path) { () throws -> [String: String] in
            let queue = try DatabaseQueue()
            let target = minor == 0 ? "v\(BundleSchema.version)" : "v\(BundleSchema.version).\(minor)"
            try BundleSchema.migrator.migrate(queue, upTo: target)
            return try queue.read { db in try schemaEntries(db) }
        }
    }

    /// `2.1` → 1 when the major is ours; nil otherwise.
    static func minorVersion(of text: String) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, Int(parts[0]) == BundleSchema.version, let minor = Int(parts[1]), minor >= 0 else { return nil }
        return minor
    }

    /// Reads and decodes `directory/manifest.json`, refusing a missing, oversized or malformed file.
    static func readManifest(directory: String) throws(BundleError) -> Manifest {
        let path = directory + "/" + manifestName
        guard let size = fileSize(path) else { throw .manifestUnreadable(path: path, reason: "it does not exist") }
        guard size <= maximumManifestBytes else {
            throw .manifestUnreadable(path: path, reason: "\(size) bytes, more than \(maximumManifestBytes)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .manifestUnreadable(path: path, reason: "it cannot be read")
        }
        do {
            return try Manifest(json: data)
        } catch {
            throw .manifestUnreadable(path: path, reason: "not a manifest: \(error)")
        }
    }

    /// The SHA-256 of a file, read in chunks.
    static func sha256(ofFile path: String) throws(BundleError) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .fileSystem(path: path, operation: "open for reading", message: "cannot open")
        }
        defer { try? handle.close() }
        var hasher = SHA256Hash()
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: hashChunkBytes) } catch {
                throw .fileSystem(path: path, operation: "read", message: "\(error)")
            }
            guard let chunk, !chunk.isEmpty else { break }
            hasher.update(chunk)
        }
        return hasher.hexDigest()
    }

    /// The size of a regular file (following no link out of the folder is the installer's business), nil if absent.
    static func fileSize(_ path: String) -> Int? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? NSNumber
        else { return nil }
        return size.intValue
    }

    /// A manifest path names a file inside the folder: relative, no `..`, no empty or `.` component.
    static func isPlainRelativePath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !path.hasPrefix("/") && !parts.contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }
}
