import Foundation
import Wakeful

/// What the app asks of the scheduler (BGT-1, BGT-3, BGT-7, BGT-9, BGT-12, BGT-13, CONF-16):
/// submitting and cancelling requests, the fetch interval, and the continued-processing queue.
extension TaskScheduler {
    /// What the device does after the scheduler ruled on a submission.
    enum Submission {
        /// Nothing more: the request was accepted, replaced, or refused outright.
        case done
        /// The app hears of the refusal: `Event.scheduledTaskSubmitFailed(identifier:error:)`.
        case failed(TaskSchedulerError)
        /// A continued-processing request starts now or waits for the one running (BGT-13).
        case continued
    }

    /// `BGTaskScheduler.submit(_:)`: checks the request against the version, the app's declarations
    /// and the limits, and plans an accepted one.
    mutating func submit(
        _ request: TaskRequest, foreground: Bool, backgroundModes: [BackgroundMode], _ conditions: SchedulerConditions,
        into effects: inout [DeviceEffect]
    ) -> Submission {
        let continued = request.kind == .continuedProcessing
        let rules = conditions.rules
        guard continued ? rules.continuedProcessingAvailable : rules.taskSchedulerAvailable else {
            // The class does not exist on this version: the app's `#available` branch never runs.
            effects.append(
                .decide(
                    "commandRefused", rules: continued ? ["BGT-13"] : ["BGT-4", "BGT-9"],
                    fields: [
                        Field("command", "submitTaskRequest"), Field("identifier", .string(request.identifier)),
                        Field(
                            "why",
                            .string(
                                continued ? "BGContinuedProcessingTask needs iOS 26" : "BGTaskScheduler needs iOS 13")),
                    ]))
            return .done
        }
        guard isPermittedTaskIdentifier(request.identifier, conditions) else {
            let wildcard = permitted.contains { $0.hasSuffix("*") }
            return submitFailed(
                request, .notPermitted, why: "not in BGTaskSchedulerPermittedIdentifiers",
                rules: wildcard ? ["BGT-9", "CONF-16"] : ["BGT-9"],
                into: &effects)
        }
        let mode: BackgroundMode? =
            switch request.kind {
            case .appRefresh: .fetch
            case .processing: .processing
            case .continuedProcessing: nil
            }
        if let mode, !backgroundModes.contains(mode) {
            return submitFailed(
                request, .notPermitted, why: "UIBackgroundModes lacks \(mode.rawValue)", rules: ["BGT-9"],
                into: &effects)
        }
        if continued {
            // BGT-13: only from the foreground, triggered by the user; not a Background App Refresh matter (assumption).
            // The error code is not documented for this case; `unavailable` is an assumption.
            guard foreground else {
                return submitFailed(
                    request, .unavailable, why: "continued processing is submitted from the foreground only",
                    rules: ["BGT-13"], into: &effects)
            }
            return .continued
        }
        guard conditions.backgroundRefreshAvailable else {
            // BGT-9: `unavailable` with Background App Refresh off, which Low Power Mode implies (BGT-12).
            return submitFailed(
                request, .unavailable, why: "Background App Refresh off",
                rules: conditions.lowPowerMode ? ["BGT-9", "BGT-12"] : ["BGT-9"],
                into: &effects)
        }
        if let index = pending.firstIndex(where: { $0.request.identifier == request.identifier }) {
            // BGT-7: a request that has not run yet is replaced.
            pending[index].request = request
            pending[index].submittedAt = conditions.now
            effects.append(
                .decide(
                    "taskRequestReplaced", rules: ["BGT-7"], fields: [Field("identifier", .string(request.identifier))])
            )
            planRequest(at: index, conditions, into: &effects)
            return .done
        }
        let limit = request.kind == .appRefresh ? rules.pendingRefreshLimit : rules.pendingProcessingLimit
        let count = pending.lazy.filter { $0.request.kind == request.kind }.count
        guard count < limit else {
            return submitFailed(
                request, .tooManyPendingTaskRequests,
                why: "\(count) \(request.kind.rawValue) requests pending, at most \(limit)",
                rules: ["BGT-7"], into: &effects)
        }
        let jitter = random.nextDouble()
        pending.append(
            PendingTaskRequest(
                request: request, submittedAt: conditions.now, jitter: jitter, gap: gapRandom.exponential()))
        effects.append(
            .decide(
                "taskRequestAccepted", rules: ["BGT-7"],
                fields: [
                    Field("identifier", .string(request.identifier)), Field("taskKind", .string(request.kind.rawValue)),
                    Field("pending", .int(count + 1)),
                ]))
        planRequest(at: pending.count - 1, conditions, into: &effects)
        return .done
    }

