// BundleBenchmark: `forge-bench bundle` — times writing, querying and hashing a synthetic bundle.
import BundleStore
import Diagnostics
import Foundation

/// The figures `forge-bench bundle` prints, one `name=value` per line (scripts/bench/bundle.sh reads them).
struct BundleBenchmarkReport: Sendable {
    var lines: [String]
}

/// Writes a synthetic bundle of `positions` positions to `directory/openings.sqlite`, then runs
/// `queries` rounds of the app's three hot queries (children, position by FEN, analysis) through
/// ``OpeningsBundle``, then hashes the file with BundleStore's SHA-256. Times are wall-clock milliseconds.
func runBundleBenchmark(positions: Int, queries: Int, directory: String) throws(Diagnostic) -> BundleBenchmarkReport {
    func ms(_ start: DispatchTime) -> String {
        String(format: "%.1f", Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
    }
    let path = directory + "/openings.sqlite"
    let content = SyntheticBundle.content(positions: positions)
    let rows = content.rowCounts.values.reduce(0, +)
    do {
        let writeStart = DispatchTime.now()
        try BundleWriter().write(content, to: path)
        let write = ms(writeStart)

        let queryStart = DispatchTime.now()
        let bundle = try OpeningsBundle(path: path)
        var found = 0
        for k in 0..<queries {
            let id = Int64(k * 7919 % positions + 1)
            found += try bundle.children(ofPosition: id).count
            found += try bundle.position(fen: SyntheticBundle.fen(Int(id))) == nil ? 0 : 1
            found += try bundle.analysis(ofPosition: id)?.lines.count ?? 0
        }
        let query = ms(queryStart)

        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let hashStart = DispatchTime.now()
        let digest = SHA256Hash.hexDigest(of: data)
        let hash = ms(hashStart)
        return BundleBenchmarkReport(lines: [
            "positions=\(positions)", "rows=\(rows)", "bytes=\(data.count)", "write_ms=\(write)",
            "queries=\(queries)", "query_ms=\(query)", "query_results=\(found)", "sha256_ms=\(hash)", "sha256=\(digest)",
        ])
    } catch let error as BundleError {
        throw error.diagnostic
    } catch {
        throw Diagnostic(BundleCode.fileSystem, "\(path): \(error)")
    }
}
