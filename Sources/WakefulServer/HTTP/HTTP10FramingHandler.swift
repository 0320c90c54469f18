import NIOCore
import NIOHTTP1
import Wakeful

/// Answers 400 and closes the connection when an HTTP/1.0 request carries `Transfer-Encoding`, as
/// RFC 9112 §6.1 requires ("A server or client that receives an HTTP/1.0 message containing a
/// Transfer-Encoding header field MUST treat the message as if the framing is faulty, even if a
/// Content-Length is present, and close the connection after processing the message"): HTTP/1.0
/// has no chunked coding, so a peer or proxy on the way may frame the body otherwise than the
/// server would, the ground of request smuggling.
///
/// Sits between NIO's HTTP/1 decoder and Hummingbird's conversion to HTTP types, which drops the
/// request's version and its `Transfer-Encoding`: only here are both still seen.
final class HTTP10FramingHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Whether a request was refused: nothing more is read from the connection, which is closing.
    private var refused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        if case .head(let head) = unwrapInboundIn(data), head.version == .http1_0,
            head.headers.contains(name: "Transfer-Encoding")
        {
            refused = true
            refuse(context: context)
            return
        }
        context.fireChannelRead(data)
    }

    private func refuse(context: ChannelHandlerContext) {
        var body: [UInt8] = []
        APIError.invalid(
            "Transfer-Encoding",
            "not allowed in an HTTP/1.0 request, whose framing it makes ambiguous; send HTTP/1.1, or the body with Content-Length"
        ).body.encode(into: &body)
        let head = HTTPResponseHead(
            version: .http1_1, status: .badRequest,
            headers: [
                "Content-Type": "application/json", "Content-Length": String(body.count), "Connection": "close",
            ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}

@available(*, unavailable)
extension HTTP10FramingHandler: Sendable {}
