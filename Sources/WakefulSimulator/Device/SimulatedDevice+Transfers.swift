import Foundation
import Wakeful

/// One transfer in the background URL-session daemon, or one request of the app's own process.
struct NetworkFlow {
    enum Kind {
        /// A background-session task: it lives in the daemon (URLS-1).
        case transfer(TransferRequest)
        /// An ordinary request of process `process`: it moves only while that process executes (URLS-8).
        case request(RequestDescription, process: Int)
    }

    enum Phase: Equatable {
        /// Not moving bytes: resume delay, no network, server down, waiting for Wi-Fi.
        case waiting
        /// Moving bytes at ``NetworkFlow/rate``.
        case transferring
        /// Every byte sent; the server's answer arrives at this time.
        case responding(at: TimeInterval)
    }

    var serial: Int
    var kind: Kind
    var remaining: Double
    /// A transfer created in the background waits out the resume delay (URLS-3).
    var startAfter: TimeInterval
    /// The wait comes from creation in the foreground, which the user opening the app does not end
    /// (URLS-3, contested; see ``URLSessionRules/foregroundStartDelay``).
    var heldInForeground = false
    var phase = Phase.waiting
    var rate = 0.0
    /// The server's answer to a plain flow (not an ingest upload), drawn when its last byte left.
    var answer: (statusCode: Int?, error: String?)?

    /// The background session, for a transfer.
    var session: String? {
        if case .transfer(let request) = kind { return request.session }
        return nil
    }
}

/// How long an ordinary request waits for an answer: `URLSessionConfiguration`'s default
/// `timeoutIntervalForRequest` (documented).
private let requestTimeout: TimeInterval = 60

/// The network side of the device: the daemon's transfers, the app's requests, the resume delay,
/// and the `handleEventsForBackgroundURLSession` handlers in progress.
struct NetworkState {
    var flows: [NetworkFlow] = []
    var serial = 0
    var generation = 0
    var lastUpdate: TimeInterval = 0
    /// URLS-3: the current resume delay, 0 when reset.
    var resumeDelay: TimeInterval = 0
    /// This run's wait for a task created in the foreground, drawn once (URLS-3, contested).
    var foregroundDelay: TimeInterval = 0
    /// Transfers created in the background do not start before this time (URLS-3).
    var holdUntil = -TimeInterval.infinity
    /// When the delay runs out unused and resets (URLS-3; when exactly is an assumption, see ``SimulatedDevice/growResumeDelay()``).
    var delayLapsesAt = TimeInterval.infinity
    /// Background-task outcomes not yet delivered: the app was not executing.
    var heldResults: [URLSessionTaskResult] = []
    /// Request outcomes for a process that was not executing.
    var heldRequests: [(process: Int, id: String, statusCode: Int?, error: String?)] = []
    /// Sessions whose `handleEventsForBackgroundURLSession` completion is outstanding.
    var openHandlers: [String] = []
    var handlerUntil = -TimeInterval.infinity
    var handlerGeneration = 0
}

extension SimulatedDevice {
    // MARK: Commands

    /// A task on a background session (URLS-1). Created outside the foreground, it waits for the
    /// resume delay (URLS-3); created in the foreground, for this run's drawn wait (URLS-3,
    /// contested: ``URLSessionRules/foregroundStartDelay``).
    mutating func startTransfer(_ request: TransferRequest) {
        guard policy.urlSession.available else {
            refuse("startTransfer", "no background sessions before iOS 7", rules: ["URLS-1"])
            return
        }
        lapseResumeDelayIfDue()
        let foreground = state.isForeground
        let delay = foreground ? network.foregroundDelay : network.holdUntil > now ? network.resumeDelay : 0
        let startAfter = foreground ? now + delay : max(now, network.holdUntil)
        if delay > 0 {
            decide(
                "transferDeferred", rules: ["URLS-3"],
                [
                    Field("session", .string(request.session)), Field("task", .string(request.taskDescription)),
                    Field("delay", .double(delay)), Field("until", .double(startAfter)),
                    Field("createdIn", .string(foreground ? "foreground" : "background")),
                ])
        }
        network.serial += 1
        network.flows.append(
            NetworkFlow(
                serial: network.serial, kind: .transfer(request), remaining: Double(max(0, request.bytes)),
                startAfter: startAfter, heldInForeground: foreground && delay > 0))
        scheduleNetworkStep(at: now)
    }

