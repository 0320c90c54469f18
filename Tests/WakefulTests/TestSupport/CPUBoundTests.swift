import Foundation
import Testing
import WakefulTestSupport

/// A computing suite's tests run on the CPU-bound executor's threads, before and after a
/// suspension, so they never hold a thread of the cooperative pool.
@Suite("CPU-bound tests run off the cooperative pool", .watchdog, .cpuBound)
struct CPUBoundTests {
    /// The name of the thread running the caller (a synchronous function: `Thread.current` is not
    /// available to async code).
    static func threadName() -> String? { Thread.current.name }

    @Test("the body runs on one of the executor's threads")
    func body() async {
        #expect(Self.threadName()?.hasPrefix("cpu-bound-") == true, "\(Self.threadName() ?? "unnamed")")
    }

    @Test("and returns to them after a suspension")
    func afterSuspension() async {
        await Task.yield()
        try? await Task.sleep(for: .zero)
        #expect(Self.threadName()?.hasPrefix("cpu-bound-") == true, "\(Self.threadName() ?? "unnamed")")
    }
}
