import Testing
import Wakeful
import WakefulTestSupport

@Suite("TimelineFeed", .watchdog, .cpuBound)
struct TimelineFeedTests {
    static func entry(_ time: Double) -> TimelineEntry {
        TimelineEntry(time: time, body: .user(action: "open", fields: []))
    }

    @Test("every listener receives every entry published after it started listening, in order")
    func broadcast() async {
        let feed = TimelineFeed()
        feed.publish(Self.entry(0))  // nobody listens yet: dropped
        let first = feed.entries()
        let second = feed.entries()
        #expect(feed.hasListeners)
        for time in 1...3 { feed.publish(Self.entry(Double(time))) }
        feed.finish()
        var firstTimes: [Double] = []
        for await entry in first { firstTimes.append(entry.time) }
        var secondTimes: [Double] = []
        for await entry in second { secondTimes.append(entry.time) }
        #expect(firstTimes == [1, 2, 3])
        #expect(secondTimes == [1, 2, 3])
        #expect(!feed.hasListeners)
    }

    @Test("a listener that falls behind keeps only the newest entries")
    func bounded() async {
        let feed = TimelineFeed(bufferLimit: 2)
        let stream = feed.entries()
        for time in 1...5 { feed.publish(Self.entry(Double(time))) }
        feed.finish()
        var times: [Double] = []
        for await entry in stream { times.append(entry.time) }
        #expect(times == [4, 5])
    }

    @Test("a listener whose iteration ends is dropped")
    func dropped() async {
        let feed = TimelineFeed()
        do {
            let stream = feed.entries()
            let task = Task { for await _ in stream {} }
            task.cancel()
            await task.value
        }
        #expect(!feed.hasListeners)
    }
}
