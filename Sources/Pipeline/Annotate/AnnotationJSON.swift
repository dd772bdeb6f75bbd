// AnnotationJSON: one annotation as a jsonl line, keys in a fixed order so the same input gives the same bytes.
import ChessCore
import ChessPGN
import Explainer

enum AnnotationJSON {
    /// `{"ply":3,"san":"Nf3","uci":"g1f3","fenBefore":"…","motifs":[{"name":"develops","squares":["g1","f3"]}],…,
    /// "answer":{"uci":"b8c6","san":"Nc6","arrows":["Gb8c6"]},"claim":{"kind":"threatens","cp":152,"depth":14,"nodes":120000}}`
    static func line(_ a: MoveAnnotation) -> String {
        let motifs = a.motifs.map { m in
            var o = "{\"name\":\(string(m.kind.rawValue)),\"squares\":[\(m.squares.map { string($0.name) }.joined(separator: ","))]"
            if let e = m.evidence { o += ",\(score(e.score))" }
            return o + "}"
        }
        let answer = a.answer.map { "{\"uci\":\(string($0.uci)),\"san\":\(string($0.san)),\"arrows\":[\($0.arrows.map { string($0.text) }.joined(separator: ","))]}" } ?? "null"
        let claim = a.claim.map { "{\"kind\":\(string($0.kind.rawValue)),\(score($0.evidence.score)),\"depth\":\($0.evidence.depth),\"nodes\":\($0.evidence.nodes)}" } ?? "null"
        return "{\"ply\":\(a.ply),\"san\":\(string(a.san)),\"uci\":\(string(a.uci)),\"fenBefore\":\(string(a.fenBefore)),"
            + "\"motifs\":[\(motifs.joined(separator: ","))],"
            + "\"concepts\":[\(a.concepts.map(string).joined(separator: ","))],"
            + "\"explanation\":\(string(a.explanation)),\"source\":\(string(a.source.rawValue)),"
            + "\"arrows\":[\(a.arrows.map { string($0.text) }.joined(separator: ","))],"
            + "\"answer\":\(answer),\"claim\":\(claim)}"
    }

    /// `"cp":35` or `"mate":-2`, mover's point of view.
    static func score(_ s: Score) -> String {
        switch s {
        case .centipawns(let cp): "\"cp\":\(cp)"
        case .mate(let n): "\"mate\":\(n)"
        }
    }

    static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
