import NIOCore
import NIOEmbedded
import NIOHPACK
import NIOHTTP2
import Testing
@testable import WakefulAPNs
import WakefulTestSupport

/// The frame-level client's handler on an embedded channel: frames in and out as they are, no TLS
/// and no HTTP/2 codec, time advanced by hand.
@Suite("HTTP/2 exchanges written as frames on the connection channel", .hangLimit, .watchdog)
struct HTTP2ExchangeHandlerTests {
    final class Harness {
        let channel = EmbeddedChannel()
        let health = ConnectionHealth()
        let watched: HTTP2ExchangeHandler

        init() throws {
            watched = HTTP2ExchangeHandler(authority: "api.push.apple.com", health: health)
            try channel.pipeline.syncOperations.addHandler(watched)
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 443)).wait()
        }

        /// Starts a request; `deadline` defaults to far ahead.
        func start(body: String = #"{"aps":{"content-available":1}}"#, deadline: NIODeadline = .now() + .seconds(60))
            -> EventLoopFuture<APNsHTTPResponse>
        {
            let promise = channel.eventLoop.makePromise(of: APNsHTTPResponse.self)
            let request = APNsHTTPRequest(
                path: "/3/device/ab12", headers: [("apns-push-type", "background")], body: ByteBuffer(string: body))
            watched.start(request, deadline: deadline, promise: promise)
            return promise.futureResult
        }

        /// Runs the pending event-loop tasks (the flush) and returns the frames written.
        func written() throws -> [HTTP2Frame] {
            channel.embeddedEventLoop.run()
            var frames: [HTTP2Frame] = []
            while let frame = try channel.readOutbound(as: HTTP2Frame.self) { frames.append(frame) }
            return frames
        }

        func receive(_ streamID: HTTP2StreamID, _ payload: HTTP2Frame.FramePayload) throws {
            try channel.writeInbound(HTTP2Frame(streamID: streamID, payload: payload))
        }

        func headers(_ pairs: [(String, String)], endStream: Bool = false) -> HTTP2Frame.FramePayload {
            .headers(.init(headers: HPACKHeaders(pairs), endStream: endStream))
        }

        func data(_ text: String, endStream: Bool = false) -> HTTP2Frame.FramePayload {
            .data(.init(data: .byteBuffer(ByteBuffer(string: text)), endStream: endStream))
        }
    }

    /// The outcome of a future that has completed, or nil.
    static func outcome(_ future: EventLoopFuture<APNsHTTPResponse>) -> Result<APNsHTTPResponse, any Error>? {
        var outcome: Result<APNsHTTPResponse, any Error>?
        future.assumeIsolated().whenComplete { outcome = $0 }
        return outcome
    }

    static func transportError(_ future: EventLoopFuture<APNsHTTPResponse>) -> APNsTransportError? {
        guard case .failure(let error) = outcome(future) else { return nil }
        return error as? APNsTransportError
    }

    @Test("each request is HEADERS + DATA on the next odd stream; a burst is flushed once, at the end of the turn")
    func requestFrames() throws {
        let harness = try Harness()
        _ = harness.start()
        _ = harness.start(body: "{}")
        #expect(try harness.channel.readOutbound(as: HTTP2Frame.self) == nil)  // nothing before the flush
        let frames = try harness.written()
        #expect(frames.map(\.streamID) == [1, 1, 3, 3])
        guard case .headers(let headers) = frames[0].payload, case .data(let data) = frames[1].payload else {
            Issue.record("expected HEADERS then DATA: \(frames)")
            return
        }
        #expect(!headers.endStream && data.endStream)
        #expect(headers.headers.first(name: ":method") == "POST")
        #expect(headers.headers.first(name: ":scheme") == "https")
        #expect(headers.headers.first(name: ":path") == "/3/device/ab12")
        #expect(headers.headers.first(name: ":authority") == "api.push.apple.com")
        #expect(headers.headers.first(name: "apns-push-type") == "background")
        #expect(headers.headers.first(name: "content-length") == "31")
    }

    @Test("an answer is matched by stream ID; 1xx headers are skipped; the failure body is kept")
    func answers() throws {
        let harness = try Harness()
        let first = harness.start()
        let second = harness.start()
        _ = try harness.written()
        try harness.receive(3, harness.headers([(":status", "200"), ("apns-id", "B")], endStream: true))
        try harness.receive(1, harness.headers([(":status", "100")]))
        try harness.receive(1, harness.headers([(":status", "400"), ("apns-id", "A")]))
        try harness.receive(1, harness.data(#"{"reason":"#))
        try harness.receive(1, harness.data(#""BadDeviceToken"}"#, endStream: true))
        let answered = try #require(try Self.outcome(first)?.get())
        #expect(answered.status == 400 && answered.apnsID == "A")
        #expect(String(buffer: answered.body) == #"{"reason":"BadDeviceToken"}"#)
        let delivered = try #require(try Self.outcome(second)?.get())
        #expect(delivered.status == 200 && delivered.apnsID == "B" && delivered.body.readableBytes == 0)
    }

    @Test(
        "GOAWAY fails only the streams above its last stream, as unprocessed, retires the connection and closes it when drained"
    )
    func goAway() throws {
        let harness = try Harness()
        let answered = harness.start()
        let cut = [harness.start(), harness.start()]
        _ = try harness.written()
        try harness.receive(
            .rootStream,
            .goAway(lastStreamID: 1, errorCode: .noError, opaqueData: ByteBuffer(string: #"{"reason":"Shutdown"}"#)))
        #expect(cut.allSatisfy { if case .unprocessed = Self.transportError($0) { true } else { false } })
        #expect(Self.outcome(answered) == nil)
        #expect(!harness.health.isUsable)
        try harness.receive(1, harness.headers([(":status", "503"), ("apns-id", "A")], endStream: true))
        #expect(try Self.outcome(answered)?.get().status == 503)
        #expect(!harness.channel.isActive, "a retired connection closes once its last exchange ends")
        // Never written, so safe to send elsewhere.
        guard case .unprocessed = Self.transportError(harness.start()) else {
            Issue.record("a new request was accepted after GOAWAY"); return
        }
        #expect(try harness.written().isEmpty)
    }

    @Test("RST_STREAM REFUSED_STREAM is unprocessed; another reset is a failure")
    func resets() throws {
        let harness = try Harness()
        let refused = harness.start()
        let reset = harness.start()
        _ = try harness.written()
        try harness.receive(1, .rstStream(.refusedStream))
        try harness.receive(3, .rstStream(.internalError))
        guard case .unprocessed = Self.transportError(refused), case .connectionFailed = Self.transportError(reset)
        else {
            Issue.record(
                "refused: \(String(describing: Self.outcome(refused))), reset: \(String(describing: Self.outcome(reset)))"
            )
            return
        }
        #expect(harness.health.isUsable)
    }

    @Test("consumed DATA is credited back on the connection and the stream once half a window is used")
    func flowControlCredit() throws {
        let harness = try Harness()
        let exchange = harness.start()
        _ = try harness.written()
        try harness.receive(1, harness.headers([(":status", "500")]))
        let chunk = String(repeating: "x", count: 16 * 1024)
        try harness.receive(1, harness.data(chunk))
        #expect(try harness.written().isEmpty)
        try harness.receive(1, harness.data(chunk))
        let updates = try harness.written().compactMap { frame -> (HTTP2StreamID, Int)? in
            guard case .windowUpdate(let increment) = frame.payload else { return nil }
            return (frame.streamID, increment)
        }
        #expect(updates.map(\.0) == [.rootStream, 1])
        #expect(updates.map(\.1) == [32 * 1024, 32 * 1024])
        try harness.receive(1, harness.data("", endStream: true))
        #expect(try Self.outcome(exchange)?.get().body.readableBytes == 32 * 1024)
    }

    @Test("a request past its deadline fails and its stream is reset with CANCEL")
    func deadline() throws {
        let harness = try Harness()
        let late = harness.start(deadline: .now() - .seconds(1))
        let onTime = harness.start()
        _ = try harness.written()
        harness.channel.embeddedEventLoop.advanceTime(by: HTTP2ExchangeHandler.sweepInterval)
        #expect(Self.transportError(late) == .deadlineExceeded)
        #expect(Self.outcome(onTime) == nil)
        let frames = try harness.written()
        #expect(frames.count == 1 && frames.first?.streamID == 1)
        guard case .rstStream(.cancel) = frames.first?.payload else {
            Issue.record("expected RST_STREAM CANCEL: \(frames)"); return
        }
    }

    @Test("a closed connection fails everything in flight and is retired")
    func closed() throws {
        let harness = try Harness()
        let exchanges = [harness.start(), harness.start()]
        _ = try harness.written()
        try harness.channel.close().wait()
        #expect(exchanges.allSatisfy { if case .connectionFailed = Self.transportError($0) { true } else { false } })
        #expect(!harness.health.isUsable)
    }
}
