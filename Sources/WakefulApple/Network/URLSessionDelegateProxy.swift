#if canImport(UIKit)
    import Foundation
    import Wakeful

    /// The delegate of every background session: collects each task's response body and reports how
    /// the task ended.
    ///
    /// Sessions deliver on the main queue (``URLSessionAdapter`` creates them with `delegateQueue: .main`),
    /// so the state is the main actor's and the `nonisolated` protocol methods assume it; a callback on
    /// any other queue would stop at `assumeIsolated` rather than race on `bodies`.
    @MainActor
    final class URLSessionDelegateProxy: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate {
        /// How one background task ended.
        struct Result: Sendable {
            var session: String
            var taskDescription: String
            var statusCode: Int?
            var retryAfter: TimeInterval?
            var body: Data
            var error: String?
        }

        private let finished: @MainActor @Sendable (Result) -> Void
        private let eventsFinished: @MainActor @Sendable (String) -> Void
        private let invalidated: @MainActor @Sendable (String) -> Void
        private let downloaded: @MainActor (_ taskDescription: String, _ location: URL) -> Void
        /// Response bodies by session and task identifier (only uploads' answers are read).
        private var bodies: [String: Data] = [:]

        /// - Parameters:
        ///   - finished: A task ended.
        ///   - eventsFinished: Every event of a relaunch has been delivered to the session with this identifier.
        ///   - invalidated: The session with this identifier is invalid; the identifier may be reused.
        ///   - downloaded: A download's file, which exists only during this call.
        init(
            finished: @escaping @MainActor @Sendable (Result) -> Void,
            eventsFinished: @escaping @MainActor @Sendable (String) -> Void,
            invalidated: @escaping @MainActor @Sendable (String) -> Void,
            downloaded: @escaping @MainActor (_ taskDescription: String, _ location: URL) -> Void
        ) {
            self.finished = finished
            self.eventsFinished = eventsFinished
            self.invalidated = invalidated
            self.downloaded = downloaded
        }

        /// NSURLSession.h:959–965: "all messages previously enqueued for this session have been
        /// delivered. At this time it is safe to invoke the previously stored completion handler".
        /// https://developer.apple.com/documentation/foundation/urlsessiondelegate/urlsessiondidfinishevents(forbackgroundurlsession:)
        nonisolated func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
            let identifier = session.configuration.identifier ?? ""
            MainActor.assumeIsolated { eventsFinished(identifier) }
        }

        /// NSURLSession.h:157–159: "it is not safe to create another background session with the same
        /// identifier until URLSession:didBecomeInvalidWithError: has been issued".
        /// https://developer.apple.com/documentation/foundation/urlsessiondelegate/urlsession(_:didbecomeinvalidwitherror:)
        nonisolated func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
            let identifier = session.configuration.identifier ?? ""
            MainActor.assumeIsolated { invalidated(identifier) }
        }

        private nonisolated static func key(_ session: URLSession, _ task: URLSessionTask) -> String {
            "\(session.configuration.identifier ?? "")#\(task.taskIdentifier)"
        }

        /// https://developer.apple.com/documentation/foundation/urlsessiondatadelegate
        nonisolated func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let key = Self.key(session, dataTask)
            MainActor.assumeIsolated { bodies[key, default: Data()].append(data) }
        }

        /// NSURLSession.h:1165–1168: "The delegate should copy or move the file at the given location to
        /// a new location as it will be removed when the delegate message returns", so the app's
        /// ``WakefulApp/Configuration/downloadedFile`` is called now, synchronously (one delegate per
        /// session: the app cannot have its own for Wakeful's sessions).
        /// https://developer.apple.com/documentation/foundation/urlsessiondownloaddelegate/urlsession(_:downloadtask:didfinishdownloadingto:)
        nonisolated func urlSession(
            _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
        ) {
            let description = downloadTask.taskDescription ?? ""
            MainActor.assumeIsolated { downloaded(description, location) }
        }

        /// https://developer.apple.com/documentation/foundation/urlsessiontaskdelegate/urlsession(_:task:didcompletewitherror:)
        nonisolated func urlSession(
            _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
        ) {
            let key = Self.key(session, task)
            let response = task.response as? HTTPURLResponse
            let partial = Result(
                session: session.configuration.identifier ?? "", taskDescription: task.taskDescription ?? "",
                statusCode: error == nil ? response?.statusCode : nil,
                retryAfter: response?.value(forHTTPHeaderField: "Retry-After").flatMap(TimeInterval.init), body: Data(),
                error: error.map(URLSessionAdapter.name(of:)))
            MainActor.assumeIsolated {
                var result = partial
                result.body = bodies.removeValue(forKey: key) ?? Data()
                finished(result)
            }
        }
    }
#endif
