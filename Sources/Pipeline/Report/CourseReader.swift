// CourseReader: a checked bundle read through CoachBundle (the app's read API) into what the report's pages show.
import ChessCore
import CoachBundle
import Explainer

/// One opening as the report shows it: its lines in tree order, each with its own plies.
struct CourseOpening: Sendable {
    var opening: CoachOpening
    /// Preorder of the tree of lines: the main line, then each line's branches (by the ply they leave it at) right
    /// after it. ``depth`` is the line's distance from the main line.
    var lines: [CourseLine]
}

struct CourseLine: Sendable {
    var line: CoachLine
    var depth: Int
    /// The line's own plies (a branch's start after its parent's first `branch.ply`).
    var plies: [CoursePly]
    /// The branches that leave this line, each with the ply of this line it leaves after.
    var branches: [(key: String, afterPly: Int)]
}

/// One ply of a line: the step the bundle stores, the positions around it, the move's note and the engine's top moves
/// in the position it reaches.
struct CoursePly: Sendable {
    var step: CoachStep
    var before: Position
    var after: Position
    /// What the coach says about the move where it is played; nil when the bundle has no note for it.
    var note: Note?
    /// The engine's top moves in the position after the move; nil when it was not analysed.
    var topMoves: TopMoves?
}

/// Reads the whole curriculum of a bundle; every answer comes from ``CoachBundle``, so the report shows what an app
/// reads, and a row the app could not read stops the report with the app's error (`BND502`).
struct CourseReader {
    let coach: CoachBundle

    func openings() throws(CoachBundleError) -> [CourseOpening] {
        var out: [CourseOpening] = []
        for opening in try coach.openings() { out.append(try read(opening)) }
        return out
    }

    func read(_ opening: CoachOpening) throws(CoachBundleError) -> CourseOpening {
        let lines = try coach.lines(of: opening)
        var children: [String: [CoachLine]] = [:]
        for l in lines { if let parent = l.branch?.parentKey { children[parent, default: []].append(l) } }
        // Preorder from the main line; a line the walk does not reach (its parent missing) is damaged, never dropped.
        var ordered: [(CoachLine, Int)] = []
        func visit(_ l: CoachLine, _ depth: Int) {
            ordered.append((l, depth))
            for c in children[l.key] ?? [] { visit(c, depth + 1) }
        }
        for root in lines where root.branch == nil { visit(root, 0) }
        if let lost = lines.first(where: { l in !ordered.contains { $0.0.key == l.key } }) {
            throw .damagedRow(table: "line", key: lost.key, reason: "its parent line \(lost.branch?.parentKey ?? "?") is not a line of \(opening.slug)")
        }
        // The positions after each ply of every line read so far (0: the start), so a branch starts where its parent is.
        var positions: [String: [Position]] = [:]
        var out: [CourseLine] = []
        for (l, depth) in ordered {
            let inherited = l.branch.map { Array((positions[$0.parentKey] ?? []).prefix($0.ply + 1)) } ?? [Position.standard]
            guard inherited.count == l.firstOwnPly else {
                throw .damagedRow(table: "line", key: l.key, reason: "it branches after ply \(l.firstOwnPly - 1), its parent has \(inherited.count - 1)")
            }
            var line = inherited
            var plies: [CoursePly] = []
            for step in try coach.steps(of: l) {
                guard let before = line.last, step.ply == line.count else {
                    throw .damagedRow(table: "line_move", key: "\(l.key) ply \(step.ply)", reason: "the line's plies are not consecutive")
                }
                let ply = try read(step, after: before, line: l)
                plies.append(ply)
                line.append(ply.after)
            }
            positions[l.key] = line
            let branches = (children[l.key] ?? []).compactMap { c in c.branch.map { (key: c.key, afterPly: $0.ply) } }
            out.append(CourseLine(line: l, depth: depth, plies: plies, branches: branches))
        }
        return CourseOpening(opening: opening, lines: out)
    }

    /// The step with its positions, note and top moves. Its move must lead from the position before it to the position
    /// the bundle stores after it: the report draws both, so a step that does not join them is a damaged row.
    private func read(_ step: CoachStep, after before: Position, line: CoachLine) throws(CoachBundleError) -> CoursePly {
        func damaged(_ reason: String) -> CoachBundleError { .damagedRow(table: "line_move", key: "\(line.key) ply \(step.ply)", reason: reason) }
        guard let move = try? before.move(uci: step.uci) else { throw damaged("\(step.uci) is not a legal move in \(before.fen())") }
        let after = before.playingUnchecked(move)
        guard after.identity.epd + " 0 1" == step.position.fen else {
            throw damaged("\(step.uci) leads to \(after.identity.epd), the bundle stores \(step.position.fen)")
        }
        let note = try coach.position(before).flatMap { here throws(CoachBundleError) in try coach.note(uci: step.uci, at: here) }
        return CoursePly(step: step, before: before, after: after, note: note, topMoves: try coach.topMoves(at: step.position))
    }
}
