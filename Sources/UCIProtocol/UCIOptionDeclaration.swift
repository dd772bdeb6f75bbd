// UCIOptionDeclaration: an `option name … type …` line the engine sends, and the check of a value against it.

/// An option the engine declared during the `uci` handshake.
///
/// `option name Hash type spin default 16 min 1 max 33554432` gives
/// `UCIOptionDeclaration(name: "Hash", type: .spin, defaultValue: "16", min: 1, max: 33554432)`.
public struct UCIOptionDeclaration: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case check, spin, combo, button, string }

    public var name: String
    public var type: Kind
    public var defaultValue: String?
    public var min: Int?
    public var max: Int?
    public var choices: [String]

    public init(name: String, type: Kind, defaultValue: String? = nil, min: Int? = nil, max: Int? = nil, choices: [String] = []) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.min = min
        self.max = max
        self.choices = choices
    }

    /// Parses the words after `option`. Names and values may contain spaces.
    static func parse(_ words: ArraySlice<Substring>) throws(UCIParseError) -> UCIOptionDeclaration {
        let keys: Set<Substring> = ["name", "type", "default", "min", "max", "var"]
        var fields: [(key: Substring, value: String)] = []
        var i = words.startIndex
        while i < words.endIndex {
            let key = words[i]
            guard keys.contains(key) else { throw UCIParseError(reason: "unexpected \"\(key)\" in an option line") }
            var j = i + 1
            var value: [Substring] = []
            // `var` values and `name` may themselves be words like "type"; names end only at `type`.
            while j < words.endIndex, key == "name" ? words[j] != "type" : !keys.contains(words[j]) {
                value.append(words[j])
                j += 1
            }
            fields.append((key, value.joined(separator: " ")))
            i = j
        }
        guard let name = fields.first(where: { $0.key == "name" })?.value, !name.isEmpty else {
            throw UCIParseError(reason: "option without a name")
        }
        guard let typeText = fields.first(where: { $0.key == "type" })?.value, let type = Kind(rawValue: typeText) else {
            throw UCIParseError(reason: "option \"\(name)\" has no known type")
        }
        var d = UCIOptionDeclaration(name: name, type: type)
        for (key, value) in fields {
            switch key {
            case "default": d.defaultValue = value
            case "min":
                guard let v = Int(value) else { throw UCIParseError(reason: "option \"\(name)\": min \"\(value)\" is not an integer") }
                d.min = v
            case "max":
                guard let v = Int(value) else { throw UCIParseError(reason: "option \"\(name)\": max \"\(value)\" is not an integer") }
                d.max = v
            case "var": d.choices.append(value)
            default: break
            }
        }
        return d
    }

    /// Nil when `value` is acceptable for this option, else the reason it is not.
    public func problem(with value: String?) -> String? {
        switch type {
        case .button:
            return value == nil ? nil : "\(name) is a button and takes no value"
        case .check:
            return value == "true" || value == "false" ? nil : "\(name) takes true or false, not \(value ?? "nothing")"
        case .spin:
            guard let value, let v = Int(value) else { return "\(name) takes an integer, not \(value ?? "nothing")" }
            if let min, v < min { return "\(name) is at least \(min), not \(v)" }
            if let max, v > max { return "\(name) is at most \(max), not \(v)" }
            return nil
        case .combo:
            guard let value, choices.contains(where: { $0.lowercased() == value.lowercased() }) else {
                return "\(name) takes one of \(choices.joined(separator: ", ")), not \(value ?? "nothing")"
            }
            return nil
        case .string:
            return value == nil ? "\(name) needs a value" : nil
        }
    }
}
