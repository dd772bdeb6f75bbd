// MetaRecord: one row of `meta`, a key/value fact about how the bundle was built.
import GRDB

/// A fact about the bundle: `schema_version` (`2.0`, major.minor), `content_version`, `engine`,
/// `engine_version`, `profile`, `source_hash`, `build_date` (only when `SOURCE_DATE_EPOCH` was set).
package struct MetaRecord: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "meta"

    /// The fact's name; unique.
    package var key: String
    /// Its value, as text.
    package var value: String

    package init(key: String, value: String) {
        self.key = key
        self.value = value
    }

    /// The table's columns, for GRDB's query interface.
    package enum Columns {
        package static let key = Column("key")
        package static let value = Column("value")
    }
}
