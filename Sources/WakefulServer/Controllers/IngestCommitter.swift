/// Group commit for `POST /v1/ingest`: batches of concurrent requests share one transaction and
/// one durable commit, so the server pays one `fsync` for many requests instead of one each.
///
/// A request's batch waits while a commit is running; when that commit ends, the first waiting
/// request becomes the leader and stores every batch that is waiting by then with
/// ``ServerStorage/ingest(_:)``, then answers each of them. No request is answered before the
/// commit that holds its batch, and a batch that fails fails alone unless the commit itself fails.
/// With a single client nothing waits, and each batch is committed at once as before.
actor IngestCommitter {
    private let storage: any ServerStorage
    private var waiting: [Waiter] = []
    private var committing = false

    private struct Waiter {
        let batch: IngestRequestBatch
        let continuation: CheckedContinuation<Turn, Never>
    }

    /// What a waiting request is woken with: its answer, or the job of committing the next group.
    private enum Turn {
        case answered(Result<IngestOutcome, any Error>)
        case lead
    }

    init(storage: any ServerStorage) { self.storage = storage }

    /// How many requests wait for the running commit to end.
    var waitingCount: Int { waiting.count }

    /// Stores `batch` in the next group commit and returns its outcome once that commit is durable.
    ///
    /// - Throws: The batch's own storage error, or the group's when the shared commit failed.
    func ingest(_ batch: IngestRequestBatch) async throws -> IngestOutcome {
        if committing {
            let turn = await withCheckedContinuation { waiting.append(Waiter(batch: batch, continuation: $0)) }
            if case .answered(let result) = turn { return try result.get() }
        }
        committing = true
        let followers = waiting
        waiting = []
        var results: [Result<IngestOutcome, any Error>]
        do {
            results = try await storage.ingest([batch] + followers.map(\.batch))
            if results.count != followers.count + 1 {
                results = Array(repeating: .failure(GroupCommitError.resultCountMismatch), count: followers.count + 1)
            }
        } catch {
            results = Array(repeating: .failure(error), count: followers.count + 1)
        }
        for (follower, result) in zip(followers, results.dropFirst()) {
            follower.continuation.resume(returning: .answered(result))
        }
        handOver()
        return try results[0].get()
    }

    /// Makes the oldest waiting request the next leader, or marks the committer idle.
    private func handOver() {
        guard !waiting.isEmpty else {
            committing = false
            return
        }
        waiting.removeFirst().continuation.resume(returning: .lead)
    }
}

/// A storage engine answered a group with a different number of results than batches: nothing of
/// the group is acknowledged.
struct GroupCommitError: Error, Hashable {
    static let resultCountMismatch = GroupCommitError()
}
