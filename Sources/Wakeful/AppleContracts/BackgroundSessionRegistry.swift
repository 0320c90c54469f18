import Foundation

/// Which background `URLSession`s belong to Wakeful, when one may be created, and when the stored
/// events handler of `handleEventsForBackgroundURLSession` may be called.
///
/// Three contracts meet here:
/// - one session per identifier: "providing a session identifier that is unique within your app"
///   (Apple, Downloading files in the background), so an identifier Wakeful does not own is the
///   app's, and Wakeful creates no session for it;
/// - NSURLSession.h: "When invalidating a background session, it is not safe to create another
///   background session with the same identifier until URLSession:didBecomeInvalidWithError: has
///   been issued", so work for an invalidating identifier waits;
/// - NSURLSession.h, `URLSessionDidFinishEventsForBackgroundURLSession:`: "all messages previously
///   enqueued for this session have been delivered. At this time it is safe to invoke the
///   previously stored completion handler", so the handler is called then, not earlier.
///
/// It decides only; the adapter creates, invalidates and calls.
public struct BackgroundSessionRegistry<Handler, Work> {
    /// A session's state in this process.
    public enum State: Sendable, Hashable {
        /// Created and usable.
        case live
        /// `invalidateAndCancel()` was called; `didBecomeInvalidWithError` has not come yet.
        case invalidating
    }

    /// What to do for work on a session.
    public enum Access: Sendable, Hashable {
        /// The session exists: use it.
        case use
        /// Create it now, then use it.
        case create
        /// It is being invalidated: the work waits for ``BackgroundSessionRegistry/didBecomeInvalid(_:)``.
        case wait
    }

    private var owned: Set<String>
    private var states: [String: State] = [:]
    private var handlers: [String: Handler] = [:]
    private var waiting: [String: [Work]] = [:]

    /// A registry owning `owned` (the uploader's session and the app's strategies' sessions).
    public init(owned: [String]) {
        self.owned = Set(owned)
    }

    /// Whether Wakeful owns the identifier: declared up front, or created on the core's command; a
    /// discretionary session is owned with its core name (``BackgroundSessionIdentifier``).
    public func owns(_ identifier: String) -> Bool {
        owned.contains(BackgroundSessionIdentifier.coreName(of: identifier))
    }

    /// The state of a session, nil when none exists in this process.
    public func state(of identifier: String) -> State? { states[identifier] }

    /// The core wants work on a session: use, create or wait. An identifier the core asks for
    /// becomes Wakeful's.
    public mutating func access(_ identifier: String, for work: Work) -> Access {
        owned.insert(BackgroundSessionIdentifier.coreName(of: identifier))
        switch states[identifier] {
        case .live: return .use
        case .invalidating:
            waiting[identifier, default: []].append(work)
            return .wait
        case nil:
            states[identifier] = .live
            return .create
        }
    }

    /// `handleEventsForBackgroundURLSession` named an identifier. For one Wakeful owns, keeps the
    /// handler and says whether the session must be created so the daemon delivers its events;
    /// for any other, returns nil and keeps nothing: the app's own code must handle it.
    public mutating func eventsPending(for identifier: String, handler: Handler) -> Access? {
        guard owns(identifier) else { return nil }
        handlers[identifier] = handler
        switch states[identifier] {
        case .live: return .use
        case .invalidating: return .wait
        case nil:
            states[identifier] = .live
            return .create
        }
    }

    /// `urlSessionDidFinishEvents(forBackgroundURLSession:)`: the stored handler, to call now, once.
    public mutating func eventsFinished(for identifier: String) -> Handler? {
        handlers.removeValue(forKey: identifier)
    }

    /// Whether a handler is held for the identifier.
    public func holdsHandler(for identifier: String) -> Bool { handlers[identifier] != nil }

    /// The core cancels a session's transfers: true when the adapter must call
    /// `invalidateAndCancel()` (a live session), false when there is none or it is already going.
    public mutating func invalidate(_ identifier: String) -> Bool {
        guard states[identifier] == .live else { return false }
        states[identifier] = .invalidating
        return true
    }

    /// `urlSession(_:didBecomeInvalidWithError:)`: the identifier is free again; returns the work that
    /// waited, for which the adapter now creates a new session.
    public mutating func didBecomeInvalid(_ identifier: String) -> [Work] {
        states[identifier] = nil
        let work = waiting.removeValue(forKey: identifier) ?? []
        if !work.isEmpty { states[identifier] = .live }
        return work
    }
}

extension BackgroundSessionRegistry: Sendable where Handler: Sendable, Work: Sendable {}
