import Foundation
import Wakeful

/// How long an ordinary request waits for an answer: `URLSessionConfiguration`'s default
/// `timeoutIntervalForRequest` (documented).
private let requestTimeout: TimeInterval = 60

/// What one network step did, for the device to carry out.
struct NetworkStep {
    /// The flows that finished, in order, with their outcome.
    var finished: [(kind: NetworkFlow.Kind, statusCode: Int?, error: String?)] = []
    /// Bytes move or an answer is awaited from now on: the data radio is powered (ENERGY-2).
    var busy = false
    /// When the next step is due, under the daemon's ``URLSessionDaemon/generation``; nil for none.
    var next: TimeInterval?
}

extension URLSessionDaemon {
    /// Moves bytes at the rates set by the last step, settles every flow's phase against the
    /// network, the server and the app's state, and sets the rates until the next step. The flows
    /// that finished leave the daemon: the device hands them back (``holdOutcome(of:process:statusCode:error:)``,
    /// ``holdResult(_:appExecuting:)``) in order, waking the app as they require.
    ///
    /// - Parameter radioBytes: The run's count of bytes moved (ENERGY-2), which each flow's adds to.
    mutating func step(
        _ conditions: NetworkConditions, uploads: inout OutboxUploads, radioBytes: inout Double,
        into effects: inout [DeviceEffect]
    ) -> NetworkStep {
        let now = conditions.now
        advanceFlows(to: now, radioBytes: &radioBytes)
        var step = NetworkStep()
        let segment = conditions.network.segment(at: now)
        let serverUp = conditions.server.isUp(at: now)
        var index = 0
        while index < flows.count {
            var flow = flows[index]
            var outcome: (statusCode: Int?, error: String?)?
            let done = flow.remaining <= max(0.5, flow.rate * 0.0015)
            let upload = flow.uploadID(in: uploads)  // the ingest endpoint answers uploads
            switch flow.kind {
            case .request(_, let number):
                if number != conditions.executingProcess {
                    // URLS-8: a suspended process's connections are lost (assumption)
                    outcome = (nil, "networkConnectionLost")
                } else if segment.kind == .none {
                    outcome = (nil, flow.phase == .waiting ? "notConnectedToInternet" : "networkConnectionLost")
                } else if segment.kind == .cellular, !conditions.appForeground, conditions.cellularRestricted {
                    // BGT-15: a processing task run after a force-quit has restricted networking (cfg: no cellular).
                    outcome = (nil, "notConnectedToInternet")
                } else if case .responding(let at) = flow.phase {
                    if now >= at {
                        if let upload {
                            outcome = uploads.result(upload)
                        } else {
                            outcome = serverUp ? flow.answer ?? (200, nil) : (nil, "cannotConnectToHost")
                        }
                    }
                } else if !serverUp {
                    outcome = (nil, "cannotConnectToHost")
                } else if done {
                    let at =
                        if let upload { uploads.arrive(upload, at: now, latency: conditions.server.latency) } else {
                            answerPlainFlow(&flow, uploads: &uploads, now: now, timeout: requestTimeout)
                        }
                    flow.phase = .responding(at: at)
                } else {
                    flow.phase = .transferring
                }
            case .transfer(let request):
                // URLS-2: a discretionary transfer waits for Wi-Fi and external power.
                let discretionaryOK = segment.kind == .wifi && conditions.charging
                let ready =
                    now >= flow.startAfter && segment.kind != .none && serverUp
                    && (!request.discretionary || discretionaryOK)
                if case .responding(let at) = flow.phase, serverUp || upload != nil {
                    if now >= at {
                        if let upload {
                            outcome = uploads.result(upload)
                        } else if flow.answer?.statusCode != nil {
                            outcome = flow.answer
                        } else {
                            retryTransfer(
                                &flow, request, because: flow.answer?.error ?? "noAnswer", now: now, into: &effects)
                        }
                    }
                } else if !ready {
                    // The daemon waits for connectivity and retries (assumption: no failure while the server is down).
                    flow.phase = .waiting
                } else if done {
                    let at =
                        if let upload { uploads.arrive(upload, at: now, latency: conditions.server.latency) } else {
                            answerPlainFlow(&flow, uploads: &uploads, now: now, timeout: 0)
                        }
                    flow.phase = .responding(at: at)
                } else {
                    flow.phase = .transferring
                }
            }
            if let outcome {
                step.finished.append((flow.kind, outcome.statusCode, outcome.error))
                flows.remove(at: index)
            } else {
                flows[index] = flow
                index += 1
            }
        }
        // The bandwidth is shared equally by the flows moving bytes.
        let moving = flows.reduce(0) { $0 + ($1.phase == .transferring ? 1 : 0) }
        var next: TimeInterval = .infinity
        for index in flows.indices {
            switch flows[index].phase {
            case .transferring:
                let rate = segment.bandwidth / Double(moving)
                flows[index].rate = rate
                next = min(next, now + flows[index].remaining / rate)
                step.busy = true
            case .responding(let at):
                flows[index].rate = 0
                next = min(next, at)
                step.busy = true
            case .waiting:
                flows[index].rate = 0
                if flows[index].startAfter > now { next = min(next, flows[index].startAfter) }
            }
        }
        if !flows.isEmpty {
            if let change = conditions.network.nextChange(after: now) { next = min(next, change) }
            if let change = conditions.server.nextChange(after: now) { next = min(next, change) }
        }
        generation += 1
        if next.isFinite { step.next = max(next, now + 0.001) }
        return step
    }

    /// Moves the bytes since the last step, at the rates it set.
    private mutating func advanceFlows(to now: TimeInterval, radioBytes: inout Double) {
        let elapsed = now - lastUpdate
        lastUpdate = now
        guard elapsed > 0 else { return }
        for index in flows.indices where flows[index].phase == .transferring {
            let moved = min(flows[index].remaining, flows[index].rate * elapsed)
            flows[index].remaining -= moved
            radioBytes += moved
        }
    }

    /// The server's answer to a plain flow whose last byte just left (the faults ingest requests
    /// meet, else 200), kept on the flow; returns when it reaches the phone. A request that gets no
    /// answer fails when its `timeout` runs out, if that is later than the failure itself.
    private func answerPlainFlow(
        _ flow: inout NetworkFlow, uploads: inout OutboxUploads, now: TimeInterval, timeout: TimeInterval
    ) -> TimeInterval {
        let answer = uploads.plainAnswer(at: now)
        flow.answer = (answer.statusCode, answer.failure)
        return now + (answer.failure == "timedOut" ? max(answer.latency, timeout) : answer.latency)
    }

    /// A background task that got no answer: `nsurlsessiond` sends it again from the start after
    /// ``URLSessionRules/daemonRetryDelay`` (URLS-1; cfg, assumption). An HTTP status never comes
    /// here: it completes the task, and the app sees it.
    private func retryTransfer(
        _ flow: inout NetworkFlow, _ request: TransferRequest, because failure: String, now: TimeInterval,
        into effects: inout [DeviceEffect]
    ) {
        effects.append(
            .decide(
                "transferRetried", rules: ["URLS-1"],
                fields: [
                    Field("task", .string(request.taskDescription)), Field("why", .string(failure)),
                    Field("after", .double(rules.daemonRetryDelay)),
                ]))
        flow.answer = nil
        flow.remaining = Double(request.bytes)
        flow.startAfter = now + rules.daemonRetryDelay
        flow.phase = .waiting
    }
}
