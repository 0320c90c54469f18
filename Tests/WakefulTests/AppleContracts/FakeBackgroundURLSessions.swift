/// The background transfer daemon as NSURLSession.h and UIKit describe it, recording broken rules:
///
/// - one session per identifier ("a session identifier that is unique within your app");
/// - "When invalidating a background session, it is not safe to create another background session
///   with the same identifier until URLSession:didBecomeInvalidWithError: has been issued";
/// - after a relaunch, `handleEventsForBackgroundURLSession` hands a completion handler; the
///   session's pending messages follow once a session exists, then
///   `URLSessionDidFinishEventsForBackgroundURLSession:`, and only "At this time it is safe to
///   invoke the previously stored completion handler"; without a session the messages stay with the
///   daemon for the next one;
/// - "You should call the completionHandler as soon as you're finished handling the callbacks"
///   (UIApplication.h): a handler never called is reported by ``uncalledHandlers``.
final class FakeBackgroundURLSessions {
    enum Message: Equatable {
        case taskCompleted(String)
        case didFinishEvents
        case didBecomeInvalid
    }

    private var live: Set<String> = []
    private var invalidating: Set<String> = []
    private var finishedEvents: Set<String> = []
    /// Messages the daemon holds per identifier until a session with it exists.
    private var pending: [String: [Message]] = [:]
    private(set) var violations: [String] = []
    private(set) var handlerCalls: [String] = []
    /// The identifiers whose events handler the daemon handed over.
    private(set) var handed: [String] = []
    /// Who created each session, in order ("wakeful" or "app").
    private(set) var created: [(identifier: String, by: String)] = []
    /// Each live session's `isDiscretionary`, copied from its configuration at creation ("you cannot
    /// modify the configuration of a session after it has been created").
    private var discretionary: [String: Bool] = [:]
    /// The flag each task ran with: its session's.
    private(set) var taskDiscretionary: [String: Bool] = [:]

    /// Outcomes finished while the app was not running, delivered after the relaunch.
    func finishWhileSuspended(_ identifier: String, tasks: [String]) {
        pending[identifier, default: []] += tasks.map(Message.taskCompleted) + [.didFinishEvents]
    }

    /// `URLSession(configuration: .background(withIdentifier:))`.
    func createSession(_ identifier: String, by owner: String, discretionary: Bool = false) {
        if live.contains(identifier) { violations.append("second session with identifier \(identifier)") }
        if invalidating.contains(identifier) {
            violations.append("session \(identifier) created before didBecomeInvalidWithError")
        }
        live.insert(identifier)
        created.append((identifier, owner))
        self.discretionary[identifier] = discretionary
    }

    /// `uploadTask`/`downloadTask` on the live session: the task runs with the session's flag.
    func startTask(_ task: String, on identifier: String) {
        guard live.contains(identifier) else { return violations.append("task \(task) on no session") }
        taskDiscretionary[task] = discretionary[identifier] ?? false
    }

    /// `invalidateAndCancel()`: the invalidation message comes later.
    func invalidate(_ identifier: String) {
        live.remove(identifier)
        invalidating.insert(identifier)
        pending[identifier, default: []].append(.didBecomeInvalid)
    }

    /// The stored events handler of `handleEventsForBackgroundURLSession`.
    func eventsHandler(for identifier: String) -> () -> Void {
        handed.append(identifier)
        return { [self] in
            // With a live session the handler waits for its messages; with none, they wait for a later one.
            if live.contains(identifier), !finishedEvents.contains(identifier) {
                violations.append("events handler of \(identifier) called before didFinishEvents")
            }
            handlerCalls.append(identifier)
        }
    }

    /// The identifiers whose handler was handed over and never called: the app never told the system
    /// it had finished.
    var uncalledHandlers: [String] {
        var calls = handlerCalls
        return handed.filter { identifier in
            guard let index = calls.firstIndex(of: identifier) else { return true }
            calls.remove(at: index)
            return false
        }
    }

    /// Messages still kept for an identifier.
    func pendingMessages(_ identifier: String) -> [Message] { pending[identifier] ?? [] }

    /// Delivers the next message for a live or invalidating session; nil when none is due.
    func nextMessage(_ identifier: String) -> Message? {
        guard live.contains(identifier) || invalidating.contains(identifier),
            var queue = pending[identifier], !queue.isEmpty
        else { return nil }
        let message = queue.removeFirst()
        pending[identifier] = queue
        switch message {
        case .didFinishEvents: finishedEvents.insert(identifier)
        case .didBecomeInvalid: invalidating.remove(identifier)
        case .taskCompleted: break
        }
        return message
    }
}
