// BundleBenchmarkTests: `forge-bench bundle` writes the synthetic bundle and its queries find what the formula put there.
import BundleStore
import Foundation
import Testing

@testable import forge_bench

@Suite struct BundleBenchmarkTests {
    @Test func theSyntheticBundleIsWrittenAndQueried() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let report = try runBundleBenchmark(positions: 10, queries: 4, directory: dir)
        let values = Dictionary(
            report.lines.map { line -> (String, String) in
                let parts = line.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }, uniquingKeysWith: { a, _ in a })
        // 10 positions, 17 moves (9 + 8), 1 opening, 1 line, 9 line moves, 10 analyses, 30 lines, 6 meta rows.
        #expect(values["rows"] == "84")
        // Query ids k × 7919 % 10 + 1 = 1, 10, 9, 8: children 2 + 0 + 1 + 2, one position each,
        // three analysis lines each.
        #expect(values["query_results"] == "\(5 + 4 + 12)")
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/openings.sqlite"))
        #expect(values["sha256"] == SHA256Hash.hexDigest(of: data))
        #expect(values["bytes"] == String(data.count))
    }

    @Test func anUnwritableDirectoryIsADiagnostic() {
        #expect(throws: (any Error).self) {
            try runBundleBenchmark(positions: 5, queries: 1, directory: "/nonexistent-\(UUID().uuidString)")
        }
    }
}
