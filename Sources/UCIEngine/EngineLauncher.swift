// EngineLauncher: how to start one engine (a real executable, or a scripted transport in tests).

/// Makes a fresh transport to a freshly started engine, each time it is called.
public struct EngineLauncher: Sendable {
    /// For messages: the executable's path, or a test's name.
    public var description: String
    public var launch: @Sendable () throws(EngineFailure) -> any LineTransport

    public init(description: String, launch: @escaping @Sendable () throws(EngineFailure) -> any LineTransport) {
        self.description = description
        self.launch = launch
    }

    /// Starts `path` as a process.
    public static func process(_ path: String, arguments: [String] = []) -> EngineLauncher {
        EngineLauncher(description: path) { () throws(EngineFailure) -> any LineTransport in
            try ProcessTransport(executable: path, arguments: arguments)
        }
    }
}
