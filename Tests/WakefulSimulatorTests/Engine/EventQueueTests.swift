import Foundation
import Testing
@testable import WakefulSimulator
import WakefulTestSupport

/// The agenda: earliest first, same-time entries in insertion order, memory bounded by what is pending.
@Suite("Event queue", .watchdog, .cpuBound)
struct EventQueueTests {
    @Test func earliestFirstAndSameTimeInInsertionOrder() {
        var queue = EventQueue<String>()
        for (time, name) in [(5.0, "e"), (1, "a"), (3, "c1"), (3, "c2"), (2, "b"), (3, "c3"), (0.5, "first")] {
            queue.schedule(name, at: time)
        }
        var popped: [String] = []
        while let entry = queue.pop() { popped.append(entry.payload) }
        #expect(popped == ["first", "a", "b", "c1", "c2", "c3", "e"])
    }

    @Test func aLongRunKeepsOnlyWhatIsPending() {
        // A 1 Hz tick that reschedules itself, as ranging does, for a simulated week.
        var queue = EventQueue<Int>()
        queue.schedule(0, at: 0)
        var steps = 0
        var largest = 0
        while let (time, tick) = queue.pop(), time < 7 * 86_400 {
            steps += 1
            queue.schedule(tick + 1, at: time + 1)
            largest = max(largest, queue.count)
        }
        #expect(steps == 7 * 86_400)
        #expect(largest == 1)
    }

    @Test func randomTimesComeOutSorted() {
        var generator = SeededGenerator(seed: 9)
        var queue = EventQueue<Int>()
        for index in 0..<2_000 { queue.schedule(index, at: generator.uniform(0...100)) }
        var last = -Double.infinity
        while let (time, _) = queue.pop() {
            #expect(time >= last)
            last = time
        }
    }
}
