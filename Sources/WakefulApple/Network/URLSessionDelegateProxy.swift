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
        /// Response bodies by session and task identifier (only uploads' answers are read).
        private var bodies: [String: Data] = [:]

        init(finished: @escaping @MainActor @Sendable (Result) -> Void) {
            self.finished = finished
        }

        private nonisolated static func key(_ session: URLSession, _ task: URLSessionTask) -> String {
            "\(session.configuration.identifier ?? "")#\(task.taskIdentifier)"
        }

        /// https://developer.apple.com/documentation/foundation/urlsessiondatadelegate
        nonisolated func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let key = Self.key(session, dataTask)
            MainActor.assumeIsolated { bodies[key, default: Data()].append(data) }
        }

        /// A download's file exists only during this call; the core has no use for its bytes, and an
        /// app that wants them moves the file in its own session delegate.
        /// https://developer.apple.com/documentation/foundation/urlsessiondownloaddelegate/urlsession(_:downloadtask:didfinishdownloadingto:)
        nonisolated func urlSession(
            _ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL
        ) {}

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
