// CoachCurriculum: the curriculum through CoachBundle: openings, their lines, a line's steps, the library, the bundle's
// build facts; every row read into a typed value or refused as damaged (BND502).
import BundleStore
import ChessCore
import ChessPGN
import Explainer
// BundleStore stores its own (package) copy of the name; the coach screen's is the explainer's.
import enum Explainer.DeviationKind

extension CoachBundle {
    // MARK: The bundle

    /// How the bundle was built (its `meta` table). A missing standard entry is a damaged row.
    ///
    ///     try coach.info().schemaVersion   // "2.1"
    public func info() throws(CoachBundleError) -> CoachBundleInfo {
        let meta = try run { () throws(BundleError) in try store.meta() }
        func value(_ key: String) throws(CoachBundleError) -> String {
            guard let v = meta[key] else { throw .damagedRow(table: "meta", key: key, reason: "the entry is missing") }
            return v
        }
        return CoachBundleInfo(schemaVersion: try value("schema_version"), contentVersion: try value("content_version"),
                               engine: try value("engine"), engineVersion: try value("engine_version"),
                               profile: try value("profile"), sourceHash: try value("source_hash"), buildDate: meta["build_date"])
    }

    // MARK: Openings and their lines

    /// Every opening of the curriculum, in the order the app lists them.
    ///
    ///     for o in try coach.openings() { print(o.slug, o.name, o.learner) }   // italian-game Italian Game white …
    public func openings() throws(CoachBundleError) -> [CoachOpening] {
        try run { () throws(BundleError) in try store.openings() }.map(Self.opening)
    }

    /// The opening with this slug, or `nil`.
    public func opening(slug: String) throws(CoachBundleError) -> CoachOpening? {
        try run { () throws(BundleError) in try store.opening(slug: slug) }.map(Self.opening)
    }

    /// Every line of an opening: the main line first, then its deviations and alternatives by the ply they leave it at.
    ///
    ///     let italian = try coach.opening(slug: "italian-game")!
    ///     try coach.lines(of: italian).map(\.key)   // ["italian-game/main", "italian-game/italian-game-two-knights-defense", …]
    public func lines(of opening: CoachOpening) throws(CoachBundleError) -> [CoachLine] {
        var reader = LineReader(store: store)
        let rows = try run { () throws(BundleError) in try store.lines(ofOpening: opening.id) }
        var out: [CoachLine] = []
        for r in rows { out.append(try reader.line(r, openingSlug: opening.slug)) }
        return out
    }

    /// The line with this key, or `nil`.
    public func line(key: String) throws(CoachBundleError) -> CoachLine? {
        guard let r = try run({ () throws(BundleError) in try store.line(key: key) }) else { return nil }
        var reader = LineReader(store: store)
        return try reader.line(r)
    }

    /// A line's own plies in order, each with its move, the position after it, its explanation and where it came from,
    /// its concepts, arrows and highlights, its claim and, after an opponent's move, the learner's answer. A deviation's
    /// steps start at ``CoachLine/firstOwnPly``: the plies before are its parent's (``CoachLine/branch``).
    ///
    ///     for s in try coach.steps(of: try coach.line(key: "italian-game/main")!) {
    ///         print(s.ply, s.san, s.explanation?.text ?? "-", s.concepts.sorted(), s.arrows.map(\.text))
    ///     }
    public func steps(of line: CoachLine) throws(CoachBundleError) -> [CoachStep] {
        let rows = try run { () throws(BundleError) in try store.steps(ofLine: line.id) }
        var out: [CoachStep] = []
        for r in rows { out.append(try Self.step(r, of: line)) }
        return out
    }

    // MARK: The chess app's library

