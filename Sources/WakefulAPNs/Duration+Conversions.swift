import NIOCore

extension Duration {
    /// The duration in seconds, fractions included: `Duration` has no such accessor, and the
    /// server, the CLI and the sender all need one (times stored as seconds, `apns-expiration`).
    public var secondsValue: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The same span as a NIO `TimeAmount`.
    var timeAmount: TimeAmount {
        .nanoseconds(components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000)
    }
}
