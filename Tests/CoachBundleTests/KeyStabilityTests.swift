// KeyStabilityTests: adding an opening that sorts first changes no key of any other opening, line, position or move.
import BundleStore
import Foundation
import GRDB
import Testing

@Suite struct KeyStabilityTests {
    /// Every key of a bundle with what it names, read back from the written file.
    struct Keys: Equatable {
        var openings: [String: String]
        var lines: [String: String]
        var positions: [Int64: String]
        var moves: [String: String]
    }

    static func keys(_ path: String) throws -> Keys {
        let db = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        return try db.read { db in
            func pairs(_ sql: String) throws -> [String: String] {
                Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: sql).map { ($0[0] as String, $0[1] as String) })
            }
            return Keys(
                openings: try pairs("SELECT slug, name || '|' || eco || '|' || description FROM opening"),
                lines: try pairs("""
                    SELECT line.key, opening.slug || '|' || line.kind || '|' || coalesce(line.name, '') || '|'
                        || coalesce(line.description, '') || '|' || coalesce(parent.key, '') || '|'
                        || coalesce((SELECT group_concat(move.key, ' ') FROM (SELECT move_id FROM line_move
                           WHERE line_id = line.id ORDER BY ply) lm JOIN move ON move.id = lm.move_id), '')
                    FROM line JOIN opening ON opening.id = line.opening_id LEFT JOIN line parent ON parent.id = line.parent_line_id
                    """),
                positions: Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT zobrist_key, fen FROM position")
                    .map { ($0[0] as Int64, $0[1] as String) }),
                moves: try pairs("""
                    SELECT move.key, f.fen || '|' || move.uci || '|' || move.san || '|' || t.fen
                    FROM move JOIN position f ON f.id = move.from_position_id JOIN position t ON t.id = move.to_position_id
                    """))
        }
    }

    @Test func addingAnOpeningThatSortsFirstChangesNoOtherKey() throws {
        let before = try buildBundle(paths: [repositoryRoot + "/openings/coach"])
        let after = try buildBundle(paths: [repositoryRoot + "/openings/coach", fixturePath("coach/alekhine-defence.pgn")])
        let a = try Self.keys(before.path)
        let b = try Self.keys(after.path)
        // The new opening sorts first, so integer ids did move.
        #expect(after.sources.first?.slug == "alekhine-defence")
        let italianBefore = before.content.openings.first { $0.slug == "italian-game" }?.id
        let italianAfter = after.content.openings.first { $0.slug == "italian-game" }?.id
        #expect(italianBefore != italianAfter)
        // Every key of the first bundle names the same thing in the second.
        for (k, v) in a.openings { #expect(b.openings[k] == v, "opening \(k)") }
        for (k, v) in a.lines { #expect(b.lines[k] == v, "line \(k)") }
        for (k, v) in a.positions { #expect(b.positions[k] == v, "position \(k)") }
        for (k, v) in a.moves { #expect(b.moves[k] == v, "move \(k)") }
        // And the second adds only the new opening's rows.
        #expect(Set(b.openings.keys).subtracting(a.openings.keys) == ["alekhine-defence"])
        #expect(Set(b.lines.keys).subtracting(a.lines.keys) == ["alekhine-defence/main", "alekhine-defence/exchange-variation"])
        #expect(b.moves.count > a.moves.count)
        #expect(a.lines.count == before.content.lines.count && a.moves.count == before.content.moves.count)
    }

    @Test func slugsAndKeys() {
        #expect(BundleKeys.slug("Giuoco Piano: Centre Holding Variation") == "giuoco-piano-centre-holding-variation")
        #expect(BundleKeys.slug("Pin with ...Bg4") == "pin-with-bg4")
        #expect(BundleKeys.slug("Grünfeld Défense") == "grunfeld-defense")
        #expect(BundleKeys.moveKey(fromPolyglotKey: 0x463b_9618_1691_fc9c, uci: "e2e4") == "463b96181691fc9c:e2e4")
        #expect(BundleKeys.moveKey(fromPolyglotKey: 1, uci: "a2a3") == "0000000000000001:a2a3")
        #expect(BundleKeys.lineKey(openingSlug: "italian-game", kind: .main, name: "Italian Game: Giuoco Pianissimo") == "italian-game/main")
        #expect(BundleKeys.lineKey(openingSlug: "x", kind: .alternative, name: "Y z", branch: (7, "c8g4")) == "x/y-z@7-c8g4")
    }
}
