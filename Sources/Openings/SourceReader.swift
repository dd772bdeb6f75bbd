// SourceReader: turns a replayed PGN game tree into an OpeningSource, reporting structural problems.
import ChessCore
import ChessPGN
import Diagnostics
import Explainer

/// A `[%dev phase=2 name="Two Knights Defence"]` marker, read from the first comment of a variation.
struct DeviationMarker: Hashable {
    var phase: Int?
    var name: String?
    var kind: DeviationKind = .deviation
    /// Why the author chose this deviation (`reason="…"`).
    var reason: String?
    /// Problems with the marker's own syntax.
    var problems: [String]

    init(arguments: String) {
        problems = []
        var rest = Substring(arguments)
        while let eq = rest.firstIndex(of: "=") {
            let key = rest[..<eq].trimming(" ")
            rest = rest[rest.index(after: eq)...].drop(while: { $0 == " " })
            var value: Substring
            if rest.first == "\"" {
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: "\"") else {
                    problems.append("unterminated quoted value for \(key)")
                    value = body
                    rest = ""
                    continue
                }
                value = body[..<close]
                rest = body[body.index(after: close)...]
            } else {
                let end = rest.firstIndex(of: " ") ?? rest.endIndex
                value = rest[..<end]
                rest = rest[end...]
            }
            rest = rest.drop(while: { $0 == " " })
            switch key {
            case "phase":
                if let p = Int(value), p == 2 || p == 3 { phase = p } else { problems.append("phase must be 2 or 3, found \"\(value)\"") }
            case "name":
                if value.isEmpty { problems.append("the name is empty") } else { name = String(value) }
            case "kind":
                if let k = DeviationKind(rawValue: String(value)) { kind = k } else {
                    problems.append("kind must be deviation, trap or sidestep, found \"\(value)\"")
                }
            case "reason":
                if value.isEmpty { problems.append("the reason is empty") } else { reason = String(value) }
            default:
                problems.append("unknown key \"\(key)\"")
            }
        }
        if !rest.trimming(" ").isEmpty { problems.append("unreadable \"\(rest)\"") }
        if phase == nil && !problems.contains(where: { $0.hasPrefix("phase") }) { problems.append("phase= is missing") }
        if name == nil && !problems.contains(where: { $0.hasPrefix("the name") }) { problems.append("name= is missing") }
    }
}

extension StringProtocol {
    /// The text without leading and trailing characters from `set`.
    func trimming(_ set: String) -> String {
        let chars = Set(set)
        return String(drop(while: { chars.contains($0) }).reversed().drop(while: { chars.contains($0) }).reversed())
    }
}

/// Reads sources; collects the diagnostics of structure (not of content rules, which `Checks` holds).
public enum SourceReader {
    /// The kind a source declares by its tags, else by its folder: a coach opening has `LearnerSide` or
    /// `Difficulty` (or deviation markers), a tactic has `Claim`, `ClaimPly` or `ClaimText`; without any of
    /// these the nearest enclosing `coach/`, `tactics/`, `classical/` or `library/` folder decides (the nearest: a
    /// checkout that itself lives under a folder named `coach` keeps its library classical), and everything else is
    /// classical. So a coach opening kept outside `coach/` is still checked as one, and its missing `LearnerSide` is
    /// an error (VAL202).
    public static func kind(of path: String, tags: [PGNTag], hasDeviationMarkers: Bool = false) -> SourceKind {
        let names = Set(tags.map(\.name))
        if !names.isDisjoint(with: ["LearnerSide", "Difficulty"]) || hasDeviationMarkers { return .coach }
        if !names.isDisjoint(with: ["Claim", "ClaimPly", "ClaimText"]) { return .tactic }
        for folder in path.split(separator: "/").dropLast().reversed() {
            switch folder {
            case "coach": return .coach
            case "tactics": return .tactic
            case "classical", "library": return .classical
            default: continue
            }
        }
        return .classical
    }

    /// VAL205 for a `[%dev]` that is not the first comment of a variation (it would be ignored) and for a
    /// command that looks like a misspelled one (`[%deviation …]`, `[%Dev …]`), at the comment that holds it.
    static func misplacedMarkers(_ game: GameTree, file: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (i, n) in game.nodes.enumerated() {
            let label = i == 0 ? "before the first move" : "after \(n.writtenSAN)"
            for c in n.comments {
                let l = c.location ?? n.location
                let at = SourceLocation(file: file, line: l.line, column: l.column)
                for cmd in c.commands {
                    guard case .other(let name, _) = cmd else { continue }
                    if name == "dev" {
                        out.append(Diagnostic(ValidatorCode.malformedDeviationMarker, "deviation marker \(label) is not at the start of a variation, so it is ignored",
                                              at: at, notes: ["write it first in the variation: ( {[%dev phase=2 name=\"…\"] …} 3... Nf6 …)"]))
                    } else if isMisspelledMarker(name) {
                        out.append(Diagnostic(ValidatorCode.malformedDeviationMarker, "unknown command [%\(name) …] \(label); a deviation marker is [%dev …]", at: at))
                    }
                }
            }
            for c in n.startingComments {
                let l = c.location ?? n.location
                let at = SourceLocation(file: file, line: l.line, column: l.column)
                for cmd in c.commands {
                    if case .other(let name, _) = cmd, isMisspelledMarker(name) {
                        out.append(Diagnostic(ValidatorCode.malformedDeviationMarker, "unknown command [%\(name) …] at the start of a variation; a deviation marker is [%dev …]", at: at))
                    }
                }
            }
        }
        return out
    }

