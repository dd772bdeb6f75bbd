// LongAlgebraic: moves written with their from-square (`g1f3`, `Ng1-f3`, `Nb1xc3`, `e7e8q`, `e7e8=Q`, `e1g1`).

extension Position {
    /// The legal move a long-algebraic or UCI text names, or `nil` when the text is not in that form or names
    /// no legal move. Form: an optional piece letter (`NBRQK`, which must be the piece on the from-square),
    /// the from-square, an optional `-`, `x` or `:` (`x` and `:` only for a capture), the to-square, an
    /// optional promotion (`q`, `Q`, `=Q`), and optional `+`/`#` (not checked here). Castling is the king's
    /// move (`e1g1`) or king-takes-rook (`e1h1`), as in `move(uci:)`.
    ///
    /// SAN readers try this after SAN fails: `g1f3` is not SAN, but PGN written by engines uses it.
    ///
    /// ```swift
    /// Position.standard.move(longAlgebraic: "g1f3")   // the knight's move, SAN "Nf3"
    /// Position.standard.move(longAlgebraic: "Nb1-c3") // SAN "Nc3"
    /// Position.standard.move(longAlgebraic: "Nf3")    // nil: no from-square
    /// ```
    public func move(longAlgebraic text: some StringProtocol) -> Move? {
        var u = Array(text.utf8)
        while let last = u.last, last == 43 || last == 35 { u.removeLast() }  // + #
        guard let form = LongAlgebraicForm(u) else { return nil }
        guard let m = try? move(uci: form.uci) else { return nil }
        if let role = form.role, role != m.role { return nil }
        if let capture = form.capture, capture != m.isCapture { return nil }
        return m
    }

    /// Whether `text` has the shape of a long-algebraic move (a from-square before the to-square), legal or not.
    public static func looksLongAlgebraic(_ text: some StringProtocol) -> Bool {
        var u = Array(text.utf8)
        while let last = u.last, last == 43 || last == 35 || last == 33 || last == 63 { u.removeLast() }
        return LongAlgebraicForm(u) != nil
    }
}

/// The parts of a long-algebraic move text, read without a position.
struct LongAlgebraicForm: Equatable {
    var role: Role?
    /// `true` for `x`/`:`, `false` for `-`, `nil` when nothing stands between the squares.
    var capture: Bool?
    /// The UCI text: from, to and a lowercase promotion letter.
    var uci: String

    init?(_ bytes: [UInt8]) {
        var u = bytes[...]
        if let first = u.first, first >= 65, first <= 90 {  // an upper-case piece letter
            guard let r = Role(char: Character(Unicode.Scalar(first))) else { return nil }
            role = r
            u = u.dropFirst()
        }
        func square(_ s: ArraySlice<UInt8>) -> String? {
            guard s.count >= 2 else { return nil }
            let f = s[s.startIndex], r = s[s.startIndex + 1]
            guard (97...104).contains(f), (49...56).contains(r) else { return nil }
            return String(decoding: [f, r], as: UTF8.self)
        }
        guard let from = square(u) else { return nil }
        u = u.dropFirst(2)
        switch u.first {
        case 45: capture = false; u = u.dropFirst()
        case 120, 58: capture = true; u = u.dropFirst()
        default: capture = nil
        }
        guard let to = square(u) else { return nil }
        u = u.dropFirst(2)
        var promotion = ""
        if u.first == 61 { u = u.dropFirst() }  // =
        if let p = u.first {
            guard let r = Role(char: Character(Unicode.Scalar(p))), [.knight, .bishop, .rook, .queen].contains(r), role == nil else { return nil }
            promotion = String(r.lowerChar)
            u = u.dropFirst()
        } else if bytes.contains(61) {
            return nil  // `=` without a piece
        }
        guard u.isEmpty else { return nil }
        uci = from + to + promotion
    }
}
