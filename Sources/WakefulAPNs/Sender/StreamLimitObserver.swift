import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP2

/// Follows the `SETTINGS_MAX_CONCURRENT_STREAMS` that APNs advertises on each connection and keeps
/// the sender's in-flight bound at min(configured bound, sum over open connections) (reference §6).
///
/// Its handler sits after `NIOHTTP2Handler` on each connection and reads the SETTINGS frames passed
/// on: ``HTTP2FrameTransport`` adds it to its pipeline; AsyncHTTPClient exposes the connection
/// channel only through `Configuration.http2ConnectionDebugInitializer`, where it is added. Both
/// also hold back streams above the advertised limit, so the bound never exceeds what the server allows.
final class StreamLimitObserver: Sendable {
    private let configuredBound: Int
    private let semaphore: AsyncSemaphore
    private let limits = NIOLockedValueBox<[ObjectIdentifier: Int]>([:])

    init(configuredBound: Int, semaphore: AsyncSemaphore) {
        self.configuredBound = configuredBound
        self.semaphore = semaphore
    }

    /// The channel initializer for AsyncHTTPClient's `http2ConnectionDebugInitializer`.
    func install(on channel: any Channel) -> EventLoopFuture<Void> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(handler())
        }
    }

    /// The handler for one connection, placed after `NIOHTTP2Handler`.
    func handler() -> some ChannelInboundHandler {
        Handler(observer: self)
    }

    fileprivate func connection(_ id: ObjectIdentifier, advertised value: Int?) {
        let total = limits.withLockedValue { limits in
            limits[id] = value
            return limits.values.reduce(0, +)
        }
        semaphore.setLimit(total == 0 ? configuredBound : min(configuredBound, total))
    }

    private final class Handler: ChannelInboundHandler, Sendable {
        typealias InboundIn = HTTP2Frame
        let observer: StreamLimitObserver

        init(observer: StreamLimitObserver) { self.observer = observer }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            if case .settings(.settings(let settings)) = frame.payload,
                let value = settings.last(where: { $0.parameter == .maxConcurrentStreams })?.value
            {
                observer.connection(ObjectIdentifier(context.channel), advertised: value)
            }
            context.fireChannelRead(data)
        }

        func channelInactive(context: ChannelHandlerContext) {
            observer.connection(ObjectIdentifier(context.channel), advertised: nil)
            context.fireChannelInactive()
        }
    }
}