    static func isMisspelledMarker(_ name: String) -> Bool {
        let lower = name.lowercased()
        return name != "dev" && (lower.hasPrefix("dev") || lower == "dv" || lower == "deviation" || lower == "ved")
    }

    /// Builds the source from a replayed game. Variations become lines; a variation whose first comment holds
    /// `[%dev …]` is a deviation. Returns `nil` when the game has no start position (its FEN tag was bad).
    /// A game with reading errors gives a source marked incomplete (`isComplete == false`): its lines stop
    /// where the errors cut them, and the checks that need whole lines skip it. An error confined to a variation
    /// (a move in it that cannot be played) drops that variation alone, with what branches from it
    /// (`droppedVariations`); the other lines stay whole and the source complete.
    public static func source(from game: GameTree, file: String, diagnostics: inout [Diagnostic]) -> OpeningSource? {
        guard let start = game.start else { return nil }
        let hasMarkers = game.nodes.contains { n in
            n.startingComments.contains { c in c.commands.contains { if case .other("dev", _) = $0 { true } else { false } } }
        }
        let kind = kind(of: file, tags: game.tags, hasDeviationMarkers: hasMarkers)
        diagnostics += misplacedMarkers(game, file: file)
        func loc(_ l: PGNLocation) -> SourceLocation { SourceLocation(file: file, line: l.line, column: l.column) }

        // Positions before each node, computed along the tree without recursion.
        var before = [Position?](repeating: nil, count: game.nodes.count)
        var after = [Position?](repeating: nil, count: game.nodes.count)
        after[0] = start
        for i in 1..<game.nodes.count {
            let n = game.nodes[i]
            guard let parentPos = after[n.parent], let m = n.move else { continue }
            before[i] = parentPos
            after[i] = parentPos.playingUnchecked(m)
        }
        func lineMove(_ i: Int) -> LineMove? {
            let n = game.nodes[i]
            guard let b = before[i], let m = n.move else { return nil }
            var texts: [String] = []
            var arrows: [Arrow] = []
            var highlights: [Highlight] = []
            var evaluation: Evaluation?
            var unchecked = false
            for c in n.comments {
                if !c.text.isEmpty { texts.append(c.text) }
                for cmd in c.commands {
                    switch cmd {
                    case .arrows(let a): arrows += a
                    case .highlights(let h): highlights += h
                    case .evaluation(let e): evaluation = e
                    case .other(let name, _): unchecked = unchecked || name == "unchecked"
                    case .clock: break
                    }
                }
            }
            let comment = texts.isEmpty ? nil : texts.joined(separator: " ")
            return LineMove(ply: n.ply, before: b, move: m, san: n.san, writtenSAN: n.writtenSAN, comment: comment,
                            arrows: arrows, highlights: highlights, location: loc(n.location), nags: n.nags,
                            evaluation: evaluation, claimsUnchecked: unchecked, node: i)
        }
        // The path of nodes from the root to node i.
        func path(to i: Int) -> [Int] {
            var out: [Int] = []
            var j = i
            while j != 0 {
                out.append(j)
                j = game.nodes[j].parent
            }
            return out.reversed()
        }

        let mainMoves = game.mainline.compactMap(lineMove)
        let header = SourceHeader.read(game.tags, kind: kind, start: loc(game.location), mainLinePlies: mainMoves.count, isComplete: !game.hasErrorsOutsideCutVariations,
                                       diagnostics: &diagnostics)
        var lines: [OpeningLine] = [OpeningLine(role: .main, name: header.mainLineName,
                                                moves: mainMoves, branchPly: 0, parent: 0, location: loc(game.location))]
        // Every variation start: a node that is not its parent's first child. Walk in node order (file order).
        var lineOfNode = [Int](repeating: 0, count: game.nodes.count)
        let dropped = game.nodesInCutVariations
        for i in 1..<game.nodes.count where !dropped.contains(i) {
            let n = game.nodes[i]
            let parent = game.nodes[n.parent]
            guard parent.children.first != i else {
                lineOfNode[i] = lineOfNode[n.parent]
                continue
            }
            // Follow the first children to the end of this variation.
            var nodes = path(to: i)
            var j = i
            while let c = game.nodes[j].children.first {
                nodes.append(c)
                j = c
            }
            let parentLine = lineOfNode[n.parent]
            lineOfNode[i] = lines.count
            var role = LineRole.alternative
            var name = lines[parentLine].name
            let marker = n.startingComments.lazy.compactMap { c -> (String, PGNLocation)? in
                for cmd in c.commands { if case .other("dev", let args) = cmd { return (args, c.location ?? n.location) } }
                return nil
            }.first
            if let (args, markerAt) = marker {
                let m = DeviationMarker(arguments: args)
                for p in m.problems {
                    diagnostics.append(Diagnostic(ValidatorCode.malformedDeviationMarker, "deviation marker: \(p)", at: loc(markerAt),
                                                  notes: ["write it as {[%dev phase=2 name=\"Two Knights Defence\"] …} at the start of the variation"]))
                }
                if let nm = m.name { name = nm }
                role = .deviation(Deviation(phase: m.phase, kind: m.kind, reason: m.reason))
            }
            let prose = n.startingComments.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
            lines.append(OpeningLine(role: role, name: name,
                                     description: prose.isEmpty ? nil : prose, moves: nodes.compactMap(lineMove),
                                     branchPly: n.ply - 1, parent: parentLine, location: loc(n.location)))
        }
        var source = OpeningSource(file: file, kind: kind, header: header, start: start, lines: lines, location: loc(game.location))
        source.isComplete = !game.hasErrorsOutsideCutVariations
        source.droppedVariations = game.cutVariations.count
        return source
    }
}
