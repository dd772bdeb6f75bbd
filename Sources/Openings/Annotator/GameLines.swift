// GameLines: the main line and the deviations of a PGN game tree as annotator requests, and annotations back into the tree.
import ChessCore
import ChessPGN

/// A line of a game tree: the node indices of its moves and the request that annotates them.
public struct GameLine: Sendable {
    /// Indices into `GameTree.nodes`, first move first.
    public var nodes: [Int]
    public var request: LineRequest
    /// For a deviation: its name from `[%dev … name="…"]`.
    public var name: String?
}

public enum GameLines {
    /// The side the learner plays, from the `LearnerSide` tag (White when missing or unknown).
    public static func learner(_ tree: GameTree) -> PieceColor {
        tree.tag("LearnerSide")?.lowercased() == "black" ? .black : .white
    }

    /// Whether a node starts a deviation: its first comment before the move holds `[%dev …]`.
    public static func deviationMarker(_ node: MoveNode) -> String?? {
        for c in node.startingComments {
            for cmd in c.commands {
                if case .other(let name, let args) = cmd, name == "dev" {
                    return .some(quoted(args, key: "name"))
                }
            }
        }
        return nil
    }

    /// The deviation kind of a `[%dev … kind=trap]` marker (nil when absent or unknown).
    static func deviationKind(_ node: MoveNode) -> DeviationKind? {
        for c in node.startingComments {
            for cmd in c.commands {
                guard case .other(let name, let args) = cmd, name == "dev" else { continue }
                for word in args.split(separator: " ") where word.hasPrefix("kind=") {
                    return DeviationKind(rawValue: String(word.dropFirst(5).filter { $0 != "\"" }))
                }
            }
        }
        return nil
    }

    static func quoted(_ args: String, key: String) -> String? {
        let chars = Array(args)
        let needle = Array(key + "=\"")
        guard chars.count >= needle.count else { return nil }
        for i in 0...(chars.count - needle.count) where Array(chars[i..<(i + needle.count)]) == needle {
            let rest = chars[(i + needle.count)...]
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return String(chars[(i + needle.count)..<end])
        }
        return nil
    }

    /// The main line, then every deviation (variations marked `[%dev]`), in file order. Empty when the
    /// tree was not replayed or has a null move on a line (such a line stops before it).
    public static func lines(_ tree: GameTree) -> [GameLine] {
        guard let start = tree.start else { return [] }
        let learner = learner(tree)
        var out: [GameLine] = []
        // Positions before each node, computed once along the walk.
        var before: [Int: Position] = [:]
        var stack: [(Int, Position)] = [(0, start)]
        var order: [Int] = []
        while let (i, pos) = stack.popLast() {
            for c in tree.nodes[i].children.reversed() {
                guard let m = tree.nodes[c].move, pos.isLegal(m) else { continue }
                before[c] = pos
                stack.append((c, pos.playingUnchecked(m)))
            }
            if i != 0 { order.append(i) }
        }
        func line(from first: Int) -> [Int] {
            var nodes: [Int] = []
            var i = first
            while before[i] != nil {
                nodes.append(i)
                guard let next = tree.nodes[i].children.first else { break }
                i = next
            }
            return nodes
        }
        func request(_ nodes: [Int], role: LineRole, mainLineSAN: String?, kind: DeviationKind? = nil) -> LineRequest {
            let moves = nodes.compactMap { n -> LineMove? in
                guard let p = before[n], let m = tree.nodes[n].move else { return nil }
                return LineMove(before: p, move: m)
            }
            let authored = nodes.map { n -> String? in
                let text = tree.nodes[n].comments.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
                return text.isEmpty ? nil : text
            }
            let arrows = nodes.map { n -> [String] in
                tree.nodes[n].comments.flatMap { c in
                    c.commands.flatMap { cmd -> [String] in
                        if case .arrows(let a) = cmd { return a.map { String($0.color.letter) + $0.from.name + $0.to.name } }
                        return []
                    }
                }
            }
            let parent = nodes.first.map { tree.nodes[$0].parent }
            let previous = parent.flatMap { $0 == 0 ? nil : tree.nodes[$0].move }
            return LineRequest(moves: moves, authored: authored, authoredArrows: arrows, role: role, learner: learner,
                               mainLineSAN: mainLineSAN, previous: previous, kind: kind)
        }
        if let first = tree.nodes[0].children.first {
            let nodes = line(from: first)
            out.append(GameLine(nodes: nodes, request: request(nodes, role: .main, mainLineSAN: nil), name: nil))
        }
        for n in order {
            let node = tree.nodes[n]
            let parent = tree.nodes[node.parent]
            guard parent.children.first != n, let marker = deviationMarker(node) else { continue }
            let nodes = line(from: n)
            let main = parent.children.first.map { tree.nodes[$0].san }
            out.append(GameLine(nodes: nodes, request: request(nodes, role: .deviation, mainLineSAN: main, kind: deviationKind(node)), name: marker ?? nil))
        }
        return out
    }

    /// The tree with each generated explanation added as a comment `{text [%cal …]}` after its move.
    /// Moves with an authored comment keep it as it is, unless the annotation appended text to it.
    public static func applying(_ annotations: [[MoveAnnotation]], of lines: [GameLine], to tree: GameTree) -> GameTree {
        var t = tree
        for (line, notes) in zip(lines, annotations) {
            for (n, a) in zip(line.nodes, notes) {
                var arrows: [Arrow] = []
                for s in a.arrows {
                    let u = Array(s.utf8)
                    guard u.count == 5, let c = AnnotationColor(rawValue: u[0]), let f = Square(s.dropFirst().prefix(2)),
                        let to = Square(s.dropFirst(3)) else { continue }
                    arrows.append(Arrow(color: c, from: f, to: to))
                }
                switch a.source {
                case .generated:
                    t.nodes[n].comments.append(PGNComment(text: a.explanation, commands: arrows.isEmpty ? [] : [.arrows(arrows)]))
                case .authored:
                    let existing = t.nodes[n].comments.map(\.text).filter { !$0.isEmpty }.joined(separator: " ")
                    if existing != a.explanation, let i = t.nodes[n].comments.firstIndex(where: { !$0.text.isEmpty }) {
                        t.nodes[n].comments[i].text = a.explanation
                    }
                }
            }
        }
        return t
    }
}
