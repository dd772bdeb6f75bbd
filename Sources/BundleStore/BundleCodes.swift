// BundleCodes: the catalogue of the bundle store's codes (BND4xx writing, checking and reading; BND5xx the read API).
import Diagnostics

/// The codes of `BundleError` and of CoachBundle's read API. docs/bundle.md has the table.
public enum BundleCode {
    public static let rejectedContent = DiagnosticCode("BND401", .error, "SQLite refused a row of the bundle (table and row named)")
    public static let integrityCheckFailed = DiagnosticCode("BND402", .error, "the written bundle fails PRAGMA integrity_check")
    public static let foreignKeyCheckFailed = DiagnosticCode("BND403", .error, "rows of the written bundle point at missing rows")
    public static let verificationFailed = DiagnosticCode("BND404", .error, "the vacuumed copy of the bundle differs from what was written")
    public static let fileSystem = DiagnosticCode("BND405", .error, "a file system operation on the bundle failed (remove, rename, sync)")
    public static let cannotOpen = DiagnosticCode("BND410", .error, "a bundle that cannot be opened as SQLite")
    public static let notABundle = DiagnosticCode("BND411", .error, "an SQLite file that is not an openings bundle (application_id)")
    public static let unsupportedSchemaVersion = DiagnosticCode("BND412", .error, "a bundle of another major schema version")
    public static let queryFailed = DiagnosticCode("BND413", .error, "a query on an open bundle failed")
    public static let manifestUnreadable = DiagnosticCode("BND414", .error, "a bundle folder whose manifest.json is missing, too large or malformed")
    public static let artifactsDoNotMatch = DiagnosticCode("BND415", .error, "a bundle folder whose files differ from its manifest (size or SHA-256): not read")
    public static let schemaDiffers = DiagnosticCode("BND416", .error, "a bundle whose tables or views are not the ones its schema version creates: not read")
    public static let invalidSourceDateEpoch = DiagnosticCode("BND420", .error, "SOURCE_DATE_EPOCH is not a whole number of seconds from 0")
    public static let invalidPolyglot = DiagnosticCode("BND430", .error, "a Polyglot move or book that is malformed")
    public static let invalidFEN = DiagnosticCode("BND501", .error, "CoachBundle was asked about a FEN that is not a legal position")
    public static let damagedRow = DiagnosticCode("BND502", .error, "CoachBundle read a row it cannot read as its value (a score with neither centipawns nor mate, an unknown verdict)")
    public static let engineEnded = DiagnosticCode("BND510", .error, "the app's engine stopped answering (its output ended) during a live note")
    public static let engineProtocol = DiagnosticCode("BND511", .error, "the app's engine answered a search with no usable line (no legal scored line, an unreadable bestmove)")

    /// Every code above, in number order; `DiagnosticCatalogue` (Pipeline) joins the modules' lists.
    public static let all: [DiagnosticCode] = [
        rejectedContent, integrityCheckFailed, foreignKeyCheckFailed, verificationFailed, fileSystem, cannotOpen,
        notABundle, unsupportedSchemaVersion, queryFailed, manifestUnreadable, artifactsDoNotMatch, schemaDiffers,
        invalidSourceDateEpoch, invalidPolyglot, invalidFEN,
        damagedRow, engineEnded, engineProtocol,
    ]
}
