// The perft suite from Fixtures/perft.txt, within a node budget so the default test run stays fast.
import Foundation
import Testing
@testable import ChessCore

struct PerftCase: CustomTestStringConvertible, Sendable {
    let id: String
    let fen: String
    let depth: Int
    let nodes: UInt64
    var testDescription: String { "\(id) depth \(depth)" }
}

enum PerftSuite {
    /// Debug builds manage about a million nodes a second; deeper entries run under `make bench`.
    static let nodeBudget: UInt64 = ProcessInfo.processInfo.environment["PERFT_BUDGET"].flatMap { UInt64($0) } ?? 300_000

    static func load() -> [PerftCase] {
        guard let url = Bundle.module.url(forResource: "Fixtures/perft", withExtension: "txt"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var cases: [PerftCase] = []
        var id = "", fen = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("id ") { id = String(line.dropFirst(3)) }
            else if line.hasPrefix("epd ") { fen = String(line.dropFirst(4)) }
            else if line.hasPrefix("perft ") {
                let parts = line.split(separator: " ")
                if parts.count == 3, let d = Int(parts[1]), let n = UInt64(parts[2]) {
                    cases.append(PerftCase(id: id, fen: fen, depth: d, nodes: n))
                }
            }
        }
        return cases
    }
}

@Test func perftSuiteLoads() {
    let all = PerftSuite.load()
    #expect(all.count > 100)
    #expect(Set(all.map(\.id)).count >= 20)
}

@Test(arguments: PerftSuite.load().filter { $0.nodes <= PerftSuite.nodeBudget })
func perft(_ c: PerftCase) throws {
    let p = try Position(fen: c.fen)
    #expect(Perft.count(p, depth: c.depth) == c.nodes)
}

@Test func divideSumsToTotal() throws {
    let p = try Position(fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    let d = Perft.divide(p, depth: 2)
    #expect(d.count == 48)
    #expect(d.reduce(0) { $0 + $1.nodes } == 2039)
    #expect(d.contains { $0.move.uci == "e1g1" && $0.move.isCastle })
}
