import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHPACK
import NIOHTTP2

/// Serves one HTTP/2 connection of the mock at the frame level: collects each stream's request,
/// asks the state for a decision, then answers, delays, stays silent or sends GOAWAY.
///
/// It reads HTTP/2 frames on the connection channel, with no HTTP/1 codec (APNs clients such as
/// aioapns send `host` instead of `:authority`, which NIOHTTP2's HTTP/1 translation refuses) and
/// no channel per stream, so that in the push benchmark (`Benchmarks/`) the mock costs less than the
/// clients it measures. Answers written in one event-loop turn are flushed together.
final class MockConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    /// A request whose stream has not ended yet.
    private struct Incoming {
        var headers: HPACKHeaders?
        var body = ByteBuffer()
    }

    private let state: NIOLockedValueBox<MockAPNsState>
    private let connection: MockConnection
    private var incoming: [HTTP2StreamID: Incoming] = [:]
    private var credit = InboundCredit()
    private let flusher = FlushCoalescer()

    init(state: NIOLockedValueBox<MockAPNsState>, connection: MockConnection) {
        self.state = state
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) { flusher.context = context }

    func handlerRemoved(context: ChannelHandlerContext) { flusher.context = nil }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        let streamID = frame.streamID
        switch frame.payload {
        case .headers(let payload):
            var request = incoming[streamID, default: Incoming()]
            if request.headers == nil { request.headers = payload.headers }
            incoming[streamID] = request
            if payload.endStream { requestEnded(streamID, context: context) }
        case .data(let payload):
            let updates = credit.received(payload, on: streamID, open: incoming[streamID] != nil)
            for update in updates { context.write(wrapOutboundOut(update), promise: nil) }
            if !updates.isEmpty { flusher.request() }
            guard var request = incoming[streamID] else { return }
            if case .byteBuffer(var chunk) = payload.data { request.body.writeBuffer(&chunk) }
            incoming[streamID] = request
            if payload.endStream { requestEnded(streamID, context: context) }
        case .rstStream:
            incoming[streamID] = nil
            credit.forget(streamID)
        default:
            return
        }
    }

    private func requestEnded(_ streamID: HTTP2StreamID, context: ChannelHandlerContext) {
        guard let request = incoming.removeValue(forKey: streamID), let headers = request.headers else { return }
        credit.forget(streamID)
        handle(headers, body: request.body, streamID: streamID, context: context)
    }

    private func handle(
        _ headers: HPACKHeaders, body: ByteBuffer, streamID: HTTP2StreamID, context: ChannelHandlerContext
    ) {
        let request = MockRequest(
            method: headers.first(name: ":method") ?? "",
            path: headers.first(name: ":path") ?? "",
            headers: headers.filter { !$0.name.hasPrefix(":") }.map { ($0.name, $0.value) },
            body: Data(body.readableBytesView)
        )
        let decision = connection.verifiedTokens.withLockedValue { tokens in
            state.withLockedValue {
                $0.decide(request, connectionID: connection.id, streamID: Int(streamID), verifiedTokens: &tokens)
            }
        }
        let verdict = decision.verdict
        let authenticated = verdict.isAccepted || (verdict.jwt != nil && verdict.status != 403 && verdict.status != 429)
        if authenticated, connection.shouldRaiseLimit() {
            let setting = HTTP2Setting(parameter: .maxConcurrentStreams, value: connection.establishedMaxStreams)
            context.write(
                wrapOutboundOut(HTTP2Frame(streamID: .rootStream, payload: .settings(.settings([setting])))),
                promise: nil)
            flusher.request()
        }
        if decision.delay > .zero {
            context.eventLoop.assumeIsolated().scheduleTask(in: decision.delay.timeAmount) {
                self.act(on: decision, streamID: streamID, context: context)
            }
        } else {
            act(on: decision, streamID: streamID, context: context)
        }
    }

    private func act(on decision: MockDecision, streamID: HTTP2StreamID, context: ChannelHandlerContext) {
        switch decision.fault {
        case .noReply:
            return
        case .goAway(let reason):
            // The stream is refused unprocessed: the last stream named is the one before it.
            goAway(lastStreamID: HTTP2StreamID(max(0, Int(streamID) - 2)), reason: reason, context: context)
        case .shutdown:
            respond(503, reason: "Shutdown", timestamp: nil, decision: decision, streamID: streamID, context: context)
            goAway(lastStreamID: streamID, reason: "Shutdown", context: context)
        case .reject(let status, let reason):
            respond(status, reason: reason, timestamp: nil, decision: decision, streamID: streamID, context: context)
        case .unregistered(let reason, let timestamp):
            respond(410, reason: reason, timestamp: timestamp, decision: decision, streamID: streamID, context: context)
        case .delay, nil:
            respond(
                decision.verdict.status, reason: decision.verdict.reason, timestamp: nil, decision: decision,
                streamID: streamID, context: context)
        }
    }

    private func respond(
        _ status: Int, reason: String?, timestamp: Date?, decision: MockDecision, streamID: HTTP2StreamID,
        context: ChannelHandlerContext
    ) {
        guard context.channel.isActive else { return }
        var headers = HPACKHeaders([(":status", String(status)), ("apns-id", decision.apnsID)])
        var payload = ByteBuffer()
        if status == 200 {
            if decision.environment == .development {
                headers.add(name: "apns-unique-id", value: UUID().uuidString.lowercased())
            }
        } else {
            var json = #"{"reason":"\#(reason ?? "")""#
            if let timestamp {
                json += #","timestamp":\#(Int64((timestamp.timeIntervalSince1970 * 1000).rounded(.down)))"#
            }
            payload.writeString(json + "}")
            headers.add(name: "content-type", value: "application/json")
        }
        headers.add(name: "content-length", value: String(payload.readableBytes))
        let hasBody = payload.readableBytes > 0
        context.write(
            wrapOutboundOut(
                HTTP2Frame(streamID: streamID, payload: .headers(.init(headers: headers, endStream: !hasBody)))),
            promise: nil)
        if hasBody {
            context.write(
                wrapOutboundOut(
                    HTTP2Frame(streamID: streamID, payload: .data(.init(data: .byteBuffer(payload), endStream: true)))),
                promise: nil)
        }
        flusher.request()
    }

    /// Sends GOAWAY with APNs's JSON reason after whatever was written before it, then closes.
    private func goAway(lastStreamID: HTTP2StreamID, reason: String, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        var debug = ByteBuffer()
        debug.writeString(#"{"reason":"\#(reason)"}"#)
        let frame = HTTP2Frame(
            streamID: .rootStream, payload: .goAway(lastStreamID: lastStreamID, errorCode: .noError, opaqueData: debug))
        context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
        context.close(promise: nil)
    }
}
