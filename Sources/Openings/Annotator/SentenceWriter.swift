// SentenceWriter: turns a move's motifs into one to three short, true, varied sentences for a beginner.
import ChessCore

/// What the writer knows about one move besides its motifs.
struct SentenceContext {
    var san: String
    var mover: Color
    var learner: Color
    var role: LineRole
    /// 0-based index of the move in its line.
    var index: Int
    var ply: Int
    /// For the first move of a deviation: the main line's move from the same position.
    var mainLineSAN: String?
    /// The next move of the line (the learner's recommended answer after an opponent's move).
    var nextSAN: String?
    /// The learner's knights and bishops still at home after the move.
    var learnerUndeveloped: [(Square, Role)]
}

/// Writes explanations. Every clause states something a motif established; nothing is guessed.
struct SentenceWriter {
    static let minLength = 40
    static let maxLength = 220

    /// The order in which motifs earn a place in the text: the most instructive first.
    static let priority: [MotifKind] = [
        .check, .answersCheck, .threatensMate, .forks, .pins, .givesUpMaterial, .threatensCapture, .castles, .recaptures, .trades,
        .captures, .escapes, .defends, .develops, .occupiesCentre, .pawnBreak, .gainsSpace, .attacks, .controlsCentre,
        .takesSquare, .preparesCastling, .opensLine, .pawnChain,
    ]
    /// Motifs told as sentences of their own.
    static let standalone: [MotifKind] = [
        .prophylaxis, .doubledPawns, .isolatedPawn, .passedPawn, .kingInCentre, .kingShieldWeakened,
    ]

    /// Sentences already used in this line; no sentence is used twice.
    var used: Set<String> = []

