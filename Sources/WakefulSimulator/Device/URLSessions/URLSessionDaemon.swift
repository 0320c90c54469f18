import Foundation
import Wakeful

/// The network side of the device: the background URL-session daemon's transfers (URLS-1), which
/// outlive the app's process, the app's own requests (URLS-8), the resume delay (URLS-3) and the
/// `handleEventsForBackgroundURLSession` handlers in progress (URLS-1, URLS-7), with the rules
/// that move their bytes and settle them against the network, the server and the app's state.
///
/// It reads the device through ``NetworkConditions`` and asks ``OutboxUploads`` for the server's
/// answers. It returns ``DeviceEffect``s (its decisions, the handler deadline's agenda entry) and,
/// from each step, the flows that finished and when the next step is due (``NetworkStep``); it
/// then holds the outcomes for the app. Waking or relaunching the app for its sessions and
/// delivering outcomes to it are the device's.
///
/// Only this folder's files touch its fields.
struct URLSessionDaemon {
    /// The daemon's transfers and the app's requests, in creation order.
    var flows: [NetworkFlow] = []
    /// Numbers the flows.
    var serial = 0
    /// Stamps network steps: a newer one makes the agenda's older entries stale.
    var generation = 0
    /// The last step, up to which bytes have moved.
    var lastUpdate: TimeInterval = 0
    /// URLS-3: the current resume delay, 0 when reset.
    var resumeDelay: TimeInterval = 0
    /// This run's wait for a task created in the foreground, drawn once (URLS-3, contested).
    var foregroundDelay: TimeInterval = 0
    /// Transfers created in the background do not start before this time (URLS-3).
    var holdUntil = -TimeInterval.infinity
    /// When the delay runs out unused and resets (URLS-3; when exactly is an assumption, see
    /// ``growResumeDelay(at:into:)``).
    var delayLapsesAt = TimeInterval.infinity
    /// Background-task outcomes not yet delivered: the app was not executing.
    var heldResults: [URLSessionTaskResult] = []
    /// Request outcomes for a process that was not executing.
    var heldRequests: [(process: Int, id: String, statusCode: Int?, error: String?)] = []
    /// Sessions whose `handleEventsForBackgroundURLSession` completion is outstanding.
    var openHandlers: [String] = []
    /// Until when an open handler keeps the app running (URLS-1).
    var handlerUntil = -TimeInterval.infinity
    /// Stamps handler deadlines.
    var handlerGeneration = 0
    let rules: URLSessionRules
    /// A force-quit cancels the transfers and blocks the relaunch (URLS-5, TERM-1).
    let forceQuitStops: Bool

    /// A daemon with nothing to do. URLS-3 (contested): this run's wait for a background-session
    /// task created in the foreground, log-uniform between the rules' bounds, drawn from `random`
    /// (stream 90).
    init(rules: URLSessionRules, forceQuitStops: Bool, random: SeededGenerator) {
        self.rules = rules
        self.forceQuitStops = forceQuitStops
        if let bounds = rules.foregroundStartDelay {
            var random = random
            foregroundDelay = bounds.lowerBound * pow(bounds.upperBound / bounds.lowerBound, random.nextDouble())
        }
    }

    // MARK: Commands

    /// A task on a background session (URLS-1). Created outside the foreground, it waits for the
    /// resume delay (URLS-3); created in the foreground, for this run's drawn wait (URLS-3,
    /// contested: ``URLSessionRules/foregroundStartDelay``). False when the release has no
    /// background sessions.
    mutating func startTransfer(
        _ request: TransferRequest, foreground: Bool, now: TimeInterval, into effects: inout [DeviceEffect]
    ) -> Bool {
        guard rules.available else {
            effects.append(.refusal("startTransfer", "no background sessions before iOS 7", rules: ["URLS-1"]))
            return false
        }
        lapseResumeDelayIfDue(at: now, into: &effects)
        let delay = foreground ? foregroundDelay : holdUntil > now ? resumeDelay : 0
        let startAfter = foreground ? now + delay : max(now, holdUntil)
        if delay > 0 {
            effects.append(
                .decide(
                    "transferDeferred", rules: ["URLS-3"],
                    fields: [
                        Field("session", .string(request.session)), Field("task", .string(request.taskDescription)),
                        Field("delay", .double(delay)), Field("until", .double(startAfter)),
                        Field("createdIn", .string(foreground ? "foreground" : "background")),
                    ]))
        }
        serial += 1
        flows.append(
            NetworkFlow(
                serial: serial, kind: .transfer(request), remaining: Double(max(0, request.bytes)),
                startAfter: startAfter, heldInForeground: foreground && delay > 0))
        return true
    }

    /// `invalidateAndCancel()`: the session's tasks end with `cancelled`.
    mutating func cancelTransfers(session: String) {
        for flow in flows {
            guard case .transfer(let request) = flow.kind, request.session == session else { continue }
            heldResults.append(
                URLSessionTaskResult(
                    sessionIdentifier: session, taskDescription: request.taskDescription, statusCode: nil,
                    error: "cancelled"))
        }
        flows.removeAll { $0.session == session }
    }

    /// An ordinary request of process `process` (URLS-8).
    mutating func send(_ request: RequestDescription, process: Int, now: TimeInterval) {
        serial += 1
        flows.append(
            NetworkFlow(
                serial: serial, kind: .request(request, process: process), remaining: Double(max(0, request.bytes)),
                startAfter: now))
    }

    /// A new step for the agenda, superseding the pending one: its generation, or nil when
    /// nothing is in flight or held.
    mutating func nextStep() -> Int? {
        guard !flows.isEmpty || !heldResults.isEmpty || !heldRequests.isEmpty else { return nil }
        generation += 1
        return generation
    }

    /// Whether the app has requests in flight, which fail when it stops executing (URLS-8).
    var hasRequests: Bool {
        flows.contains { if case .request = $0.kind { true } else { false } }
    }
}
