import NIOCore

/// The HTTP/2 client under ``APNsSender``: which one sends the requests.
public enum APNsTransportKind: String, Sendable, CaseIterable {
    /// The sender's own client on SwiftNIO HTTP/2: each push is two frames written on the
    /// connection's channel, writes are flushed once per event-loop turn, deadlines are swept per
    /// connection. About twice AsyncHTTPClient's rate per CPU (the push benchmark in `Benchmarks/`).
    case http2Frames = "http2-frames"
    /// AsyncHTTPClient: a stream channel, a request state machine and a timer per push.
    case asyncHTTPClient = "async-http-client"
}

/// One request the sender makes: `POST path` with its APNs headers and JSON body.
struct APNsHTTPRequest: Sendable {
    /// `/3/device/<token>`.
    var path: String
    /// Lower-case names, without the pseudo-headers.
    var headers: [(String, String)]
    var body: ByteBuffer
}

/// What APNs answered.
struct APNsHTTPResponse: Sendable {
    var status: Int
    var apnsID: String?
    /// The failure JSON (`reason`, `timestamp`); empty for a 200.
    var body: ByteBuffer
}

/// How an attempt ended without an answer.
enum APNsTransportError: Error, Equatable, CustomStringConvertible {
    /// No answer before the request's deadline.
    case deadlineExceeded
    /// The server refused the stream before processing it (GOAWAY naming an earlier last stream,
    /// or RST_STREAM REFUSED_STREAM): RFC 9113 §8.7 allows sending it again.
    case unprocessed(String)
    /// The connection failed or closed with the request in flight.
    case connectionFailed(String)
    /// The transport was shut down.
    case shutDown

    var description: String {
        switch self {
        case .deadlineExceeded: "deadline exceeded"
        case .unprocessed(let why): "not processed by the server: \(why)"
        case .connectionFailed(let why): "connection failed: \(why)"
        case .shutDown: "the sender was shut down"
        }
    }
}

/// An HTTP/2 client that sends one APNs request at a time per call, many calls at once.
protocol APNsTransport: Sendable {
    /// Sends `request`, waiting at most `timeout` for the answer.
    func send(_ request: APNsHTTPRequest, timeout: Duration) async throws -> APNsHTTPResponse
    /// Closes the connections; requests in flight fail.
    func shutdown() async throws
}