    mutating func write(_ motifs: [Motif], _ c: SentenceContext) -> String {
        let clauseMotifs = Self.orderedClauses(motifs)
        var sentences: [String] = []

        // Deviation opening: what it leaves.
        let opensDeviation = c.role != .main && c.index == 0
        if opensDeviation {
            if let main = c.mainLineSAN {
                sentences.append(pick(["\(c.san) leaves the main line, where \(main) is played.",
                                       "\(c.san) steps off the main line (there, \(main) is played)."], c))
            } else {
                sentences.append(pick(["\(c.san) leaves the main line.", "With \(c.san) the game leaves the main line."], c))
            }
        }

        // The lead sentence: the move and its one or two main ideas.
        var lead: String?
        if let first = clauseMotifs.first {
            let subject = opensDeviation ? "It" : c.san
            for attempt in 0..<3 {
                var text = "\(subject) \(clause(first, c, variantOffset: attempt))"
                if clauseMotifs.count > 1 {
                    let second = clause(clauseMotifs[1], c, variantOffset: attempt + 1)
                    let joiner = text.contains(",") ? ", and " : " and "
                    if text.count + second.count + 6 <= 130 { text += joiner + second }
                }
                lead = text + "."
                if let l = lead, !used.contains(l) { break }
            }
        }
        if let lead { sentences.append(lead) }

        // The engine's judgement of a gift of material, right after the move that makes it.
        let giftInLead = clauseMotifs.prefix(2).contains { $0.kind == .givesUpMaterial }
        if giftInLead, let gift = motifs.first(where: { $0.kind == .givesUpMaterial }), let comp = gift.compensation {
            let side = gift.side.name
            let s = comp
                ? pick(["By the engine's count \(side) gets enough play for it.", "The engine judges that \(side) has compensation for it."], c)
                : pick(["The engine does not see enough compensation for it.", "By the engine's count \(side) does not get enough for it."], c)
            sentences.append(s)
        }

        // A move that loses ground.
        if let loss = motifs.first(where: { $0.kind == .losesGround }), let better = loss.san {
            let amount = loss.amount ?? 0
            let pawns = Self.pawnsText(amount)
            var s: String
            if amount > 1000 {
                s = pick(["This allows a forced mate; \(better) was the move.", "This is a serious mistake that allows mate: \(better) was better."], c)
            } else if amount >= 1000 {
                s = pick(["This is a serious mistake: \(better) was much better.", "The engine calls this a big mistake; \(better) was much better."], c)
            } else {
                s = pick(["The engine rates this \(pawns) worse than \(better), the better move.",
                          "This loses ground: \(better) was better, by \(pawns) in the engine's eyes."], c)
            }
            if let reply = loss.reply, c.mover == c.learner || reply != c.nextSAN { s += " " + pick(["Now \(loss.side.opposite.name) can answer \(reply).", "The strongest reply is \(reply)."], c) }
            sentences.append(s)
        }

        // The role sentence: the learner's task after an opponent's move, or the recommended answer.
        var closing: String?
        if c.mover != c.learner {
            closing = thinkAbout(motifs, c)
        }

        // Further ideas, in their own sentences, while they fit.
        var extras: [String] = []
        if lead != nil, clauseMotifs.count > 2 {
            extras.append("It also \(clause(clauseMotifs[2], c, variantOffset: 2)).")
        } else if lead == nil, let f = clauseMotifs.first {
            extras.append("\(c.san) \(clause(f, c)).")
        }
        for m in motifs where Self.standalone.contains(m.kind) {
            if let s = standaloneSentence(m, c) { extras.append(s) }
        }

        // Assemble: the fullest text that fits, dropping extras first, then the lead's second clause.
        let shortLead: String? = clauseMotifs.first.map { "\(opensDeviation ? "It" : c.san) \(clause($0, c))." }
        var candidates: [[String]] = []
        let room = max(0, 3 - sentences.count - (closing == nil ? 0 : 1))
        let freshExtras = extras.filter { !used.contains($0) }
        for k in stride(from: min(room, freshExtras.count), through: 0, by: -1) {
            candidates.append(sentences + freshExtras.prefix(k) + (closing.map { [$0] } ?? []))
        }
        if let lead, let shortLead, let i = sentences.firstIndex(of: lead) {
            var s2 = sentences
            s2[i] = shortLead
            candidates.append(s2 + (closing.map { [$0] } ?? []))
            candidates.append(s2)
        }
        candidates.append(Array(sentences.prefix(1)))
        var text = candidates.last ?? []
        for cand in candidates where cand.joined(separator: " ").count <= Self.maxLength {
            text = cand
            break
        }
        var result = text.joined(separator: " ")
        if result.count < Self.minLength || clauseMotifs.isEmpty && !text.contains(where: { $0.hasPrefix(c.san) }) {
            let pad = c.role == .main
                ? pick(["\(c.san) is the main-line move here.", "The main line continues with \(c.san) here."], c)
                : pick(["\(c.san) is the move this line follows here.", "This line continues with \(c.san) at this point."], c)
            var withPad = text
            if let closing, let i = withPad.firstIndex(of: closing) { withPad.insert(pad, at: i) } else { withPad.append(pad) }
            result = withPad.joined(separator: " ")
            if result.count < Self.minLength {
                let side = c.mover == c.learner ? "your" : "the opponent's"
                result += " It is \(side) move in this \(c.role == .main ? "main line" : "line")."
            }
        }
        for s in Self.sentences(result) { used.insert(s) }
        return result
    }

    static func orderedClauses(_ motifs: [Motif]) -> [Motif] {
        var out: [Motif] = []
        var seen: Set<MotifKind> = []
        for k in priority {
            let ofKind = motifs.filter { $0.kind == k }
            guard let first = ofKind.first, !seen.contains(k) else { continue }
            // Lines opened for two pieces read as one clause.
            if k == .opensLine && ofKind.count > 1 {
                var merged = first
                merged.squares = ofKind.flatMap { [$0.squares[0]] }
                merged.targets = ofKind.compactMap(\.role)
                out.append(merged)
            } else {
                out.append(first)
            }
            seen.insert(k)
        }
        // A fork already names what is attacked; attacks/threats on the same target add nothing.
        if let fork = out.first(where: { $0.kind == .forks }) {
            let hit = Set(fork.squares.dropFirst())
            out.removeAll { ($0.kind == .attacks || $0.kind == .threatensCapture) && hit.contains($0.squares[1]) }
        }
        // A centre-occupying pawn that also controls the centre: one clause is enough.
        if out.contains(where: { $0.kind == .occupiesCentre }) && out.contains(where: { $0.kind == .develops }) {
            out.removeAll { $0.kind == .occupiesCentre && $0.role != .pawn }
        }
        out.removeAll { $0.kind == .escapes && $0.role == .pawn }
        let threatenedSquares = out.filter { $0.kind == .threatensCapture }.map { $0.squares }
        out.removeAll { $0.kind == .pawnBreak && threatenedSquares.contains($0.squares) }
        if let space = out.first(where: { $0.kind == .gainsSpace }) {
            out.removeAll { $0.kind == .occupiesCentre && $0.squares == space.squares }
        }
        return out
    }

