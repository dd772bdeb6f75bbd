// BenchmarkPlacementTests: benchmark code lives in Sources/forge-bench only; the product modules and forge ship none,
// and the bench scripts call forge-bench, not a hidden forge command.
import Foundation
import Testing

enum Checkout {
    /// The checkout's root, from this file's path (Tests/ForgeBenchTests/BenchmarkPlacementTests.swift).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Paths relative to the root of the files under `folder` whose names end with `ending`, sorted.
    static func files(under folder: String, ending: String) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let e = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return e.compactMap { $0 as? URL }.map(\.path).filter { $0.hasSuffix(ending) }
            .map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }.sorted()
    }

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }
}

/// What marks benchmark code in Swift source: a bench type or function name (`WordsBench`, `runBundleBenchmark`),
/// a bench command's name, the per-thread CPU clock the timing modes read.
let benchmarkMarkers = ["Bench", "bundle-bench", "\"bench\"", "CLOCK_THREAD_CPUTIME_ID"]

/// The markers found in `text`, in the order of `benchmarkMarkers`.
func benchmarkMarkers(in text: String) -> [String] {
    benchmarkMarkers.filter { text.contains($0) }
}

@Suite struct BenchmarkPlacementTests {
    @Test func theMarkersFindBenchCodeAndNotChessOrWords() {
        #expect(benchmarkMarkers(in: "public enum WordsBench {") == ["Bench"])
        #expect(benchmarkMarkers(in: #"commandName: "bundle-bench""#) == ["bundle-bench"])
        #expect(benchmarkMarkers(in: #"commandName: "bench", abstract: "Timing mode""#) == ["\"bench\""])
        #expect(benchmarkMarkers(in: "clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)") == ["CLOCK_THREAD_CPUTIME_ID"])
        #expect(benchmarkMarkers(in: "halfmoveClock = 0; let clock = ContinuousClock()") == [])
    }

    @Test func noSourceOutsideTheBenchTargetHasBenchmarkCode() throws {
        let sources = Checkout.files(under: "Sources", ending: ".swift")
        let product = sources.filter { !$0.hasPrefix("Sources/forge-bench/") }
        // Every module's sources are scanned, forge's included.
        #expect(product.count > 50)
        #expect(product.contains("Sources/forge/Forge.swift"))
        #expect(product.contains("Sources/Pipeline/Words/WordsBuild.swift"))
        var found: [String] = []
        for file in product {
            let markers = benchmarkMarkers(in: try Checkout.text(file))
            if !markers.isEmpty { found.append("\(file): \(markers.joined(separator: ", "))") }
        }
        #expect(found == [])
    }

    @Test func theBenchTargetHoldsTheTimingModes() throws {
        let bench = Checkout.files(under: "Sources/forge-bench", ending: ".swift")
        #expect(bench == [
            "Sources/forge-bench/BundleBenchmark.swift", "Sources/forge-bench/ForgeBench.swift",
            "Sources/forge-bench/SyntheticBundle.swift", "Sources/forge-bench/WordsBench.swift",
        ])
        let all = try bench.map(Checkout.text).joined()
        #expect(benchmarkMarkers(in: all) == ["Bench", "CLOCK_THREAD_CPUTIME_ID"])
    }

    @Test func theBenchScriptsCallForgeBenchNotAHiddenForgeCommand() throws {
        let scripts = Checkout.files(under: "scripts/bench", ending: ".sh")
        #expect(scripts.contains("scripts/bench/bundle.sh"))
        #expect(scripts.contains("scripts/bench/words.sh"))
        for script in scripts {
            let text = try Checkout.text(script)
            #expect(!text.contains("bundle-bench"), "\(script) calls the removed `forge bundle-bench`")
            #expect(!text.contains("words bench"), "\(script) calls the removed `forge words bench`")
        }
        #expect(try Checkout.text("scripts/bench/bundle.sh").contains("\"$BENCH\" bundle "))
        #expect(try Checkout.text("scripts/bench/words.sh").contains("\"$BENCH\" words "))
        #expect(try Checkout.text("Makefile").contains("--product forge-bench"))
    }
}
