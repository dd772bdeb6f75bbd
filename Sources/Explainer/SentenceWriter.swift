// SentenceWriter: turns a move's motifs into one to three short, true sentences that say why, for a beginner.
import ChessCore

/// What the writer knows about one move besides its motifs.
struct SentenceContext {
    var san: String
    var mover: PieceColor
    var learner: PieceColor
    var role: LineRole
    /// 0-based index of the move in its line.
    var index: Int
    var ply: Int
    /// For the first move of a deviation: the main line's move from the same position.
    var mainLineSAN: String?
    /// After an opponent's move: the learner's answer in the line. Never written into the text (it is a separate field).
    var answerSAN: String?
    /// What a mistake leaves to be won (its `offers-material` motif without compensation), said in the verdict's
    /// sentence: the verdict then says why, not only how much.
    var leftToBeWon: PlacedPiece? = nil
    /// Which of a motif's wordings is said: ``SentenceWriter/variety(fen:uci:)`` of the position and the move, so the
    /// same move in the same position always reads the same and the positions of a bundle spread over the wordings
    /// (a ply alone does not: every kingside castling is prepared near the same ply).
    var variety: UInt64 = 0
}

/// How a motif is told: a clause after the move's name ("Nf3 develops the knight"), or a sentence of its own.
enum Wording {
    case clause([String])
    case sentence([String])
}

/// Writes explanations. Every clause states something a motif established; at most one material or evaluative claim
/// is written per move, and it is the one returned with the text (its engine score goes to the bundle).
struct SentenceWriter {
    /// Generated text is held to the authored maximum.
    static let maxLength = AuthoredComment.lengthBounds.upperBound

    /// The writer's widths: ``ExplainerRules/joinWidth`` and ``ExplainerRules/sentenceCap``.
    var rules: ExplainerRules = .standard
    /// Sentences already used in this line; no sentence is used twice.
    var used: Set<String> = []

    mutating func write(_ motifs: [Motif], _ context: SentenceContext) -> (text: String, claim: Motif?) {
        var c = context
        c.leftToBeWon = motifs.lazy.compactMap { m -> PlacedPiece? in if case .offersMaterial(let p, false, _) = m { p } else { nil } }.first
        // One claim at most: the first motif, by rank, that carries engine evidence.
        let ranked = motifs.enumerated().sorted { (Self.rank($0.element), $0.offset) < (Self.rank($1.element), $1.offset) }.map(\.element)
        // A claim that would give the answer away is no candidate: the next one with evidence is said instead.
        let claim = ranked.first { $0.evidence != nil && !Self.isSpoiler($0, c) }
        var subjects: Set<Square> = []
        var told = ranked.filter { $0.evidence == nil || $0 == claim }
            .filter { m in !Self.isSpoiler(m, c) }
            // Two clauses about one square say one thing twice ("claims the centre with a pawn on e5 and gains space
            // with the pawn on e5", "wins the bishop on a6 and develops the knight to a6"): the higher-ranked one is said.
            .filter { m in
                let s = Self.subjects(m)
                guard s.allSatisfy({ !subjects.contains($0) }) else { return false }
                subjects.formUnion(s)
                return true
            }
        // Control of a central square another clause already names adds nothing ("strikes at the pawn on d4 and adds
        // control of d4"): only the squares no other clause names are said, and none is no clause.
        let others = told.filter { $0.kind != .controlsCentre }
        let named = Set(others.flatMap(\.squares))
        // (Unless the other clauses give no reason: a capture named alone is no why.)
        if others.contains(where: { Annotator.saysWhy($0) && $0.kind != .losesGround }) { told = told.compactMap { m in
            guard case .controlsCentre(let r, let squares) = m else { return m }
            let rest = squares.filter { !named.contains($0) }
            return rest.isEmpty ? nil : .controlsCentre(piece: r, squares: rest)
        } }
        var clauses: [[String]] = []
        var sentences: [String] = []
        var claimWritten = false
        for m in told {
            switch wording(m, c) {
            case .clause(let v):
                clauses.append(v)
            case .sentence(let v):
                sentences.append(pick(v, c))
            }
            if m == claim { claimWritten = true }
        }
        let subject = c.index == 0 && c.role != .main ? c.mainLineSAN.map { "Instead of \($0), \(c.san)" } ?? c.san : c.san
        var lead: String?
        var rest = Array(clauses.dropFirst())
        if let first = clauses.first {
            var text = "\(subject) \(pick(first, c))"
            // A clause that explains itself after a colon ends its sentence; the next idea gets its own.
            if let second = rest.first.map({ pick($0, c, offset: 1) }), !text.contains(":"), text.count + second.count < rules.joinWidth {
                text += (text.contains(",") ? ", and " : " and ") + second
                rest.removeFirst()
            }
            lead = text + "."
        }
        var extras = rest.first.map { ["It also \(pick($0, c, offset: 2))."] } ?? []
        extras += sentences
        var parts = lead.map { [$0] } ?? []
        for e in extras where (parts + [e]).joined(separator: " ").count <= Self.maxLength && parts.count < rules.sentenceCap && !used.contains(e) {
            parts.append(e)
        }
        if parts.isEmpty, let e = extras.first { parts = [e] }
        // The claim must be in the text when it was chosen; if it did not fit, the text is the claim's alone.
        if claimWritten, let claim, !parts.contains(where: { Self.contains(claim, $0, self, c) }) {
            parts = [lead ?? "", Self.claimSentence(claim, self, c)].filter { !$0.isEmpty }
            if parts.joined(separator: " ").count > Self.maxLength { parts = [Self.claimSentence(claim, self, c)] }
        }
        // A mistake's verdict, and what it loses, comes first: the move's other merits only after it.
        if claimWritten, let claim, claim.kind == .losesGround, let i = parts.firstIndex(where: { Self.contains(claim, $0, self, c) }), i > 0 {
            parts.insert(parts.remove(at: i), at: 0)
        }
        let text = parts.joined(separator: " ")
        for s in parts { used.insert(s) }
        return (text, claimWritten ? claim : nil)
    }

