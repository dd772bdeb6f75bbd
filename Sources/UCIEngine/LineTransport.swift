// LineTransport: the channel a session talks over, one text line at a time, with a deadline on every read.

/// Why a transport could not deliver or receive a line.
public enum TransportError: Error, Hashable, Sendable {
    /// The other side is gone (end of output, broken pipe); `status` when known.
    case closed(ProcessStatus?)
    /// No line arrived before the deadline.
    case timedOut
}

/// A two-way line channel to an engine: a real process or a scripted conversation.
///
/// Implementations are used by one thread at a time (one session owns one transport),
/// but `terminate()` may be called from any thread (interrupt, watchdog).
public protocol LineTransport: AnyObject, Sendable {
    /// Sends one line; the transport adds the newline.
    func send(_ line: String) throws(TransportError)
    /// The next line, waiting at most `timeout` seconds.
    func receive(timeout: Double) throws(TransportError) -> String
    /// Ends the conversation at once (kills a process and reaps it). Idempotent.
    func terminate()
    /// The engine's process id, when there is a process.
    var processID: Int32? { get }
}
