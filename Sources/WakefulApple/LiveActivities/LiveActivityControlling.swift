#if canImport(UIKit)
    import Foundation
    import Wakeful

    /// What ``WakefulApp`` asks of the app's Live Activity adapter. ActivityKit is generic over the
    /// app's `ActivityAttributes` type, so the app makes the adapter for its own type
    /// (``LiveActivityAdapter``) and sets it in ``WakefulApp/Configuration/liveActivities``.
    @MainActor
    public protocol LiveActivityControlling: AnyObject {
        /// Carries out ``Command/requestLiveActivity(_:)``, ``Command/updateLiveActivity(id:contentState:staleDate:)``,
        /// ``Command/endLiveActivity(id:contentState:dismissal:)`` or
        /// ``Command/observeLiveActivities(attributesType:pushToStart:)``; what ActivityKit reports
        /// comes back through `deliver`, now or later.
        ///
        /// - Returns: Why the command was not carried out (a `commandNotCarriedOut` reason), or nil.
        func execute(_ command: Command, deliver: @escaping @MainActor (Event) -> Void) -> String?
    }
#endif