    /// The library: classical openings, then tactics, each by key; every tactic with its claim.
    ///
    ///     let fools = try coach.library().first { $0.key == "tactics/fools-mate" }
    ///     fools?.claim?.kind     // .mate
    ///     fools?.claim?.amount   // 1
    public func library() throws(CoachBundleError) -> [LibraryEntry] {
        let rows = try run { () throws(BundleError) in try store.libraryEntries() }
        var out: [LibraryEntry] = []
        for e in rows {
            let c = try run { () throws(BundleError) in try store.libraryClaim(ofEntry: e.id) }
            // A tactic is its claim; a classical opening has none. Anything else is a damaged row, not an entry without one.
            guard (c != nil) == (e.kind == .tactic) else {
                throw .damagedRow(table: "library_entry", key: e.key,
                                  reason: c == nil ? "a tactic without its claim" : "a classical opening with a claim")
            }
            out.append(LibraryEntry(key: e.key, kind: LibraryEntry.Kind(e.kind), title: e.title, opening: e.opening, variation: e.variation,
                                    eco: e.eco, description: e.description, fenFile: e.fenFile, plies: e.plies,
                                    claim: c.map { LibraryClaim(kind: LibraryClaim.Kind($0.kind), amount: $0.amount, ply: $0.ply, text: $0.text) }))
        }
        return out
    }

    // MARK: Rows to values

    static func opening(_ r: OpeningRecord) -> CoachOpening {
        CoachOpening(slug: r.slug, name: r.name, variation: r.variation, eco: r.eco, learner: PieceColor(r.learnerSide),
                     difficulty: r.difficulty, description: r.description, id: r.id)
    }

    /// A `line_move` row with its move and position as a step; a row that does not read as one is `BND502`.
    static func step(_ s: LineStep, of line: CoachLine) throws(CoachBundleError) -> CoachStep {
        let r = s.lineMove
        func damaged(_ reason: String) -> CoachBundleError {
            .damagedRow(table: "line_move", key: "\(line.key) ply \(r.ply)", reason: reason)
        }
        let explanation: CoachExplanation?
        switch (r.explanation, r.explanationSource) {
        case (nil, nil): explanation = nil
        case let (text?, .authored?): explanation = CoachExplanation(text: text, source: .authored)
        case let (text?, .generated?): explanation = CoachExplanation(text: text, source: .generated)
        case (nil, _?), (_?, nil): throw damaged("an explanation without its source, or a source without an explanation")
        }
        var concepts: Set<Concept> = []
        for name in r.concepts {
            guard let c = Concept(rawValue: name) else { throw damaged("unknown concept \"\(name)\"") }
            concepts.insert(c)
        }
        let claim: CoachClaim?
        switch (r.claimKind, Score(centipawns: r.claimCP, mate: r.claimMate)) {
        case (nil, nil) where r.claimCP == nil && r.claimMate == nil: claim = nil
        case let (kind?, score?):
            guard let k = MotifKind(rawValue: kind) else { throw damaged("unknown claim kind \"\(kind)\"") }
            claim = CoachClaim(kind: k, score: score)
        default: throw damaged("a claim is its kind and exactly one of claim_cp, claim_mate")
        }
        let answer: RecommendedAnswer?
        switch (r.answerUCI, r.answerSAN) {
        case (nil, nil) where r.answerArrows == nil: answer = nil
        case let (uci?, san?): answer = RecommendedAnswer(uci: uci, san: san, arrows: try arrows(r.answerArrows, damaged))
        default: throw damaged("an answer is its UCI and SAN together")
        }
        return CoachStep(ply: r.ply, uci: s.move.uci, san: s.move.san, position: CoachPosition(s.position),
                         explanation: explanation, concepts: concepts, arrows: try arrows(r.arrows, damaged),
                         highlights: try highlights(r.highlights, damaged), claim: claim, answer: answer)
    }

    /// An `arrows` column (`Gg1f3,Rd8d1`): NULL when the move has none.
    static func arrows(_ column: String?, _ damaged: (String) -> CoachBundleError) throws(CoachBundleError) -> [Arrow] {
        try items(column, like: "arrow", "Gg1f3", damaged) { Arrow(text: $0) }
    }

