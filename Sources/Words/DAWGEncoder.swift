// DAWGEncoder: builds the minimal acyclic automaton of a sorted word list with tiers and lays it out as words.dawg bytes.

/// Errors building a dictionary.
package enum DAWGEncoderError: Error, Sendable, Equatable {
    /// Words were not sorted and unique at this index.
    case unsorted(index: Int, word: String)
    /// A word is not lower-case a–z.
    case invalidWord(String)
    /// A word is longer than 255 letters.
    case tooLong(String)
    /// The node area passed the 16 MiB that 3-byte offsets address.
    case tooLarge(bytes: Int)
}

/// Builds `words.dawg` from words sorted by bytes (Daciuk et al.'s incremental algorithm for
/// sorted input, so the automaton is minimal: two states with the same future and the same
/// tier are one state).
///
/// ```swift
/// let bytes = try DAWGEncoder.encode([TieredWord("cat", .common), TieredWord("cats", .common)])
/// ```
package enum DAWGEncoder {
    struct Node {
        var tier: UInt8 = 0
        var letters: [UInt8] = []
        var targets: [Int32] = []
    }

    struct Signature: Hashable {
        var tier: UInt8
        var letters: [UInt8]
        var targets: [Int32]
    }

    /// The file's bytes: header and node area. Deterministic: the same words give the same bytes.
    package static func encode(_ words: [TieredWord]) throws(DAWGEncoderError) -> [UInt8] {
        var nodes: [Node] = [Node()]
        var register: [Signature: Int32] = [:]
        var unchecked: [(parent: Int32, child: Int32)] = []
        var previous: [UInt8] = []
        var tierCounts = [UInt32](repeating: 0, count: 5)
        var minLength = Int.max, maxLength = 0

        func minimize(downTo depth: Int) {
            while unchecked.count > depth {
                let (parent, child) = unchecked.removeLast()
                let c = nodes[Int(child)]
                let sig = Signature(tier: c.tier, letters: c.letters, targets: c.targets)
                if let existing = register[sig] {
                    nodes[Int(parent)].targets[nodes[Int(parent)].targets.count - 1] = existing
                } else {
                    register[sig] = child
                }
            }
        }

        for (i, tw) in words.enumerated() {
            let w = Array(tw.word.utf8)
            guard !w.isEmpty, w.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { throw .invalidWord(tw.word) }
            guard w.count <= 255 else { throw .tooLong(tw.word) }
            if i > 0 && !previous.lexicographicallyPrecedes(w) { throw .unsorted(index: i, word: tw.word) }
            var common = 0
            while common < min(w.count, previous.count) && w[common] == previous[common] { common += 1 }
            minimize(downTo: common)
            var node: Int32 = unchecked.last?.child ?? 0
            for letter in w[common...] {
                let next = Int32(nodes.count)
                nodes.append(Node())
                nodes[Int(node)].letters.append(letter - 97)
                nodes[Int(node)].targets.append(next)
                unchecked.append((node, next))
                node = next
            }
            nodes[Int(node)].tier = tw.tier.rawValue
            tierCounts[Int(tw.tier.rawValue) - 1] += 1
            minLength = min(minLength, w.count)
            maxLength = max(maxLength, w.count)
            previous = w
        }
        minimize(downTo: 0)
        return try layout(nodes: nodes, wordCount: words.count, tierCounts: tierCounts,
                          minLength: words.isEmpty ? 0 : minLength, maxLength: maxLength)
    }

    /// Places the reachable nodes: the most shared nodes first (so the pointers to them are
    /// one or two bytes), each followed depth-first by its unplaced children, so that one
    /// edge per node can point at "the next node" without an offset.
    static func layout(nodes: [Node], wordCount: Int, tierCounts: [UInt32], minLength: Int, maxLength: Int) throws(DAWGEncoderError) -> [UInt8] {
        var indegree = [Int32](repeating: 0, count: nodes.count)
        var reachable = [Bool](repeating: false, count: nodes.count)
        var stack: [Int32] = [0]
        reachable[0] = true
        var edgeCount = 0
        while let n = stack.popLast() {
            for t in nodes[Int(n)].targets {
                edgeCount += 1
                indegree[Int(t)] += 1
                if !reachable[Int(t)] {
                    reachable[Int(t)] = true
                    stack.append(t)
                }
            }
        }
        var order: [Int32] = []
        var placed = [Bool](repeating: false, count: nodes.count)
        func place(_ start: Int32) {
            // Iterative pre-order DFS; children in letter order.
            var work: [Int32] = [start]
            while let n = work.popLast() {
                if placed[Int(n)] { continue }
                placed[Int(n)] = true
                order.append(n)
                for t in nodes[Int(n)].targets.reversed() where !placed[Int(t)] { work.append(t) }
            }
        }
        let hot = (0..<nodes.count).filter { reachable[$0] && indegree[$0] >= 10 }
            .sorted { indegree[$0] != indegree[$1] ? indegree[$0] > indegree[$1] : $0 < $1 }
        for n in hot { place(Int32(n)) }
        place(0)

        // Offsets depend on pointer widths and widths on offsets: start wide and shrink until stable.
        var width = [UInt8](repeating: 3, count: nodes.count)
        var offset = [Int](repeating: 0, count: nodes.count)
        var followers = [Int32](repeating: -1, count: nodes.count)
        for i in 0..<(order.count - 1) { followers[Int(order[i])] = order[i + 1] }
        var total = 0
        while true {
            total = 0
            for n in order {
                offset[Int(n)] = total
                let node = nodes[Int(n)]
                total += (node.tier != 0 || node.targets.isEmpty) ? 1 : 0
                for t in node.targets {
                    total += 1
                    if t != followers[Int(n)] { total += Int(width[Int(t)]) }
                }
            }
            var changed = false
            for n in order {
                let o = offset[Int(n)]
                let w: UInt8 = o < 0x100 ? 1 : o < 0x1_0000 ? 2 : 3
                if w != width[Int(n)] {
                    width[Int(n)] = w
                    changed = true
                }
            }
            if !changed { break }
        }
        guard total < 0x100_0000 else { throw .tooLarge(bytes: total) }

        var area: [UInt8] = []
        area.reserveCapacity(total)
        for n in order {
            let node = nodes[Int(n)]
            if node.tier != 0 {
                area.append(DAWGFormat.finalBase + node.tier - 1 | (node.targets.isEmpty ? DAWGFormat.leafBit : 0))
            } else if node.targets.isEmpty {
                area.append(DAWGFormat.emptyRootCode | DAWGFormat.leafBit)
            }
            for (k, t) in node.targets.enumerated() {
                var b = node.letters[k]
                if k == node.targets.count - 1 { b |= DAWGFormat.lastEdgeBit }
                if t == followers[Int(n)] {
                    area.append(b)
                } else {
                    let w = width[Int(t)]
                    area.append(b | w << 6)
                    let o = offset[Int(t)]
                    for j in 0..<Int(w) { area.append(UInt8(truncatingIfNeeded: o >> (8 * j))) }
                }
            }
        }

        var header = [UInt8](repeating: 0, count: DAWGFormat.headerSize)
        func put32(_ v: UInt32, _ at: Int) { for j in 0..<4 { header[at + j] = UInt8(truncatingIfNeeded: v >> (8 * j)) } }
        func put16(_ v: UInt16, _ at: Int) { for j in 0..<2 { header[at + j] = UInt8(truncatingIfNeeded: v >> (8 * j)) } }
        header.replaceSubrange(0..<4, with: DAWGFormat.magic)
        put16(DAWGFormat.version, DAWGFormat.oVersion)
        put16(UInt16(DAWGFormat.headerSize), DAWGFormat.oHeaderSize)
        put32(UInt32(wordCount), DAWGFormat.oWordCount)
        put32(UInt32(order.count), DAWGFormat.oNodeCount)
        put32(UInt32(edgeCount), DAWGFormat.oEdgeCount)
        put32(UInt32(DAWGFormat.headerSize), DAWGFormat.oNodeAreaOffset)
        put32(UInt32(area.count), DAWGFormat.oNodeAreaLength)
        put32(UInt32(offset[0]), DAWGFormat.oRoot)
        for (k, c) in tierCounts.enumerated() { put32(c, DAWGFormat.oTierCounts + 4 * k) }
        header[DAWGFormat.oMinLength] = UInt8(min(minLength, 255))
        header[DAWGFormat.oMaxLength] = UInt8(min(maxLength, 255))
        let sum = DAWGFormat.checksum(header: header, area: area)
        put32(UInt32(truncatingIfNeeded: sum), DAWGFormat.oChecksum)
        put32(UInt32(truncatingIfNeeded: sum >> 32), DAWGFormat.oChecksum + 4)
        return header + area
    }
}
