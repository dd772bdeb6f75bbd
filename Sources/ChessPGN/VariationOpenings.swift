// VariationOpenings: the open variations of a game, so a visitor can drop the follow-ons of one never closed.
import Diagnostics

/// Where each open variation starts and how many diagnostics its game had then, outermost first.
///
/// When the reader reports a variation that is never closed (PGN106 at its `(`), where it should have
/// ended is unknown: the main line's next moves were read as the variation's, so the legality errors
/// found inside it are follow-ons of the missing `)`. Visitors that collect diagnostics drop them with
/// `dropFollowOns(of:in:)`, and the file reports the one mistake at its place.
public struct VariationOpenings: Sendable {
    private var open: [(at: PGNLocation, diagnostics: Int)] = []

    /// The legality findings a missing `)` can cause.
    static let followOnCodes: Set<DiagnosticCode> = [PGNCode.sanSyntax, PGNCode.illegalMove, PGNCode.ambiguousMove,
                                             PGNCode.illegalNullMove, PGNCode.wrongCheckMarker]

    public init() {}

    public mutating func removeAll() { open.removeAll(keepingCapacity: true) }
    /// A `(` at `location`, with `diagnostics` findings collected so far in the game.
    public mutating func begin(at location: PGNLocation, diagnostics: Int) { open.append((location, diagnostics)) }
    public mutating func end() { _ = open.popLast() }

    /// When `problem` reports an open variation as never closed, removes the legality findings collected
    /// since it opened from `diagnostics`.
    public func dropFollowOns(of problem: Diagnostic, in diagnostics: inout [Diagnostic]) {
        guard problem.code == PGNCode.unbalancedVariation, let at = problem.location,
              let v = open.first(where: { $0.at.line == at.line && $0.at.column == at.column }) else { return }
        let start = min(v.diagnostics, diagnostics.count)
        let kept = diagnostics[start...].filter { !Self.followOnCodes.contains($0.code) }
        diagnostics.replaceSubrange(start..., with: kept)
    }
}
