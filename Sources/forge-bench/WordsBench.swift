// WordsBench: the timing mode behind `forge-bench words` — open words.dawg vs build a trie from words.txt, and solve times.
import Diagnostics
import Foundation
import Words

struct WordsBenchConfiguration: Sendable {
    var dawgPath: String
    var wordsPath: String
    var boards: Int
    var seed: UInt64

    init(dawgPath: String = "data/bundle/words/words.dawg", wordsPath: String = "data/bundle/words/words.txt", boards: Int = 300, seed: UInt64 = 1) {
        self.dawgPath = dawgPath
        self.wordsPath = wordsPath
        self.boards = boards
        self.seed = seed
    }
}

struct WordsBenchReport: Sendable {
    var diagnostics: [Diagnostic]
    var lines: [String]
}

/// The trie an app builds at launch today: one object per prefix, children in a dictionary.
final class WordsLaunchTrie {
    final class Node {
        var children: [Character: Node] = [:]
        var isWord = false
    }
    let root = Node()

    init(text: String) {
        for line in text.split(separator: "\n") {
            var n = root
            for ch in line {
                if let next = n.children[ch] {
                    n = next
                } else {
                    let next = Node()
                    n.children[ch] = next
                    n = next
                }
            }
            n.isWord = true
        }
    }

    func contains(_ word: String) -> Bool {
        var n = root
        for ch in word {
            guard let next = n.children[ch] else { return false }
            n = next
        }
        return n.isWord
    }
}

/// SplitMix64: a small seeded generator so every run solves the same boards.
struct WordsBenchRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// English letter frequencies (per 10,000), a–z.
    static let weights = [817, 149, 278, 425, 1270, 223, 202, 609, 697, 15, 77, 403, 241, 675, 751, 193, 10, 599, 633, 906, 276, 98, 236, 15, 197, 7]
    static let total = weights.reduce(0, +)

    mutating func letter() -> Character {
        var r = Int(next() % UInt64(Self.total))
        for (i, w) in Self.weights.enumerated() {
            if r < w { return Character(Unicode.Scalar(UInt8(97 + i))) }
            r -= w
        }
        return "e"
    }

    mutating func letters(_ n: Int) -> String { String((0..<n).map { _ in letter() }) }
}

enum WordsBench {
    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// This thread's CPU time in seconds: unlike wall time, it does not count the time other
    /// processes hold the core, which on a shared machine dominates sub-millisecond timings.
    static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func median(_ xs: [Double]) -> Double {
        let s = xs.sorted()
        return s.isEmpty ? 0 : s[s.count / 2]
    }

    static func percentile(_ xs: [Double], _ p: Double) -> Double {
        let s = xs.sorted()
        return s.isEmpty ? 0 : s[min(s.count - 1, Int(Double(s.count) * p))]
    }

    static func fmt(_ s: Double) -> String {
        s < 1e-3 ? String(format: "%.1f µs", s * 1e6) : s < 1 ? String(format: "%.2f ms", s * 1e3) : String(format: "%.2f s", s)
    }

