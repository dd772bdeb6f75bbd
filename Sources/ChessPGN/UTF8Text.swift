// UTF8Text: validating byte strings from PGN files, reading stray Latin-1 bytes as Latin-1.

enum UTF8Text {
    /// The length of the valid UTF-8 sequence starting at `i`, or 0 when the byte there starts none.
    static func sequenceLength(_ u: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        let b0 = u[i]
        if b0 < 0x80 { return 1 }
        func cont(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            i + k < u.count && u[i + k] >= lo && u[i + k] <= hi
        }
        switch b0 {
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }

    /// Decodes `bytes`: valid UTF-8 as such, every other byte as the Latin-1 character of that value.
    /// Returns the offset of the first byte that was not UTF-8, if any.
    static func decode(_ bytes: [UInt8]) -> (String, firstInvalid: Int?) {
        bytes.withUnsafeBufferPointer { u in
            var i = 0
            var firstInvalid: Int? = nil
            while i < u.count {
                let n = sequenceLength(u, i)
                if n == 0 {
                    firstInvalid = i
                    break
                }
                i += n
            }
            guard let bad = firstInvalid else { return (String(decoding: u, as: UTF8.self), nil) }
            var out: [UInt8] = Array(u[0..<bad])
            i = bad
            while i < u.count {
                let n = sequenceLength(u, i)
                if n == 0 {
                    let b = u[i]
                    out.append(0xC0 | (b >> 6))
                    out.append(0x80 | (b & 0x3F))
                    i += 1
                } else {
                    out.append(contentsOf: u[i..<(i + n)])
                    i += n
                }
            }
            return (String(decoding: out, as: UTF8.self), bad)
        }
    }

    /// The location of byte `offset` of a token that starts at `start`, counting lines and characters.
    static func locate(_ bytes: [UInt8], offset: Int, from start: PGNLocation) -> PGNLocation {
        var loc = start
        var lastCR = false
        for b in bytes.prefix(offset) {
            if b == 10 {
                if !lastCR { loc.line += 1 }
                loc.column = 1
                lastCR = false
            } else if b == 13 {
                loc.line += 1
                loc.column = 1
                lastCR = true
            } else {
                lastCR = false
                if b & 0xC0 != 0x80 { loc.column += 1 }
            }
        }
        return loc
    }
}
