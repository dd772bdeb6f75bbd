// Manifest: manifest.json, what a bundle was built from and what it holds, in deterministic bytes.
import Foundation

/// One file of the bundle: its size and SHA-256.
public struct ManifestArtifact: Codable, Hashable, Sendable {
    /// Size in bytes.
    public var bytes: Int
    /// SHA-256 of the contents, 64 lowercase hex digits.
    public var sha256: String

    public init(bytes: Int, sha256: String) {
        self.bytes = bytes
        self.sha256 = sha256
    }

    /// The size and digest of `contents`.
    public init(contents: Data) {
        self.init(bytes: contents.count, sha256: SHA256Hash.hexDigest(of: contents))
    }
}

/// `data/bundle/manifest.json`: for each artifact its size and SHA-256, the row counts, the
/// schema version, the engine and profile, and the hash of the sources.
///
/// ``json`` is always the same bytes for the same manifest: keys sorted (by UTF-8 bytes),
/// two-space indentation, `"key": value`, no escaped slashes, a final newline, no timestamps
/// (``buildDate`` only comes from `SOURCE_DATE_EPOCH`).
///
///     let manifest = Manifest(
///         info: info, rowCounts: try bundle.rowCounts(),
///         artifacts: ["openings.sqlite": ManifestArtifact(contents: sqliteBytes)])
///     try Data(manifest.json.utf8).write(to: url)
public struct Manifest: Codable, Hashable, Sendable {
    /// The format of this file; 1.
    public var manifestVersion: Int
    /// `BundleSchema.version` of `openings.sqlite`.
    public var schemaVersion: Int
    public var engine: String
    public var engineVersion: String
    public var profile: String
    /// SHA-256 of the sources (see `SourceHash`).
    public var sourceHash: String
    /// From `SOURCE_DATE_EPOCH`; absent otherwise.
    public var buildDate: String?
    /// Artifacts by path relative to the bundle directory (`openings.sqlite`, `fen/italian-game.fen`).
    public var artifacts: [String: ManifestArtifact]
    /// Rows per table of `openings.sqlite`.
    public var rowCounts: [String: Int]
    /// Other figures worth recording (`polyglot_entries`, `transpositions`, …).
    public var counts: [String: Int]

    public init(
        manifestVersion: Int = 1, schemaVersion: Int = BundleSchema.version, engine: String, engineVersion: String,
        profile: String, sourceHash: String, buildDate: String? = nil, artifacts: [String: ManifestArtifact],
        rowCounts: [String: Int], counts: [String: Int] = [:]
    ) {
        self.manifestVersion = manifestVersion
        self.schemaVersion = schemaVersion
        self.engine = engine
        self.engineVersion = engineVersion
        self.profile = profile
        self.sourceHash = sourceHash
        self.buildDate = buildDate
        self.artifacts = artifacts
        self.rowCounts = rowCounts
        self.counts = counts
    }

    /// A manifest for a bundle written with `info`.
    package init(info: BundleInfo, rowCounts: [String: Int], artifacts: [String: ManifestArtifact], counts: [String: Int] = [:]) {
        self.init(
            engine: info.engine, engineVersion: info.engineVersion, profile: info.profile,
            sourceHash: info.sourceHash, buildDate: info.buildDate, artifacts: artifacts, rowCounts: rowCounts,
            counts: counts)
    }

    enum CodingKeys: String, CodingKey {
        case manifestVersion = "manifest_version"
        case schemaVersion = "schema_version"
        case engine
        case engineVersion = "engine_version"
        case profile
        case sourceHash = "source_hash"
        case buildDate = "build_date"
        case artifacts
        case rowCounts = "row_counts"
        case counts
    }

    /// Reads a manifest written by ``json``. Throws `DecodingError` on anything else.
    public init(json: Data) throws {
        self = try JSONDecoder().decode(Manifest.self, from: json)
    }

    /// The file's text (UTF-8), see the type's documentation.
    public var json: String {
        var object: [String: JSONValue] = [
            CodingKeys.manifestVersion.rawValue: .integer(manifestVersion),
            CodingKeys.schemaVersion.rawValue: .integer(schemaVersion),
            CodingKeys.engine.rawValue: .string(engine),
            CodingKeys.engineVersion.rawValue: .string(engineVersion),
            CodingKeys.profile.rawValue: .string(profile),
            CodingKeys.sourceHash.rawValue: .string(sourceHash),
            CodingKeys.artifacts.rawValue: .object(
                artifacts.mapValues { .object(["bytes": .integer($0.bytes), "sha256": .string($0.sha256)]) }),
            CodingKeys.rowCounts.rawValue: .object(rowCounts.mapValues { .integer($0) }),
            CodingKeys.counts.rawValue: .object(counts.mapValues { .integer($0) }),
        ]
        if let buildDate { object[CodingKeys.buildDate.rawValue] = .string(buildDate) }
        var out = ""
        JSONValue.object(object).write(to: &out, indent: 0)
        return out + "\n"
    }

    /// What differs between the recorded artifacts and `actual` (path → measured size and digest):
    /// one sentence per missing, unexpected or changed file; empty when they agree.
    public func mismatches(against actual: [String: ManifestArtifact]) -> [String] {
        let paths = Set(artifacts.keys).union(actual.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return paths.compactMap { path in
            switch (artifacts[path], actual[path]) {
            case (nil, _?): "\(path): present but not in the manifest"
            case (_?, nil): "\(path): in the manifest but missing"
            case let (recorded?, found?) where recorded != found:
                "\(path): manifest says \(recorded.bytes) bytes sha256 \(recorded.sha256), found \(found.bytes) bytes sha256 \(found.sha256)"
            default: nil
            }
        }
    }
}

/// The JSON values a manifest needs, written with sorted keys and two-space indentation.
enum JSONValue {
    case integer(Int)
    case string(String)
    case object([String: JSONValue])

    func write(to out: inout String, indent: Int) {
        switch self {
        case let .integer(n):
            out += String(n)
        case let .string(s):
            Self.writeString(s, to: &out)
        case let .object(members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            let pad = String(repeating: " ", count: indent + 2)
            out += "{\n"
            let keys = members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (i, key) in keys.enumerated() {
                out += pad
                Self.writeString(key, to: &out)
                out += ": "
                members[key]?.write(to: &out, indent: indent + 2)
                out += i == keys.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
