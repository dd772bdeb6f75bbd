// BundleVocabulary: the small closed sets of values the bundle's TEXT columns hold.
import GRDB

/// A side of the board, stored as `'white'` or `'black'`.
package enum Side: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    case white, black
}

/// What a line is to its opening, stored as `'main'`, `'deviation'` or `'alternative'`.
///
/// The main line is the opening's mainline; a deviation is a variation the
/// opponent plays (it has a curriculum phase); an alternative is any other variation.
package enum LineKind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    case main, deviation, alternative
}

/// What a deviation teaches, stored as `'deviation'`, `'trap'` or `'sidestep'` (`[%dev kind=…]`).
/// Package-only: the app sees one type, Openings' `DeviationKind` (through CoachBundle).
package enum DeviationKind: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    /// The opponent leaves the main line with a move players really choose.
    case deviation
    /// A trap one side can fall into; the line shows the safe move or the punishment.
    case trap
    /// The opponent avoids the opening altogether.
    case sidestep
}

/// Where a move's explanation came from, stored as `'authored'` or `'generated'`.
/// Authored comments always win over generated ones. Package-only: the app sees one type, Openings'
/// `ExplanationSource` (through CoachBundle); the store does not import the explainer.
package enum ExplanationSource: String, Codable, Sendable, CaseIterable, DatabaseValueConvertible {
    case authored, generated
}
