#if canImport(UIKit)
    import Foundation
    import UIKit
    import Wakeful

    /// Carries out ``Command/beginBackgroundTask(_:)`` and ``Command/endBackgroundTask(_:)`` with
    /// `UIApplication`, keeping the map from the core's ``BackgroundTaskID`` to UIKit's identifier.
    ///
    /// The expiration handler only reports ``Event/backgroundTaskExpiring(_:)``; the strategy that
    /// began the task answers with `endBackgroundTask` in the same turn of the main thread (TASK-12,
    /// TASK-13), because the event is handled synchronously inside the handler.
    @MainActor
    final class BackgroundTaskAdapter {
        private let deliver: @MainActor @Sendable (Event) -> Void
        private var identifiers: [BackgroundTaskID: UIBackgroundTaskIdentifier] = [:]

        init(deliver: @escaping @MainActor @Sendable (Event) -> Void) {
            self.deliver = deliver
        }

        /// `beginBackgroundTask(expirationHandler:)`; `.invalid` becomes ``Event/backgroundTaskDenied(_:)`` (TASK-16).
        /// https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(expirationhandler:)
        func begin(_ id: BackgroundTaskID) {
            guard identifiers[id] == nil else { return }  // TASK-15: one assertion per core identifier
            let identifier = UIApplication.shared.beginBackgroundTask { [weak self] in
                // The handler is `@MainActor @Sendable` and runs synchronously on the main thread.
                self?.deliver(.backgroundTaskExpiring(id))
            }
            if identifier == .invalid {
                deliver(.backgroundTaskDenied(id))
            } else {
                identifiers[id] = identifier
            }
        }

        /// `endBackgroundTask(_:)`.
        /// https://developer.apple.com/documentation/uikit/uiapplication/endbackgroundtask(_:)
        func end(_ id: BackgroundTaskID) {
            guard let identifier = identifiers.removeValue(forKey: id) else { return }
            UIApplication.shared.endBackgroundTask(identifier)
        }
    }
#endif
