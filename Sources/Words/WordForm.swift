// WordForm: the rule that decides whether a source-list entry is a game word, and why not.

/// Why a source entry is not a game word.
public enum Rejection: String, Error, Sendable, Hashable, Codable, CaseIterable {
    case empty
    /// `cat's`, `don't`: possessives and contractions.
    case apostrophe
    /// `well-known`.
    case hyphen
    /// `ad hoc`.
    case space
    case digit
    /// `café`, `naïve`: dropped, not folded (see docs/words.md).
    case accent
    /// `kHz`, `OK`, `eBook`: an upper-case letter in a common-words list marks a unit or abbreviation.
    case upperCase
    /// Any other character (`.`, `&`, …).
    case otherCharacter

    /// A short human explanation, for `forge words lookup`.
    public var explanation: String {
        switch self {
        case .empty: "it is empty"
        case .apostrophe: "it has an apostrophe (possessives and contractions are not game words)"
        case .hyphen: "it has a hyphen"
        case .space: "it has a space"
        case .digit: "it has a digit"
        case .accent: "it has an accented letter (accented entries are dropped, not folded)"
        case .upperCase: "it has a capital letter (units and abbreviations such as kHz, OK)"
        case .otherCharacter: "it has a character other than a letter"
        }
    }
}

/// The word rule: an entry is kept when it is only the letters a–z.
///
/// Entries are *not* lowercased first: SCOWL's word lists are lower-case except for a
/// handful of units and abbreviations (`kHz`, `pH`, `OK`, `eBook`), which are not words a
/// player may play. Proper names and upper-case words live in other SCOWL lists that are
/// never read.
public enum WordForm {
    /// The entry as a game word (its ASCII bytes), or the first reason it is not one.
    ///
    /// `check("cat") == .success([99, 97, 116])`, `check("cat's") == .failure(.apostrophe)`.
    public static func check(_ entry: some StringProtocol) -> Result<[UInt8], Rejection> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entry.utf8.count)
        var reason: Rejection?
        for u in entry.unicodeScalars {
            let v = u.value
            if v >= 97 && v <= 122 {
                bytes.append(UInt8(v))
                continue
            }
            let r: Rejection
            switch v {
            case 39, 0x2019: r = .apostrophe
            case 45: r = .hyphen
            case 32, 9: r = .space
            case 48...57: r = .digit
            case 65...90: r = .upperCase
            case 0xC0...0x24F: r = .accent
            default: r = .otherCharacter
            }
            // Report the most telling reason: an apostrophe explains "cat's" better than anything else.
            if reason == nil || r == .apostrophe { reason = r }
        }
        if let reason { return .failure(reason) }
        if bytes.isEmpty { return .failure(.empty) }
        return .success(bytes)
    }
}
