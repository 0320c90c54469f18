#if canImport(CoreMotion) && canImport(UIKit)
    import CoreMotion
    import Foundation
    import Wakeful

    /// Carries out the motion commands with a `CMMotionActivityManager` and reports its answers as
    /// events: ``Event/activityUpdated(_:)``, ``Event/activityHistory(_:)`` and
    /// ``Event/motionAuthorizationChanged(_:)``.
    ///
    /// Only translation: the strategies decide what to do with an activity (``MotionAwareTracking``).
    /// Updates reach the app only while it runs, never waking it (MOTION-4); the history covers at
    /// most 7 days (MOTION-3). The first call shows the Motion & Fitness prompt and, without
    /// `NSMotionUsageDescription`, crashes the app (MOTION-2): `wakeful doctor` checks the key.
    @MainActor
    final class MotionAdapter {
        private let deliver: @MainActor @Sendable (Event) -> Void
        private let manager = CMMotionActivityManager()
        private var reportedStatus: MotionAuthorization?

        init(deliver: @escaping @MainActor @Sendable (Event) -> Void) {
            self.deliver = deliver
        }

        /// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/startactivityupdates(to:withhandler:)
        func startUpdates() {
            // https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/isactivityavailable()
            // Without the coprocessor nothing comes; a history query says `notAvailable` (MOTION-1).
            guard CMMotionActivityManager.isActivityAvailable() else { return }
            reportStatus()
            manager.startActivityUpdates(to: .main) { [weak self] activity in
                guard let activity else { return }
                let converted = MotionActivity(activity)
                MainActor.assumeIsolated { self?.deliver(.activityUpdated(converted)) }
            }
        }

        /// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/stopactivityupdates()
        func stopUpdates() {
            manager.stopActivityUpdates()
        }

        /// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/queryactivitystarting(from:to:to:withhandler:)
        func queryHistory(from: TimeInterval, to: TimeInterval) {
            reportStatus()
            let start = Date(timeIntervalSince1970: from)
            let end = Date(timeIntervalSince1970: to)
            manager.queryActivityStarting(from: start, to: end, to: .main) { [weak self] activities, error in
                let history = MotionActivityHistory(
                    from: from, to: to, activities: (activities ?? []).map(MotionActivity.init),
                    error: error.flatMap(MotionQueryError.init))
                MainActor.assumeIsolated {
                    self?.reportStatus()
                    self?.deliver(.activityHistory(history))
                }
            }
        }

        /// The status at a use and after the prompt's answer, once per change (MOTION-2).
        /// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/authorizationstatus()
        private func reportStatus() {
            let status = MotionAuthorization(CMMotionActivityManager.authorizationStatus())
            guard status != reportedStatus else { return }
            reportedStatus = status
            deliver(.motionAuthorizationChanged(status))
        }
    }

    extension MotionActivity {
        /// The flags, confidence and start date of a `CMMotionActivity` (MOTION-1), in seconds since 1970.
        /// https://developer.apple.com/documentation/coremotion/cmmotionactivity
        init(_ activity: CMMotionActivity) {
            var kinds: Kinds = []
            if activity.stationary { kinds.insert(.stationary) }
            if activity.walking { kinds.insert(.walking) }
            if activity.running { kinds.insert(.running) }
            if activity.cycling { kinds.insert(.cycling) }
            if activity.automotive { kinds.insert(.automotive) }
            if activity.unknown { kinds.insert(.unknown) }
            let confidence: MotionConfidence =
                switch activity.confidence {
                case .low: .low
                case .medium: .medium
                case .high: .high
                @unknown default: .low
                }
            self.init(kinds: kinds, confidence: confidence, start: activity.startDate.timeIntervalSince1970)
        }
    }

    extension MotionAuthorization {
        /// https://developer.apple.com/documentation/coremotion/cmauthorizationstatus
        init(_ status: CMAuthorizationStatus) {
            switch status {
            case .notDetermined: self = .notDetermined
            case .restricted: self = .restricted
            case .denied: self = .denied
            case .authorized: self = .authorized
            @unknown default: self = .denied
            }
        }
    }

    extension MotionQueryError {
        /// `CMErrorMotionActivityNotAuthorized` and `…NotAvailable` in `CMErrorDomain`; nil for others.
        init?(_ error: any Error) {
            let error = error as NSError
            guard error.domain == CMErrorDomain else { return nil }
            switch UInt32(truncatingIfNeeded: error.code) {
            case CMErrorMotionActivityNotAuthorized.rawValue: self = .notAuthorized
            case CMErrorMotionActivityNotAvailable.rawValue: self = .notAvailable
            default: return nil
            }
        }
    }
#endif
