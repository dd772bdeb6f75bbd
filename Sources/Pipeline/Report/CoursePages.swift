// CoursePages: the HTML of `forge report`: the index of the openings and one page per opening (tree of lines, boards, notes).
import ChessCore
import CoachBundle
import Explainer

/// The pages of the site, as text: no script, no external file, every bundle text through ``HTMLText``.
enum CoursePages {
    /// The colour a verdict is shown in: one table for the whole site.
    static func colour(_ verdict: MoveVerdict) -> String {
        switch verdict {
        case .best: "#1b7a2e"
        case .good: "#4f8f3a"
        case .inaccuracy: "#b8860b"
        case .mistake: "#d2691e"
        case .blunder: "#b22222"
        }
    }

    /// How many of the engine's top moves each position lists (the bundle keeps three).
    static let topMovesShown = 3
    /// How many moves of a top move's principal variation are written out.
    static let pvMovesShown = 6

    static var style: String {
        var css = """
            body{font-family:sans-serif;margin:16px;color:#222;max-width:1100px}h1{font-size:22px;margin:0 0 6px}h2{font-size:18px;margin:18px 0 4px}
            .meta{color:#555;font-size:13px}table.openings td,table.openings th{padding:3px 8px;text-align:left;font-size:14px}
            nav ul{margin:2px 0;padding-left:18px;font-size:14px}section.line{border-top:2px solid #ccc;margin-top:14px}
            .tag{display:inline-block;font-size:12px;padding:1px 6px;border-radius:3px;color:#fff;background:#666;margin-left:6px}
            .tag.trap{background:#b22222}.tag.deviation{background:#1f5fa8}.tag.sidestep{background:#7a4fa0}.tag.main{background:#333}.tag.alternative{background:#777}
            ol.plies{list-style:none;padding:0;margin:0}li.ply{display:flex;gap:12px;margin:10px 0}li.ply .text{font-size:14px;flex:1}
            svg.defs{position:absolute}.mv{font-weight:bold}.verdict{font-weight:bold}.comment{margin:3px 0}.note{margin:3px 0}
            .label{color:#666;font-size:12px}table.engine{font-size:12px;border-collapse:collapse}table.engine td{padding:0 6px 0 0}
            .branch{font-size:13px;color:#1f5fa8;margin:2px 0}
            """
        for v in MoveVerdict.allCases { css += ".v-\(v.rawValue){color:\(colour(v))}" }
        return css
    }

    static func page(title: String, body: String) -> String {
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(HTMLText.escaped(title))</title>"
            + "<style>\(style)</style></head><body>\n\(body)</body></html>\n"
    }

    /// `index.html`: the bundle's facts and its openings, each linking to its page.
    static func index(_ openings: [(CourseOpening, page: String)], info: CoachBundleInfo) -> String {
        var body = "<h1>The course in this bundle</h1><p class=\"meta\">content \(HTMLText.escaped(info.contentVersion)), schema \(HTMLText.escaped(info.schemaVersion)), "
            + "\(HTMLText.escaped(info.engine)) (\(HTMLText.escaped(info.profile)))</p>\n"
        body += "<table class=\"openings\"><tr><th>Opening</th><th>ECO</th><th>Learner</th><th>Difficulty</th><th>Lines</th><th>Traps</th><th>Plies</th></tr>\n"
        for (o, page) in openings {
            let traps = o.lines.count { if case .deviation(_, _, .trap) = $0.line.role { true } else { false } }
            let name = o.opening.name + (o.opening.variation.map { ": " + $0 } ?? "")
            body += "<tr class=\"opening\"><td><a href=\"\(HTMLText.escaped(page))\">\(HTMLText.escaped(name))</a></td><td>\(HTMLText.escaped(o.opening.eco))</td>"
                + "<td>\(o.opening.learner == .white ? "white" : "black")</td><td>\(o.opening.difficulty)</td><td>\(o.lines.count)</td>"
                + "<td>\(traps)</td><td>\(o.lines.reduce(0) { $0 + $1.plies.count })</td></tr>\n"
        }
        return page(title: "Course report", body: body + "</table>\n")
    }

    /// The page of one opening: its tree of lines, then every line with a board per ply.
    static func opening(_ o: CourseOpening) -> String {
        let name = o.opening.name + (o.opening.variation.map { ": " + $0 } ?? "")
        var body = BoardSVG.definitions + "\n<p><a href=\"index.html\">All openings</a></p><h1>\(HTMLText.escaped(name))</h1>"
            + "<p class=\"meta\">\(HTMLText.escaped(o.opening.eco)) · the learner plays \(o.opening.learner == .white ? "white" : "black") · difficulty \(o.opening.difficulty)</p>"
            + "<p>\(HTMLText.escaped(o.opening.description))</p>\n<nav><h2>Lines</h2>\(tree(o))</nav>\n"
        var anchors: [String: String] = [:]
        for (i, l) in o.lines.enumerated() { anchors[l.line.key] = "line-\(i + 1)" }
        for l in o.lines { body += section(l, anchors: anchors, learner: o.opening.learner) }
        return page(title: name, body: body)
    }

    /// The tree of lines as nested lists, each entry linking to its section.
    static func tree(_ o: CourseOpening) -> String {
        var out = ""
        var depth = -1
        for (i, l) in o.lines.enumerated() {
            if l.depth > depth { out += String(repeating: "<ul>", count: l.depth - depth) } else {
                out += "</li>" + String(repeating: "</ul></li>", count: depth - l.depth)
            }
            depth = l.depth
            out += "<li><a href=\"#line-\(i + 1)\">\(HTMLText.escaped(title(l.line)))</a>\(tag(l.line))"
        }
        if depth >= 0 { out += "</li>" + String(repeating: "</ul></li>", count: depth) + "</ul>" }
        return out
    }

