#if canImport(UIKit)
    import Foundation
    import UIKit
    import Wakeful

    /// Carries out ``Command/beginBackgroundTask(_:)`` and ``Command/endBackgroundTask(_:)`` with
    /// `UIApplication`, keeping UIKit's identifiers in a ``CompletionLedger`` by the core's ``BackgroundTaskID``.
    ///
    /// The expiration handler reports ``Event/backgroundTaskExpiring(_:)``; the strategy that began
    /// the task answers with `endBackgroundTask` in the same turn of the main thread (TASK-12,
    /// TASK-13), because the event is handled synchronously inside the handler. A task still held
    /// after that turn (no strategy owns it, or its owner did not answer) is ended here: "Failure to
    /// end the task explicitly will result in the termination of the app"
    /// (https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(expirationhandler:)).
    @MainActor
    final class BackgroundTaskAdapter {
        private let deliver: @MainActor @Sendable (Event) -> Void
        private var identifiers = CompletionLedger<UIBackgroundTaskIdentifier>()

        init(deliver: @escaping @MainActor @Sendable (Event) -> Void) {
            self.deliver = deliver
        }

        /// `beginBackgroundTask(expirationHandler:)`; `.invalid` becomes ``Event/backgroundTaskDenied(_:)`` (TASK-16).
        /// https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(expirationhandler:)
        func begin(_ id: BackgroundTaskID) {
            guard !identifiers.isPending(id.description) else { return }  // TASK-15: one assertion per core identifier
            let identifier = UIApplication.shared.beginBackgroundTask { [weak self] in
                // UIApplication.h:141 declares the handler NS_SWIFT_UI_ACTOR: "The system calls the
                // handler synchronously on the main thread".
                self?.expired(id)
            }
            if identifier == .invalid {
                deliver(.backgroundTaskDenied(id))
            } else {
                identifiers.receive(id.description, handler: identifier, at: 0)
            }
        }

        private func expired(_ id: BackgroundTaskID) {
            deliver(.backgroundTaskExpiring(id))
            if let identifier = identifiers.expire(id.description) {
                UIApplication.shared.endBackgroundTask(identifier)
            }
        }

        /// `endBackgroundTask(_:)`.
        /// https://developer.apple.com/documentation/uikit/uiapplication/endbackgroundtask(_:)
        func end(_ id: BackgroundTaskID) {
            guard let identifier = identifiers.complete(id.description) else { return }
            UIApplication.shared.endBackgroundTask(identifier)
        }
    }
#endif
