// DenyRule: a denied lemma reaches every inflection and spelling variant of itself, so deny.txt lists lemmas, not spellings.

/// The deny rule: the spellings a lemma of `deny.txt` stands for.
///
/// A lemma denies itself and every form English spelling rules derive from it by adding a
/// suffix — plurals and third persons (`-s`, `-es`, `-ies`), `-ed`, `-ing`, `-ings`, `-er`,
/// `-ers`, `-est`, with the usual stem changes (a final `e` dropped before `-ing`, a final
/// consonant doubled after one vowel, `y` turned to `i`) — and the `-y` / `-ey` / `-ie`
/// spellings of its stem (`darky`, `darkey`, `darkie`, `darkies`, `darkeys`).
///
/// The rule only ever appends to the stem, so a lemma never reaches a word that merely
/// contains it (`cock` does not reach `peacock` or `cockpit`). It over-generates on purpose:
/// most forms it makes are not words and match nothing, and the few benign words it does
/// reach (`spic` → `spiced`) are listed by `forge words build` per lemma and rescued by name
/// in `allow.txt`.
///
/// ```swift
/// DenyRule.forms(of: "boner").contains("boners")   // true
/// DenyRule.forms(of: "jew").contains("jewing")     // true
/// DenyRule.forms(of: "darky").contains("darkeys")  // true
/// ```
package enum DenyRule {
    /// Every spelling `lemma` stands for (the lemma included). Input is lower-case a–z.
    package static func forms(of lemma: String) -> Set<String> {
        var out: Set<String> = []
        for stem in stems(of: Array(lemma.utf8)) {
            addInflections(of: stem, to: &out)
        }
        return out
    }

    static func isVowel(_ b: UInt8) -> Bool { b == 97 || b == 101 || b == 105 || b == 111 || b == 117 }

    /// The lemma and its -y / -ey / -ie spellings.
    static func stems(of l: [UInt8]) -> [[UInt8]] {
        var out = [l]
        let n = l.count
        if n > 3 && l[n - 2] == 101 && l[n - 1] == 121 {  // -ey
            let base = Array(l[..<(n - 2)])
            out += [base + [121], base + [105, 101]]
        } else if n > 3 && l[n - 2] == 105 && l[n - 1] == 101 {  // -ie
            let base = Array(l[..<(n - 2)])
            out += [base + [121], base + [101, 121]]
        } else if n > 2 && l[n - 1] == 121 && !isVowel(l[n - 2]) {  // consonant + y
            let base = Array(l[..<(n - 1)])
            out += [base + [101, 121], base + [105, 101]]
        }
        return out
    }

    static func addInflections(of s: [UInt8], to out: inout Set<String>) {
        func add(_ bytes: [UInt8], _ suffixes: [String]) {
            for suffix in suffixes { out.insert(String(decoding: bytes + Array(suffix.utf8), as: UTF8.self)) }
        }
        let n = s.count
        add(s, ["", "s", "ed", "ing", "ings", "er", "ers", "est"])
        let text = String(decoding: s, as: UTF8.self)
        if ["s", "x", "z", "ch", "sh", "o"].contains(where: { text.hasSuffix($0) }) { add(s, ["es"]) }
        if n > 2 && s[n - 1] == 121 && !isVowel(s[n - 2]) {
            add(Array(s[..<(n - 1)]), ["ies", "ied", "ier", "iers", "iest"])
        }
        if n > 0 && s[n - 1] == 101 {
            add(s, ["d", "r", "rs", "st"])
            add(Array(s[..<(n - 1)]), ["ing", "ings"])
        }
        if n > 2 && s[n - 2] == 105 && s[n - 1] == 101 { add(Array(s[..<(n - 2)]), ["ying"]) }
        // A final consonant after a single vowel doubles: spaz → spazzed, gyp → gypped.
        if n >= 2, !isVowel(s[n - 1]), ![119, 120, 121].contains(s[n - 1]), isVowel(s[n - 2]), n < 3 || !isVowel(s[n - 3]) {
            add(s + [s[n - 1]], ["ed", "ing", "ings", "er", "ers", "est", "es", "y", "ies"])
        }
    }

    /// Which lemma denies each word: every form of every lemma, mapped to the first lemma
    /// (in list order) that reaches it.
    package static func index(_ lemmas: some Sequence<String>) -> [String: String] {
        var by: [String: String] = [:]
        for lemma in lemmas {
            for form in forms(of: lemma) where by[form] == nil { by[form] = lemma }
        }
        return by
    }
}
