import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 connection with the server's guards added where Hummingbird's own options
/// cannot put them: in front of everything, ``ConnectionAdmissionHandler`` (refuses a connection
/// over the caps before any byte is parsed) and ``WriteTimeoutHandler`` (closes one whose client
/// stopped reading); between NIO's HTTP/1 decoder and the conversion to HTTP types,
/// ``HTTP10FramingHandler`` (which needs the request's version and `Transfer-Encoding`).
struct GuardedHTTP1Channel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let http1: HTTP1Channel
    let admission: ConnectionAdmission
    let writeTimeout: Duration
    let logger: Logger

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let guardLogger = self.logger
        do {
            let admissionHandler = ConnectionAdmissionHandler(admission: admission, logger: guardLogger)
            try channel.pipeline.syncOperations.addHandler(admissionHandler, position: .first)
            try channel.pipeline.syncOperations.addHandler(
                WriteTimeoutHandler(timeout: writeTimeout, logger: guardLogger), position: .after(admissionHandler))
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let decoder = try channel.pipeline.syncOperations.handler(
                type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try channel.pipeline.syncOperations.addHandler(HTTP10FramingHandler(), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}
