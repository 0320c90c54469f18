#if canImport(UIKit)
    import Foundation
    import Wakeful
    import WakefulStore

    /// The device's ``TaskHistory``, fed every timeline entry and kept in `task-history.json` across
    /// processes: a task launch often starts a new process, and "did my task ever run?" asks about
    /// earlier ones. The file is of class `none` (``LaunchStoragePlan/taskHistoryProtection``), as a
    /// launch before the first unlock records too; it holds task identifiers and times only.
    ///
    /// Entries come from the timeline sink on the main actor; a lock keeps reads from other tasks safe.
    final class TaskLedger: @unchecked Sendable {
        private let lock = NSLock()
        private let url: URL
        private var history: TaskHistory
        private var changed = false
        /// Listeners of ``WakefulApp/taskSchedulerUpdates``, by a counter.
        private var listeners: [Int: AsyncStream<Void>.Continuation] = [:]
        private var nextListener = 0

        /// Reads the ledger at `url`, or starts an empty one when there is none or it cannot be read.
        init(url: URL) {
            self.url = url
            self.history =
                (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode(TaskHistory.self, from: $0) }
                ?? TaskHistory()
        }

        /// The ledger now.
        var current: TaskHistory { lock.withLock { history } }

        /// Reads one entry.
        func record(_ entry: TimelineEntry) {
            lock.withLock { if history.record(entry) { changed = true } }
        }

        /// Writes the ledger when entries changed it since the last save, and tells the listeners.
        /// A write that fails (no space) keeps the ledger in memory; it is written with the next change.
        func saveIfChanged() {
            let (snapshot, listeners) = lock.withLock { () -> (TaskHistory?, [AsyncStream<Void>.Continuation]) in
                guard changed else { return (nil, []) }
                changed = false
                return (history, Array(self.listeners.values))
            }
            guard let snapshot else { return }
            if let data = try? JSONEncoder().encode(snapshot) {
                try? data.write(
                    to: url,
                    options: Data.WritingOptions(atomicallyCreatingWith: LaunchStoragePlan.taskHistoryProtection))
            }
            for listener in listeners { listener.yield() }
        }

        /// A stream that yields each time the ledger changed.
        func changes() -> AsyncStream<Void> {
            let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
            let id = lock.withLock {
                defer { nextListener += 1 }
                listeners[nextListener] = continuation
                return nextListener
            }
            continuation.onTermination = { [weak self] _ in
                guard let self else { return }
                _ = self.lock.withLock { self.listeners.removeValue(forKey: id) }
            }
            return stream
        }
    }
#endif
