// BundleError: why writing, checking or reading a bundle failed, with a stable BND4xx code.
import Diagnostics

/// A failure of the bundle store. Each case has a stable code (`BND4xx`) and a message
/// that names the file and what was found.
public enum BundleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// SQLite refused the content while writing it (a duplicate id, a CHECK, a UNIQUE constraint…).
    case rejectedContent(path: String, table: String, message: String)
    /// `PRAGMA integrity_check` reported problems.
    case integrityCheckFailed(path: String, problems: [String])
    /// `PRAGMA foreign_key_check` found rows that point at missing rows: `table rowid → parent`.
    case foreignKeyCheckFailed(path: String, violations: [String])
    /// The vacuumed copy differs from what was written (header, page size or row counts).
    case verificationFailed(path: String, reason: String)
    /// A file system operation (remove, rename, sync) failed.
    case fileSystem(path: String, operation: String, message: String)
    /// The file cannot be opened or read as an SQLite database.
    case cannotOpen(path: String, message: String)
    /// The file is an SQLite database but not an openings bundle (wrong `application_id`).
    case notABundle(path: String, applicationID: Int32)
    /// The bundle's `user_version` is not the schema version this code reads.
    case unsupportedSchemaVersion(path: String, found: Int, expected: Int)
    /// A query on an open bundle failed.
    case queryFailed(path: String, message: String)
    /// A bundle folder's `manifest.json` is missing, too large, malformed or lists no `openings.sqlite`.
    case manifestUnreadable(path: String, reason: String)
    /// Files of a bundle folder are missing or differ from what its manifest records (size or SHA-256).
    case artifactsDoNotMatch(directory: String, mismatches: [String])
    /// The database's tables, views, indexes or triggers are not the ones its schema version creates.
    case schemaDiffers(path: String, differences: [String])
    /// `SOURCE_DATE_EPOCH` is not a non-negative integer number of seconds.
    case invalidSourceDateEpoch(String)
    /// A Polyglot move or book is malformed.
    case invalidPolyglot(String)

    /// The stable code of the failure.
    public var code: DiagnosticCode {
        switch self {
        case .rejectedContent: BundleCode.rejectedContent
        case .integrityCheckFailed: BundleCode.integrityCheckFailed
        case .foreignKeyCheckFailed: BundleCode.foreignKeyCheckFailed
        case .verificationFailed: BundleCode.verificationFailed
        case .fileSystem: BundleCode.fileSystem
        case .cannotOpen: BundleCode.cannotOpen
        case .notABundle: BundleCode.notABundle
        case .unsupportedSchemaVersion: BundleCode.unsupportedSchemaVersion
        case .queryFailed: BundleCode.queryFailed
        case .manifestUnreadable: BundleCode.manifestUnreadable
        case .artifactsDoNotMatch: BundleCode.artifactsDoNotMatch
        case .schemaDiffers: BundleCode.schemaDiffers
        case .invalidSourceDateEpoch: BundleCode.invalidSourceDateEpoch
        case .invalidPolyglot: BundleCode.invalidPolyglot
        }
    }

    /// One sentence saying what failed and what was found.
    public var message: String {
        switch self {
        case let .rejectedContent(path, table, message):
            "\(path): table \(table) rejected a row: \(message)"
        case let .integrityCheckFailed(path, problems):
            "\(path): integrity check failed: \(problems.prefix(5).joined(separator: "; "))"
        case let .foreignKeyCheckFailed(path, violations):
            "\(path): \(violations.count) row(s) point at missing rows: \(violations.prefix(5).joined(separator: "; "))"
        case let .verificationFailed(path, reason):
            "\(path): the written copy does not match: \(reason)"
        case let .fileSystem(path, operation, message):
            "\(path): cannot \(operation): \(message)"
        case let .cannotOpen(path, message):
            "\(path): cannot open as SQLite database: \(message)"
        case let .notABundle(path, applicationID):
            "\(path): not an openings bundle (application_id \(applicationID), expected \(BundleSchema.applicationID))"
        case let .unsupportedSchemaVersion(path, found, expected):
            "\(path): schema version \(found), this reader reads version \(expected)"
        case let .queryFailed(path, message):
            "\(path): query failed: \(message)"
        case let .manifestUnreadable(path, reason):
            "\(path): not a bundle's manifest: \(reason)"
        case let .artifactsDoNotMatch(directory, mismatches):
            "\(directory): the bundle does not match its manifest, so it is not read: \(mismatches.prefix(5).joined(separator: "; "))"
                + (mismatches.count > 5 ? " (and \(mismatches.count - 5) more)" : "")
        case let .schemaDiffers(path, differences):
            "\(path): the schema is not the bundle schema, so it is not read: \(differences.prefix(5).joined(separator: "; "))"
        case let .invalidSourceDateEpoch(text):
            "SOURCE_DATE_EPOCH \"\(text)\" is not a non-negative whole number of seconds"
        case let .invalidPolyglot(message):
            message
        }
    }

    public var description: String { "\(code): \(message)" }

    /// The failure as a diagnostic for the executable to print.
    public var diagnostic: Diagnostic { Diagnostic(code, message) }
}
