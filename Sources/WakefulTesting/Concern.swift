import Foundation
import Wakeful
import WakefulSimulator

/// What an expectation is about, and so which of the timeline's refusals a failure of it cites:
/// a push iOS held back bears on a gap in execution, not on an upload; the job scheduler's fetch
/// interval, which iOS 13+ ignores by design, bears on its jobs alone.
enum Concern: Equatable {
    /// The app running or doing its work (execution, records, a trigger): whatever would have
    /// woken, relaunched or kept it running.
    case running
    /// The app's jobs: its requests to the task scheduler and the wakes jobs run on.
    case jobs
    /// Wakes and relaunches, by one source or, when nil, any.
    case wakes(WakeSource?)
    /// Uploads of the outbox: the outbox and the transfers that carry it.
    case uploads

    /// Whether `decision`, one of ``TimelineReasons/refusals``, bears on this concern; `issuer` is
    /// who issued the command a `commandRefused` refuses.
    func isBorne(by decision: SystemDecision, issuer: String?) -> Bool {
        let source = decision.fields["source"].flatMap { WakeSource(rawValue: $0.description) }
        switch decision.name {
        case "wakeSuppressed", "relaunchSuppressed":
            return wakes(from: source)
        case "pushNotDelivered", "pushHeld", "heldPushReplaced", "heldPushDiscarded":
            return self == .running || self == .jobs || wakes(from: .push)
        case "taskSubmitFailed", "taskDeferred":
            return self == .running || self == .jobs || wakes(from: .scheduledTask)
        case "commandRefused":
            let command = decision.fields["command"]?.description ?? ""
            guard Self.taskCommands.contains(command) else { return self == .running }
            // The job scheduler sets the legacy interval for iOS 12 and earlier; iOS 13+ ignoring it
            // for an app with task identifiers stops no wake, so only its jobs' story cites it.
            if TimelineReasons.isSupersededFetchInterval(decision, issuer: issuer) { return self == .jobs }
            return self == .running || self == .jobs || wakes(from: .scheduledTask)
        case "regionRefused":
            return self == .running || Self.locationSources.contains { wakes(from: $0) }
        case "transferDeferred":
            return self == .running || self == .uploads || wakes(from: .urlSession)
        case "uploadNotStarted", "outboxUnavailable":
            return self == .uploads
        default:  // backgroundLocationUnavailable, backgroundAudioUnavailable, scanRestricted
            return self == .running
        }
    }

    /// Whether a wake by `source` (any, when nil) bears on this concern: every wake does on the app
    /// running and on its jobs, which run on any wake.
    private func wakes(from source: WakeSource?) -> Bool {
        switch self {
        case .running, .jobs: true
        case .wakes(let wanted): wanted == nil || source == nil || wanted == source
        case .uploads: false
        }
    }

    /// The commands that ask the task scheduler for time (BGT-1, BGT-7).
    private static let taskCommands: Set<String> = [
        "submitTaskRequest", "cancelTaskRequest", "setMinimumBackgroundFetchInterval",
    ]

    /// The sources that location refusals stop.
    private static let locationSources: [WakeSource] = [.region, .beaconRegion, .display, .significantChange, .visit]
}