    /// A `highlights` column (`Rd4,Ge5`): NULL when the move has none.
    static func highlights(_ column: String?, _ damaged: (String) -> CoachBundleError) throws(CoachBundleError) -> [Highlight] {
        try items(column, like: "highlight", "Rd4", damaged) { Highlight(text: $0) }
    }

    /// A comma-separated column of drawings, each read by `read`; one that does not read is a damaged row.
    private static func items<T>(_ column: String?, like name: String, _ example: String, _ damaged: (String) -> CoachBundleError,
                                 _ read: (Substring) -> T?) throws(CoachBundleError) -> [T] {
        guard let column else { return [] }
        var out: [T] = []
        for text in column.split(separator: ",") {
            guard let item = read(text) else { throw damaged("\(name) \"\(text)\" is not like \(example)") }
            out.append(item)
        }
        return out
    }
}

/// Reads `line` rows into ``CoachLine``s for one question, fetching each opening's lines and the slugs once.
struct LineReader {
    let store: OpeningsBundle
    private var slugs: [Int64: String]?
    private var linesOfOpening: [Int64: [LineRecord]] = [:]

    init(store: OpeningsBundle) { self.store = store }

    /// The row as a line. A deviation without its name, phase or kind, or a branch without its parent or branch ply, is
    /// damaged (`BND502`): never a deviation named "" in phase 0.
    mutating func line(_ r: LineRecord, openingSlug: String? = nil) throws(CoachBundleError) -> CoachLine {
        func damaged(_ reason: String) -> CoachBundleError { .damagedRow(table: "line", key: r.key, reason: reason) }
        let slug: String
        if let openingSlug { slug = openingSlug } else { slug = try self.slug(of: r) }
        let branch: LineBranch?
        if r.kind == .main {
            branch = nil
        } else {
            let parent = try lines(ofOpening: r.openingID).first { $0.id == r.parentLineID }
            guard let parent, let ply = r.branchPly else { throw damaged("a \(r.kind.rawValue) without its parent line or branch ply") }
            branch = LineBranch(parentKey: parent.key, ply: ply)
        }
        let role: CurriculumRole
        switch r.kind {
        case .main: role = .mainLine
        case .deviation:
            guard let name = r.name, let phase = r.phase, let stored = r.deviationKind,
                  let kind = DeviationKind(rawValue: stored.rawValue) else {
                throw damaged("a deviation without its name, phase or kind")
            }
            role = .deviation(name: name, phase: phase, kind: kind)
        case .alternative:
            guard let branch else { throw damaged("an alternative without its parent line") }
            role = .alternative(parentKey: branch.parentKey)
        }
        return CoachLine(key: r.key, openingSlug: slug, role: role, name: r.name, description: r.description, reason: r.reason,
                         branch: branch, id: r.id, openingID: r.openingID)
    }

    private mutating func slug(of r: LineRecord) throws(CoachBundleError) -> String {
        if slugs == nil {
            let all = try CoachBundle.run { () throws(BundleError) in try store.openings() }
            slugs = Dictionary(all.map { ($0.id, $0.slug) }, uniquingKeysWith: { a, _ in a })
        }
        guard let slug = slugs?[r.openingID] else {
            throw .damagedRow(table: "line", key: r.key, reason: "its opening is not in the bundle")
        }
        return slug
    }

    private mutating func lines(ofOpening id: Int64) throws(CoachBundleError) -> [LineRecord] {
        if let known = linesOfOpening[id] { return known }
        let found = try CoachBundle.run { () throws(BundleError) in try store.lines(ofOpening: id) }
        linesOfOpening[id] = found
        return found
    }
}

extension LibraryEntry.Kind {
    /// The app's value for the store's.
    init(_ stored: LibraryKind) {
        switch stored {
        case .classical: self = .classical
        case .tactic: self = .tactic
        }
    }
}

extension LibraryClaim.Kind {
    /// The app's value for the store's.
    init(_ stored: LibraryClaimKind) {
        switch stored {
        case .mate: self = .mate
        case .material: self = .material
        }
    }
}
