// SHA256Tests: the digest against FIPS 180-4 examples and python hashlib vectors at block boundaries.
import Foundation
import Testing

@testable import BundleStore

@Suite struct SHA256Tests {
    @Test func knownVectors() {
        #expect(SHA256Hash.hexDigest(of: Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Hash.hexDigest(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256Hash.hexDigest(of: Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256Hash.hexDigest(of: Data(repeating: 0x61, count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func agreesWithPythonHashlibAtBlockBoundaries() throws {
        let text = String(decoding: try fixtureData("sha256-vectors.txt"), as: UTF8.self)
        var checked = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: " ")
            let count = try #require(Int(f[0]))
            let byte = try #require(UInt8(f[1]))
            #expect(SHA256Hash.hexDigest(of: Data(repeating: byte, count: count)) == String(f[2]), "\(count) × \(byte)")
            checked += 1
        }
        #expect(checked == 32)
    }

    @Test func feedingInPiecesGivesTheSameDigest() {
        let data = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let whole = SHA256Hash.hexDigest(of: data)
        for piece in [1, 7, 63, 64, 65, 200] {
            var hasher = SHA256Hash()
            var offset = 0
            while offset < data.count {
                hasher.update(data[offset..<min(offset + piece, data.count)])
                offset += piece
            }
            #expect(hasher.hexDigest() == whole, "pieces of \(piece)")
            // digest() does not consume the hasher.
            #expect(hasher.hexDigest() == whole)
        }
    }
}
