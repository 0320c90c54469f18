import Foundation
import Wakeful

/// A fault the mock injects instead of (or on top of) its normal answer (reference §9.2).
public enum MockFault: Sendable, Equatable {
    /// Answer `status` with `{"reason": reason}`: 429 TooManyRequests, 500, 503, 403 ExpiredProviderToken, any 400/413.
    case reject(status: Int, reason: String)
    /// 410 with a `timestamp` (ms since 1970); `reason` is `Unregistered` or `ExpiredToken`.
    case unregistered(reason: String = "Unregistered", timestamp: Date)
    /// 503 `Shutdown`, then GOAWAY and close: clients must move to a new connection.
    case shutdown
    /// GOAWAY whose last-stream-id excludes this request (with debug JSON `reason`), then close without answering.
    case goAway(reason: String)
    /// Accept the stream and never answer.
    case noReply
    /// Answer normally after `base` plus a seeded random share of `jitter`.
    case delay(base: Duration, jitter: Duration = .zero)
}

/// Which requests a fault rule applies to.
public enum MockFaultSelector: Sendable, Equatable {
    /// Every request.
    case all
    /// Requests to this device token.
    case deviceToken(String)
    /// Requests whose ordinal (1-based, counted by the server) lies in the range.
    case ordinals(ClosedRange<Int>)
    /// Every `n`th request.
    case everyNth(Int)
    /// Each request with this probability, from the mock's seeded generator.
    case probability(Double)
}

/// A fault, the requests it selects, and how many times it may still fire (`nil`: unlimited).
public struct MockFaultRule: Sendable, Equatable {
    /// Which requests.
    public var selector: MockFaultSelector
    /// What happens to them.
    public var fault: MockFault
    /// Remaining firings; the rule retires at 0.
    public var remaining: Int?

    /// A rule.
    public init(_ fault: MockFault, for selector: MockFaultSelector = .all, times remaining: Int? = nil) {
        self.fault = fault
        self.selector = selector
        self.remaining = remaining
    }
}

extension [MockFaultRule] {
    /// Picks the faults for one request: the summed delay of matching delay rules, and the first
    /// matching other fault. Every rule that fires uses up one of its `remaining`.
    mutating func select(ordinal: Int, deviceToken: String?, generator: inout SplitMix64) -> (
        delay: Duration, fault: MockFault?
    ) {
        var delay = Duration.zero
        var chosen: MockFault?
        for index in indices {
            guard self[index].remaining.map({ $0 > 0 }) ?? true else { continue }
            let isDelay: Bool
            if case .delay = self[index].fault { isDelay = true } else { isDelay = false }
            if !isDelay, chosen != nil { continue }
            let matches: Bool =
                switch self[index].selector {
                case .all: true
                case .deviceToken(let token): deviceToken?.lowercased() == token.lowercased()
                case .ordinals(let range): range.contains(ordinal)
                case .everyNth(let n): n > 0 && ordinal % n == 0
                case .probability(let p): Double.random(in: 0..<1, using: &generator) < p
                }
            guard matches else { continue }
            if let remaining = self[index].remaining { self[index].remaining = remaining - 1 }
            if case .delay(let base, let jitter) = self[index].fault {
                delay += base + (jitter > .zero ? jitter * Double.random(in: 0...1, using: &generator) : .zero)
            } else {
                chosen = self[index].fault
            }
        }
        return (delay, chosen)
    }
}
