#if canImport(UIKit)
    import Foundation
    import UIKit
    import Wakeful

    /// Turns a silent push into a ``RemoteNotification`` and keeps its completion handler in a
    /// ``CompletionLedger`` until ``Command/completeRemoteNotification(id:result:)`` calls it, or,
    /// when no strategy does, the safety net calls it with `noData` 25 s after the push: "you must call
    /// the block in the handler parameter or your app will be terminated. Your app has up to 30
    /// seconds of wall-clock time" (PUSH-6,
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didreceiveremotenotification:fetchcompletionhandler:)).
    @MainActor
    final class RemoteNotificationAdapter {
        private var handlers = CompletionLedger<(UIBackgroundFetchResult) -> Void>()
        private var serial = 0

        /// The notification as the core sees it: every key outside `aps`, as strings, sorted by key.
        /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didreceiveremotenotification:fetchcompletionhandler:)
        func receive(_ userInfo: [AnyHashable: Any], completionHandler: @escaping (UIBackgroundFetchResult) -> Void)
            -> RemoteNotification
        {
            serial += 1
            let id = "push-\(serial)"
            // Seconds since boot: the same clock as the dispatch timer below, unaffected by clock changes.
            let now = ProcessInfo.processInfo.systemUptime
            if let net = handlers.receive(id, handler: completionHandler, at: now, deadline: .remoteNotification) {
                DispatchQueue.main.asyncAfter(deadline: .now() + (net - now)) { [weak self] in
                    MainActor.assumeIsolated { self?.completeDue() }
                }
            }
            let fields = userInfo.compactMap { key, value -> Field? in
                guard let key = key as? String, key != "aps" else { return nil }
                return Field(key, .string(String(describing: value)))
            }
            return RemoteNotification(id: id, userInfo: fields.sorted { $0.key < $1.key })
        }

        /// Calls the handler once; later completions of the same push are ignored.
        func complete(_ id: String, result: BackgroundFetchResult) {
            handlers.complete(id)?(UIBackgroundFetchResult(result))
        }

        /// The safety net: every push no strategy completed in time.
        private func completeDue() {
            for (_, handler) in handlers.due(at: ProcessInfo.processInfo.systemUptime) { handler(.noData) }
        }
    }

    extension UIBackgroundFetchResult {
        /// https://developer.apple.com/documentation/uikit/uibackgroundfetchresult
        init(_ result: BackgroundFetchResult) {
            switch result {
            case .newData: self = .newData
            case .noData: self = .noData
            case .failed: self = .failed
            }
        }
    }
#endif