    /// Whether a sentence carries the claim motif's words.
    static func contains(_ claim: Motif, _ sentence: String, _ w: SentenceWriter, _ c: SentenceContext) -> Bool {
        switch w.wording(claim, c) {
        case .clause(let v), .sentence(let v): v.contains { sentence.contains($0) }
        }
    }

    static func claimSentence(_ claim: Motif, _ w: SentenceWriter, _ c: SentenceContext) -> String {
        switch w.wording(claim, c) {
        case .clause(let v): "\(c.san) \(v[0])."
        case .sentence(let v): v[0]
        }
    }

    /// A clause that would name the learner's answer in an opponent's move (the answer is a separate field).
    static func isSpoiler(_ m: Motif, _ c: SentenceContext) -> Bool {
        guard c.mover != c.learner, let answer = c.answerSAN else { return false }
        switch m {
        case .prevents(let san, _, _): return san == answer
        // Naming an opponent's losing move a mistake is no spoiler (the learner is about to punish it); naming the
        // punishing move would be, and the wording names only the opponent's own better move.
        case .losesGround: return false
        case .develops, .occupiesCentre, .controlsCentre, .castles, .givesUpCastling, .preparesCastling, .opensLine, .attacks, .threatens, .threatensMate, .check,
             .answersCheck, .defends, .supports, .offersTrade, .escapes, .avoidsPawnPush, .pins, .forks, .captures, .recaptures, .removesDefender,
             .removesAttacker, .opensFile, .offersMaterial, .doubledPawns, .isolatedPawn, .passedPawn, .pawnChain, .pawnBreak, .preparesPush, .gainsSpace,
             .takesSquare, .kingShieldWeakened, .makesLuft, .kingInCentre, .principle:
            return false
        }
    }

