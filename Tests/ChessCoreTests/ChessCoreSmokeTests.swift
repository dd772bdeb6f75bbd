import Testing
@testable import ChessCore
