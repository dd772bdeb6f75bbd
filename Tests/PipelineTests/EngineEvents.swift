// EngineEvents: what a kill, signal or lock test waits for instead of a time: the engine's first `info` line, a file.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Waits until `condition` holds, looking again every `poll` seconds, for at most `timeout` seconds (a bound for a
/// machine under load, never the event itself); returns whether it held.
@discardableResult
func waitUntil(timeout: Double = 60, poll: Double = 0.005, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !condition() {
        if Date() > deadline { return false }
        usleep(UInt32(poll * 1_000_000))
    }
    return true
}

/// The real Stockfish behind a wrapper (Fixtures/engines/logging-stockfish.sh) that copies each engine's output to a
/// log of its own, so a test sees when a search has started; and, when `gated`, holds every engine at its start until
/// `openGate()`. Pass `path` as forge's `--engine` and `environment` to forge's process.
struct LoggingEngine {
    let directory: String
    let path: String
    let gated: Bool

    init(gated: Bool = false) throws {
        directory = try Fixtures.tempDirectory()
        path = directory + "/stockfish"
        self.gated = gated
        try FileManager.default.copyItem(atPath: Fixtures.path("engines/logging-stockfish.sh"), toPath: path)
        chmod(path, 0o755)
    }

    var gate: String { directory + "/gate" }
    var environment: [String: String] {
        var e = ["FORGE_TEST_ENGINE_LOGS": directory]
        if gated { e["FORGE_TEST_ENGINE_GATE"] = gate }
        return e
    }

    func openGate() { _ = FileManager.default.createFile(atPath: gate, contents: nil) }

    /// How many engines are held at the closed gate (their forge waits for them).
    var held: Int { ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix("held-") }.count }

    /// The engines (by pid) whose output has had an `info depth` line: they are searching.
    var searching: Set<Int32> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return Set(names.compactMap { name -> Int32? in
            guard name.hasPrefix("engine-"), name.hasSuffix(".out"),
                  let text = try? String(contentsOfFile: directory + "/" + name, encoding: .utf8),
                  text.contains("\ninfo depth") || text.hasPrefix("info depth") else { return nil }
            return Int32(name.dropFirst("engine-".count).dropLast(".out".count))
        })
    }
}
