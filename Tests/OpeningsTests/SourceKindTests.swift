// SourceKindTests: a source's kind comes from its tags, else from the nearest known folder around it.
import Testing
@testable import Openings

@Suite struct SourceKindTests {
    @Test func theNearestFolderDecides() {
        #expect(SourceReader.kind(of: "openings/coach/italian-game.pgn", tags: []) == .coach)
        #expect(SourceReader.kind(of: "openings/library/tactics/fork.pgn", tags: []) == .tactic)
        #expect(SourceReader.kind(of: "openings/library/classical/dutch-defence.pgn", tags: []) == .classical)
        // A checkout under a folder named coach (a worktree, a user's folder) keeps its library classical.
        #expect(SourceReader.kind(of: "/work/wt/coach/openings/library/classical/dutch-defence.pgn", tags: []) == .classical)
        #expect(SourceReader.kind(of: "/home/coach/openings/library/dutch-defence.pgn", tags: []) == .classical)
        #expect(SourceReader.kind(of: "/work/wt/coach/openings/coach/italian-game.pgn", tags: []) == .coach)
        #expect(SourceReader.kind(of: "elsewhere/game.pgn", tags: []) == .classical)
        // The file's own name is no folder.
        #expect(SourceReader.kind(of: "openings/coach.pgn", tags: []) == .classical)
    }
}