    /// The squares a clause is about, where two motifs can say the same of one: the square a pawn now stands on
    /// (centre, space), the enemy piece a move strikes at (a break, an attack, a trade offer), the square a capture that
    /// wins lands on (and so a development or an escape to it), the square the moved piece left (out of an attack, away
    /// from a pawn push); none for every other clause.
    static func subjects(_ m: Motif) -> [Square] {
        switch m {
        case .occupiesCentre(.pawn, let s): [s]
        case .gainsSpace(let s): [s]
        case .pawnBreak(_, let target): [target]
        case .attacks(_, let t, _): [t.square]
        case .offersTrade(_, let t): [t.square]
        // A capture that wins says all of it; after one that only takes, the development still gives the reason (a capture
        // alone is no why).
        case .captures(_, let t, .winsMaterial, _): [t.square]
        case .develops(_, _, let to, _): [to]
        case .escapes(_, let from, let to, _): [from, to]
        case .avoidsPawnPush(_, let from, _, _): [from]
        case .occupiesCentre, .controlsCentre, .castles, .givesUpCastling, .preparesCastling, .opensLine, .threatens, .threatensMate, .prevents, .check,
             .answersCheck, .defends, .supports, .pins, .forks, .captures, .recaptures,
             .removesDefender, .removesAttacker, .opensFile, .offersMaterial, .losesGround, .doubledPawns, .isolatedPawn, .passedPawn,
             .pawnChain, .preparesPush, .takesSquare, .kingShieldWeakened, .makesLuft, .kingInCentre, .principle:
            []
        }
    }

    /// The order in which motifs earn a place in the text: the most instructive first.
    static func rank(_ m: Motif) -> Int {
        switch m {
        case .check(_, _, true): 0
        case .threatens(_, _, .mate, _), .threatensMate: 1
        case .answersCheck: 2
        case .givesUpCastling: 2
        case .forks: 3
        case .losesGround: 4
        case .offersMaterial: 5
        case .check: 6
        case .threatens: 7
        case .captures(_, _, .winsMaterial, _): 8
        case .pins: 9
        case .prevents: 10
        case .castles: 11
        case .recaptures: 12
        case .captures(_, _, .tradedFor, _): 13
        case .captures(_, _, .takes, _): 12
        case .removesDefender: 14
        case .removesAttacker: 14
        case .opensFile: 25
        case .escapes: 15
        case .defends: 16
        case .offersTrade: 23
        case .supports: 24
        case .avoidsPawnPush: 17
        case .develops: 18
        case .preparesPush: 19
        case .pawnBreak: 20
        case .occupiesCentre: 21
        case .gainsSpace: 22
        case .attacks: 23
        case .takesSquare: 24
        case .controlsCentre: 25
        case .makesLuft: 26
        case .preparesCastling: 27
        case .opensLine: 28
        case .pawnChain: 29
        case .doubledPawns, .isolatedPawn, .passedPawn: 30
        case .kingInCentre: 31
        case .kingShieldWeakened: 32
        case .principle: 33
        }
    }

    // MARK: wording