    /// `invalidateAndCancel()`: the session's tasks end with `cancelled`.
    mutating func cancelTransfers(session: String) {
        for flow in network.flows {
            guard case .transfer(let request) = flow.kind, request.session == session else { continue }
            network.heldResults.append(
                URLSessionTaskResult(
                    sessionIdentifier: session, taskDescription: request.taskDescription, statusCode: nil,
                    error: "cancelled"))
        }
        network.flows.removeAll { $0.session == session }
        scheduleNetworkStep(at: now)
    }

    /// The completion handler of `handleEventsForBackgroundURLSession` (URLS-1).
    mutating func completeBackgroundEvents(session: String) {
        guard let index = network.openHandlers.firstIndex(of: session) else {
            decide("completeUnknownHandler", rules: ["URLS-1"], [Field("session", .string(session))])
            return
        }
        network.openHandlers.remove(at: index)
        if network.openHandlers.isEmpty { network.handlerUntil = -.infinity }
    }

    /// An ordinary request of this process (URLS-8).
    mutating func sendRequest(_ request: RequestDescription) {
        guard hasProcess else { return }
        network.serial += 1
        network.flows.append(
            NetworkFlow(
                serial: network.serial, kind: .request(request, process: process.number),
                remaining: Double(max(0, request.bytes)), startAfter: now))
        scheduleNetworkStep(at: now)
    }

    // MARK: Progress

    /// Replaces any pending network step with one at `time`.
    mutating func scheduleNetworkStep(at time: TimeInterval) {
        guard !network.flows.isEmpty || !network.heldResults.isEmpty || !network.heldRequests.isEmpty else { return }
        network.generation += 1
        schedule(.network(generation: network.generation), at: time)
    }

    /// Moves bytes at the rates set by the last step, settles every flow's phase against the
    /// network, the server and the app's state, delivers what finished and schedules the next step.
    mutating func networkStep() {
        advanceFlows()
        let segment = scenario.world.network.segment(at: now)
        let server = scenario.world.server
        let serverUp = server.isUp(at: now)
        var outcomes: [(kind: NetworkFlow.Kind, statusCode: Int?, error: String?)] = []
        var index = 0
        while index < network.flows.count {
            var flow = network.flows[index]
            var outcome: (statusCode: Int?, error: String?)?
            let done = flow.remaining <= max(0.5, flow.rate * 0.0015)
            let upload = uploadID(of: flow)  // the ingest endpoint answers uploads
            switch flow.kind {
            case .request(_, let number):
                let runs = hasProcess && process.number == number && state.isExecuting
                if !runs {
                    // URLS-8: a suspended process's connections are lost (assumption)
                    outcome = (nil, "networkConnectionLost")
                } else if segment.kind == .none {
                    outcome = (nil, flow.phase == .waiting ? "notConnectedToInternet" : "networkConnectionLost")
                } else if segment.kind == .cellular, !state.isForeground,
                    process.scheduledTasks.contains(where: { !$0.cellularAllowed })
                {
                    // BGT-15: a processing task run after a force-quit has restricted networking (cfg: no cellular).
                    outcome = (nil, "notConnectedToInternet")
                } else if case .responding(let at) = flow.phase {
                    if now >= at {
                        if let upload {
                            outcome = uploadResult(upload)
                        } else {
                            outcome = serverUp ? flow.answer ?? (200, nil) : (nil, "cannotConnectToHost")
                        }
                    }
                } else if !serverUp {
                    outcome = (nil, "cannotConnectToHost")
                } else if done {
                    let at =
                        if let upload { uploadArrivedAtServer(upload) } else {
                            answerPlainFlow(&flow, timeout: requestTimeout)
                        }
                    flow.phase = .responding(at: at)
                } else {
                    flow.phase = .transferring
                }
            case .transfer(let request):
                // URLS-2: a discretionary transfer waits for Wi-Fi and external power.
                let discretionaryOK = segment.kind == .wifi && scenario.world.power.charging(at: now)
                let ready =
                    now >= flow.startAfter && segment.kind != .none && serverUp
                    && (!request.discretionary || discretionaryOK)
                if case .responding(let at) = flow.phase, serverUp || upload != nil {
                    if now >= at {
                        if let upload {
                            outcome = uploadResult(upload)
                        } else if flow.answer?.statusCode != nil {
                            outcome = flow.answer
                        } else {
                            retryTransfer(&flow, request, because: flow.answer?.error ?? "noAnswer")
                        }
                    }
                } else if !ready {
                    // The daemon waits for connectivity and retries (assumption: no failure while the server is down).
                    flow.phase = .waiting
                } else if done {
                    let at = if let upload { uploadArrivedAtServer(upload) } else { answerPlainFlow(&flow, timeout: 0) }
                    flow.phase = .responding(at: at)
                } else {
                    flow.phase = .transferring
                }
            }
            if let outcome {
                outcomes.append((flow.kind, outcome.statusCode, outcome.error))
                network.flows.remove(at: index)
            } else {
                network.flows[index] = flow
                index += 1
            }
        }
        // The bandwidth is shared equally by the flows moving bytes.
        let moving = network.flows.reduce(0) { $0 + ($1.phase == .transferring ? 1 : 0) }
        var next: TimeInterval = .infinity
        var busy = false
        for index in network.flows.indices {
            switch network.flows[index].phase {
            case .transferring:
                let rate = segment.bandwidth / Double(moving)
                network.flows[index].rate = rate
                next = min(next, now + network.flows[index].remaining / rate)
                busy = true
            case .responding(let at):
                network.flows[index].rate = 0
                next = min(next, at)
                busy = true
            case .waiting:
                network.flows[index].rate = 0
                if network.flows[index].startAfter > now { next = min(next, network.flows[index].startAfter) }
            }
        }
        if !network.flows.isEmpty {
            if let change = scenario.world.network.nextChange(after: now) { next = min(next, change) }
            if let change = server.nextChange(after: now) { next = min(next, change) }
        }
        tally.radio.update(busy: busy, at: now, tail: scenario.device.radioTail)  // ENERGY-2
        network.generation += 1
        if next.isFinite { schedule(.network(generation: network.generation), at: max(next, now + 0.001)) }

        for outcome in outcomes {
            switch outcome.kind {
            case .request(let request, let number):
                network.heldRequests.append((number, request.id, outcome.statusCode, outcome.error))
            case .transfer(let request):
                transferFinished(
                    URLSessionTaskResult(
                        sessionIdentifier: request.session, taskDescription: request.taskDescription,
                        statusCode: outcome.statusCode, error: outcome.error))
            }
        }
        deliverHeldNetworkResults()
    }

