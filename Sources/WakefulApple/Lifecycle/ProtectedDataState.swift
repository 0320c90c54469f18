#if canImport(UIKit)
    import Foundation
    import UIKit

    /// Whether iOS lets the app read its protected files (`UIApplication.isProtectedDataAvailable`,
    /// DATA-4), as the outbox needs to know from any thread: read on the main actor at launch and
    /// kept up to date from the two notifications.
    final class ProtectedDataState: @unchecked Sendable {
        private let lock = NSLock()
        private var available: Bool

        /// Reads the current value.
        /// https://developer.apple.com/documentation/uikit/uiapplication/isprotecteddataavailable
        @MainActor
        init() {
            available = UIApplication.shared.isProtectedDataAvailable
        }

        var isAvailable: Bool {
            get { lock.withLock { available } }
            set { lock.withLock { available = newValue } }
        }
    }
#endif
