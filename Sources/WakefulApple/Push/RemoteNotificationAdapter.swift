#if canImport(UIKit)
    import Foundation
    import UIKit
    import Wakeful

    /// Turns a silent push into a ``RemoteNotification`` and keeps its completion handler until
    /// ``Command/completeRemoteNotification(id:result:)`` calls it (PUSH-6: within 30 s).
    @MainActor
    final class RemoteNotificationAdapter {
        private var handlers: [String: (UIBackgroundFetchResult) -> Void] = [:]
        private var serial = 0

        /// The notification as the core sees it: every key outside `aps`, as strings, sorted by key.
        /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didreceiveremotenotification:fetchcompletionhandler:)
        func receive(_ userInfo: [AnyHashable: Any], completionHandler: @escaping (UIBackgroundFetchResult) -> Void)
            -> RemoteNotification
        {
            serial += 1
            let id = "push-\(serial)"
            handlers[id] = completionHandler
            let fields = userInfo.compactMap { key, value -> Field? in
                guard let key = key as? String, key != "aps" else { return nil }
                return Field(key, .string(String(describing: value)))
            }
            return RemoteNotification(id: id, userInfo: fields.sorted { $0.key < $1.key })
        }

        /// Calls the handler once; later completions of the same push are ignored.
        func complete(_ id: String, result: BackgroundFetchResult) {
            handlers.removeValue(forKey: id)?(UIBackgroundFetchResult(result))
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
