// NameTable: the coach's tree and every position of the name list as one graph, named by one rule.
import ChessCore

/// The opening tree extended by every position of every line of the name list, so an app can name any
/// deviation into known theory and walk to the nearest named position.
///
/// Nodes and edges of the tree keep their ids (the first `tree.nodes.count` nodes, the first
/// `tree.edges.count` edges); the list's positions and moves that the tree lacks follow, in the list's order.
/// Positions are merged by identity, so a list line that passes through a tree position uses the tree's node.
public struct NameTable: Sendable {
    public struct Node: Sendable, Hashable {
        /// 1-based; equals the tree node's id for tree positions.
        public var id: Int
        public var position: Position
        public var name: PositionName?
        /// A position of the coach's tree (false: only the name list has it).
        public var inCurriculum: Bool
    }

    public struct Edge: Sendable, Hashable {
        public var id: Int
        public var from: Int
        public var to: Int
        public var move: Move
        public var san: String
        public var inCurriculum: Bool
    }

    /// A position entered from more than one position: the move orders into it differ in their last move.
    public struct Transposition: Sendable, Hashable {
        public var node: Int
        /// The edges into it, by id.
        public var incoming: [Int]
    }

    public var nodes: [Node]
    public var edges: [Edge]
    /// Every transposed position, by node id.
    public var transpositions: [Transposition]

    /// Merges `tree` and `list`. Names: the tree's own (given by the same rule, `OpeningTree.build(_:names:)`);
    /// a list-only position carries the list's name, or that of the deepest named position on the first list
    /// line that reached it.
    public init(tree: OpeningTree, list: NameList) {
        var nodes = tree.nodes.map { n in
            Node(id: n.id, position: n.position,
                 name: n.name.map { PositionName(opening: OpeningName(eco: n.eco ?? "", name: $0), isInherited: n.nameIsInherited) },
                 inCurriculum: true)
        }
        var edges = tree.edges.map { e in Edge(id: e.id, from: e.from, to: e.to, move: e.move, san: e.san, inCurriculum: true) }
        var nodeOf: [PositionIdentity: Int] = [:]
        for n in nodes { nodeOf[n.position.identity] = n.id }
        var edgeOf: [Int: [Move: Int]] = [:]
        for e in edges { edgeOf[e.from, default: [:]][e.move] = e.id }
        // List-only nodes, with the node they were first reached from (tree nodes are already named).
        var added: [(position: Position, parent: Int)] = []
        let start = Position.standard
        let startID: Int
        if let id = nodeOf[start.identity] {
            startID = id
        } else {
            startID = nodes.count + 1
            nodes.append(Node(id: startID, position: start, name: nil, inCurriculum: false))
            nodeOf[start.identity] = startID
        }
        for line in list.lines {
            var from = startID
            var p = start
            for (m, san) in zip(line.moves, line.sans) {
                p.playUnchecked(m)
                let to: Int
                if let id = nodeOf[p.identity] {
                    to = id
                } else {
                    to = nodes.count + added.count + 1
                    nodeOf[p.identity] = to
                    added.append((p, from))
                }
                if edgeOf[from]?[m] == nil {
                    let id = edges.count + 1
                    edges.append(Edge(id: id, from: from, to: to, move: m, san: san, inCurriculum: false))
                    edgeOf[from, default: [:]][m] = id
                }
                from = to
            }
        }
        // Name the added nodes: parents are tree nodes (named already) or earlier added nodes.
        let base = nodes.count
        for (i, a) in added.enumerated() {
            let name: PositionName?
            if let own = list.name(ofKey: a.position.zobristKey) {
                name = PositionName(opening: own, isInherited: false)
            } else {
                // The parent came first: a tree node or an earlier added node, named already.
                name = nodes[a.parent - 1].name.map { PositionName(opening: $0.opening, isInherited: true) }
            }
            nodes.append(Node(id: base + i + 1, position: a.position, name: name, inCurriculum: false))
        }
        var incoming: [Int: [Int]] = [:]
        for e in edges { incoming[e.to, default: []].append(e.id) }
        var transpositions: [Transposition] = []
        for (node, into) in incoming {
            let froms = Set(into.map { edges[$0 - 1].from })
            if froms.count > 1 { transpositions.append(Transposition(node: node, incoming: into.sorted())) }
        }
        transpositions.sort { $0.node < $1.node }
        self.nodes = nodes
        self.edges = edges
        self.transpositions = transpositions
    }
}
