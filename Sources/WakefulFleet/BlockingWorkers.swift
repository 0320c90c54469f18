import Foundation

/// Runs blocking work on a few dedicated threads, off Swift's cooperative pool: each fleet device
/// blocks on its HTTP requests, which would starve the pool's threads.
enum BlockingWorkers {
    /// Runs `body` for indices `0..<count` on `workers` threads and returns the results in index
    /// order, or the first error.
    static func run<T: Sendable>(
        count: Int, workers: Int, _ body: @escaping @Sendable (Int) throws -> T,
        progress: @escaping @Sendable (Int) -> Void
    ) async -> Result<[T], any Error> {
        await withCheckedContinuation { continuation in
            let state = WorkerState<T>(count: count, threads: max(1, min(workers, count)), continuation: continuation)
            guard count > 0 else { return continuation.resume(returning: .success([])) }
            for _ in 0..<state.threads {
                Thread { state.work(body, progress: progress) }.start()
            }
        }
    }
}

/// The shared queue of indices and the results, behind a lock.
private final class WorkerState<T: Sendable>: @unchecked Sendable {
    let count: Int
    let threads: Int
    private let lock = NSLock()
    private var next = 0
    private var finishedThreads = 0
    private var done = 0
    private var results: [T?]
    private var failure: (any Error)?
    private let continuation: CheckedContinuation<Result<[T], any Error>, Never>

    init(count: Int, threads: Int, continuation: CheckedContinuation<Result<[T], any Error>, Never>) {
        self.count = count
        self.threads = threads
        self.results = Array(repeating: nil, count: count)
        self.continuation = continuation
    }

    func work(_ body: (Int) throws -> T, progress: (Int) -> Void) {
        while let index = take() {
            do {
                let result = try body(index)
                lock.withLock {
                    results[index] = result
                    done += 1
                }
                progress(lock.withLock { done })
            } catch {
                lock.withLock { if failure == nil { failure = error } }
            }
        }
        let last = lock.withLock { () -> Bool in
            finishedThreads += 1
            return finishedThreads == threads
        }
        guard last else { return }
        if let failure {
            continuation.resume(returning: .failure(failure))
        } else {
            continuation.resume(returning: .success(results.compactMap { $0 }))
        }
    }

    private func take() -> Int? {
        lock.withLock {
            guard failure == nil, next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
