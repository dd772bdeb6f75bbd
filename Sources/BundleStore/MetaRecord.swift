// MetaRecord: one row of `meta`, a key/value fact about how the bundle was built.
import GRDB

/// A fact about the bundle: `schema_version` (`2.0`, major.minor), `content_version`, `engine`,
/// `engine_version`, `profile`, `source_hash`, `build_date` (only when `SOURCE_DATE_EPOCH` was set).
public struct MetaRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "meta"

    /// The fact's name; unique.
    public var key: String
    /// Its value, as text.
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// The table's columns, for GRDB's query interface.
    public enum Columns {
        public static let key = Column("key")
        public static let value = Column("value")
    }
}
