// CommandAnnotation: the `[%cmd args]` values inside PGN comments (arrows, highlights, evaluations, clocks).
import ChessCore

/// The colour of an arrow or highlight, as Lichess and ChessBase write it.
public enum AnnotationColor: UInt8, Hashable, Sendable {
    case red = 82, green = 71, yellow = 89, blue = 66  // R G Y B

    /// The letter in `[%cal Gg1f3]`.
    public var letter: Character { Character(Unicode.Scalar(rawValue)) }
}

/// An arrow from `[%cal Gg1f3]`.
public struct Arrow: Hashable, Sendable {
    public var color: AnnotationColor
    public var from: Square
    public var to: Square
    public init(color: AnnotationColor, from: Square, to: Square) {
        self.color = color
        self.from = from
        self.to = to
    }

    /// `Gg1f3`: the arrow as `[%cal]` and the bundle's `arrows` column write it.
    public var text: String { String(color.letter) + from.name + to.name }

    /// Reads ``text`` back: `Gg1f3` (a colour letter, two squares); nil for anything else.
    public init?(text: some StringProtocol) {
        let u = Array(text.utf8)
        guard u.count == 5, let c = AnnotationColor(rawValue: u[0]),
              let from = Square(text.dropFirst().prefix(2)), let to = Square(text.dropFirst(3))
        else { return nil }
        self.init(color: c, from: from, to: to)
    }
}

/// A highlighted square from `[%csl Rd4]`.
public struct Highlight: Hashable, Sendable {
    public var color: AnnotationColor
    public var square: Square
    public init(color: AnnotationColor, square: Square) {
        self.color = color
        self.square = square
    }

    /// `Rd4`: the highlight as `[%csl]` and the bundle's `highlights` column write it.
    public var text: String { String(color.letter) + square.name }

    /// Reads ``text`` back: `Rd4` (a colour letter, a square); nil for anything else.
    public init?(text: some StringProtocol) {
        let u = Array(text.utf8)
        guard u.count == 3, let c = AnnotationColor(rawValue: u[0]), let s = Square(text.dropFirst()) else { return nil }
        self.init(color: c, square: s)
    }
}

/// An engine evaluation from `[%eval 0.25]`, `[%eval #-3]` or `[%eval 0.25,20]`: a score from White's side,
/// and the depth when the command gives one.
public struct Evaluation: Hashable, Sendable {
    public var score: Score
    public var depth: Int?

    public init(_ score: Score, depth: Int? = nil) {
        self.score = score
        self.depth = depth
    }
}

/// One command annotation. Unknown commands, and known ones whose arguments do not parse, are kept as `.other`.
public enum CommandAnnotation: Hashable, Sendable {
    case arrows([Arrow])
    case highlights([Highlight])
    case evaluation(Evaluation)
    /// `[%clk 0:05:00]`: the clock after the move, in milliseconds.
    case clock(milliseconds: Int)
    /// Any other command, such as `[%dev phase=2 name="Two Knights Defence"]` or `[%emt 0:00:03]`.
    case other(name: String, arguments: String)

    /// Reads one command from its name and argument text; `nil` when a known command's arguments do not parse.
    public init?(name: String, arguments: String) {
        let args = arguments.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
        switch name {
        case "cal":
            var arrows: [Arrow] = []
            for item in args.split(separator: ",") {
                guard let arrow = Arrow(text: item) else { return nil }
                arrows.append(arrow)
            }
            guard !arrows.isEmpty else { return nil }
            self = .arrows(arrows)
        case "csl":
            var squares: [Highlight] = []
            for item in args.split(separator: ",") {
                guard let highlight = Highlight(text: item) else { return nil }
                squares.append(highlight)
            }
            guard !squares.isEmpty else { return nil }
            self = .highlights(squares)
        case "eval":
            let parts = args.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 1 || parts.count == 2 else { return nil }
            var depth: Int? = nil
            if parts.count == 2 {
                guard let d = Int(parts[1]), d >= 0, d < 1000 else { return nil }
                depth = d
            }
            let v = parts[0]
            if v.hasPrefix("#") {
                guard let m = Int(v.dropFirst()), abs(m) < 1000 else { return nil }
                self = .evaluation(Evaluation(.mate(m), depth: depth))
            } else {
                guard let cp = Self.centipawns(v) else { return nil }
                self = .evaluation(Evaluation(.centipawns(cp), depth: depth))
            }
        case "clk":
            guard let ms = Self.milliseconds(args) else { return nil }
            self = .clock(milliseconds: ms)
        default:
            self = .other(name: name, arguments: args)
        }
    }