    // MARK: clauses

    func clause(_ m: Motif, _ c: SentenceContext, variantOffset: Int = 0) -> String {
        let v = variants(m, c)
        guard !v.isEmpty else { return "" }
        return v[(c.ply + variantOffset) % v.count]
    }

    func variants(_ m: Motif, _ c: SentenceContext) -> [String] {
        let s = m.squares.map(\.name)
        let r = m.role?.name ?? "piece"
        func t(_ i: Int) -> String { i < m.targets.count ? m.targets[i].name : "piece" }
        let them = m.side.opposite.name
        switch m.kind {
        case .develops:
            if m.flag {
                return ["develops the \(r) from \(s[0]) toward the centre", "brings the \(r) from \(s[0]) out to \(s[1]), nearer the centre",
                        "gets the \(r) off \(s[0]) and into play on \(s[1])"]
            }
            if BoardFacts.isRim(m.squares[1]) {
                return ["develops the \(r) to \(s[1]), on the edge of the board", "brings the \(r) out to \(s[1]), at the edge of the board"]
            }
            return ["develops the \(r) to \(s[1])", "brings the \(r) out to \(s[1])"]
        case .occupiesCentre:
            if m.role == .pawn {
                return ["puts a pawn on the central square \(s[0])", "claims the centre with a pawn on \(s[0])",
                        "places a pawn in the middle, on \(s[0])"]
            }
            return ["puts the \(r) on the central square \(s[0])", "places the \(r) in the centre, on \(s[0])"]
        case .controlsCentre:
            let list = Self.list(s)
            let noun = s.count == 1 ? "square" : "squares"
            return ["controls the central \(noun) \(list)", "adds control of \(list) in the centre", "keeps an eye on the central \(noun) \(list)"]
        case .castles:
            let how = m.flag ? "kingside" : "queenside"
            let short = m.flag ? "short" : "long"
            return ["castles \(how), bringing the king to \(s[1]) and the rook to \(s[3])",
                    "castles \(short): the king goes to \(s[1]) and the rook to \(s[3])"]
        case .preparesCastling:
            return ["clears the last square between the king and the rook on \(s[1]), a step toward castling",
                    "empties the squares between the king and the rook on \(s[1]), preparing to castle"]
        case .opensLine:
            if m.targets.count >= 2 {
                return ["opens lines for the \(t(0)) on \(s[0]) and the \(t(1)) on \(s[1])",
                        "frees the \(t(0)) on \(s[0]) and the \(t(1)) on \(s[1])"]
            }
            return ["opens a line for the \(r) on \(s[0])", "frees the \(r) on \(s[0])", "gives the \(r) on \(s[0]) an open line"]
        case .attacks:
            var tail = ""
            if !m.flag {
                tail = ", which has no defender"
            } else if let a = m.role, let tr = m.targets.first, BoardFacts.value(tr) > BoardFacts.value(a) {
                tail = ", a piece worth more than the \(r)"
            }
            return ["attacks the \(t(0)) on \(s[1])\(tail)", "hits the \(t(0)) on \(s[1])\(tail)", "targets the \(t(0)) on \(s[1])\(tail)"]
        case .threatensCapture:
            let how = m.san.map { " (\($0))" } ?? ""
            if !m.flag {
                return ["threatens to take the undefended \(t(0)) on \(s[1])\(how)",
                        "threatens to capture the \(t(0)) on \(s[1]), which has no defender\(how)"]
            }
            return ["threatens to take the \(t(0)) on \(s[1])\(how)", "threatens the \(t(0)) on \(s[1])\(how)"]
        case .threatensMate:
            let mv = m.san ?? "mate"
            return ["threatens mate with \(mv)", "sets up the mating threat \(mv)"]
        case .check:
            if m.flag { return ["gives checkmate", "is checkmate"] }
            return ["gives check", "checks the king on \(s.last ?? "")"]
        case .answersCheck:
            if m.role == .king { return ["steps the king out of check", "moves the king out of check to \(s[1])"] }
            if m.flag { return ["blocks the check on \(s[1])", "answers the check by putting the \(r) in the way on \(s[1])"] }
            return ["answers the check", "gets out of check"]
        case .defends:
            return ["defends the \(t(0)) on \(s[1])", "protects the \(t(0)) on \(s[1])", "guards the \(t(0)) on \(s[1])"]
        case .takesSquare:
            let who = m.targets.count == 1 ? "\(them)'s \(t(0)) on \(s[2])" : "\(them)'s pieces"
            return ["takes the \(s[1]) square away from \(who)", "keeps \(who) off \(s[1])"]
        case .escapes:
            if m.flag {
                return ["moves the \(r) to \(s[1]), away from the \(t(0)) on \(s[2]), so no trade happens there",
                        "steps the \(r) away from the \(t(0)) on \(s[2]), avoiding a trade"]
            }
            return ["moves the \(r) away from the attack of the \(t(0)) on \(s[2])",
                    "moves the \(r) to \(s[1]), out of reach of the \(t(0)) on \(s[2])"]
        case .pins:
            if m.flag {
                return ["pins the \(t(0)) on \(s[1]) to the king", "pins the \(t(0)) on \(s[1]) against the king on \(s[2])"]
            }
            return ["pins the \(t(0)) on \(s[1]) to the \(t(1)) on \(s[2])", "ties the \(t(0)) on \(s[1]) to the \(t(1)) behind it on \(s[2])"]
        case .forks:
            let named = zip(m.targets, s.dropFirst()).prefix(3).map { "the \($0.0.name) on \($0.1)" }
            let list = Self.list(named)
            return ["forks \(list)", "attacks \(list) at once"]
        case .captures:
            return ["takes the \(t(0)) on \(s[1])", "captures the \(t(0)) on \(s[1])"]
        case .recaptures:
            return ["takes back on \(s[1])", "recaptures the \(t(0)) on \(s[1])"]
        case .trades:
            return ["takes the \(t(0)) on \(s[1]); if \(them) takes back, \(r) and \(t(0)) are traded",
                    "captures the \(t(0)) on \(s[1]), trading the \(r) for it if \(them) recaptures"]
        case .givesUpMaterial:
            let amount = m.amount ?? 0
            if let piece = m.role, amount < BoardFacts.value(piece) {
                let what = amount >= 300 ? "material" : "a pawn"
                return ["lets \(them) win \(what) on \(s[0]) through exchanges", "allows exchanges on \(s[0]) that win \(them) \(what)"]
            }
            let kind = amount >= 300 ? "a sacrifice" : "a gambit"
            return ["leaves the \(r) on \(s[0]) to be taken, \(kind)", "offers the \(r) on \(s[0]) (\(kind))"]
        case .pawnBreak:
            return ["strikes at the pawn on \(s[1])", "challenges the \(them) pawn on \(s[1])", "hits the pawn on \(s[1]) with a pawn break"]
        case .pawnChain:
            return ["builds a pawn chain from \(s[0]) to \(s[1])", "links the pawns on \(s[0]) and \(s[1]) in a chain"]
        case .gainsSpace:
            return ["gains space with the pawn on \(s[0])", "pushes the pawn to \(s[0]), gaining space"]
        default:
            return []
        }
    }

