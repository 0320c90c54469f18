import NIOCore
import NIOHPACK
import NIOHTTP2
import Synchronization

/// Whether a connection still takes new requests: false after GOAWAY, after it closed, or when
/// its stream IDs run out. Read by the pool on any thread, written on the connection's event loop.
final class ConnectionHealth: Sendable {
    private let usable = Atomic<Bool>(true)

    var isUsable: Bool { usable.load(ordering: .relaxed) }
    func retire() { usable.store(false, ordering: .relaxed) }
}

/// The client end of APNs exchanges on one HTTP/2 connection, without a channel per stream: it
/// writes each request as HEADERS + DATA frames on the connection's channel, matches the answer's
/// frames by stream ID, and fails exchanges that outlive their deadline.
///
/// Writes are flushed once per event-loop turn, so a burst of pushes costs one TLS record and
/// one system call instead of one per push. NIOHTTP2Handler, below it, enforces the server's
/// SETTINGS_MAX_CONCURRENT_STREAMS (it holds back streams above the limit) and outbound flow
/// control; this handler returns inbound flow-control credit (``InboundCredit``), which a multiplexer would.
final class HTTP2ExchangeHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    /// An exchange in flight.
    private struct Exchange {
        let promise: EventLoopPromise<APNsHTTPResponse>
        let deadline: NIODeadline
        var status: Int?
        var apnsID: String?
        var body = ByteBuffer()
    }

    /// Largest answer body kept (APNs failure bodies are a few dozen bytes).
    static let maximumBody = 64 * 1024
    /// How often deadlines are checked.
    static let sweepInterval = TimeAmount.milliseconds(50)

    private let authority: String
    private let health: ConnectionHealth
    private var context: ChannelHandlerContext?
    private var exchanges: [HTTP2StreamID: Exchange] = [:]
    private var nextStreamID: Int32 = 1
    private let flusher = FlushCoalescer()
    private var credit = InboundCredit()
    /// Why new requests are refused, once the connection is going away.
    private var refusal: APNsTransportError?
    private var sweep: RepeatedTask?

    init(authority: String, health: ConnectionHealth) {
        self.authority = authority
        self.health = health
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        flusher.context = context
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        sweep = context.eventLoop.scheduleRepeatedTask(initialDelay: Self.sweepInterval, delay: Self.sweepInterval) {
            _ in
            loopBound.value.expire(now: .now())
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        close(because: .connectionFailed("the connection's pipeline was torn down"))
        self.context = nil
        flusher.context = nil
    }

    /// Writes `request` on a new stream; `promise` gets the answer or an ``APNsTransportError``.
    func start(_ request: APNsHTTPRequest, deadline: NIODeadline, promise: EventLoopPromise<APNsHTTPResponse>) {
        guard let context, refusal == nil else {
            // Never written: safe to send elsewhere.
            return promise.fail(APNsTransportError.unprocessed(refusal?.description ?? "the connection is closed"))
        }
        let streamID = HTTP2StreamID(nextStreamID)
        nextStreamID += 2
        if nextStreamID >= Int32.max - 2 {
            // Stream IDs never wrap (RFC 9113 §5.1.1): the pool opens another connection.
            refusal = .unprocessed("the connection used up its stream IDs")
            health.retire()
        }
        var headers = HPACKHeaders()
        headers.reserveCapacity(request.headers.count + 5)
        headers.add(name: ":method", value: "POST")
        headers.add(name: ":scheme", value: "https")
        headers.add(name: ":path", value: request.path)
        headers.add(name: ":authority", value: authority)
        for (name, value) in request.headers { headers.add(name: name, value: value) }
        headers.add(name: "content-length", value: String(request.body.readableBytes))
        exchanges[streamID] = Exchange(promise: promise, deadline: deadline)
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenFailure { [self] error in
            fail(streamID, with: .connectionFailed("writing the request failed: \(error)"))
        }
        let hasBody = request.body.readableBytes > 0
        context.write(
            wrapOutboundOut(
                HTTP2Frame(streamID: streamID, payload: .headers(.init(headers: headers, endStream: !hasBody)))),
            promise: hasBody ? nil : written)
        if hasBody {
            context.write(
                wrapOutboundOut(
                    HTTP2Frame(
                        streamID: streamID, payload: .data(.init(data: .byteBuffer(request.body), endStream: true)))),
                promise: written)
        }
        flusher.request()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.payload {
        case .headers(let payload):
            guard var exchange = exchanges[frame.streamID] else { return }
            if exchange.status == nil, let status = payload.headers.first(name: ":status").flatMap(Int.init) {
                // 1xx answers are informational: the final status comes in a later HEADERS.
                if status >= 200 {
                    exchange.status = status
                    exchange.apnsID = payload.headers.first(name: "apns-id")
                }
            }
            exchanges[frame.streamID] = exchange
            if payload.endStream { finish(frame.streamID) }
        case .data(let payload):
            let updates = credit.received(payload, on: frame.streamID, open: exchanges[frame.streamID] != nil)
            if !updates.isEmpty {
                for update in updates { context.write(wrapOutboundOut(update), promise: nil) }
                flusher.request()
            }
            guard var exchange = exchanges[frame.streamID] else { return }
            if case .byteBuffer(var chunk) = payload.data,
                exchange.body.readableBytes + chunk.readableBytes <= Self.maximumBody
            {
                exchange.body.writeBuffer(&chunk)
            }
            exchanges[frame.streamID] = exchange
            if payload.endStream { finish(frame.streamID) }
        case .rstStream(let code):
            // REFUSED_STREAM promises the request was not processed (RFC 9113 §8.7).
            fail(
                frame.streamID,
                with: code == .refusedStream
                    ? .unprocessed("RST_STREAM REFUSED_STREAM") : .connectionFailed("RST_STREAM \(code)"))
        case .goAway(let lastStreamID, let code, let opaqueData):
            let why = "GOAWAY \(code)" + (opaqueData.map { " " + String(buffer: $0) } ?? "")
            refusal = .unprocessed(why)
            health.retire()
            // Streams above the last one the server names were not processed; the others may still be answered.
            for streamID in exchanges.keys where streamID > lastStreamID { fail(streamID, with: .unprocessed(why)) }
            closeIfDrained()
        default:
            break
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        close(because: .connectionFailed("the connection closed"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        close(because: .connectionFailed(String(describing: error)))
        context.close(promise: nil)
    }

    /// Fails every exchange still in flight and refuses new ones.
    private func close(because error: APNsTransportError) {
        sweep?.cancel()
        sweep = nil
        health.retire()
        if refusal == nil { refusal = error }
        let failed = exchanges
        exchanges = [:]
        for exchange in failed.values { exchange.promise.fail(error) }
    }

    /// Fails the exchanges whose deadline passed and resets their streams.
    private func expire(now: NIODeadline) {
        guard let context else { return }
        var reset = false
        for (streamID, exchange) in exchanges where exchange.deadline <= now {
            exchanges[streamID] = nil
            credit.forget(streamID)
            exchange.promise.fail(APNsTransportError.deadlineExceeded)
            context.write(wrapOutboundOut(HTTP2Frame(streamID: streamID, payload: .rstStream(.cancel))), promise: nil)
            reset = true
        }
        if reset {
            flusher.request()
            closeIfDrained()
        }
    }

    private func finish(_ streamID: HTTP2StreamID) {
        guard let exchange = exchanges.removeValue(forKey: streamID) else { return }
        credit.forget(streamID)
        defer { closeIfDrained() }
        guard let status = exchange.status else {
            return exchange.promise.fail(APNsTransportError.connectionFailed("the stream ended without a :status"))
        }
        exchange.promise.succeed(APNsHTTPResponse(status: status, apnsID: exchange.apnsID, body: exchange.body))
    }

    private func fail(_ streamID: HTTP2StreamID, with error: APNsTransportError) {
        exchanges.removeValue(forKey: streamID)?.promise.fail(error)
        credit.forget(streamID)
        closeIfDrained()
    }

    /// A retired connection (GOAWAY, stream IDs used up) is closed once its last exchange ends:
    /// the pool has stopped using it, and nothing else would close it.
    private func closeIfDrained() {
        guard refusal != nil, exchanges.isEmpty, let context, context.channel.isActive else { return }
        context.close(promise: nil)
    }
}