    /// Measures, in this one process: opening words.dawg and answering one query (median of
    /// 1,000 opens) against reading words.txt and building a trie (median of 3), then the
    /// three solvers over `boards` random boards each.
    static func run(_ config: WordsBenchConfiguration) -> WordsBenchReport {
        let clock = ContinuousClock()
        let url = URL(fileURLWithPath: config.dawgPath)
        var lines: [String] = []
        var opens: [Double] = []
        var sink = 0
        do {
            for _ in 0..<1000 {
                let start = clock.now
                let d = try WordDictionary(contentsOf: url)
                if d.contains("quartz") { sink += 1 }
                opens.append(seconds(clock.now - start))
            }
        } catch {
            return WordsBenchReport(diagnostics: [Diagnostic(error.code, error.description, at: SourceLocation(file: config.dawgPath, line: 1, column: 1))], lines: [])
        }
        var builds: [Double] = []
        for _ in 0..<3 {
            let start = clock.now
            guard let data = FileManager.default.contents(atPath: config.wordsPath) else {
                return WordsBenchReport(diagnostics: [Diagnostic(WordsCode.unreadableSource, "cannot read \(config.wordsPath)")], lines: [])
            }
            let trie = WordsLaunchTrie(text: String(decoding: data, as: UTF8.self))
            if trie.contains("quartz") { sink += 1 }
            builds.append(seconds(clock.now - start))
        }
        let open = median(opens), build = median(builds)
        lines.append("open words.dawg (header + XXH64 checksum of every byte) + first query: \(fmt(open)) (median of 1000; first \(fmt(opens[0]))) (target < 1 ms)")
        lines.append("read words.txt + build trie + first query: \(fmt(build)) (median of 3)")
        lines.append(String(format: "ratio: opening words.dawg is %.0f× faster than building the trie (target ≥ 1000×)", build / max(open, 1e-9)))

        // Solvers: the dictionary stays open, as in an app.
        guard let dict = try? WordDictionary(contentsOf: url) else { return WordsBenchReport(diagnostics: [], lines: lines) }
        var rng = WordsBenchRandom(state: config.seed)
        var hunt: [Double] = [], huntFull: [Double] = [], ana: [Double] = [], bites: [Double] = []
        var huntCPU: [Double] = [], anaCPU: [Double] = [], bitesCPU: [Double] = []
        var huntWords = 0, huntFullWords = 0, anaWords = 0, bitesWords = 0
        let bigrams = ["er", "th", "in", "an", "re", "on", "at", "en", "es", "ed", "st", "or", "te", "ar", "al", "nd", "ti", "is", "it", "le"]
        for _ in 0..<max(config.boards, 1) {
            guard let grid = try? LetterGrid(parsing: rng.letters(16)) else { continue }
            let c0 = threadCPUTime(), t0 = clock.now
            huntWords += WordHuntSolver.solve(grid, in: dict).count
            hunt.append(seconds(clock.now - t0))
            huntCPU.append(threadCPUTime() - c0)
            let t0f = clock.now
            huntFullWords += WordHuntSolver.solve(grid, in: dict, maxTier: .full).count
            huntFull.append(seconds(clock.now - t0f))

            guard let rack = try? Rack(parsing: rng.letters(7)) else { continue }
            let c1 = threadCPUTime(), t1 = clock.now
            anaWords += AnagramsSolver.solve(rack, in: dict).count
            ana.append(seconds(clock.now - t1))
            anaCPU.append(threadCPUTime() - c1)

            var tiles = rng.letters(5).compactMap { try? BitesTile(parsing: String($0)) }
            for k in 0..<3 {
                let pair = bigrams[Int(rng.next() % UInt64(bigrams.count))]
                if let t = try? BitesTile(parsing: (k == 0 ? "v:" : "h:") + pair) { tiles.append(t) }
            }
            let c2 = threadCPUTime(), t2 = clock.now
            bitesWords += WordBitesSolver.solve(tiles, in: dict).count
            bites.append(seconds(clock.now - t2))
            bitesCPU.append(threadCPUTime() - c2)
        }
        let n = Double(max(config.boards, 1))
        lines.append("Word Hunt (4×4, \(config.boards) random boards, default tier standard): median \(fmt(median(hunt))), p90 \(fmt(percentile(hunt, 0.9))), max \(fmt(hunt.max() ?? 0)); CPU median \(fmt(median(huntCPU))), p90 \(fmt(percentile(huntCPU, 0.9))); \(String(format: "%.0f", Double(huntWords) / n)) words/board (target median ≤ 0.1 ms)")
        lines.append("Word Hunt at tier full (every word, as the 0.36 ms baseline counted): median \(fmt(median(huntFull))), p90 \(fmt(percentile(huntFull, 0.9))); \(String(format: "%.0f", Double(huntFullWords) / n)) words/board")
        lines.append("Anagrams (7 letters, \(config.boards) racks): median \(fmt(median(ana))), p90 \(fmt(percentile(ana, 0.9))); CPU median \(fmt(median(anaCPU))); \(String(format: "%.0f", Double(anaWords) / n)) words/rack")
        lines.append("Word Bites (5 single + 1 vertical + 2 horizontal tiles, \(config.boards) sets): median \(fmt(median(bites))), p90 \(fmt(percentile(bites, 0.9))); CPU median \(fmt(median(bitesCPU))); \(String(format: "%.0f", Double(bitesWords) / n)) words/set")
        if sink < 0 { lines.append("") }
        return WordsBenchReport(diagnostics: [], lines: lines)
    }
}