    func standaloneSentence(_ m: Motif, _ c: SentenceContext) -> String? {
        let s = m.squares.map(\.name)
        let side = m.side.name
        let lower = side.lowercased()
        switch m.kind {
        case .prophylaxis:
            guard let idea = m.san else { return nil }
            let piece = "The \(m.role?.name ?? "piece")"
            return pick(["\(piece) now covers \(s[0]), which takes away \(m.side.opposite.name)'s idea \(idea).",
                         "\(piece) also guards \(s[0]), so \(m.side.opposite.name)'s idea \(idea) is off the table."], c)
        case .doubledPawns:
            let f = String(m.squares[0].fileChar)
            return pick(["\(side) now has doubled pawns on the \(f)-file.", "This leaves \(side) with two pawns on the \(f)-file."], c)
        case .isolatedPawn:
            return pick(["The \(lower) pawn on \(s[0]) is now isolated: no \(lower) pawn stands on a file next to it."], c)
        case .passedPawn:
            return pick(["The \(lower) pawn on \(s[0]) is now passed: no enemy pawn stands ahead of it on its own or a neighbouring file."], c)
        case .kingInCentre:
            let f = String(m.squares[0].fileChar)
            return pick(["\(side)'s king is still on \(s[0]), and no \(lower) pawn is left in front of it on the \(f)-file."], c)
        case .kingShieldWeakened:
            return pick(["\(c.san) moves a pawn from in front of the castled king, which loosens the king's cover a little.",
                         "\(c.san) moves the pawn that stood in front of the castled king on \(s[1]), so the king is a little less covered."], c)
        default:
            return nil
        }
    }

