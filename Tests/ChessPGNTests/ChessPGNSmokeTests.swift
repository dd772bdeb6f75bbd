import Testing
@testable import ChessPGN
