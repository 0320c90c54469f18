import Foundation
import Testing
import WakefulTestSupport

/// A computing suite's tests run on the CPU-bound executor's threads, before and after a
/// suspension, so they never hold a thread of the cooperative pool.
@Suite("CPU-bound tests run off the cooperative pool", .watchdog, .cpuBound)
struct CPUBoundTests {
    /// Whether the caller runs on the executor (a synchronous function: `Thread.current` is not
    /// available to async code), and the thread's name to say where it runs instead.
    static func onExecutor() -> (Bool, String) {
        (CPUBoundExecutor.isCurrentThread, Thread.current.name ?? "unnamed")
    }

    @Test("the body runs on one of the executor's threads")
    func body() async {
        let (onExecutor, thread) = Self.onExecutor()
        #expect(onExecutor, "on \(thread)")
    }

    @Test("and returns to them after a yield and after a sleep")
    func afterSuspension() async {
        await Task.yield()
        let (afterYield, yieldThread) = Self.onExecutor()
        #expect(afterYield, "on \(yieldThread) after a yield")
        try? await Task.sleep(for: .zero)
        let (afterSleep, sleepThread) = Self.onExecutor()
        #expect(afterSleep, "on \(sleepThread) after a sleep")
    }
}
