// Exports: what the coach screen names besides this module's own types, so `import CoachBundle` is enough for it:
// ChessCore's positions and moves, the explainer's Note, EngineVerdict and DeviationKind (Explainer), the bundle's
// verification and update (BundleStore), diagnostics.
@_exported import BundleStore
@_exported import ChessCore
@_exported import Diagnostics
@_exported import Explainer
