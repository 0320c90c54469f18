import Wakeful

/// What `URLSessionAdapter` does with ``BackgroundSessionRegistry``, against the fake daemon.
final class URLSessionModel {
    let daemon: FakeBackgroundURLSessions
    private(set) var registry: BackgroundSessionRegistry<() -> Void, String>
    private(set) var outcomes: [String] = []
    private(set) var started: [String] = []

    init(daemon: FakeBackgroundURLSessions, owned: [String]) {
        self.daemon = daemon
        registry = BackgroundSessionRegistry(owned: owned)
    }

    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)`: false when the
    /// identifier is the app's (the app's own code handles it).
    func handleEvents(_ identifier: String, handler: @escaping () -> Void) -> Bool {
        guard let access = registry.eventsPending(for: identifier, handler: handler) else { return false }
        if access == .create { daemon.createSession(identifier, by: "wakeful") }
        return true
    }

    /// ``Command/startTransfer(_:)`` on the core's session `session`, on the real session its flag
    /// picks (``BackgroundSessionIdentifier``).
    func start(_ transfer: String, on session: String, discretionary: Bool = false) {
        let identifier = BackgroundSessionIdentifier.session(session, discretionary: discretionary)
        switch registry.access(identifier, for: transfer) {
        case .create:
            daemon.createSession(identifier, by: "wakeful", discretionary: discretionary)
            started.append(transfer)
            daemon.startTask(transfer, on: identifier)
        case .use:
            started.append(transfer)
            daemon.startTask(transfer, on: identifier)
        case .wait: break
        }
    }

    /// ``Command/cancelTransfers(session:)``.
    func cancel(_ identifier: String) {
        if registry.invalidate(identifier) { daemon.invalidate(identifier) }
    }

    /// The delegate's callbacks, as the daemon delivers them.
    func run(_ identifier: String) {
        while let message = daemon.nextMessage(identifier) {
            switch message {
            case .taskCompleted(let task): outcomes.append(task)
            case .didFinishEvents: registry.eventsFinished(for: identifier)?()
            case .didBecomeInvalid:
                let waiting = registry.didBecomeInvalid(identifier)
                if !waiting.isEmpty {
                    daemon.createSession(identifier, by: "wakeful")
                    started += waiting
                }
            }
        }
    }
}
