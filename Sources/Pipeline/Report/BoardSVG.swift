// BoardSVG: a position as an SVG picture drawn by our own code: squares, pieces, the last move, arrows and highlights.
import ChessCore
import ChessPGN

/// One board picture of `forge report`: the position, seen from the learner's side, with the move that reached it
/// tinted and the arrows and highlighted squares the bundle stores for that move.
///
/// The picture is a `viewBox="0 0 8 8"` SVG (one unit a square, x to the right, y down from the top edge as the
/// viewer sees it). Pieces and squares are `<use>`s of the shapes ``BoardSVG/definitions`` declares once per page
/// (`#cf-w-n` is White's knight, `#cf-squares` the empty board), so a page of two hundred boards stays small and
/// needs no image, font or script from anywhere.
///
/// ```swift
/// let picture = BoardPicture(board: position.board, orientation: .white, lastMove: (.e2, .e4), arrows: [], highlights: [])
/// BoardSVG.svg(picture, label: "1. e4")   // <svg class="board" … <use href="#cf-w-p" x="4" y="4" …/> …
/// ```
struct BoardPicture: Sendable {
    var board: Board
    /// The side shown at the bottom.
    var orientation: PieceColor
    /// The squares of the move that reached the position.
    var lastMove: (from: Square, to: Square)?
    var arrows: [Arrow]
    var highlights: [Highlight]
}

enum BoardSVG {
    /// The sizes of the picture, in squares: one place for every length an arrow is drawn with.
    enum Geometry {
        static let arrowShaft = 0.18
        static let arrowHeadWidth = 0.5
        static let arrowHeadLength = 0.42
        /// An arrow from a square to itself (a mark on the square) is a ring of this radius.
        static let ringRadius = 0.42
        static let ringWidth = 0.08
        /// The board as a page shows it, in CSS pixels.
        static let pixels = 232
    }

    /// The colours of the board and of the drawings: Lichess's, so an author sees what a study showed.
    enum Palette {
        static let lightSquare = "#f0d9b5"
        static let darkSquare = "#b58863"
        static let lastMove = "#cdd26a"
        static let lastMoveOpacity = "0.8"
        static let arrowOpacity = "0.8"
        static let highlightOpacity = "0.55"

        static func colour(_ c: AnnotationColor) -> String {
            switch c {
            case .green: "#15781b"
            case .red: "#882020"
            case .yellow: "#e68f00"
            case .blue: "#003088"
            }
        }
    }

    /// Where a square is drawn: its top-left corner in squares from the picture's top-left.
    static func corner(_ square: Square, _ orientation: PieceColor) -> (x: Int, y: Int) {
        switch orientation {
        case .white: (square.file, 7 - square.rank)
        case .black: (7 - square.file, square.rank)
        }
    }

    /// The id of a piece's shape in ``definitions``: `cf-w-n`, `cf-b-k`.
    static func pieceID(_ piece: Piece) -> String {
        "cf-" + (piece.color == .white ? "w" : "b") + "-" + String(piece.role.lowerChar)
    }

    /// The picture as one `<svg>` element; `label` is its accessible name (the move, or the position).
    static func svg(_ picture: BoardPicture, label: String) -> String {
        let size = Geometry.pixels
        var out = "<svg class=\"board\" viewBox=\"0 0 8 8\" width=\"\(size)\" height=\"\(size)\" role=\"img\" aria-label=\"\(HTMLText.escaped(label))\">"
        out += "<use href=\"#cf-squares\"/>"
        if let last = picture.lastMove {
            for square in [last.from, last.to] {
                let (x, y) = corner(square, picture.orientation)
                out += "<rect class=\"last\" x=\"\(x)\" y=\"\(y)\" width=\"1\" height=\"1\" fill=\"\(Palette.lastMove)\" fill-opacity=\"\(Palette.lastMoveOpacity)\"/>"
            }
        }
        for h in picture.highlights {
            let (x, y) = corner(h.square, picture.orientation)
            out += "<rect class=\"highlight\" x=\"\(x)\" y=\"\(y)\" width=\"1\" height=\"1\" fill=\"\(Palette.colour(h.color))\" fill-opacity=\"\(Palette.highlightOpacity)\"/>"
        }
        for square in Square.all {
            guard let piece = picture.board[square] else { continue }
            let (x, y) = corner(square, picture.orientation)
            out += "<use href=\"#\(pieceID(piece))\" x=\"\(x)\" y=\"\(y)\" width=\"1\" height=\"1\"/>"
        }
        for arrow in picture.arrows { out += self.arrow(arrow, picture.orientation) }
        return out + "</svg>"
    }

