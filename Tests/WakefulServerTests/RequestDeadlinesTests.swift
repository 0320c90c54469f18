import NIOCore
import Testing
@testable import WakefulServer
import WakefulTestSupport

/// The slow-client rules as a pure state machine, on made-up times.
@Suite("request deadlines", .watchdog)
struct RequestDeadlinesTests {
    static let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
    static func at(_ seconds: Double) -> NIODeadline { start + .nanoseconds(Int64(seconds * 1e9)) }

    func machine(rate: Int = 500) -> RequestDeadlines {
        RequestDeadlines(headerTimeout: .seconds(20), bodyTimeout: .seconds(10), minimumBodyRate: rate)
    }

    @Test("a connection that sends no head is closed at the header timeout, not before")
    func header() {
        var deadlines = machine()
        #expect(deadlines.opened(at: Self.start) == .schedule(Self.at(20)))
        #expect(deadlines.opened(at: Self.at(1)) == .none)
        #expect(deadlines.timerFired(at: Self.at(19.9)) == .schedule(Self.at(20)))
        #expect(deadlines.timerFired(at: Self.at(20)) == .close)
    }

    @Test("a body has the body timeout plus a second per minimum-rate bytes received")
    func body() {
        var deadlines = machine()
        _ = deadlines.opened(at: Self.start)
        #expect(deadlines.headArrived(at: Self.at(1)) == .schedule(Self.at(11)))
        deadlines.bodyArrived(1000)  // two more seconds
        #expect(deadlines.timerFired(at: Self.at(11)) == .schedule(Self.at(13)))
        #expect(deadlines.timerFired(at: Self.at(13)) == .close)
    }

    @Test("a trickle below the minimum rate is closed; a body at the rate never is")
    func trickle() {
        var slow = machine()
        _ = slow.headArrived(at: Self.start)
        var fast = slow
        var time = 0.0
        var closedSlow = false
        // 100 bytes/s against 500: the slow one falls behind; 600 bytes/s stays ahead.
        for _ in 0..<120 {
            time += 1
            slow.bodyArrived(100)
            fast.bodyArrived(600)
            if slow.timerFired(at: Self.at(time)) == .close { closedSlow = true }
            #expect(fast.timerFired(at: Self.at(time)) != .close, "at \(time) s")
        }
        #expect(closedSlow)
    }

    @Test("after a request's end nothing is timed here (the idle timeout is Hummingbird's)")
    func betweenRequests() {
        var deadlines = machine()
        _ = deadlines.headArrived(at: Self.start)
        #expect(deadlines.endArrived() == .cancel)
        #expect(deadlines.deadline == nil)
        #expect(deadlines.timerFired(at: Self.at(1000)) == .none)
        #expect(deadlines.headArrived(at: Self.at(1000)) == .schedule(Self.at(1010)))
    }

    @Test("rate 0: the whole body within the body timeout")
    func noRate() {
        var deadlines = machine(rate: 0)
        _ = deadlines.headArrived(at: Self.start)
        deadlines.bodyArrived(1 << 20)
        #expect(deadlines.timerFired(at: Self.at(10)) == .close)
    }
}
