// OpeningTree: every position of the coach's lines as one graph — shared positions merged, transpositions found.
import ChessCore

/// A position of the tree. Identity as in `PositionIdentity`; the FEN is the identity's (counters `0 1`… as first reached).
public struct TreeNode: Sendable, Hashable {
    /// 1-based, in order of first visit (the start position is 1).
    public var id: Int
    public var position: Position
    /// The list's name for this position, or the deepest named position's before it (docs/names.md).
    public var name: String?
    /// The name comes from the deepest named position before this one, not from the list naming this one.
    public var nameIsInherited: Bool
    public var eco: String?
    /// The part of ``name`` before `:`.
    public var family: String? { name.map(OpeningName.family(of:)) }
}

/// A move between two positions.
public struct TreeEdge: Sendable, Hashable {
    public var id: Int
    public var from: Int
    public var to: Int
    public var move: Move
    public var san: String
}

/// A line over the tree: its source line and, per ply, the edge it plays.
public struct TreeLine: Sendable, Hashable {
    public var id: Int
    public var source: Int
    /// Index into the source's `lines`.
    public var lineIndex: Int
    /// The tree line id of the parent (itself for a main line).
    public var parent: Int
    /// Edge per ply, ply 1 first.
    public var edges: [Int]
}

public struct OpeningTree: Sendable {
    public var nodes: [TreeNode]
    public var edges: [TreeEdge]
    public var lines: [TreeLine]
    /// Positions reached by more than one move (from different positions): transpositions found.
    public var transpositions: Int

    /// Builds the tree of `sources` (in the order given, which should be a stable one such as by file).
    ///
    /// Naming rule (docs/names.md): names come from `names`, lichess's list, by position. A position the list
    /// names carries that name and ECO; any other carries the name of the deepest named position on the first
    /// line that reached it, marked as inherited. The start position, which the list does not name, carries none.
    /// Authored names stay on the lines (`OpeningLine.name`); `NameChecks` compares them with the list.
    public static func build(_ sources: [OpeningSource], names list: NameList = NameList()) -> OpeningTree {
        var nodes: [TreeNode] = []
        var nodeOf: [PositionIdentity: Int] = [:]
        var edges: [TreeEdge] = []
        var edgeOf: [Int: [String: Int]] = [:]
        var lines: [TreeLine] = []
        // The node each node was first reached from, for inheritance.
        var parentOf: [Int: Int] = [:]

        func node(_ p: Position) -> Int {
            if let id = nodeOf[p.identity] { return id }
            let id = nodes.count + 1
            nodes.append(TreeNode(id: id, position: p, name: nil, nameIsInherited: false, eco: nil))
            nodeOf[p.identity] = id
            return id
        }
        for (si, s) in sources.enumerated() {
            var lineIDs: [Int] = []
            for (li, line) in s.lines.enumerated() {
                let lineID = lines.count + 1
                lineIDs.append(lineID)
                var path = [node(s.start)]
                var lineEdges: [Int] = []
                for m in line.moves {
                    let from = path[path.count - 1]
                    let to = node(m.after)
                    let eid: Int
                    if let e = edgeOf[from]?[m.move.uci] {
                        eid = e
                    } else {
                        eid = edges.count + 1
                        edges.append(TreeEdge(id: eid, from: from, to: to, move: m.move, san: m.san))
                        edgeOf[from, default: [:]][m.move.uci] = eid
                    }
                    lineEdges.append(eid)
                    path.append(to)
                    if parentOf[to] == nil && to != from { parentOf[to] = from }
                }
                lines.append(TreeLine(id: lineID, source: si, lineIndex: li,
                                      parent: li == 0 ? lineID : lineIDs[line.parent], edges: lineEdges))
            }
        }
        let named = list.names(keys: nodes.map(\.position.zobristKey), parents: nodes.map { n in parentOf[n.id].map { $0 - 1 } })
        for (i, n) in named.enumerated() {
            nodes[i].name = n?.opening.name
            nodes[i].eco = n?.opening.eco
            nodes[i].nameIsInherited = n?.isInherited ?? false
        }
        var incoming: [Int: Set<Int>] = [:]
        for e in edges { incoming[e.to, default: []].insert(e.from) }
        let transpositions = incoming.values.filter { $0.count > 1 }.count
        return OpeningTree(nodes: nodes, edges: edges, lines: lines, transpositions: transpositions)
    }
}
