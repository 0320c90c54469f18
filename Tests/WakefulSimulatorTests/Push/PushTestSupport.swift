import Foundation
import Testing
import Wakeful
import WakefulSimulator

// Helpers for the push suites: scenarios with a server's pushes and small scripted apps.

enum PushScenarios {
    /// The user opens the app at 0 and presses Home at `home`; the server sends `pushes`.
    static func make(
        pushes: [ScheduledPush], duration: TimeInterval = 4000, home: TimeInterval = 10, modes: [BackgroundMode]? = nil,
        variants: [PolicyVariant] = [], lowPowerMode: Bool = false, actions: [UserAction] = []
    ) -> Scenario {
        var device = DeviceSettings(lowPowerMode: lowPowerMode)
        device.variants = variants
        var scenario = Scenarios.make(duration: duration, home: home, modes: modes, device: device, actions: actions)
        scenario.world.pushes = pushes
        return scenario
    }

    /// One silent push with the right headers for every family (PUSH-2, PUSH-3).
    static func silent(at time: TimeInterval, id: String = "p") -> ScheduledPush {
        ScheduledPush(at: time, type: .background, priority: 5, id: id)
    }

    /// A VoIP push.
    static func voip(at time: TimeInterval, id: String = "call") -> ScheduledPush {
        ScheduledPush(at: time, type: .voip, id: id)
    }
}

enum PushApps {
    /// Records `got` with the push's id and completes it after `completeAfter` seconds (at once
    /// for 0); never completes when nil.
    static func responder(completeAfter: TimeInterval? = 0) -> Scripted {
        Scripted("Responder", modes: [.remoteNotification]) { event, _ in
            switch event {
            case .remoteNotification(let push):
                let got = Command.record(Record(kind: "got", fields: [Field("id", .string(push.id))]))
                guard let delay = completeAfter else { return [got] }
                if delay == 0 { return [got, .completeRemoteNotification(id: push.id, result: .newData)] }
                return [got, .setTimer(TimerRequest(id: TimerID("complete." + push.id), interval: delay))]
            case .timerFired(let timer) where timer.rawValue.hasPrefix("complete."):
                return [
                    .completeRemoteNotification(
                        id: String(timer.rawValue.dropFirst("complete.".count)), result: .newData)
                ]
            default:
                return []
            }
        }
    }

    /// Answers VoIP pushes: reports a call (and ends it after `callLength`) when `reports`.
    static func caller(reports: Bool, callLength: TimeInterval = 120) -> Scripted {
        Scripted("Caller", modes: [.voip]) { event, _ in
            switch event {
            case .voipPush(let push):
                let got = Command.record(Record(kind: "got", fields: [Field("id", .string(push.id))]))
                guard reports else { return [got] }
                return [
                    got, .reportIncomingCall(id: push.id),
                    .setTimer(TimerRequest(id: TimerID("hangUp." + push.id), interval: callLength)),
                ]
            case .timerFired(let timer) where timer.rawValue.hasPrefix("hangUp."):
                return [.endCall(id: String(timer.rawValue.dropFirst("hangUp.".count)))]
            default:
                return []
            }
        }
    }
}

extension Trace {
    /// The ids of delivered silent pushes, with their times.
    var deliveredPushes: [(time: TimeInterval, id: String)] {
        events { if case .remoteNotification = $0 { true } else { false } }.map {
            guard case .remoteNotification(let push) = $0.event else { fatalError("filtered above") }
            return ($0.time, push.id)
        }
    }

    /// The `why` field of every `pushNotDelivered` decision.
    var refusals: [String] {
        decisions("pushNotDelivered").compactMap { $0.decision.fields["why"]?.description }
    }
}
