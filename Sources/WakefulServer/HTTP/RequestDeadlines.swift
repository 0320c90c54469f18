import NIOCore

/// When a connection must have sent what, as a state machine that performs no I/O: the
/// ``RequestDeadlineHandler`` feeds it what arrives and the loop's time, and does what it answers.
///
/// Two limits, so that neither a silent client nor a trickling one holds a connection:
/// - the first request's head must arrive within `headerTimeout` of the connection opening (later
///   heads are bounded by Hummingbird's idle timeout, which closes a connection that receives
///   nothing for ``ServerLimits/idleTimeout``);
/// - a request's body must arrive by `bodyTimeout` after its head plus one second for every
///   `minimumBodyRate` bytes received so far (Apache's `mod_reqtimeout` rule).
struct RequestDeadlines: Equatable {
    let headerTimeout: TimeAmount
    let bodyTimeout: TimeAmount
    let minimumBodyRate: Int
    private(set) var phase: Phase = .notOpened

    enum Phase: Equatable {
        /// The channel is not active yet.
        case notOpened
        /// Open since `opened`, its first head not complete yet.
        case awaitingFirstHead(opened: NIODeadline)
        /// A head arrived at `started`; `received` body bytes since.
        case readingBody(started: NIODeadline, received: Int)
        /// Between a request's end and the next head: the idle timeout's business.
        case betweenRequests
    }

    /// What the handler should do.
    enum Action: Equatable {
        /// (Re)arm the one timer for this time.
        case schedule(NIODeadline)
        /// Disarm the timer.
        case cancel
        /// Close the connection: the client is too slow.
        case close
        case none
    }

    init(headerTimeout: TimeAmount, bodyTimeout: TimeAmount, minimumBodyRate: Int) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.minimumBodyRate = minimumBodyRate
    }

    /// The time by which the current phase must be over, or nil when none applies.
    var deadline: NIODeadline? {
        switch phase {
        case .notOpened, .betweenRequests: return nil
        case .awaitingFirstHead(let opened): return opened + headerTimeout
        case .readingBody(let started, let received):
            guard minimumBodyRate > 0 else { return started + bodyTimeout }
            // Seconds earned by the bytes received, in nanoseconds; capped far beyond any body the
            // server accepts, so the product cannot overflow.
            let earned = Int64(min(received, 1 << 40)) * 1_000_000_000 / Int64(minimumBodyRate)
            return started + bodyTimeout + .nanoseconds(earned)
        }
    }

    /// The connection became active at `now`.
    mutating func opened(at now: NIODeadline) -> Action {
        guard phase == .notOpened else { return .none }
        phase = .awaitingFirstHead(opened: now)
        return deadline.map(Action.schedule) ?? .none
    }

    /// A request head arrived at `now`.
    mutating func headArrived(at now: NIODeadline) -> Action {
        phase = .readingBody(started: now, received: 0)
        return deadline.map(Action.schedule) ?? .none
    }

    /// `count` body bytes arrived; the timer, when it fires, finds the later deadline.
    mutating func bodyArrived(_ count: Int) {
        guard case .readingBody(let started, let received) = phase else { return }
        phase = .readingBody(started: started, received: received + count)
    }

    /// The request's end arrived: nothing more to wait for from this request.
    mutating func endArrived() -> Action {
        phase = .betweenRequests
        return .cancel
    }

    /// The timer fired at `now`: close when the deadline has passed, else wait for the new one.
    mutating func timerFired(at now: NIODeadline) -> Action {
        guard let deadline else { return .none }
        return now >= deadline ? .close : .schedule(deadline)
    }
}