    /// The command as the writer prints it: `[%cal Gg1f3,Rd8d1]`, `[%eval -1.50]`, `[%clk 0:05:00]`.
    public var text: String {
        switch self {
        case .arrows(let a):
            return "[%cal " + a.map(\.text).joined(separator: ",") + "]"
        case .highlights(let h):
            return "[%csl " + h.map(\.text).joined(separator: ",") + "]"
        case .evaluation(let e):
            // Score's notation, without the plus sign Lichess leaves out of [%eval].
            let score = e.score.text.hasPrefix("+") ? String(e.score.text.dropFirst()) : e.score.text
            return "[%eval \(score)\(e.depth.map { ",\($0)" } ?? "")]"
        case .clock(let ms):
            let s = ms / 1000
            let h = s / 3600
            let mm = (s / 60) % 60
            let ss = s % 60
            var t = "\(h):\(mm < 10 ? "0" : "")\(mm):\(ss < 10 ? "0" : "")\(ss)"
            if ms % 1000 != 0 {
                var f = String(ms % 1000)
                while f.count < 3 { f = "0" + f }
                while f.hasSuffix("0") { f.removeLast() }
                t += "." + f
            }
            return "[%clk \(t)]"
        case .other(let name, let arguments):
            return arguments.isEmpty ? "[%\(name)]" : "[%\(name) \(arguments)]"
        }
    }

    /// `0.25` → 25, `-1.5` → -150, `+3` → 300; thousandths round half away from zero.
    static func centipawns(_ s: some StringProtocol) -> Int? {
        var u = Array(s.utf8)[...]
        var negative = false
        if let f = u.first, f == 45 || f == 43 {
            negative = f == 45
            u = u.dropFirst()
        }
        var whole = 0
        var digits = 0
        while let c = u.first, c >= 48, c <= 57 {
            whole = whole * 10 + Int(c - 48)
            digits += 1
            u = u.dropFirst()
            if digits > 6 { return nil }
        }
        var frac = 0
        var fracDigits = 0
        var roundUp = false
        if u.first == 46 {
            u = u.dropFirst()
            while let c = u.first, c >= 48, c <= 57 {
                if fracDigits < 2 {
                    frac = frac * 10 + Int(c - 48)
                } else if fracDigits == 2 {
                    roundUp = c >= 53
                }
                fracDigits += 1
                u = u.dropFirst()
                if fracDigits > 12 { return nil }
            }
            if fracDigits == 1 { frac *= 10 }
        }
        guard u.isEmpty, digits + fracDigits > 0 else { return nil }
        let cp = whole * 100 + frac + (roundUp ? 1 : 0)
        return negative ? -cp : cp
    }

    /// `1:02:03.5` → 3 723 500; `5:00` → 300 000.
    static func milliseconds(_ s: some StringProtocol) -> Int? {
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0
        for (i, p) in parts.enumerated() {
            let last = i == parts.count - 1
            let pieces = p.split(separator: ".", omittingEmptySubsequences: false)
            guard pieces.count == 1 || (last && pieces.count == 2), let whole = Int(pieces[0]), whole >= 0, whole < 1_000_000,
                pieces[0].utf8.allSatisfy({ $0 >= 48 && $0 <= 57 })
            else { return nil }
            total = total * 60 + whole
            if !last { continue }
            total *= 1000
            if pieces.count == 2 {
                let f = pieces[1]
                guard !f.isEmpty, f.count <= 3, f.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let fv = Int(f) else { return nil }
                var v = fv
                for _ in f.count..<3 { v *= 10 }
                total += v
            }
        }
        return total
    }
}
