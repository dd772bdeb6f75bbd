// FuzzTarget: libFuzzer entry point over the FEN, SAN and PGN parsers (built by scripts/fuzz.sh).
// The first byte picks the parser; the rest is the input. No input may crash, hang or grow memory.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let text = String(decoding: bytes, as: UTF8.self)
    switch data[0] % 4 {
    case 0:
        if let p = try? Position(fen: text) {
            _ = p.fen()
            for m in p.legalMoves { _ = p.san(m) }
        }
        _ = try? Setup(fen: text)
    case 1:
        _ = try? SANToken(parsing: text)
        _ = try? Position.standard.parseSAN(text)
        if let p = try? Position(fen: "r3k2r/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQkq d6 0 1") { _ = try? p.parseSAN(text) }
    case 2:
        let reader = PGNReader(fileName: "fuzz.pgn", bytes: bytes)
        var builder = GameTreeBuilder(replaying: true)
        var games = 0
        while (try? reader.readGame(&builder)) == true, games < 1000 {
            _ = PGNWriter().write(builder.game)
            games += 1
        }
    default:
        let reader = PGNReader(fileName: "fuzz.pgn", bytes: bytes)
        var exporter = FENExporter(options: FENExportOptions(format: .jsonl, includeStart: true, variations: true))
        while (try? reader.readGame(&exporter)) == true {
            _ = exporter.takeOutput()
            _ = exporter.takeDiagnostics()
        }
        var fen2pgn = FENSequenceConverter(fileName: "fuzz.fen")
        var n = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            n += 1
            _ = fen2pgn.line(String(line), number: n)
        }
        _ = fen2pgn.finish()
    }
    return 0
}
