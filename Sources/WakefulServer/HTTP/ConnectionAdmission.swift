import Foundation
import HTTPTypes
import Logging
import NIOConcurrencyHelpers
import NIOCore
import Wakeful

/// Counts the server's open connections, in all and per client address, and admits a new one only
/// within ``ServerLimits/maximumConnections`` (lowered to what the open-file limit allows beside
/// ``ServerLimits/reservedDescriptors``) and ``ServerLimits/maximumConnectionsPerAddress``, so that
/// one client's idle crowd can neither take every descriptor, leaving storage none, nor every place.
public final class ConnectionAdmission: Sendable {
    /// The most connections open at once.
    public let maximumConnections: Int
    /// The most connections open at once from one address.
    public let maximumPerAddress: Int
    /// The `Retry-After` seconds of a refusal.
    let retryAfterSeconds: Int
    private let state = NIOLockedValueBox(State())

    private struct State {
        var open = 0
        var perAddress: [String: Int] = [:]
        var refused = 0
    }

    /// Why a connection was refused.
    enum Refusal: Equatable {
        case serverFull(Int)
        case addressFull(Int)
    }

    /// Admission for `limits` in a process whose open-file limit is `descriptorLimit` with
    /// `descriptorsOpen` descriptors already open (nil: not known, not counted).
    init(limits: ServerLimits, descriptorLimit: Int?, descriptorsOpen: Int?) {
        var maximum = limits.maximumConnections
        if let descriptorLimit {
            maximum = min(maximum, descriptorLimit - (descriptorsOpen ?? 0) - limits.reservedDescriptors)
        }
        maximumConnections = max(1, maximum)
        maximumPerAddress = max(1, limits.maximumConnectionsPerAddress)
        retryAfterSeconds = limits.retryAfterSeconds
    }

    /// Connections open now.
    public var openConnections: Int { state.withLockedValue { $0.open } }

    /// Connections open now from `address` (an IP address such as `127.0.0.1`).
    public func openConnections(from address: String) -> Int {
        state.withLockedValue { $0.perAddress[address, default: 0] }
    }

    /// Connections refused since the server started.
    public var refusedConnections: Int { state.withLockedValue { $0.refused } }

    /// Counts a connection from `address` in, or says why it may not open.
    func admit(_ address: String) -> Refusal? {
        state.withLockedValue { state in
            let fromAddress = state.perAddress[address, default: 0]
            let refusal: Refusal? =
                state.open >= maximumConnections
                ? .serverFull(maximumConnections)
                : fromAddress >= maximumPerAddress ? .addressFull(maximumPerAddress) : nil
            if refusal == nil {
                state.open += 1
                state.perAddress[address] = fromAddress + 1
            } else {
                state.refused += 1
            }
            return refusal
        }
    }

    /// Counts a connection admitted from `address` out.
    func leave(_ address: String) {
        state.withLockedValue { state in
            state.open -= 1
            let left = state.perAddress[address, default: 1] - 1
            state.perAddress[address] = left > 0 ? left : nil
        }
    }

    /// The address a connection counts under: the peer's IP address without its port.
    static func key(of address: SocketAddress?) -> String {
        guard let address else { return "unknown" }
        return address.ipAddress ?? "local"
    }

    /// The raw answer to a refused connection, written before its request is read: 503 with
    /// `Retry-After` and `Connection: close`.
    func answer(for refusal: Refusal) -> String {
        let message: String
        switch refusal {
        case .serverFull(let count):
            message = "the server has \(count) connections open, its most; retry after \(retryAfterSeconds) s"
        case .addressFull(let count):
            message =
                "this address has \(count) connections open, the most one address may; close some or retry after \(retryAfterSeconds) s"
        }
        var body: [UInt8] = []
        APIError(.serviceUnavailable, "too_many_connections", message).body.encode(into: &body)
        return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
            + "Retry-After: \(retryAfterSeconds)\r\nConnection: close\r\n\r\n" + String(decoding: body, as: UTF8.self)
    }
}

/// The first handler of every connection: asks ``ConnectionAdmission`` once the connection is
/// active, and for a refused one writes the 503 answer and closes it at once, reading nothing, so a
/// refusal costs the server a descriptor for a moment and no task, buffer or timer.
final class ConnectionAdmissionHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let admission: ConnectionAdmission
    private let logger: Logger
    private var state = State.pending

    private enum State {
        case pending
        case admitted(String)
        case refused
        case left
    }

    init(admission: ConnectionAdmission, logger: Logger) {
        self.admission = admission
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { decide(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        decide(context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A refused connection's request is never parsed.
        guard case .admitted = state else { return }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        leave()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) { leave() }

    private func decide(context: ChannelHandlerContext) {
        guard case .pending = state else { return }
        let address = ConnectionAdmission.key(of: context.channel.remoteAddress)
        guard let refusal = admission.admit(address) else {
            state = .admitted(address)
            return
        }
        state = .refused
        // Debug, not warning: a crowd from one address would flood the log.
        logger.debug("refusing a connection", metadata: ["remote": .string(address), "reason": "\(refusal)"])
        let answer = context.channel.allocator.buffer(string: admission.answer(for: refusal))
        context.writeAndFlush(wrapOutboundOut(answer)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    private func leave() {
        if case .admitted(let address) = state { admission.leave(address) }
        state = .left
    }
}

@available(*, unavailable)
extension ConnectionAdmissionHandler: Sendable {}
