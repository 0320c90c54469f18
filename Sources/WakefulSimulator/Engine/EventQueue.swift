import Foundation

/// The simulator's agenda: a binary min-heap ordered by (time, insertion sequence).
///
/// Entries due at the same time come out in the order they were scheduled, as on SwiftNIO's
/// `EmbeddedEventLoop`, which makes every run reproducible. Cancellation is lazy: the owner of an
/// entry keeps a generation number and ignores stale entries when they come out, so memory is
/// bounded by what is pending, not by how many events have run.
struct EventQueue<Payload> {
    struct Entry {
        var time: TimeInterval
        var sequence: UInt64
        var payload: Payload

        func precedes(_ other: Entry) -> Bool {
            time < other.time || (time == other.time && sequence < other.sequence)
        }
    }

    var heap: [Entry] = []
    var nextSequence: UInt64 = 0

    /// Creates an empty queue.
    init() {}

    /// How many entries are pending.
    var count: Int { heap.count }

    /// Schedules a payload at a time.
    /// - Complexity: O(log n).
    mutating func schedule(_ payload: Payload, at time: TimeInterval) {
        precondition(time.isFinite, "event time must be finite")
        heap.append(Entry(time: time, sequence: nextSequence, payload: payload))
        nextSequence &+= 1
        // One uniqueness check for the whole sift instead of one per swap: this runs on every event.
        heap.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            let entry = heap[child]
            while child > 0 {
                let parent = (child - 1) / 2
                guard entry.precedes(heap[parent]) else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = entry
        }
    }

    /// Removes and returns the earliest entry.
    /// - Complexity: O(log n).
    mutating func pop() -> (time: TimeInterval, payload: Payload)? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        guard !heap.isEmpty else { return (first.time, first.payload) }
        heap.withUnsafeMutableBufferPointer { heap in
            let count = heap.count
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < count else { break }
                let right = left + 1
                let smallest = right < count && heap[right].precedes(heap[left]) ? right : left
                guard heap[smallest].precedes(last) else { break }
                heap[parent] = heap[smallest]
                parent = smallest
            }
            heap[parent] = last
        }
        return (first.time, first.payload)
    }
}
