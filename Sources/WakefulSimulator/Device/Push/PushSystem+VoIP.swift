import Foundation
import Wakeful

/// VoIP's system state (VOIP-1, VOIP-2): the count of pushes without a CallKit call, the launch
/// block it leads to, and the keep-alive's stamps.
extension PushSystem {
    /// A VoIP push reached the app's callback.
    mutating func deliverVoIP(_ index: Int, _ conditions: PushConditions, into effects: inout [DeviceEffect]) {
        outcomes[index].deliveredAt = conditions.now
        effects.append(
            .decide(
                "pushDelivered", rules: ["VOIP-2"],
                fields: [
                    Field("id", .string(sends[index].id)), Field("appState", .string(conditions.appState.rawValue)),
                ]))
    }

    /// VOIP-2: the callback returned without reporting a call, which from iOS 13 gets the app
    /// terminated; after ``VoIPRules/callKitFailuresBeforeBlock`` such pushes in a row, VoIP pushes
    /// stop launching it. The effects follow the termination.
    mutating func callNotReported(_ index: Int, _ conditions: PushConditions, into effects: inout [DeviceEffect]) {
        voipFailures += 1
        outcomes[index].cause = "VoIP push without a CallKit call: app terminated"
        outcomes[index].rules = ["VOIP-2"]
        if !voipBlocked && voipFailures >= conditions.voip.callKitFailuresBeforeBlock {
            voipBlocked = true
            effects.append(
                .decide("voipPushLaunchesStopped", rules: ["VOIP-2"], fields: [Field("failures", .int(voipFailures))]))
        }
    }

    /// VOIP-2: a call reported inside a VoIP push's callback resets the failure count.
    mutating func callReported() {
        voipFailures = 0
    }

    /// Stamps a new keep-alive entry; older ones become stale (VOIP-1).
    mutating func nextKeepAliveGeneration() -> Int {
        keepAliveGeneration += 1
        return keepAliveGeneration
    }
}
