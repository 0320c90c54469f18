import Logging
import NIOCore

/// Closes a connection whose client stops reading an answer: once the connection's send buffer is
/// full (the channel unwritable) for ``ServerLimits/writeTimeout``. The answer's writer waits for
/// writability, so without this a client that never reads would hold its connection, the
/// answer's task and the bytes it holds for ever.
final class WriteTimeoutHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let timeout: TimeAmount
    private let logger: Logger
    private var timer: Scheduled<Void>?

    init(timeout: Duration, logger: Logger) {
        self.timeout = TimeAmount(timeout)
        self.logger = logger
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            timer?.cancel()
            timer = nil
        } else if timer == nil {
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
                timer = nil
                guard !context.channel.isWritable else { return }
                // Debug, not warning: on the internet vanished clients are routine.
                logger.debug(
                    "closing a connection whose client stopped reading",
                    metadata: ["remote": "\(context.channel.remoteAddress.map { "\($0)" } ?? "?")"])
                context.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancel()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { cancel() }

    private func cancel() {
        timer?.cancel()
        timer = nil
    }
}

@available(*, unavailable)
extension WriteTimeoutHandler: Sendable {}
