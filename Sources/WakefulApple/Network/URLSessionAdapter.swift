#if canImport(UIKit)
    import Foundation
    import Wakeful

    /// Carries out the core's URL-session commands: background transfers (URLS-1), in-process
    /// requests (URLS-8) and outbox uploads, and reports their outcomes.
    ///
    /// One background `URLSession` per identifier, created on first use or when
    /// `handleEventsForBackgroundURLSession` names it after a relaunch, always with the same delegate,
    /// so the daemon's pending events reach the new process. The events handler's completion is kept
    /// until ``Command/completeBackgroundEvents(session:)``.
    @MainActor
    final class URLSessionAdapter {
        let deliver: @MainActor @Sendable (Event) -> Void
        private let transferSource: @MainActor (TransferRequest) -> WakefulApp.TransferSource?
        private let requestSource: @MainActor (RequestDescription) -> URLRequest?
        private var sessions: [String: URLSession] = [:]
        private var eventHandlers: [String: () -> Void] = [:]
        private lazy var proxy = URLSessionDelegateProxy { [weak self] in self?.finished($0) }

        init(
            transferSource: @escaping @MainActor (TransferRequest) -> WakefulApp.TransferSource?,
            requestSource: @escaping @MainActor (RequestDescription) -> URLRequest?,
            deliver: @escaping @MainActor @Sendable (Event) -> Void
        ) {
            self.transferSource = transferSource
            self.requestSource = requestSource
            self.deliver = deliver
        }

        /// The background session with this identifier; delegate callbacks come on the main queue.
        /// https://developer.apple.com/documentation/foundation/urlsessionconfiguration/background(withidentifier:)
        func session(_ identifier: String, discretionary: Bool = false) -> URLSession {
            if let session = sessions[identifier] { return session }
            let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
            configuration.isDiscretionary = discretionary  // URLS-2
            let session = URLSession(configuration: configuration, delegate: proxy, delegateQueue: .main)
            sessions[identifier] = session
            return session
        }

        /// Keeps the completion of `handleEventsForBackgroundURLSession` and recreates the session so
        /// its events are delivered (URLS-1).
        func handleEvents(forSession identifier: String, completionHandler: @escaping () -> Void) {
            eventHandlers[identifier] = completionHandler
            _ = session(identifier)
        }

        /// ``Command/completeBackgroundEvents(session:)``: lets the system snapshot and suspend the app (URLS-7).
        func completeEvents(_ identifier: String) {
            eventHandlers.removeValue(forKey: identifier)?()
        }

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
            let session = session(transfer.session, discretionary: transfer.discretionary)
            let task: URLSessionTask =
                switch transfer.direction {
                case .upload: session.uploadTask(with: source.request, fromFile: source.file!)
                case .download: session.downloadTask(with: source.request)
                }
            task.taskDescription = transfer.taskDescription
            task.resume()
        }

        /// ``Command/cancelTransfers(session:)``: its tasks end with `cancelled`.
        /// https://developer.apple.com/documentation/foundation/urlsession/invalidateandcancel()
        func cancel(session identifier: String) {
            sessions.removeValue(forKey: identifier)?.invalidateAndCancel()
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
                deliver(.uploadCompleted(outcome))
            } else {
                deliver(
                    .urlSessionTaskCompleted(
                        URLSessionTaskResult(
                            sessionIdentifier: result.session, taskDescription: result.taskDescription,
                            statusCode: result.statusCode,
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
