// PythonChessFilesTests: python-chess's own test PGNs (data/pgn/ of its 1.11.2 sdist) read, with the FENs python-chess gives.
import Testing

@testable import ChessPGN

/// Fixtures/python-chess/ holds the files (GPL-3.0, LICENSE.txt beside them) and, for each standard-chess one,
/// `<name>.fen` written by python-chess itself (`golden.py` there). Variant games are reported, not replayed.
@Suite struct PythonChessFilesTests {
    static let files = (try? Fixture.names(in: "python-chess", ext: "pgn")) ?? []
    static let variantFiles: Set<String> = [
        "antichess-programfox.pgn", "cutechess-fischerrandom.pgn", "knightvuillaume-jannlee-zh-lichess.pgn",
        "saturs-jannlee-zh-lichess.pgn",
    ]

    @Test func theFixtureHoldsEveryFileOfTheSdist() {
        #expect(Self.files.count == 12)
    }

    @Test(arguments: files.filter { !variantFiles.contains($0) })
    func standardFilesGivePythonChessFENs(_ name: String) throws {
        let r = try exportFENs(try Fixture.bytes("python-chess/" + name), name: name, options: FENExportOptions(format: .fen))
        let golden = try Fixture.text("python-chess/" + name.dropLast(4) + ".fen")
        #expect(!golden.isEmpty || name == "utf8-bom.pgn")  // its games have no moves (a BOM before the first tag)
        #expect(r.output == golden)
        // The engine game in UCI moves reads with one located warning; the others read clean.
        let expected = name == "uci-moves.pgn"
            ? ["uci-moves.pgn:9:1: warning[PGN116]: \"g1f3\" is long algebraic notation, not SAN: read as 1.Nf3 (the game's later moves written so are read the same way, without another warning)"]
            : []
        #expect(r.diagnostics == expected)
    }

    @Test(arguments: files.filter { variantFiles.contains($0) })
    func variantGamesAreReportedOncePerGameAndNotReplayed(_ name: String) throws {
        let r = try exportFENs(try Fixture.bytes("python-chess/" + name), name: name, options: FENExportOptions(format: .fen))
        #expect(r.output.isEmpty)
        let codes = r.diagnostics.compactMap { $0.split(separator: "[").dropFirst().first?.prefix(6) }
        #expect(codes.contains("PGN117"))
        // Nothing but the variant error, and for the Chess960 file the castling rights its X-FEN start gives.
        #expect(codes.allSatisfy { $0 == "PGN117" || ($0 == "PGN107" && name == "cutechess-fischerrandom.pgn") }, "\(r.diagnostics)")
    }
}
