// TranspositionReport: the positions `forge build` found reached by more than one move order, as lines to print.
import ChessCore
import Openings

/// One transposed position of the name table: where it is and the move orders into it.
public struct TranspositionSite: Sendable, Hashable {
    /// The identity FEN.
    public var fen: String
    public var name: String?
    public var eco: String?
    /// A position of the coach's tree.
    public var inCurriculum: Bool
    /// One move order per incoming move: the first path to the position it came from, then that move.
    public var moveOrders: [String]

    /// `Queen's Gambit Declined (D30) rnbqkb1r/…: 1. d4 Nf6 2. c4 e6 3. Nf3 | 1. c4 e6 2. Nf3 Nf6 3. d4`
    public var text: String {
        let label = name.map { "\($0) (\(eco ?? "-"))" } ?? "(unnamed)"
        return "\(label) \(fen): " + moveOrders.joined(separator: " | ")
    }
}

enum TranspositionReport {
    /// Every transposed position of `table`, curriculum ones first, each with its move orders in SAN.
    static func sites(_ table: NameTable) -> [TranspositionSite] {
        // The first edge into a node (lowest id) is the one that created it: its first path.
        var firstEdge: [Int: Int] = [:]
        for e in table.edges where firstEdge[e.to] == nil { firstEdge[e.to] = e.id }
        var pathCache: [Int: [String]] = [:]
        func path(_ node: Int) -> [String] {
            if let p = pathCache[node] { return p }
            var sans: [String] = []
            var n = node
            var seen: Set<Int> = []
            while let e = firstEdge[n], seen.insert(n).inserted {
                sans.append(table.edges[e - 1].san)
                n = table.edges[e - 1].from
            }
            let p = Array(sans.reversed())
            pathCache[node] = p
            return p
        }
        let sites = table.transpositions.map { t -> TranspositionSite in
            let node = table.nodes[t.node - 1]
            let orders = t.incoming.map { id -> String in
                let e = table.edges[id - 1]
                return movetext(path(e.from) + [e.san])
            }
            return TranspositionSite(fen: node.position.identity.epd, name: node.name?.opening.name, eco: node.name?.opening.eco,
                                     inCurriculum: node.inCurriculum, moveOrders: orders)
        }
        return sites.filter(\.inCurriculum) + sites.filter { !$0.inCurriculum }
    }

    /// `1. d4 Nf6 2. c4`, from the standard start.
    static func movetext(_ sans: [String]) -> String {
        var out: [String] = []
        for (i, san) in sans.enumerated() {
            out.append(i % 2 == 0 ? "\(i / 2 + 1). \(san)" : san)
        }
        return out.joined(separator: " ")
    }
}