    /// After an opponent's move: the learner's first concern, and the answer the line recommends.
    func thinkAbout(_ motifs: [Motif], _ c: SentenceContext) -> String? {
        var parts: [String] = []
        if let mate = motifs.first(where: { $0.kind == .threatensMate }), let mv = mate.san {
            parts.append(pick(["First deal with the mate threat \(mv).", "The threat is \(mv), mate: stop it first.",
                               "Look at \(mv) first: it would be mate."], c))
        } else if motifs.contains(where: { $0.kind == .check && !$0.flag }) {
            parts.append(pick(["Your king is in check, so answer that first.", "You are in check and must deal with it now.",
                               "First get your king out of check."], c))
        } else if let threat = motifs.first(where: { $0.kind == .threatensCapture || $0.kind == .forks }) {
            let sq = threat.squares[1].name
            let piece = threat.targets.first?.name ?? "piece"
            parts.append(pick(["Think about your \(piece) on \(sq): it is under attack.", "Watch your \(piece) on \(sq), which is attacked now.",
                               "Your \(piece) on \(sq) is attacked, so look after it.", "Check your \(piece) on \(sq): it can be taken."], c))
        } else if let pin = motifs.first(where: { $0.kind == .pins }) {
            parts.append("Note that your \(pin.targets.first?.name ?? "piece") on \(pin.squares[1].name) is pinned.")
        }
        let refutation = motifs.first(where: { $0.kind == .losesGround })?.reply
        if let next = c.nextSAN, next == refutation {
            parts.append(pick(["Punish it with \(next).", "Your best answer is exactly that: \(next)."], c))
        } else if let next = c.nextSAN {
            if c.role != .main {
                parts.append(pick(["The recommended answer is \(next).", "Answer with \(next)."], c))
            } else {
                parts.append(pick(["The main line answers with \(next).", "Your move in the main line is \(next)."], c))
            }
        } else if parts.isEmpty, !c.learnerUndeveloped.isEmpty {
            let named = c.learnerUndeveloped.prefix(2).map { "\($0.1.name) on \($0.0.name)" }
            parts.append("Keep developing: your \(Self.list(named)) \(named.count == 1 ? "is" : "are") still at home.")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// The first variant not used yet in this line (or the first one).
    func pick(_ variants: [String], _ c: SentenceContext) -> String {
        guard !variants.isEmpty else { return "" }
        let start = c.ply % variants.count
        for i in 0..<variants.count {
            let v = variants[(start + i) % variants.count]
            if !used.contains(v) { return v }
        }
        return variants[start]
    }

    /// The sentences of a text, split after `.`, `!` or `?` followed by a space or the end.
    static func sentences(_ text: String) -> [String] {
        var out: [String] = []
        var cur = ""
        var prev: Character = " "
        for ch in text {
            if ch == " " && (prev == "." || prev == "!" || prev == "?") {
                out.append(cur)
                cur = ""
            } else {
                cur.append(ch)
            }
            prev = ch
        }
        if !cur.isEmpty { out.append(cur) }
        return out
    }

    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }

    /// `about half a pawn`, `about 1.5 pawns`.
    static func pawnsText(_ cp: Int) -> String {
        if cp >= 1000 { return "decisively" }
        let tenths = (cp + 5) / 10
        if tenths < 10 { return "about \(tenths < 6 ? "half a pawn" : "a pawn")" }
        let whole = tenths / 10
        let frac = tenths % 10
        return "about \(whole).\(frac) pawns"
    }
}
