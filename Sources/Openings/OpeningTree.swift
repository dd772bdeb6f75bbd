// OpeningTree: every position of the coach's lines as one graph — shared positions merged, transpositions found.
import ChessCore

/// A position of the tree. Identity as in `PositionIdentity`; the FEN is the identity's (counters `0 1`… as first reached).
public struct TreeNode: Sendable, Hashable {
    /// 1-based, in order of first visit (the start position is 1).
    public var id: Int
    public var position: Position
    public var name: String?
    /// The name comes from the nearest named ancestor, not from a line that names this position.
    public var nameIsInherited: Bool
    public var eco: String?
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
    /// Naming rule: every line names the positions after its own moves (a main line all of its positions; a
    /// deviation those after its branch point) with its name. A position named by exactly one name takes it. A
    /// position no line names, or that lines name differently (the shared trunk of several openings, like
    /// 1.e4 e5 2.Nf3 Nc6), takes the name of its nearest named ancestor along the first line that reached it,
    /// marked as inherited; before any named position it has no name.
    public static func build(_ sources: [OpeningSource]) -> OpeningTree {
        var nodes: [TreeNode] = []
        var nodeOf: [PositionIdentity: Int] = [:]
        var edges: [TreeEdge] = []
        var edgeOf: [Int: [String: Int]] = [:]
        var lines: [TreeLine] = []
        var claims: [Int: Set<String>] = [:]
        var ecoOf: [Int: String] = [:]
        // The path (node ids) of the first line that reached each node, for inheritance.
        var firstPath: [Int: [Int]] = [:]

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
                for (ply, m) in line.moves.enumerated() {
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
                    if ply >= line.branchPly {
                        claims[to, default: []].insert(line.name)
                        if line.role == .main, let eco = s.tag("ECO") { ecoOf[to] = ecoOf[to] ?? eco }
                    }
                    if firstPath[to] == nil { firstPath[to] = path }
                }
                lines.append(TreeLine(id: lineID, source: si, lineIndex: li,
                                      parent: li == 0 ? lineID : lineIDs[line.parent], edges: lineEdges))
            }
        }
        for i in nodes.indices {
            let id = nodes[i].id
            if let names = claims[id], names.count == 1 {
                nodes[i].name = names.first
                nodes[i].eco = ecoOf[id]
            }
        }
        for i in nodes.indices where nodes[i].name == nil {
            guard let path = firstPath[nodes[i].id] else { continue }
            for ancestor in path.dropLast().reversed() where nodes[ancestor - 1].name != nil && !nodes[ancestor - 1].nameIsInherited {
                nodes[i].name = nodes[ancestor - 1].name
                nodes[i].eco = nodes[ancestor - 1].eco
                nodes[i].nameIsInherited = true
                break
            }
        }
        var incoming: [Int: Set<Int>] = [:]
        for e in edges { incoming[e.to, default: []].insert(e.from) }
        let transpositions = incoming.values.filter { $0.count > 1 }.count
        return OpeningTree(nodes: nodes, edges: edges, lines: lines, transpositions: transpositions)
    }
}
