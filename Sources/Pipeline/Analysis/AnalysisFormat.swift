// AnalysisFormat: how `forge analyze` writes one result: a text block, or one JSON object per line (jsonl).
import ChessCore
import Diagnostics
import Foundation
import UCIEngine

/// The output formats of `forge analyze`.
public enum AnalysisOutputFormat: String, Sendable, CaseIterable {
    case text, jsonl
}

/// Renders results. The same result always renders to the same bytes (keys sorted).
enum AnalysisFormat {
    static func render(_ result: Result<Analysis, EngineFailure>, of source: SourcedPosition, as format: AnalysisOutputFormat) -> String {
        switch format {
        case .jsonl: jsonl(result, of: source)
        case .text: text(result, of: source)
        }
    }

    // MARK: jsonl

    /// One line of jsonl. Keys: see docs/engine.md.
    struct Record: Encodable {
        var fen: String
        var source: String
        var analysis: Analysis?
        var failure: EngineFailure?

        enum Keys: String, CodingKey {
            case fen, source, bestmove, san, score, white_score, wdl, terminal, depth, lines, nodes, engine, profile, error
        }
        enum LineKeys: String, CodingKey { case uci, san, score, bound, wdl, depth, pv, pv_san }
        enum ErrorKeys: String, CodingKey { case code, message }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Keys.self)
            try c.encode(fen, forKey: .fen)
            try c.encode(source, forKey: .source)
            if let failure {
                var e = c.nestedContainer(keyedBy: ErrorKeys.self, forKey: .error)
                try e.encode(failure.code, forKey: .code)
                try e.encode(failure.message, forKey: .message)
                return
            }
            guard let a = analysis else { return }
            try c.encode(a.bestMove, forKey: .bestmove)  // null when there is no move
            try c.encode(a.bestMoveSAN, forKey: .san)
            try c.encode(a.score, forKey: .score)
            try c.encode(a.whiteScore, forKey: .white_score)
            try c.encodeIfPresent(a.wdl, forKey: .wdl)
            try c.encodeIfPresent(a.terminal?.rawValue, forKey: .terminal)
            try c.encode(a.depth, forKey: .depth)
            var lines = c.nestedUnkeyedContainer(forKey: .lines)
            for l in a.lines {
                var o = lines.nestedContainer(keyedBy: LineKeys.self)
                try o.encode(l.uci, forKey: .uci)
                try o.encode(l.san, forKey: .san)
                try o.encode(l.score, forKey: .score)
                if l.bound != .exact { try o.encode(l.bound.rawValue, forKey: .bound) }
                try o.encodeIfPresent(l.wdl, forKey: .wdl)
                try o.encode(l.depth, forKey: .depth)
                try o.encode(l.pv, forKey: .pv)
                try o.encode(l.sanPV, forKey: .pv_san)
            }
            try c.encode(a.nodes, forKey: .nodes)
            try c.encode(a.engine, forKey: .engine)
            try c.encode(a.profile, forKey: .profile)
        }
    }

    static func jsonl(_ result: Result<Analysis, EngineFailure>, of source: SourcedPosition) -> String {
        var record = Record(fen: source.fen, source: "\(source.location.file):\(source.location.line)")
        switch result {
        case .success(let a): record.analysis = a
        case .failure(let f): record.failure = f
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(record) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: text

    static func scoreText(_ s: Score, bound: ScoreBound = .exact) -> String {
        switch bound {
        case .exact: s.text
        case .lowerbound: s.text + " (lower bound)"
        case .upperbound: s.text + " (upper bound)"
        }
    }

    static func text(_ result: Result<Analysis, EngineFailure>, of source: SourcedPosition) -> String {
        var out = "\(source.location.file):\(source.location.line): \(source.fen)\n"
        switch result {
        case .failure(let f):
            out += "  error[\(f.code)]: \(f.message)\n"
        case .success(let a):
            if let t = a.terminal {
                out += "  \(t.rawValue): no search; score \(a.score.text) for the side to move\n"
            } else {
                var head = "  best \(a.bestMoveSAN ?? "-") (\(a.bestMove ?? "-"))  score \(a.score.text) side to move, \(a.whiteScore.text) White"
                if let w = a.wdl { head += "  wdl \(w.win)/\(w.draw)/\(w.loss)" }
                head += "  depth \(a.depth)  nodes \(a.nodes)"
                out += head + "\n"
                for (i, l) in a.lines.enumerated() {
                    out += "  \(i + 1). \(scoreText(l.score, bound: l.bound))  \(l.sanPV.joined(separator: " "))  [\(l.pv.joined(separator: " "))]\n"
                }
            }
            out += "  engine \(a.engine)  profile \(a.profile.key)\n"
        }
        return out
    }
}