    static func title(_ line: CoachLine) -> String {
        switch line.role {
        case .mainLine: line.name ?? "Main line"
        case .deviation(let name, _, _): name
        case .alternative: line.name ?? "Alternative"
        }
    }

    /// The line's kind as a coloured tag: main line, deviation (with its phase), trap, sidestep, alternative.
    static func tag(_ line: CoachLine) -> String {
        switch line.role {
        case .mainLine: return "<span class=\"tag main\">main line</span>"
        case .alternative: return "<span class=\"tag alternative\">alternative</span>"
        case .deviation(_, let phase, let kind):
            let word = switch kind {
            case .deviation: "deviation"
            case .trap: "trap"
            case .sidestep: "sidestep"
            }
            return "<span class=\"tag \(word)\">\(word), phase \(phase)</span>"
        }
    }

    /// `3.`, `3...`: the number of a ply counted from the start position (ply 1 is White's first move).
    static func moveNumber(_ ply: Int) -> String {
        "\((ply + 1) / 2)" + (ply % 2 == 1 ? "." : "...")
    }

    static func section(_ l: CourseLine, anchors: [String: String], learner: PieceColor) -> String {
        let id = anchors[l.line.key] ?? ""
        var out = "<section class=\"line\" id=\"\(id)\" data-key=\"\(HTMLText.escaped(l.line.key))\" data-plies=\"\(l.plies.count)\">"
            + "<h2>\(HTMLText.escaped(title(l.line)))\(tag(l.line))</h2>"
        if let branch = l.line.branch, let parent = anchors[branch.parentKey] {
            out += "<p class=\"meta\">leaves <a href=\"#\(parent)\">\(HTMLText.escaped(branch.parentKey))</a> after ply \(branch.ply)</p>"
        }
        if let d = l.line.description { out += "<p class=\"description\">\(HTMLText.escaped(d))</p>" }
        if let r = l.line.reason { out += "<p class=\"reason\"><span class=\"label\">why: </span>\(HTMLText.escaped(r))</p>" }
        out += "<ol class=\"plies\">\n"
        for p in l.plies {
            out += ply(p, learner: learner)
            for b in l.branches where b.afterPly == p.step.ply {
                out += "<li class=\"branch\">↳ <a href=\"#\(anchors[b.key] ?? "")\">\(HTMLText.escaped(b.key))</a> leaves here</li>\n"
            }
        }
        return out + "</ol></section>\n"
    }

    static func ply(_ p: CoursePly, learner: PieceColor) -> String {
        let s = p.step
        let label = moveNumber(s.ply) + " " + s.san
        let u = Array(s.uci.utf8)
        let last: (Square, Square)? = u.count >= 4 ? Square(s.uci.prefix(2)).flatMap { f in Square(s.uci.dropFirst(2).prefix(2)).map { (f, $0) } } : nil
        let picture = BoardPicture(board: p.after.board, orientation: learner, lastMove: last.map { (from: $0.0, to: $0.1) },
                                   arrows: s.arrows, highlights: s.highlights)
        var out = "<li class=\"ply\" data-ply=\"\(s.ply)\">" + BoardSVG.svg(picture, label: label) + "<div class=\"text\"><p><span class=\"mv\">\(HTMLText.escaped(label))</span>"
        if let v = p.note?.verdict { out += " <span class=\"verdict v-\(v.rawValue)\">\(v.rawValue)</span>" }
        out += "</p>"
        if let e = s.explanation {
            let kind = e.source == .authored ? "comment" : "explanation (generated)"
            out += "<p class=\"comment \(e.source.rawValue)\"><span class=\"label\">\(kind): </span>\(HTMLText.escaped(e.text))</p>"
        }
        if let n = p.note {
            out += "<p class=\"note\"><span class=\"label\">note: </span>\(HTMLText.escaped(n.text))</p>"
            if let b = n.better { out += "<p class=\"better\"><span class=\"label\">better: </span>\(HTMLText.escaped(b.san.joined(separator: " "))) \(HTMLText.escaped(b.text))</p>" }
            if let r = n.refutation { out += "<p class=\"refutation\"><span class=\"label\">refutation: </span>\(HTMLText.escaped(r.san.joined(separator: " "))) \(HTMLText.escaped(r.text))</p>" }
            if let x = n.leaves { out += "<p class=\"leaves\"><span class=\"label\">leaves the course: </span>\(HTMLText.escaped(x.name ?? "")) \(HTMLText.escaped(x.plan ?? ""))</p>" }
        }
        if let a = s.answer { out += "<p class=\"answer\"><span class=\"label\">answer: </span>\(HTMLText.escaped(a.san))</p>" }
        if let top = p.topMoves, !top.moves.isEmpty {
            out += "<table class=\"engine\">"
            for m in top.moves.prefix(topMovesShown) {
                out += "<tr><td>\(m.rank).</td><td>\(HTMLText.escaped(m.san))</td><td>\(HTMLText.escaped(m.whiteScore.text))</td><td>\(HTMLText.escaped(pv(m.pv, from: p.after)))</td></tr>"
            }
            out += "</table>"
        }
        return out + "</div></li>\n"
    }

    /// The first moves of a principal variation in SAN, replayed from `position`; stops at a move that does not play.
    static func pv(_ moves: [String], from position: Position) -> String {
        var p = position
        var san: [String] = []
        for uci in moves.prefix(pvMovesShown) {
            guard let m = try? p.move(uci: uci) else { break }
            san.append(p.san(m))
            p = p.playingUnchecked(m)
        }
        return san.joined(separator: " ")
    }
}
