// BundleInfo: how a bundle was built (engine, profile, sources, date), stored in `meta`.
import Foundation
/// What the `meta` table records. No wall-clock time: the build date comes only from
/// `SOURCE_DATE_EPOCH` (see ``buildDate(sourceDateEpoch:)``), so builds stay reproducible.
package struct BundleInfo: Hashable, Sendable {
    /// Engine name as it reports itself, e.g. `Stockfish 15.1`.
    package var engine: String
    /// Engine version, e.g. `15.1`.
    package var engineVersion: String
    /// The analysis profile, e.g. `nodes=1000000 threads=1 hash=16 multipv=3`.
    package var profile: String
    /// SHA-256 (lowercase hex) of the sources the bundle was built from.
    package var sourceHash: String
    /// ISO 8601 UTC date, e.g. `2023-11-14T22:13:20Z`, only when `SOURCE_DATE_EPOCH` is set.
    package var buildDate: String?
    /// Further facts; a key that clashes with a standard one is rejected when writing.
    package var extra: [String: String]

    package init(
        engine: String, engineVersion: String, profile: String, sourceHash: String,
        buildDate: String? = nil, extra: [String: String] = [:]
    ) {
        self.engine = engine
        self.engineVersion = engineVersion
        self.profile = profile
        self.sourceHash = sourceHash
        self.buildDate = buildDate
        self.extra = extra
    }

    /// The `meta` rows, sorted by key: `build_date` (if any), `engine`, `engine_version`,
    /// `profile`, `schema_version`, `content_version`, `source_hash`, and the extra facts.
    package var metaRecords: [MetaRecord] {
        var rows = [
            MetaRecord(key: "engine", value: engine),
            MetaRecord(key: "engine_version", value: engineVersion),
            MetaRecord(key: "profile", value: profile),
            MetaRecord(key: "schema_version", value: BundleSchema.versionString),
            MetaRecord(key: "content_version", value: contentVersion),
            MetaRecord(key: "source_hash", value: sourceHash),
        ]
        if let buildDate { rows.append(MetaRecord(key: "build_date", value: buildDate)) }
        rows += extra.map { MetaRecord(key: $0.key, value: $0.value) }
        return rows.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    /// `meta.content_version`: 16 hex digits of the SHA-256 of the schema version, source hash, engine
    /// and profile. It changes whenever anything the bundle's rows come from changes (a source file,
    /// the engine, the analysis profile, the schema), and only then; an app compares it for equality
    /// with the one it has to decide whether a downloaded bundle is new.
    package var contentVersion: String {
        let text = "\(BundleSchema.versionString)\n\(sourceHash)\n\(engine)\n\(profile)\n"
        return String(SHA256Hash.hexDigest(of: Data(text.utf8)).prefix(16))
    }

    /// The build date for a `SOURCE_DATE_EPOCH` value: `nil` when unset or empty,
    /// an ISO 8601 UTC date otherwise.
    ///
    ///     try BundleInfo.buildDate(sourceDateEpoch: "1700000000")  // "2023-11-14T22:13:20Z"
    ///
    /// Rejects anything but a non-negative whole number of seconds.
    package static func buildDate(sourceDateEpoch: String?) throws(BundleError) -> String? {
        guard let text = sourceDateEpoch, !text.isEmpty else { return nil }
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Int64(text) else {
            throw .invalidSourceDateEpoch(text)
        }
        return iso8601(secondsSinceEpoch: seconds)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` for a count of seconds since 1970, by the proleptic Gregorian calendar.
    static func iso8601(secondsSinceEpoch seconds: Int64) -> String {
        let days = seconds / 86_400
        let secondOfDay = seconds % 86_400
        // Howard Hinnant's days-to-civil algorithm.
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ n: Int64, _ width: Int) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
            + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }
}
