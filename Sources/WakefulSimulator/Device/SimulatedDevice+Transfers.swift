import Foundation
import Wakeful

/// The app's URL sessions as the device carries them out: its commands reach the
/// ``URLSessionDaemon``, whose steps the agenda runs, and the outcomes reach the app while it
/// executes, an upload's as the agent's upload outcome.
extension SimulatedDevice {
    // MARK: Commands

    /// A task on a background session (URLS-1, URLS-3).
    mutating func startTransfer(_ request: TransferRequest) {
        var effects: [DeviceEffect] = []
        let started = network.startTransfer(request, foreground: state.isForeground, now: now, into: &effects)
        carryOut(effects)
        if started { scheduleNetworkStep(at: now) }
    }

    /// `invalidateAndCancel()`: the session's tasks end with `cancelled`.
    mutating func cancelTransfers(session: String) {
        network.cancelTransfers(session: session)
        scheduleNetworkStep(at: now)
    }

    /// The completion handler of `handleEventsForBackgroundURLSession` (URLS-1).
    mutating func completeBackgroundEvents(session: String) {
        var effects: [DeviceEffect] = []
        network.completeHandler(session, into: &effects)
        carryOut(effects)
    }

    /// An ordinary request of this process (URLS-8).
    mutating func sendRequest(_ request: RequestDescription) {
        guard hasProcess else { return }
        network.send(request, process: process.number, now: now)
        scheduleNetworkStep(at: now)
    }

    // MARK: Progress

    /// Replaces any pending network step with one at `time`.
    mutating func scheduleNetworkStep(at time: TimeInterval) {
        guard let generation = network.nextStep() else { return }
        schedule(.network(generation: generation), at: time)
    }

    /// Runs a step of the daemon (``URLSessionDaemon/step(_:uploads:radioBytes:into:)``), powers
    /// the radio while it is busy, then hands the finished flows back for the app.
    mutating func networkStep() {
        let conditions = networkConditions
        var effects: [DeviceEffect] = []
        let step = network.step(conditions, uploads: &outbox.uploads, radioBytes: &tally.radioBytes, into: &effects)
        carryOut(effects)
        tally.radio.update(busy: step.busy, at: now, tail: scenario.device.radioTail)  // ENERGY-2
        if let next = step.next { schedule(.network(generation: network.generation), at: next) }
        for flow in step.finished {
            switch flow.kind {
            case .request(let request, let number):
                network.holdOutcome(of: request.id, process: number, statusCode: flow.statusCode, error: flow.error)
            case .transfer(let request):
                let result = URLSessionTaskResult(
                    sessionIdentifier: request.session, taskDescription: request.taskDescription,
                    statusCode: flow.statusCode, error: flow.error)
                if network.holdResult(result, appExecuting: state.isExecuting) {
                    urlSessionWake(session: request.session)
                }
            }
        }
        deliverHeldNetworkResults()
    }

    /// Delivers held outcomes while the app executes: request outcomes of this process, and
    /// background-task outcomes (the app's session delegate receives them whenever it runs).
    mutating func deliverHeldNetworkResults() {
        guard state.isExecuting, hasProcess else { return }
        let number = process.number
        for request in network.takeHeldRequests(of: number)
        where hasProcess && process.number == number && state.isExecuting {
            if let outcome = outbox.uploads.takeOutcome(
                request.id, statusCode: request.statusCode, error: request.error)
            {
                deliverUploadOutcome(outcome)
            } else {
                deliver(.requestCompleted(id: request.id, statusCode: request.statusCode, error: request.error))
            }
        }
        while hasProcess, process.number == number, state.isExecuting, let result = network.takeHeldResult() {
            deliverTransferResult(result)
        }
    }

    /// Delivers a background task's outcome: as an upload's outcome when it carried an outbox batch.
    mutating func deliverTransferResult(_ result: URLSessionTaskResult) {
        if result.sessionIdentifier == UploadRequest.sessionIdentifier,
            let outcome = outbox.uploads.takeOutcome(
                result.taskDescription, statusCode: result.statusCode, error: result.error)
        {
            deliverUploadOutcome(outcome)
        } else {
            deliver(.urlSessionTaskCompleted(result))
        }
    }

    // MARK: The process

    /// The app stopped executing: its in-process requests fail (URLS-8).
    mutating func networkStoppedExecuting() {
        if network.hasRequests { scheduleNetworkStep(at: now) }
    }

    /// The process ended: its requests die with it, uploads among them; transfers go on in the
    /// daemon (URLS-1), except after a force-quit (URLS-5, TERM-1).
    mutating func networkProcessEnded(_ reason: TerminationReason) {
        var effects: [DeviceEffect] = []
        for id in network.processEnded(process.number, forceQuit: reason == .userForceQuit, into: &effects) {
            outbox.uploads.forget(id)
        }
        carryOut(effects)
        scheduleNetworkStep(at: now)
    }
}
