import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHPACK
import NIOHTTP2

/// Serves one HTTP/2 stream of the mock: collects the request, asks the state for a decision,
/// then answers, delays, stays silent or sends GOAWAY.
///
/// It reads HTTP/2 frames directly (no HTTP/1 codec): APNs clients such as aioapns send `host`
/// instead of `:authority`, which NIOHTTP2's HTTP/1 translation refuses.
final class MockStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    private let state: NIOLockedValueBox<MockAPNsState>
    private let connection: MockConnection
    private var headers: HPACKHeaders?
    private var body = ByteBuffer()

    init(state: NIOLockedValueBox<MockAPNsState>, connection: MockConnection) {
        self.state = state
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let endStream: Bool
        switch unwrapInboundIn(data) {
        case .headers(let frame):
            if headers == nil { headers = frame.headers }
            endStream = frame.endStream
        case .data(let frame):
            if case .byteBuffer(var chunk) = frame.data { body.writeBuffer(&chunk) }
            endStream = frame.endStream
        default:
            return
        }
        guard endStream, let headers else { return }
        handle(headers, context: context)
    }

    private func handle(_ headers: HPACKHeaders, context: ChannelHandlerContext) {
        let request = MockRequest(
            method: headers.first(name: ":method") ?? "",
            path: headers.first(name: ":path") ?? "",
            headers: headers.filter { !$0.name.hasPrefix(":") }.map { ($0.name, $0.value) },
            body: Data(body.readableBytesView)
        )
        let streamID = (try? context.channel.syncOptions?.getOption(HTTP2StreamChannelOptions.streamID)).map { Int($0) } ?? 0
        let decision = connection.verifiedTokens.withLockedValue { tokens in
            state.withLockedValue { $0.decide(request, connectionID: connection.id, streamID: streamID, verifiedTokens: &tokens) }
        }
        let verdict = decision.verdict
        let authenticated = verdict.isAccepted || (verdict.jwt != nil && verdict.status != 403 && verdict.status != 429)
        if authenticated, connection.shouldRaiseLimit(), let parent = context.channel.parent {
            let setting = HTTP2Setting(parameter: .maxConcurrentStreams, value: connection.establishedMaxStreams)
            parent.writeAndFlush(HTTP2Frame(streamID: .rootStream, payload: .settings(.settings([setting]))), promise: nil)
        }
        if decision.delay > .zero {
            context.eventLoop.assumeIsolated().scheduleTask(in: decision.delay.timeAmount) {
                self.act(on: decision, streamID: streamID, context: context)
            }
        } else {
            act(on: decision, streamID: streamID, context: context)
        }
    }

    private func act(on decision: MockDecision, streamID: Int, context: ChannelHandlerContext) {
        let parent = context.channel.parent
        switch decision.fault {
        case .noReply:
            return
        case .goAway(let reason):
            let last = HTTP2StreamID(max(0, streamID - 2))
            parent?.writeAndFlush(Self.goAway(lastStreamID: last, reason: reason), promise: nil)
            parent?.close(promise: nil)
        case .shutdown:
            respond(503, reason: "Shutdown", timestamp: nil, decision: decision, context: context).whenComplete { _ in
                parent?.writeAndFlush(Self.goAway(lastStreamID: HTTP2StreamID(streamID), reason: "Shutdown"), promise: nil)
                parent?.close(promise: nil)
            }
        case .reject(let status, let reason):
            respond(status, reason: reason, timestamp: nil, decision: decision, context: context)
        case .unregistered(let reason, let timestamp):
            respond(410, reason: reason, timestamp: timestamp, decision: decision, context: context)
        case .delay, nil:
            respond(decision.verdict.status, reason: decision.verdict.reason, timestamp: nil, decision: decision, context: context)
        }
    }

    @discardableResult
    private func respond(_ status: Int, reason: String?, timestamp: Date?, decision: MockDecision, context: ChannelHandlerContext)
        -> EventLoopFuture<Void>
    {
        var headers = HPACKHeaders([(":status", String(status)), ("apns-id", decision.apnsID)])
        var payload = ByteBuffer()
        if status == 200 {
            if decision.environment == .development { headers.add(name: "apns-unique-id", value: UUID().uuidString.lowercased()) }
        } else {
            var json = #"{"reason":"\#(reason ?? "")""#
            if let timestamp { json += #","timestamp":\#(Int64((timestamp.timeIntervalSince1970 * 1000).rounded(.down)))"# }
            payload.writeString(json + "}")
            headers.add(name: "content-type", value: "application/json")
        }
        headers.add(name: "content-length", value: String(payload.readableBytes))
        guard payload.readableBytes > 0 else {
            return context.writeAndFlush(wrapOutboundOut(.headers(.init(headers: headers, endStream: true))))
        }
        context.write(wrapOutboundOut(.headers(.init(headers: headers))), promise: nil)
        return context.writeAndFlush(wrapOutboundOut(.data(.init(data: .byteBuffer(payload), endStream: true))))
    }

    private static func goAway(lastStreamID: HTTP2StreamID, reason: String) -> HTTP2Frame {
        var debug = ByteBuffer()
        debug.writeString(#"{"reason":"\#(reason)"}"#)
        return HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: lastStreamID, errorCode: .noError, opaqueData: debug))
    }
}