    /// Bytes moved since the last step, at the rates it set.
    private mutating func advanceFlows() {
        let elapsed = now - network.lastUpdate
        network.lastUpdate = now
        guard elapsed > 0 else { return }
        for index in network.flows.indices where network.flows[index].phase == .transferring {
            let moved = min(network.flows[index].remaining, network.flows[index].rate * elapsed)
            network.flows[index].remaining -= moved
            tally.radioBytes += moved
        }
    }

    /// A background task finished: an executing app's delegate hears at once (URLS-4: no resume,
    /// so the delay does not grow); otherwise the daemon holds the outcome until every task of the
    /// session is done, then wakes or relaunches the app (URLS-1).
    private mutating func transferFinished(_ result: URLSessionTaskResult) {
        network.heldResults.append(result)
        guard !state.isExecuting else { return }
        guard !network.flows.contains(where: { $0.session == result.sessionIdentifier }) else { return }
        urlSessionWake(session: result.sessionIdentifier)
    }

    /// Delivers held outcomes while the app executes: request outcomes of this process, and
    /// background-task outcomes (the app's session delegate receives them whenever it runs).
    private mutating func deliverHeldNetworkResults() {
        guard state.isExecuting, hasProcess else { return }
        let number = process.number
        if !network.heldRequests.isEmpty {
            let mine = network.heldRequests.filter { $0.process == number }
            network.heldRequests.removeAll { $0.process == number }
            for request in mine where hasProcess && process.number == number && state.isExecuting {
                if let outcome = takeUploadOutcome(request.id, statusCode: request.statusCode, error: request.error) {
                    deliverUploadOutcome(outcome)
                } else {
                    deliver(.requestCompleted(id: request.id, statusCode: request.statusCode, error: request.error))
                }
            }
        }
        while !network.heldResults.isEmpty, hasProcess, process.number == number, state.isExecuting {
            deliverTransferResult(network.heldResults.removeFirst())
        }
    }

    /// Delivers a background task's outcome: as an upload's outcome when it carried an outbox batch.
    private mutating func deliverTransferResult(_ result: URLSessionTaskResult) {
        if result.sessionIdentifier == UploadRequest.sessionIdentifier,
            let outcome = takeUploadOutcome(result.taskDescription, statusCode: result.statusCode, error: result.error)
        {
            deliverUploadOutcome(outcome)
        } else {
            deliver(.urlSessionTaskCompleted(result))
        }
    }

