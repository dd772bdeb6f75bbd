// BundleKeys: the keys that survive content updates, derived from content alone (docs/bundle.md).

/// How the bundle's stable keys are made. Integer ids follow the sorted order of the sources and
/// change when content is added; these keys depend only on the thing they name, so an app stores
/// them (progress per opening, spaced repetition per position) and finds the same rows after an update.
///
/// - opening: `opening.slug`, the source's file name (`italian-game`);
/// - line: `lineKey(openingSlug:kind:name:branch:)`, written by the build (`italian-game/main`, `italian-game/two-knights-defence`);
/// - position: `position.zobrist_key`, the Polyglot key;
/// - move: ``moveKey(fromPolyglotKey:uci:)`` (`823c9b50fd114196:g1f3`);
/// - library entry: `classical/<slug>` or `tactics/<slug>`.
public enum BundleKeys {
    /// A line's key: the main line is `<opening>/main`; a deviation is `<opening>/<name as slug>`.
    /// An alternative (which carries its parent's name), or a deviation whose name another deviation
    /// of the same opening shares, adds `@<ply>-<uci>` of its first own move: `<opening>/<name>@7-c8g4`.
    ///
    ///     BundleKeys.lineKey(openingSlug: "italian-game", kind: .deviation, name: "Two Knights Defence")
    ///     // "italian-game/two-knights-defence"
    package static func lineKey(openingSlug: String, kind: LineKind, name: String?, branch: (ply: Int, uci: String)? = nil) -> String {
        let base = kind == .main ? "\(openingSlug)/main" : "\(openingSlug)/\(slug(name ?? "line"))"
        guard let branch, kind != .main else { return base }
        return "\(base)@\(branch.ply)-\(branch.uci)"
    }

    /// A move's key: the Polyglot key of the position it is played in, as 16 lowercase hex digits, `:` and the UCI move.
    ///
    ///     BundleKeys.moveKey(fromPolyglotKey: 0x463b96181691fc9c, uci: "e2e4")   // "463b96181691fc9c:e2e4"
    public static func moveKey(fromPolyglotKey key: UInt64, uci: String) -> String {
        "\(hex16(key)):\(uci)"
    }

    /// The parts of a move's key (``moveKey(fromPolyglotKey:uci:)``): the Polyglot key and the UCI move; nil for a text
    /// that is not 16 hex digits, `:` and a move of 4 or 5 characters.
    ///
    ///     BundleKeys.moveKeyParts("463b96181691fc9c:e2e4")   // (0x463b96181691fc9c, "e2e4")
    public static func moveKeyParts(_ key: String) -> (polyglotKey: UInt64, uci: String)? {
        let parts = key.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 16, (4...5).contains(parts[1].utf8.count),
            let value = UInt64(parts[0], radix: 16) else { return nil }
        return (value, String(parts[1]))
    }

    /// 16 lowercase hex digits, zero-padded.
    public static func hex16(_ value: UInt64) -> String {
        let digits = Array("0123456789abcdef")
        var out = ""
        for shift in stride(from: 60, through: 0, by: -4) { out.append(digits[Int((value >> UInt64(shift)) & 15)]) }
        return out
    }

    /// Lowercase ASCII letters and digits, every other run of characters one `-`:
    /// `Giuoco Piano: Centre Holding Variation` → `giuoco-piano-centre-holding-variation`,
    /// `Pin with ...Bg4` → `pin-with-bg4`. Letters with accents keep their base letter where they
    /// decompose (`Grünfeld` → `grunfeld`).
    public static func slug(_ text: String) -> String {
        var out = ""
        var pendingDash = false
        for scalar in text.decomposedStringWithCanonicalMappingASCII {
            if scalar.isASCIIAlphanumeric {
                if pendingDash && !out.isEmpty { out.append("-") }
                pendingDash = false
                out.append(Character(scalar).lowercased())
            } else {
                pendingDash = true
            }
        }
        return out
    }
}

extension String {
    /// The unicode scalars of the string's canonical decomposition, combining marks dropped
    /// (without Foundation: the decomposition of the Latin-1 and Latin Extended-A letters authors use).
    fileprivate var decomposedStringWithCanonicalMappingASCII: [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for s in unicodeScalars {
            if s.isASCII { out.append(s); continue }
            if let base = Self.latinBase[s] { out.append(base) } else { out.append(" ") }
        }
        return out
    }

    private static let latinBase: [Unicode.Scalar: Unicode.Scalar] = {
        var map: [Unicode.Scalar: Unicode.Scalar] = [:]
        let groups: [(String, Unicode.Scalar)] = [
            ("àáâãäåāăą", "a"), ("ÀÁÂÃÄÅĀĂĄ", "A"), ("çćĉċč", "c"), ("ÇĆĈĊČ", "C"), ("èéêëēĕėęě", "e"),
            ("ÈÉÊËĒĔĖĘĚ", "E"), ("ìíîïĩīĭįı", "i"), ("ÌÍÎÏĨĪĬĮİ", "I"), ("ñńņň", "n"), ("ÑŃŅŇ", "N"),
            ("òóôõöøōŏő", "o"), ("ÒÓÔÕÖØŌŎŐ", "O"), ("ùúûüũūŭůűų", "u"), ("ÙÚÛÜŨŪŬŮŰŲ", "U"), ("ýÿ", "y"),
            ("ÝŸ", "Y"), ("śŝşš", "s"), ("ŚŜŞŠ", "S"), ("źżž", "z"), ("ŹŻŽ", "Z"), ("ł", "l"), ("Ł", "L"),
        ]
        for (letters, base) in groups { for s in letters.unicodeScalars { map[s] = base } }
        return map
    }()
}

extension Unicode.Scalar {
    fileprivate var isASCIIAlphanumeric: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self)
    }
}
