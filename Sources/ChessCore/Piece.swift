// Piece: a role of a colour.

/// A coloured piece, such as a white knight.
public struct Piece: Hashable, Sendable {
    public let color: PieceColor
    public let role: Role

    public init(_ color: PieceColor, _ role: Role) {
        self.color = color
        self.role = role
    }

    /// The FEN letter: upper case for White (`N`), lower case for Black (`n`).
    public var fenChar: Character { color == .white ? role.upperChar : role.lowerChar }

    /// Reads a FEN letter; `nil` for anything else.
    public init?(fenChar: Character) {
        guard let role = Role(char: fenChar) else { return nil }
        self.init(fenChar.isUppercase ? .white : .black, role)
    }
}
