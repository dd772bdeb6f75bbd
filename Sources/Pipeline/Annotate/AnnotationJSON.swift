// AnnotationJSON: one annotation as a jsonl line, keys in a fixed order so the same input gives the same bytes.
import Openings

enum AnnotationJSON {
    /// `{"ply":3,"san":"Nf3","uci":"g1f3","fen":"…","motifs":[{"name":"develops","squares":["g1","f3"]}],…}`
    static func line(_ a: MoveAnnotation) -> String {
        let motifs = a.motifs.map { m in
            "{\"name\":\(string(m.kind.rawValue)),\"squares\":[\(m.squareNames.map(string).joined(separator: ","))]}"
        }
        return "{\"ply\":\(a.ply),\"san\":\(string(a.san)),\"uci\":\(string(a.uci)),\"fen\":\(string(a.fenBefore)),"
            + "\"motifs\":[\(motifs.joined(separator: ","))],"
            + "\"concepts\":[\(a.concepts.map(string).joined(separator: ","))],"
            + "\"explanation\":\(string(a.explanation)),\"source\":\(string(a.source.rawValue)),"
            + "\"arrows\":[\(a.arrows.map(string).joined(separator: ","))]}"
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