    /// The words for one motif. Exhaustive: a new motif without wording does not compile.
    func wording(_ m: Motif, _ c: SentenceContext) -> Wording {
        let yours = c.mover != c.learner ? "your" : "the"
        switch m {
        case .develops(let r, let from, let to, let toward):
            if toward { return .clause(["develops the \(r.name) toward the centre", "brings the \(r.name) from \(from.name) into play on \(to.name), nearer the centre"]) }
            if BoardFacts.isRim(to) { return .clause(["develops the \(r.name) to \(to.name), on the edge of the board"]) }
            return .clause(["develops the \(r.name) to \(to.name)", "brings the \(r.name) out to \(to.name)"])
        case .occupiesCentre(let r, let s):
            if r == .pawn { return .clause(["puts a pawn on the central square \(s.name)", "claims the centre with a pawn on \(s.name)"]) }
            return .clause(["puts the \(r.name) on the central square \(s.name)"])
        case .controlsCentre(_, let squares):
            let list = Self.list(squares.map(\.name))
            let noun = squares.count == 1 ? "square" : "squares"
            return .clause(["controls the central \(noun) \(list)", "adds control of \(list) in the centre"])
        case .castles(_, let king, let rook):
            return .clause(["castles: the king leaves the centre for \(king.name) and the rook comes to \(rook.name)",
                            "castles, tucking the king away on \(king.name) and bringing the rook to \(rook.name)"])
        case .givesUpCastling(let kingside, let queenside):
            let side = kingside && queenside ? "" : kingside ? " kingside" : " queenside"
            return .clause(["gives up castling\(side)", "gives up the right to castle\(side)"])
        case .preparesCastling(_, let kingside):
            let side = kingside ? "kingside" : "queenside"
            return .clause(["clears the last square between king and rook, so \(Self.name(c.mover)) can castle \(side) next",
                            "empties the way for castling \(side)", "makes room to castle \(side)"])
        case .opensLine(let pieces, _):
            let named = Self.list(pieces.map { "the \($0.role.name) on \($0.square.name)" })
            return .clause(["opens a line for \(named)", "frees \(named)"])
        case .attacks(let a, let t, let defended):
            let tail = defended ? ", worth more than the \(a.role.name)" : ", which has no defender"
            return .clause(["attacks \(yours) \(t.role.name) on \(t.square.name)\(tail)", "hits \(yours) \(t.role.name) on \(t.square.name)\(tail)"])
        case .threatens(let san, _, .mate, _):
            return .clause(["threatens mate with \(san)", "sets up the mating threat \(san)"])
        case .threatensMate(let san, _):
            return .clause(["threatens mate with \(san)", "sets up the mate \(san)"])
        case .threatens(let san, _, .wins(let p), _):
            return .clause(["threatens \(san), winning \(yours) \(p.role.name) on \(p.square.name)",
                            "threatens to win \(yours) \(p.role.name) on \(p.square.name) with \(san)"])
        case .prevents(let san, .mate, _):
            return .clause(["stops the mate \(san)", "takes away the mating move \(san)"])
        case .prevents(let san, .wins(let p), _):
            let whose = c.mover == c.learner ? "your" : "the"
            return .clause(["stops \(san), which would have won \(whose) \(p.role.name) on \(p.square.name)",
                            "takes away \(san), which would have won \(whose) \(p.role.name) on \(p.square.name)"])
        case .check(_, _, true):
            return .clause(["gives checkmate"])
        case .check(let checker, let king, false):
            return .clause(["gives check with the \(checker.role.name), so the king on \(king.name) must be dealt with first"])
        case .answersCheck(let r, let to, let blocks):
            if r == .king { return .clause(["steps the king out of check to \(to.name)"]) }
            if blocks { return .clause(["blocks the check with the \(r.name) on \(to.name)"]) }
            return .clause(["gets out of check"])
        case .defends(_, let t, let a):
            return .clause(["defends the \(t.role.name) on \(t.square.name), which the \(a.role.name) on \(a.square.name) attacked",
                            "protects the \(t.role.name) on \(t.square.name) against the \(a.role.name) on \(a.square.name)" ])
        case .supports(_, let t, let a):
            return .clause(["adds a defender to the \(t.role.name) on \(t.square.name), which the \(a.role.name) on \(a.square.name) attacks",
                            "supports the \(t.role.name) on \(t.square.name) against the \(a.role.name) on \(a.square.name)"])
        case .offersTrade(let p, let t):
            // The moved piece's own square is not named: the sentence already starts from the move ("Nxd5 captures the
            // pawn on d5 and offers to trade knights with the one on f6").
            return .clause(["offers to trade \(p.role.name)s with the one on \(t.square.name)",
                            "challenges the \(t.role.name) on \(t.square.name), offering to trade \(p.role.name)s"])
        case .escapes(let r, _, let to, let a):
            return .clause(["takes the \(r.name) away from the attack of the \(a.role.name) on \(a.square.name)",
                            "moves the \(r.name) to \(to.name), out of reach of the \(a.role.name) on \(a.square.name)"])
        case .avoidsPawnPush(let r, let from, _, let push):
            let p = Self.moveText(push, c.mover.opposite)
            return .clause(["moves the \(r.name) off \(from.name), where \(p) would hit it", "steps the \(r.name) away from \(from.name) before \(p) can hit it"])
        case .pins(let pinner, let pinned, let behind):
            if behind.role == .king {
                return .clause(["pins \(yours) \(pinned.role.name) on \(pinned.square.name) to the king",
                                "pins \(yours) \(pinned.role.name) on \(pinned.square.name): it cannot move without exposing the king"])
            }
            return .clause(["pins \(yours) \(pinned.role.name) on \(pinned.square.name) to the \(behind.role.name) on \(behind.square.name): if it moves, the \(pinner.role.name) takes the \(behind.role.name)"])
        case .forks(_, let targets) where targets.contains { $0.role == .king }:
            let others = Self.list(targets.filter { $0.role != .king }.prefix(2).map { "the \($0.role.name) on \($0.square.name)" })
            return .clause(["checks the king and attacks \(others) at once: after the check, \(others) falls"])
        case .forks(_, let targets):
            let named = Self.list(targets.prefix(3).map { $0.role == .king ? "the king" : "the \($0.role.name) on \($0.square.name)" })
            return .clause(["attacks \(named) at once, and they cannot all be saved", "forks \(named): one of them will fall"])
        case .captures(let r, let t, .tradedFor(let lost), _):
            if r == lost { return .clause(["trades \(r.name)s on \(t.square.name)"]) }
            // A trade only between pieces of one value: a queen taken back after taking a pawn was given away.
            let (given, got) = (BoardFacts.value(r), BoardFacts.value(lost))
            if given > got { return .clause(["gives up the \(r.name) for only the \(lost.name) on \(t.square.name), as the \(r.name) is taken there next"]) }
            if given < got { return .clause(["gives only the \(r.name) for the \(lost.name) on \(t.square.name), though it is taken back"]) }
            return .clause(["gives the \(r.name) for the \(lost.name) on \(t.square.name), a trade"])
        case .captures(_, let t, .takes, _):
            return .clause(["takes the \(t.role.name) on \(t.square.name)", "captures the \(t.role.name) on \(t.square.name)"])
        case .captures(_, let t, .winsMaterial, _):
            return .clause(["wins the \(t.role.name) on \(t.square.name)", "wins a \(t.role.name): the one on \(t.square.name)"])
        case .recaptures(_, let t, let evens):
            if evens { return .clause(["takes back on \(t.square.name), so material is level again", "recaptures on \(t.square.name) and restores the material balance"]) }
            return .clause(["takes back on \(t.square.name)"])
        case .removesAttacker(let captured, _, true):
            return .clause(["takes first: the \(captured.role.name) on \(captured.square.name) was attacking it"])
        case .removesAttacker(let captured, let target, false):
            return .clause(["removes the \(captured.role.name) that was attacking the \(target.role.name) on \(target.square.name)"])
        case .opensFile(let file):
            let f = String(Character(Unicode.Scalar(UInt8(97 + file))))
            let side = Self.name(c.mover).lowercased()
            return .clause(["leaves the \(f)-file without \(side) pawns, a half-open file for the rooks"])
        case .removesDefender(let captured, let guarded):
            return .clause(["removes the \(captured.role.name) that was the only guard of the \(guarded.role.name) on \(guarded.square.name)"])
        case .offersMaterial(let p, true, _):
            let what = p.role == .pawn ? "a gambit" : "a sacrifice"
            return .clause(["offers the \(p.role.name) on \(p.square.name), \(what) that keeps enough play for it",
                            "gives up the \(p.role.name) on \(p.square.name) as \(what), with enough play in return"])
        case .offersMaterial(let p, false, _):
            return .sentence(["This leaves the \(p.role.name) on \(p.square.name) to be won, with too little in return: a mistake."])
        case .losesGround(let better, _, let best, let verdict, let loses, let misses, let e):
            let what = verdict.withArticle
            if case .mate(let n) = e.score, n <= 0 { return .sentence(["This is \(what): it allows a forced mate, which \(better) avoids."]) }
            if case .mate(let n) = best, n > 0 { return .sentence(["This is \(what): \(better) was a forced mate."]) }
            let drop = best.centipawns(minus: e.score).map(Self.pawnsText) ?? "a lot"
            let cap = what.prefix(1).uppercased() + what.dropFirst()
            // Several forms of each verdict sentence, chosen by the move's variety (`pick`): one verdict's words in many notes are no
            // more than a small share of the bundle's sentences (scripts/note-metrics.sql: a template at most 2 %).
            let better1 = ["\(better) was better, by \(drop).", "\(better) was \(drop) better.", "Better was \(better), by \(drop).",
                           "\(better) was the stronger move, by \(drop)."]
            // Every lead with every form of the better move, so that each of these is a like share of the notes.
            func with(_ leads: [String]) -> [String] { leads.flatMap { l in better1.map { l + " " + $0 } } }
            if let p = c.leftToBeWon {
                let piece = "the \(p.role.name) on \(p.square.name)"
                return .sentence(with(["This is \(what): it leaves \(piece) to be won.", "This is \(what), as \(piece) can now be won.",
                                       "\(cap) that leaves \(piece) to be won.", "After this \(piece) can be won: \(what).",
                                       "This is \(what): \(piece) is left to be won.", "\(cap): \(piece) can be won now.",
                                       "This is \(what), leaving \(piece) to be won."]))
            }
            if let loses {
                return .sentence(with(["This is \(what): it loses \(loses.words).", "This is \(what), as it loses \(loses.words).",
                                       "\(cap) that loses \(loses.words).", "It loses \(loses.words): \(what).",
                                       "\(cap): it costs \(loses.words)."]))
            }
            if let misses {
                let wins = "\(misses.back ? "back " : "")\(misses.swing.words)"
                return .sentence(["This is \(what): it misses \(better), which wins \(wins) and was better by \(drop).",
                                  "\(cap): it misses \(better), which wins \(wins), \(drop) better.",
                                  "This is \(what), missing \(better), which wins \(wins) and was better by \(drop)."])
            }
            return .sentence(["This is \(what): \(better) was better, by \(drop).", "\(better) was better, by \(drop): this is \(what).",
                              "\(cap): \(better) was \(drop) better.", "This is \(what); better was \(better), by \(drop)."])
        case .doubledPawns(let side, let file):
            let f = String(Character(Unicode.Scalar(UInt8(97 + file))))
            return .sentence(["\(Self.name(side)) now has doubled pawns on the \(f)-file.", "This leaves \(Self.name(side)) with two pawns on the \(f)-file."])
        case .isolatedPawn(let side, let s):
            let l = Self.name(side).lowercased()
            return .sentence(["The \(l) pawn on \(s.name) is now isolated: no \(l) pawn stands on a file next to it."])
        case .passedPawn(let side, let s):
            let l = Self.name(side).lowercased()
            return .sentence(["The \(l) pawn on \(s.name) is now passed: no enemy pawn stands ahead of it on its own or a neighbouring file."])
        case .pawnChain(let base, let head):
            return .clause(["builds a pawn chain from \(base.name) to \(head.name)", "links the pawns on \(base.name) and \(head.name) in a chain"])
        case .pawnBreak(_, let target):
            return .clause(["strikes at the pawn on \(target.name)", "challenges the pawn on \(target.name) with a pawn break"])
        case .preparesPush(let push, let supporter):
            let p = Self.moveText(push, c.mover)
            return .clause(["prepares \(p): the pawn on \(supporter.name) will support it", "gets ready for \(p), with the pawn on \(supporter.name) behind it"])
        case .gainsSpace(let s):
            return .clause(["gains space with the pawn on \(s.name)", "pushes the pawn to \(s.name), gaining space"])
        case .takesSquare(let s, let from):
            let who = from.count == 1 ? "the \(from[0].role.name) on \(from[0].square.name)" : "\(Self.name(c.mover.opposite))'s pieces"
            return .clause(["takes the \(s.name) square away from \(who)", "keeps \(who) off \(s.name)",
                            "denies \(who) the \(s.name) square"])
        case .kingShieldWeakened:
            return .sentence(["It moves a pawn from in front of the castled king, which loosens the king's cover a little.",
                              "This pawn was part of the castled king's shelter, so the king is a little less safe now.",
                              "With this pawn gone from in front of the castled king, the squares around the king get a little weaker."])
        case .makesLuft(_, let s):
            return .clause(["gives the king a flight square on \(s.name)", "makes room for the king on \(s.name)"])
        case .kingInCentre(let side, let k):
            let l = Self.name(side).lowercased()
            return .sentence(["\(Self.name(side))'s king is still on \(k.name), and no \(l) pawn is left in front of it on its file."])
        case .principle(.activates(let p, let from, let to)):
            return .clause(["improves the \(p.role.name): on \(p.square.name) it reaches \(to) squares instead of \(from)",
                            "makes the \(p.role.name) more active: \(to) squares from \(p.square.name), \(from) before"])
        case .principle(.covers(let p, let squares, let new)):
            let list = Self.list(squares.prefix(4).map(\.name))
            if new {
                let one = squares.count == 1
                return .clause(["puts the \(p.role.name) where it covers \(list), \(one ? "a square" : "squares") it did not reach before",
                                "lets the \(p.role.name) cover \(list), which it did not reach before",
                                "gives the \(p.role.name) \(one ? "a new square" : "new squares") to cover: \(list)"])
            }
            return .clause(["places the \(p.role.name) on \(p.square.name), where it covers \(list)"])
        case .principle(.rookOnOpenFile(let r)):
            let f = String(r.fileChar)
            return .clause(["puts the rook on the \(f)-file, where no \(Self.name(c.mover).lowercased()) pawn stands in its way",
                            "brings the rook to the \(f)-file, which has no \(Self.name(c.mover).lowercased()) pawn on it"])
        case .principle(.materialAfterTrade(let balance)):
            let side = Self.name(c.mover)
            if balance == 0 { return .clause(["keeps material level: after the recapture both sides have the same material"]) }
            let pawns = abs(balance) / 100
            let amount = pawns == 1 ? "a pawn" : "\(pawns) pawns' worth"
            // A verb phrase like every clause: it follows the move ("Bxf6 … and leaves White …") or "It also".
            return .clause(["leaves \(side) with \(amount) \(balance > 0 ? "more" : "less") on the board after the recapture"])
        case .principle(.quiet(let p)):
            return .clause(["only moves the \(p.role.name) to \(p.square.name): it attacks and guards nothing it did not before"])
        case .principle(.kingNextTo(let k, let pieces)):
            let named = Self.list(pieces.prefix(2).map { "the \($0.role.name) on \($0.square.name)" })
            return .clause(["steps the king to \(k.name), next to \(named)"])
        case .principle(.leavesNothingLoose):
            return .clause(["keeps everything protected: no \(Self.name(c.mover).lowercased()) piece or pawn can be won by a capture"])
        }
    }