    /// The server's answer to a plain flow whose last byte just left (the faults ingest requests
    /// meet, else 200), kept on the flow; returns when it reaches the phone. A request that gets no
    /// answer fails when its `timeout` runs out, if that is later than the failure itself.
    private mutating func answerPlainFlow(_ flow: inout NetworkFlow, timeout: TimeInterval) -> TimeInterval {
        let answer = ingest.plainAnswer(at: now)
        flow.answer = (answer.statusCode, answer.failure)
        return now + (answer.failure == "timedOut" ? max(answer.latency, timeout) : answer.latency)
    }

    /// A background task that got no answer: `nsurlsessiond` sends it again from the start after
    /// ``URLSessionRules/daemonRetryDelay`` (URLS-1; cfg, assumption). An HTTP status never comes
    /// here: it completes the task, and the app sees it.
    private mutating func retryTransfer(_ flow: inout NetworkFlow, _ request: TransferRequest, because failure: String)
    {
        decide(
            "transferRetried", rules: ["URLS-1"],
            [
                Field("task", .string(request.taskDescription)), Field("why", .string(failure)),
                Field("after", .double(policy.urlSession.daemonRetryDelay)),
            ])
        flow.answer = nil
        flow.remaining = Double(request.bytes)
        flow.startAfter = now + policy.urlSession.daemonRetryDelay
        flow.phase = .waiting
    }

    // MARK: Waking the app

    /// Every task of `session` is done while the app does not execute: wake it, or relaunch it,
    /// into `handleEventsForBackgroundURLSession`, then its task outcomes (URLS-1). Each such
    /// resume doubles the resume delay (URLS-3).
    mutating func urlSessionWake(session: String) {
        switch state {
        case .active, .inactive, .background:
            deliverHeldNetworkResults()
        case .suspended:
            lifecycle.wake(by: .urlSession)
            tally.countWake(.urlSession)
            growResumeDelay()
            // If resuming ended the process, the outcomes wait for the next, as the daemon keeps them.
            guard resume(cause: "urlSessionWake", rules: ["URLS-1", "URLS-3"]) else { return }
            let results = takeHeldResults(of: session)
            openEventsHandler(session)
            grantAllowanceIfNeeded()
            deliverSessionEvents(session, results)
        case .notRunning:
            if let blocked = urlSessionRelaunchBlocker() {
                tally.countSuppressedWake(.urlSession)
                decide(
                    "relaunchSuppressed", rules: blocked.rules,
                    [Field("source", "urlSession"), Field("why", .string(blocked.why))])
                return
            }
            let results = takeHeldResults(of: session)
            lifecycle.wake(by: .urlSession)
            tally.countWake(.urlSession)
            growResumeDelay()
            launch(.urlSession, cause: "urlSessionRelaunch", rules: ["URLS-1", "URLS-3"])
            guard hasProcess else { return }
            openEventsHandler(session)
            deliverSessionEvents(session, results)
        }
    }

    private mutating func takeHeldResults(of session: String) -> [URLSessionTaskResult] {
        let results = network.heldResults.filter { $0.sessionIdentifier == session }
        network.heldResults.removeAll { $0.sessionIdentifier == session }
        return results
    }

    private mutating func deliverSessionEvents(_ session: String, _ results: [URLSessionTaskResult]) {
        let number = process.number
        deliver(.urlSessionEvents(sessionIdentifier: session))
        for result in results where hasProcess && process.number == number && state.isExecuting {
            deliverTransferResult(result)
        }
    }

    /// The handler runs until its completion is called, at most ``URLSessionRules/relaunchHandlerTime`` (§12.3 cfg).
    private mutating func openEventsHandler(_ session: String) {
        if !network.openHandlers.contains(session) { network.openHandlers.append(session) }
        network.handlerUntil = now + policy.urlSession.relaunchHandlerTime
        network.handlerGeneration += 1
        schedule(.urlSessionHandlerDeadline(generation: network.handlerGeneration), at: network.handlerUntil)
    }

    /// The handler's time is up: an app that never called the completion is killed (URLS-7, TERM-6).
    mutating func urlSessionHandlerDeadline(generation: Int) {
        guard generation == network.handlerGeneration, !network.openHandlers.isEmpty, state == .background else {
            return
        }
        network.openHandlers = []
        network.handlerUntil = -.infinity
        terminate(
            .urlSessionHandlerTimeout, code: policy.termination.codes.urlSessionTimeout, rules: ["URLS-7", "TERM-6"])
    }

