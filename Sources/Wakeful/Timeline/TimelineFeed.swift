import Foundation

/// Timeline entries as they happen, for any number of listeners, each an `AsyncStream`.
///
/// `WakefulApp.timeline` hands one of these streams to a debug screen, a logger or an analytics
/// hook: `for await entry in wakeful.timeline { … }`. A listener that falls behind loses the
/// oldest entries it has not read (each stream keeps the newest `bufferLimit`), so a slow screen
/// never holds the app's event handling back; a listener that stops iterating is dropped.
public final class TimelineFeed: @unchecked Sendable {
    // @unchecked: every stored property below is guarded by `lock`.
    private let lock = NSLock()
    private var listeners: [Int: AsyncStream<TimelineEntry>.Continuation] = [:]
    // Keys listeners by a counter: the core draws no random identifiers.
    private var nextListener = 0
    private let bufferLimit: Int

    /// Creates a feed whose streams each keep at most `bufferLimit` unread entries.
    public init(bufferLimit: Int = 1_000) {
        self.bufferLimit = max(1, bufferLimit)
    }

    /// Whether anyone listens; when not, the app need not build entries for the feed.
    public var hasListeners: Bool { locked { !listeners.isEmpty } }

    /// A new stream of every entry published from now on; it ends when ``finish()`` is called.
    public func entries() -> AsyncStream<TimelineEntry> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: TimelineEntry.self, bufferingPolicy: .bufferingNewest(bufferLimit))
        let id = locked {
            defer { nextListener += 1 }
            listeners[nextListener] = continuation
            return nextListener
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.locked { self.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Hands `entry` to every listener.
    public func publish(_ entry: TimelineEntry) {
        for continuation in locked({ Array(listeners.values) }) {
            continuation.yield(entry)
        }
    }

    /// `body` under the lock (`NSLock.withLock` needs iOS 16; the floor is 15).
    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Ends every stream.
    public func finish() {
        let all = locked {
            defer { listeners.removeAll() }
            return Array(listeners.values)
        }
        for continuation in all { continuation.finish() }
    }
}
