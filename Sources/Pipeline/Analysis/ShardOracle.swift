// ShardOracle: the engine as one shard sees it: its own positions analysed, the others' left out.
import ChessCore
import Explainer
import Foundation

/// Passes the positions of `shard` to the engine; the others get a failure and are left to the
/// other shards. Counts what was asked and what was this shard's.
final class ShardOracle: EngineOracle, @unchecked Sendable {
    let inner: AnalyzerOracle
    let shard: AnalysisShard
    private let lock = NSLock()
    private var seen = Set<UInt64>()
    private var mine = Set<UInt64>()

    init(inner: AnalyzerOracle, shard: AnalysisShard) {
        self.inner = inner
        self.shard = shard
    }

    /// Distinct positions asked, and those of this shard.
    var asked: Int { lock.withLock { seen.count } }
    var inShard: Int { lock.withLock { mine.count } }

    func analyse(_ positions: [Position]) -> [Result<EngineVerdict, EngineProblem>] {
        let chosen = positions.indices.filter { shard.contains(positions[$0]) }
        lock.withLock {
            for p in positions { seen.insert(p.zobristKey) }
            for i in chosen { mine.insert(positions[i].zobristKey) }
        }
        var out = [Result<EngineVerdict, EngineProblem>](
            repeating: .failure(EngineProblem(code: BuildCode.otherShard, message: "left to another shard than \(shard)")), count: positions.count)
        for (i, r) in zip(chosen, inner.analyse(chosen.map { positions[$0] })) { out[i] = r }
        return out
    }
}