    /// The force-quit flag keeps the daemon from relaunching the app (TERM-1, URLS-5).
    func urlSessionRelaunchBlocker() -> (why: String, rules: [String])? {
        if !firstUnlockDone && !policy.urlSession.relaunchesBeforeFirstUnlock {
            // DATA-8: the relaunch waits for the first unlock (relaunchSessionsAfterFirstUnlock).
            return ("waiting for the first unlock after a restart", ["DATA-8", "CONF-DATA-8"])
        }
        guard lifecycle.forceQuitFlag, policy.termination.forceQuitBlocks.contains(.urlSession) else { return nil }
        return ("force-quit by the user", ["TERM-1", "URLS-5"])
    }

    /// The first unlock after a restart: sessions whose transfers finished while the relaunch
    /// waited for it relaunch the app now (DATA-8).
    mutating func relaunchSessionsAfterFirstUnlock() {
        guard state == .notRunning else { return }
        for session in network.heldResults.map(\.sessionIdentifier).uniqued() where state == .notRunning {
            urlSessionWake(session: session)
        }
    }

    // MARK: The resume delay (URLS-3)

    /// A background resume or relaunch for URL-session events doubles the delay (60 s, 120 s, 240 s …).
    ///
    /// URLS-3 says the delay resets "if it runs out with no resume" without saying when it runs
    /// out; assumption: when a further full delay passes after the hold ends with no resume, so an
    /// app whose transfers finish soon after the hold keeps doubling, as measured on 12.4.
    mutating func growResumeDelay() {
        lapseResumeDelayIfDue()
        let delay = network.resumeDelay == 0 ? policy.urlSession.resumeDelayBase : network.resumeDelay * 2
        network.resumeDelay = delay
        network.holdUntil = now + delay
        network.delayLapsesAt = network.holdUntil + delay
        decide(
            "resumeDelay", rules: ["URLS-3"],
            [Field("delay", .double(delay)), Field("until", .double(network.holdUntil))])
    }

    /// Resets the delay when it ran out unused (URLS-3).
    mutating func lapseResumeDelayIfDue() {
        guard network.resumeDelay > 0, now >= network.delayLapsesAt else { return }
        network.resumeDelay = 0
        network.holdUntil = -.infinity
        network.delayLapsesAt = .infinity
        decide("resumeDelayReset", rules: ["URLS-3"], [Field("by", "lapsed")])
    }

    /// The user opened the app: the delay is back to 0 and deferred transfers may start (URLS-3).
    mutating func resetResumeDelay() {
        guard network.resumeDelay > 0 || network.holdUntil > now else { return }
        network.resumeDelay = 0
        network.holdUntil = -.infinity
        network.delayLapsesAt = .infinity
        decide("resumeDelayReset", rules: ["URLS-3"], [Field("by", "foreground")])
        for index in network.flows.indices
        where network.flows[index].startAfter > now && !network.flows[index].heldInForeground {
            network.flows[index].startAfter = now
        }
        scheduleNetworkStep(at: now)
    }

    // MARK: The process

    /// The app stopped executing: its in-process requests fail (URLS-8).
    mutating func networkStoppedExecuting() {
        if network.flows.contains(where: { if case .request = $0.kind { true } else { false } }) {
            scheduleNetworkStep(at: now)
        }
    }

    /// The process ended: its requests die with it; transfers go on in the daemon (URLS-1), except
    /// after a force-quit, which cancels them (URLS-5, TERM-1).
    mutating func networkProcessEnded(_ reason: TerminationReason) {
        let number = process.number
        for flow in network.flows {
            if case .request(let request, let owner) = flow.kind, owner == number {
                outboxState.uploads[request.id] = nil
            }
        }
        network.flows.removeAll { if case .request(_, let owner) = $0.kind { owner == number } else { false } }
        for held in network.heldRequests where held.process == number { outboxState.uploads[held.id] = nil }
        network.heldRequests.removeAll { $0.process == number }
        network.openHandlers = []
        network.handlerUntil = -.infinity
        guard reason == .userForceQuit, policy.termination.forceQuitBlocks.contains(.urlSession) else {
            scheduleNetworkStep(at: now)
            return
        }
        var cancelled = 0
        for flow in network.flows {
            guard case .transfer(let request) = flow.kind else { continue }
            cancelled += 1
            network.heldResults.append(
                URLSessionTaskResult(
                    sessionIdentifier: request.session, taskDescription: request.taskDescription, statusCode: nil,
                    error: "cancelledUserForceQuitApplication"))
        }
        network.flows = []
        if cancelled > 0 {
            decide("transfersCancelled", rules: ["URLS-5", "TERM-1"], [Field("tasks", .int(cancelled))])
        }
        scheduleNetworkStep(at: now)
    }
}