    /// A move named in prose: `d4` for White, `...d5` for Black.
    static func moveText(_ san: String, _ side: PieceColor) -> String { side == .white ? san : "..." + san }

    static func name(_ c: PieceColor) -> String { c.name }

    /// The first variant (from a place chosen by the move's ``SentenceContext/variety``) not used yet in this line.
    /// A stable number for a move in a position: FNV-1a over the position (the FEN's placement, side to move, castling and
    /// en-passant fields; not its move counters) and the move's UCI (not Swift's `Hasher`, which is seeded per process),
    /// so a build's wordings are the same on every machine and every run, and a move reads the same however its position
    /// was reached: the bundle stores positions with `0 1` counters, and an app explaining a move live from its game's
    /// FEN gets the bundle's words.
    static func variety(fen: String, uci: String) -> UInt64 {
        let position = fen.split(separator: " ", omittingEmptySubsequences: false).prefix(4).joined(separator: " ")
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in position.utf8 + [0x20] + uci.utf8 {
            h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3
        }
        return h >> 8
    }

    func pick(_ variants: [String], _ c: SentenceContext, offset: Int = 0) -> String {
        guard !variants.isEmpty else { return "" }
        let start = Int((c.variety &+ UInt64(offset)) % UInt64(variants.count))
        for i in 0..<variants.count {
            let v = variants[(start + i) % variants.count]
            if !used.contains(where: { $0.contains(v) }) { return v }
        }
        return variants[start]
    }

    /// The sentences of a text, split after `.`, `!` or `?` followed by a space or the end.
    static func sentences(_ text: String) -> [String] {
        var out: [String] = []
        var cur = ""
        var prev: Character = " "
        for ch in text {
            if ch == " " && (prev == "." || prev == "!" || prev == "?") && !cur.hasSuffix("...") {
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
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }

    /// `about half a pawn`, `about 1.5 pawns`.
    static func pawnsText(_ cp: Int) -> String {
        let tenths = (cp + 5) / 10
        if tenths < 10 { return "about \(tenths < 6 ? "half a pawn" : "a pawn")" }
        return "about \(tenths / 10).\(tenths % 10) pawns"
    }
}
