import Logging
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client sends its first request head or a body too slowly
/// (``RequestDeadlines``), so a stalled or trickling upload cannot hold the connection, its task
/// and its memory for ever. Sits after the HTTP decoder, one per connection.
final class RequestDeadlineHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    private var deadlines: RequestDeadlines
    private var timer: Scheduled<Void>?
    private let logger: Logger

    init(limits: ServerLimits, logger: Logger) {
        deadlines = RequestDeadlines(
            headerTimeout: TimeAmount(limits.headerTimeout), bodyTimeout: TimeAmount(limits.bodyTimeout),
            minimumBodyRate: limits.minimumBodyRate)
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { perform(deadlines.opened(at: .now()), context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        perform(.cancel, context: context)
    }

    func channelActive(context: ChannelHandlerContext) {
        perform(deadlines.opened(at: .now()), context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        perform(.cancel, context: context)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head: perform(deadlines.headArrived(at: .now()), context: context)
        case .body(let buffer): deadlines.bodyArrived(buffer.readableBytes)
        case .end: perform(deadlines.endArrived(), context: context)
        }
        context.fireChannelRead(data)
    }

    private func perform(_ action: RequestDeadlines.Action, context: ChannelHandlerContext) {
        switch action {
        case .none: break
        case .cancel:
            timer?.cancel()
            timer = nil
        case .schedule(let deadline):
            timer?.cancel()
            timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
                timer = nil
                perform(deadlines.timerFired(at: .now()), context: context)
            }
        case .close:
            timer?.cancel()
            timer = nil
            // Debug, not warning: on the internet slow and vanished clients are routine.
            logger.debug(
                "closing a connection whose client sends too slowly",
                metadata: [
                    "phase": "\(deadlines.phase)", "remote": "\(context.channel.remoteAddress.map { "\($0)" } ?? "?")",
                ])
            context.close(promise: nil)
        }
    }
}

@available(*, unavailable)
extension RequestDeadlineHandler: Sendable {}
