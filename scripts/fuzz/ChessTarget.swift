// ChessTarget: libFuzzer entry point over the FEN, SAN, PGN and FEN-sequence readers (built by scripts/fuzz.sh).
// FUZZ_TARGET picks the reader: fen, san, pgn or fen2pgn. No input may crash, hang or grow memory.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

nonisolated(unsafe) let target: String = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? "pgn"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    switch target {
    case "fen":
        if let p = try? Position(fen: text) {
            _ = p.fen()
            for m in p.legalMoves { _ = p.san(m) }
        }
        _ = try? Setup(fen: text)
        _ = try? Setup(fen: text, requireCounters: false)
    case "san":
        _ = try? SANToken(parsing: text)
        _ = try? Position.standard.parseSAN(text)
        if let p = try? Position(fen: "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1") { _ = try? p.parseSAN(text) }
    case "fen2pgn":
        var fen2pgn = FENSequenceConverter(fileName: "fuzz.fen")
        var n = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            _ = fen2pgn.line(String(line), number: n)
            _ = fen2pgn.takeDiagnostics()
        }
        _ = fen2pgn.finish()
    default:  // pgn: the tree builder with replay and the writer, then the FEN exporter
        let reader = PGNReader(fileName: "fuzz.pgn", bytes: bytes)
        var builder = GameTreeBuilder(replaying: true)
        var games = 0
        while (try? reader.readGame(&builder)) == true, games < 1000 {
            _ = PGNWriter().write(builder.game)
            games += 1
        }
        let again = PGNReader(fileName: "fuzz.pgn", bytes: bytes)
        var exporter = FENExporter(options: FENExportOptions(format: .jsonl, includeStart: true, variations: true))
        while (try? again.readGame(&exporter)) == true {
            _ = exporter.takeOutput()
            _ = exporter.takeDiagnostics()
        }
    }
    return 0
}
