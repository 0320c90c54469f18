#if canImport(UIKit)
    import Foundation
    import Wakeful

    /// Carries out the core's URL-session commands: background transfers (URLS-1), in-process
    /// requests (URLS-8) and outbox uploads, and reports their outcomes.
    ///
    /// One background `URLSession` per identifier Wakeful owns (the uploader's, those the
    /// configuration names, those the core started transfers on), created on first use or when
    /// `handleEventsForBackgroundURLSession` names it after a relaunch, always with the same delegate,
    /// so the daemon's pending events reach the new process. Which identifiers are Wakeful's, when a
    /// session may be created and when the stored events handler is called is
    /// ``BackgroundSessionRegistry``'s decision: the handler is called from
    /// `urlSessionDidFinishEvents(forBackgroundURLSession:)`, and work for an identifier being
    /// invalidated waits for `urlSession(_:didBecomeInvalidWithError:)`. A discretionary transfer runs
    /// on its session's discretionary twin, since a session's configuration is fixed when it is created
    /// (``BackgroundSessionIdentifier``); the core hears of both under its own name.
    @MainActor
    final class URLSessionAdapter {
        /// Work waiting for its session: a task to create on it.
        typealias Work = @MainActor (URLSession) -> Void

        let deliver: @MainActor @Sendable (Event) -> Void
        private let transferSource: @MainActor (TransferRequest) -> WakefulApp.TransferSource?
        private let requestSource: @MainActor (RequestDescription) -> URLRequest?
        private var sessions: [String: URLSession] = [:]
        private var registry: BackgroundSessionRegistry<() -> Void, Work>
        private let downloadedFile: @MainActor (_ taskDescription: String, _ location: URL) -> Void
        private lazy var proxy = URLSessionDelegateProxy(
            finished: { [weak self] in self?.finished($0) },
            eventsFinished: { [weak self] in self?.eventsFinished($0) },
            invalidated: { [weak self] in self?.invalidated($0) },
            downloaded: downloadedFile)

        init(
            owned: [String],
            transferSource: @escaping @MainActor (TransferRequest) -> WakefulApp.TransferSource?,
            requestSource: @escaping @MainActor (RequestDescription) -> URLRequest?,
            downloadedFile: @escaping @MainActor (_ taskDescription: String, _ location: URL) -> Void,
            deliver: @escaping @MainActor @Sendable (Event) -> Void
        ) {
            self.registry = BackgroundSessionRegistry(owned: owned)
            self.downloadedFile = downloadedFile
            self.transferSource = transferSource
            self.requestSource = requestSource
            self.deliver = deliver
        }

        /// Runs `work` on the background session for the core's session `name` and the flag, creating
        /// the session if needed; while the identifier is being invalidated the work waits
        /// (NSURLSession.h:157–159).
        func withSession(_ name: String, discretionary: Bool = false, _ work: @escaping Work) {
            let identifier = BackgroundSessionIdentifier.session(name, discretionary: discretionary)
            switch registry.access(identifier, for: work) {
            case .use: if let session = sessions[identifier] { work(session) }
            case .create: work(makeSession(identifier))
            case .wait: break
            }
        }

        /// At launch: creates the sessions Wakeful owns, so outcomes the daemon finished while the app
        /// was not running are delivered now rather than with the next transfer (UIApplication.h:436–440:
        /// events are delivered once "a session has been created from a configuration object with that
        /// identifier").
        func reconnect(_ identifiers: [String], discretionary: Bool = false) {
            for identifier in identifiers { withSession(identifier, discretionary: discretionary) { _ in } }
        }

        /// A background session; delegate callbacks come on the main queue. Its identifier says whether
        /// it is discretionary (URLS-2), so a relaunch recreates it as it was.
        /// https://developer.apple.com/documentation/foundation/urlsessionconfiguration/background(withidentifier:)
        private func makeSession(_ identifier: String) -> URLSession {
            let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
            configuration.isDiscretionary = identifier != BackgroundSessionIdentifier.coreName(of: identifier)
            let session = URLSession(configuration: configuration, delegate: proxy, delegateQueue: .main)
            sessions[identifier] = session
            return session
        }

        /// Keeps the completion of `handleEventsForBackgroundURLSession` and recreates the session so
        /// its events are delivered (URLS-1); false for an identifier Wakeful does not own, whose
        /// session and handler are the app's ("a session identifier that is unique within your app").
        func handleEvents(forSession identifier: String, completionHandler: @escaping () -> Void) -> Bool {
            guard let access = registry.eventsPending(for: identifier, handler: completionHandler) else { return false }
            if access == .create { _ = makeSession(identifier) }
            return true
        }

        /// NSURLSession.h:959–965: after `URLSessionDidFinishEventsForBackgroundURLSession:` "it is safe
        /// to invoke the previously stored completion handler"; this lets the system snapshot and
        /// suspend the app (URLS-7).
        private func eventsFinished(_ identifier: String) {
            registry.eventsFinished(for: identifier)?()
        }

        /// ``Command/completeBackgroundEvents(session:)``: the core's word that its strategies have
        /// handled the relaunch. The handler is not called here but when the session says every
        /// event has been delivered (``eventsFinished(_:)``), which the core cannot know.
        func completeEvents(_ identifier: String) {}

        /// ``Command/startTransfer(_:)``: an upload from the app's file or a download, on the
        /// background session. Without a source from the app the transfer fails at once.
        /// https://developer.apple.com/documentation/foundation/urlsession/uploadtask(with:fromfile:)
        /// https://developer.apple.com/documentation/foundation/urlsession/downloadtask(with:)-3fb7s
        func start(_ transfer: TransferRequest) {
            guard let source = transferSource(transfer), transfer.direction == .download || source.file != nil else {
                deliver(
                    .urlSessionTaskCompleted(
                        URLSessionTaskResult(
                            sessionIdentifier: transfer.session, taskDescription: transfer.taskDescription,
                            statusCode: nil,
                            error: "noTransferSource")))
                return
            }
            withSession(transfer.session, discretionary: transfer.discretionary) { session in
                let task: URLSessionTask =
                    switch transfer.direction {
                    case .upload: session.uploadTask(with: source.request, fromFile: source.file!)
                    case .download: session.downloadTask(with: source.request)
                    }
                task.taskDescription = transfer.taskDescription
                task.resume()
            }
        }

        /// ``Command/cancelTransfers(session:)``: its tasks, discretionary or not, end with `cancelled`;
        /// an identifier is reused only after `didBecomeInvalidWithError` (``invalidated(_:)``).
        /// https://developer.apple.com/documentation/foundation/urlsession/invalidateandcancel()
        func cancel(session name: String) {
            for identifier in BackgroundSessionIdentifier.sessions(of: name) where registry.invalidate(identifier) {
                sessions.removeValue(forKey: identifier)?.invalidateAndCancel()
            }
        }

        /// NSURLSession.h:157–159: only now may a session with the identifier be created again; the
        /// work that waited runs on it.
        private func invalidated(_ identifier: String) {
            let waiting = registry.didBecomeInvalid(identifier)
            guard !waiting.isEmpty else { return }
            let session = makeSession(identifier)
            for work in waiting { work(session) }
        }

        /// ``Command/sendRequest(_:)``: a data task on the shared, in-process session; it progresses
        /// only while the app executes (URLS-8).
        /// https://developer.apple.com/documentation/foundation/urlsession/data(for:delegate:)
        func send(_ description: RequestDescription) {
            guard let request = requestSource(description) else {
                deliver(.requestCompleted(id: description.id, statusCode: nil, error: "noRequestSource"))
                return
            }
            let id = description.id
            Task { @MainActor [weak self] in
                do {
                    let (_, response) = try await URLSession.shared.data(for: request)
                    self?.deliver(
                        .requestCompleted(id: id, statusCode: (response as? HTTPURLResponse)?.statusCode, error: nil))
                } catch {
                    self?.deliver(.requestCompleted(id: id, statusCode: nil, error: Self.name(of: error)))
                }
            }
        }

        /// A background task ended: an outbox upload, or one of the app's transfers.
        private func finished(_ result: URLSessionDelegateProxy.Result) {
            if result.session == UploadRequest.sessionIdentifier, let outcome = UploadOutcome(result) {
                removeBodyFile(of: outcome.batch)
                deliver(.uploadCompleted(outcome))
            } else {
                deliver(
                    .urlSessionTaskCompleted(
                        URLSessionTaskResult(
                            sessionIdentifier: BackgroundSessionIdentifier.coreName(of: result.session),
                            taskDescription: result.taskDescription, statusCode: result.statusCode,
                            error: result.error)))
            }
        }

        /// The core's name for a transport error: the `URLError` case the strategies and the uploader
        /// know, `cancelledUserForceQuitApplication` for a transfer the force-quit cancelled (URLS-5).
        nonisolated static func name(of error: any Error) -> String {
            let nsError = error as NSError
            if nsError.userInfo[NSURLErrorBackgroundTaskCancelledReasonKey] as? Int
                == NSURLErrorCancelledReasonUserForceQuitApplication
            {
                return "cancelledUserForceQuitApplication"
            }
            guard let code = (error as? URLError)?.code else { return nsError.domain + " " + String(nsError.code) }
            switch code {
            case .timedOut: return "timedOut"
            case .notConnectedToInternet: return "notConnectedToInternet"
            case .networkConnectionLost: return "networkConnectionLost"
            case .cannotConnectToHost: return "cannotConnectToHost"
            case .cancelled: return "cancelled"
            default: return "URLError " + String(code.rawValue)
            }
        }
    }
#endif
