// The library products' public type names: none collides with a name SwiftUI or CryptoKit export, so an app
// that imports both needs no module prefix.
import Foundation
import Testing

/// Type names SwiftUI and CryptoKit export that a chess or word library could plausibly choose.
let appleFrameworkTypeNames: Set<String> = [
    // SwiftUI
    "Color", "Text", "Image", "View", "Path", "Font", "Shape", "Label", "Link", "Menu", "Group", "Section", "Form",
    "List", "Table", "Grid", "Layout", "Alignment", "Angle", "Axis", "Edge", "Binding", "State", "Environment",
    "Gradient", "Animation", "Transaction", "Toggle", "Picker", "Slider", "Stepper", "Canvas", "Material", "Capsule",
    "Circle", "Rectangle", "Spacer", "Divider", "Visibility", "Namespace", "Scene", "App", "Font", "Tab", "Badge",
    // CryptoKit
    "SHA256", "SHA384", "SHA512", "SHA256Digest", "SHA384Digest", "SHA512Digest", "Insecure", "HMAC", "Digest",
    "HashFunction", "SymmetricKey", "SharedSecret", "P256", "P384", "P521", "Curve25519", "AES", "ChaChaPoly", "HKDF",
]

@Test func noPublicTypeCollidesWithSwiftUIOrCryptoKit() throws {
    let products = ["ChessCore", "ChessPGN", "Words", "BundleStore", "Diagnostics", "CoachBundle"]
    let pattern = try NSRegularExpression(pattern: "public (?:final )?(?:struct|enum|class|protocol|typealias|actor) ([A-Za-z0-9_]+)")
    var names: Set<String> = []
    for product in products {
        for file in Repository.files(under: "Sources/\(product)", ending: ".swift") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let r = Range(m.range(at: 1), in: text) { names.insert(String(text[r])) }
            }
        }
    }
    #expect(names.count > 50)
    #expect(names.contains("PieceColor") && names.contains("Position"))
    #expect(names.intersection(appleFrameworkTypeNames).sorted() == [])
}
