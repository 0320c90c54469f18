import Foundation
import Wakeful

/// The resume delay (URLS-3): each background resume or relaunch for URL-session events doubles
/// it, transfers created in the background wait it out, the user opening the app resets it.
extension URLSessionDaemon {
    /// A background resume or relaunch for URL-session events doubles the delay (60 s, 120 s, 240 s …).
    ///
    /// URLS-3 says the delay resets "if it runs out with no resume" without saying when it runs
    /// out; assumption: when a further full delay passes after the hold ends with no resume, so an
    /// app whose transfers finish soon after the hold keeps doubling, as measured on 12.4.
    mutating func growResumeDelay(at now: TimeInterval, into effects: inout [DeviceEffect]) {
        lapseResumeDelayIfDue(at: now, into: &effects)
        let delay = resumeDelay == 0 ? rules.resumeDelayBase : resumeDelay * 2
        resumeDelay = delay
        holdUntil = now + delay
        delayLapsesAt = holdUntil + delay
        effects.append(
            .decide(
                "resumeDelay", rules: ["URLS-3"],
                fields: [Field("delay", .double(delay)), Field("until", .double(holdUntil))]))
    }

    /// Resets the delay when it ran out unused (URLS-3).
    mutating func lapseResumeDelayIfDue(at now: TimeInterval, into effects: inout [DeviceEffect]) {
        guard resumeDelay > 0, now >= delayLapsesAt else { return }
        resumeDelay = 0
        holdUntil = -.infinity
        delayLapsesAt = .infinity
        effects.append(.decide("resumeDelayReset", rules: ["URLS-3"], fields: [Field("by", "lapsed")]))
    }

    /// The user opened the app: the delay is back to 0 and deferred transfers may start (URLS-3).
    /// False when there was nothing to reset.
    mutating func resetResumeDelay(at now: TimeInterval, into effects: inout [DeviceEffect]) -> Bool {
        guard resumeDelay > 0 || holdUntil > now else { return false }
        resumeDelay = 0
        holdUntil = -.infinity
        delayLapsesAt = .infinity
        effects.append(.decide("resumeDelayReset", rules: ["URLS-3"], fields: [Field("by", "foreground")]))
        for index in flows.indices where flows[index].startAfter > now && !flows[index].heldInForeground {
            flows[index].startAfter = now
        }
        return true
    }
}