    /// Whether `identifier` is listed in `BGTaskSchedulerPermittedIdentifiers`; a listed `prefix*`
    /// matches by prefix only where wildcards are supported (BGT-9, CONF-16).
    func isPermittedTaskIdentifier(_ identifier: String, _ conditions: SchedulerConditions) -> Bool {
        permitted.contains { entry in
            if entry == identifier { return true }
            guard conditions.rules.wildcardIdentifiers, entry.hasSuffix("*") else { return false }
            return identifier.hasPrefix(entry.dropLast())
        }
    }

    private func submitFailed(
        _ request: TaskRequest, _ error: TaskSchedulerError, why: String, rules: [String],
        into effects: inout [DeviceEffect]
    ) -> Submission {
        effects.append(
            .decide(
                "taskSubmitFailed", rules: rules,
                fields: [
                    Field("identifier", .string(request.identifier)), Field("error", .string(error.rawValue)),
                    Field("why", .string(why)),
                ]))
        return .failed(error)
    }

    /// `cancel(taskRequestWithIdentifier:)`: forgets a pending or queued request.
    mutating func cancel(_ identifier: String, into effects: inout [DeviceEffect]) {
        let before = pending.count + queuedContinued.count
        pending.removeAll { $0.request.identifier == identifier }
        queuedContinued.removeAll { $0.identifier == identifier }
        guard pending.count + queuedContinued.count < before else { return }
        effects.append(
            .decide("taskRequestCancelled", rules: ["BGT-7"], fields: [Field("identifier", .string(identifier))]))
    }

    /// `setMinimumBackgroundFetchInterval(_:)` (BGT-1): nil is "never"; the system treats the value
    /// as a hint, never below 15 min (BGT-3); 0 is `backgroundFetchIntervalMinimum`.
    mutating func setFetchInterval(
        _ interval: TimeInterval?, _ conditions: SchedulerConditions, into effects: inout [DeviceEffect]
    ) {
        let rules = conditions.rules
        let refusal: (why: String, rules: [String])? =
            if !rules.fetchAvailable { ("background fetch needs iOS 7", ["BGT-1"]) } else if !conditions.fetchDeclared {
                ("UIBackgroundModes lacks fetch", ["BGT-1", "BGT-9"])
            } else if rules.fetchDisabledByTaskIdentifiers && !permitted.isEmpty {
                ("ignored: the app lists BGTaskSchedulerPermittedIdentifiers", ["BGT-1", "BGT-9"])
            } else { nil }
        if let refusal {
            effects.append(
                .decide(
                    "commandRefused", rules: refusal.rules,
                    fields: [
                        Field("command", "setMinimumBackgroundFetchInterval"), Field("why", .string(refusal.why)),
                    ]))
            return
        }
        let effective = interval.map { max($0, rules.fetchMinimumInterval) }
        guard effective != fetchInterval else { return }
        if fetchInterval == nil {
            fetchBase = conditions.now
            fetchJitter = random.nextDouble()
            fetchGap = gapRandom.exponential()
        }
        fetchInterval = effective
        fetchSummary = ""
        effects.append(
            .decide(
                "fetchInterval", rules: ["BGT-1", "BGT-3"],
                fields: [Field("interval", effective.map { .double($0) } ?? "never")]))
        planFetch(conditions, into: &effects)
    }

    // MARK: Continued processing (BGT-13)

    /// A continued-processing request that cannot begin now because another one runs: queued behind
    /// it (`.queue`, the default), or refused (`.fail`), which returns the error the app hears.
    /// The error code of a `.fail` refusal is not documented: `unavailable` is an assumption.
    mutating func queueContinued(_ request: TaskRequest, into effects: inout [DeviceEffect]) -> TaskSchedulerError? {
        if request.submissionStrategy == .fail {
            _ = submitFailed(
                request, .unavailable, why: "another continued-processing task runs and the strategy is .fail",
                rules: ["BGT-13"], into: &effects)
            return .unavailable
        }
        queuedContinued.append(request)
        effects.append(
            .decide("taskRequestQueued", rules: ["BGT-13"], fields: [Field("identifier", .string(request.identifier))]))
        return nil
    }

    /// The next queued continued-processing request, taken off the queue; nil when none waits.
    mutating func dequeueContinued() -> TaskRequest? {
        queuedContinued.isEmpty ? nil : queuedContinued.removeFirst()
    }
}
