// Tier: how common a word is, from the smallest SCOWL size level it appears at.

/// A word's commonness, named after the SCOWL size level bands it was first seen in.
///
/// Tiers are ordered: `common < standard < extended < full < insane`; a list "at tier t"
/// holds every word whose tier is `t` or more common. `insane` (level 95) exists only
/// when a build asks for `--max-level 95`.
public enum Tier: UInt8, Sendable, CaseIterable, Comparable, Codable {
    /// SCOWL levels 10–35.
    case common = 1
    /// SCOWL levels 40–50.
    case standard = 2
    /// SCOWL levels 55–70.
    case extended = 3
    /// SCOWL levels 80.
    case full = 4
    /// SCOWL level 95 (mostly not words; only on request).
    case insane = 5

    /// The tier of a word first seen at SCOWL size `level`, or nil above 95.
    ///
    /// `Tier(level: 35) == .common`, `Tier(level: 40) == .standard`, `Tier(level: 96) == nil`.
    public init?(level: Int) {
        switch level {
        case ...35: self = .common
        case ...50: self = .standard
        case ...70: self = .extended
        case ...80: self = .full
        case ...95: self = .insane
        default: return nil
        }
    }

    /// The tier's name as written in files and on the command line: `common`, `standard`, …
    public var name: String {
        switch self {
        case .common: "common"
        case .standard: "standard"
        case .extended: "extended"
        case .full: "full"
        case .insane: "insane"
        }
    }

    /// The tier called `name` (`common`, `standard`, `extended`, `full`, `insane`), or nil.
    public init?(name: some StringProtocol) {
        guard let t = Tier.allCases.first(where: { $0.name == name }) else { return nil }
        self = t
    }

    /// The largest SCOWL size level that belongs to this tier.
    public var maxLevel: Int {
        switch self {
        case .common: 35
        case .standard: 50
        case .extended: 70
        case .full: 80
        case .insane: 95
        }
    }

    public static func < (a: Tier, b: Tier) -> Bool { a.rawValue < b.rawValue }
}