    /// An arrow from the centre of its first square to the centre of its second, as one polygon (shaft and head); from a
    /// square to itself, a ring.
    static func arrow(_ a: Arrow, _ orientation: PieceColor) -> String {
        let (fx, fy) = corner(a.from, orientation), (tx, ty) = corner(a.to, orientation)
        let (x0, y0, x1, y1) = (Double(fx) + 0.5, Double(fy) + 0.5, Double(tx) + 0.5, Double(ty) + 0.5)
        let colour = Palette.colour(a.color)
        let (dx, dy) = (x1 - x0, y1 - y0)
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else {
            return "<circle class=\"arrow\" cx=\"\(number(x0))\" cy=\"\(number(y0))\" r=\"\(number(Geometry.ringRadius))\" fill=\"none\" "
                + "stroke=\"\(colour)\" stroke-width=\"\(number(Geometry.ringWidth))\" stroke-opacity=\"\(Palette.arrowOpacity)\"/>"
        }
        let (ux, uy) = (dx / length, dy / length)
        let (nx, ny) = (-uy, ux)
        let (bx, by) = (x1 - ux * Geometry.arrowHeadLength, y1 - uy * Geometry.arrowHeadLength)
        let shaft = Geometry.arrowShaft / 2, head = Geometry.arrowHeadWidth / 2
        let points: [(Double, Double)] = [
            (x0 + nx * shaft, y0 + ny * shaft), (bx + nx * shaft, by + ny * shaft), (bx + nx * head, by + ny * head), (x1, y1),
            (bx - nx * head, by - ny * head), (bx - nx * shaft, by - ny * shaft), (x0 - nx * shaft, y0 - ny * shaft),
        ]
        let text = points.map { number($0.0) + "," + number($0.1) }.joined(separator: " ")
        return "<polygon class=\"arrow\" data-arrow=\"\(a.text)\" points=\"\(text)\" fill=\"\(colour)\" fill-opacity=\"\(Palette.arrowOpacity)\"/>"
    }

    /// A coordinate with at most three decimals and no trailing zeros (`0.5`, `3.91`, `-0.125`): the same on every machine
    /// and locale, so the same bundle gives the same bytes.
    static func number(_ v: Double) -> String {
        let thousandths = Int((v * 1000).rounded())
        let sign = thousandths < 0 ? "-" : ""
        let whole = abs(thousandths) / 1000, fraction = abs(thousandths) % 1000
        guard fraction != 0 else { return sign + String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return sign + String(whole) + "." + digits
    }

    // MARK: The shapes, once per page

    /// The pieces' outlines in a 100 × 100 box, by role; `detail` marks the lines drawn in the contrasting colour.
    static func shape(_ role: Role, detail: String) -> String {
        switch role {
        case .pawn:
            "<circle cx=\"50\" cy=\"31\" r=\"13\"/><path d=\"M39 45h22l7 31H32z\"/><rect x=\"25\" y=\"76\" width=\"50\" height=\"12\" rx=\"3\"/>"
        case .knight:
            "<path d=\"M30 88h44c-1-24-5-44-16-62l-3-12-8 10c-13 5-21 14-26 27l3 9 10-2 9-7c-4 13-11 21-13 37z\"/>"
                + "<circle cx=\"47\" cy=\"35\" r=\"3.5\" fill=\"\(detail)\" stroke=\"none\"/>"
        case .bishop:
            "<circle cx=\"50\" cy=\"13\" r=\"6\"/><path d=\"M50 20c-17 14-21 32-14 48h28c7-16 3-34-14-48z\"/>"
                + "<rect x=\"31\" y=\"68\" width=\"38\" height=\"8\" rx=\"2\"/><rect x=\"24\" y=\"78\" width=\"52\" height=\"10\" rx=\"3\"/>"
                + "<path d=\"M44 44l12-9\" fill=\"none\" stroke=\"\(detail)\"/>"
        case .rook:
            "<path d=\"M27 15h10v8h8v-8h10v8h8v-8h10v23H27z\"/><rect x=\"33\" y=\"38\" width=\"34\" height=\"38\"/>"
                + "<rect x=\"24\" y=\"76\" width=\"52\" height=\"12\" rx=\"3\"/>"
        case .queen:
            "<path d=\"M25 76l-9-46 18 24 5-32 11 28 11-28 5 32 18-24-9 46z\"/>"
                + "<circle cx=\"16\" cy=\"28\" r=\"5\"/><circle cx=\"39\" cy=\"20\" r=\"5\"/><circle cx=\"61\" cy=\"20\" r=\"5\"/>"
                + "<circle cx=\"84\" cy=\"28\" r=\"5\"/><rect x=\"22\" y=\"76\" width=\"56\" height=\"12\" rx=\"3\"/>"
        case .king:
            "<rect x=\"45\" y=\"5\" width=\"10\" height=\"27\"/><rect x=\"37\" y=\"12\" width=\"26\" height=\"9\"/>"
                + "<path d=\"M24 76c-9-21 0-41 26-41s35 20 26 41z\"/><rect x=\"22\" y=\"76\" width=\"56\" height=\"12\" rx=\"3\"/>"
        }
    }

    /// The `<defs>` every board of a page uses: the empty board and the twelve pieces, in a hidden `<svg>`.
    static var definitions: String {
        var out = "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>"
        var dark = ""
        for y in 0..<8 { for x in 0..<8 where (x + y) % 2 == 1 { dark += "M\(x) \(y)h1v1h-1z" } }
        out += "<g id=\"cf-squares\"><rect width=\"8\" height=\"8\" fill=\"\(Palette.lightSquare)\"/><path d=\"\(dark)\" fill=\"\(Palette.darkSquare)\"/></g>"
        for color in [PieceColor.white, .black] {
            let (fill, detail) = color == .white ? ("#ffffff", "#000000") : ("#303030", "#ffffff")
            for role in Role.allCases {
                out += "<symbol id=\"\(pieceID(Piece(color, role)))\" viewBox=\"0 0 100 100\">"
                    + "<g fill=\"\(fill)\" stroke=\"#000000\" stroke-width=\"3\" stroke-linejoin=\"round\">\(shape(role, detail: detail))</g></symbol>"
            }
        }
        return out + "</defs></svg>"
    }
}
