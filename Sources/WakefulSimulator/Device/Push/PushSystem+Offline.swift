import Foundation
import Wakeful

/// APNs' storage for a device it cannot reach (PUSH-5's server side). Apple documents that APNs
/// keeps one stored notification per app and device, the newest, and delivers it when the device
/// is reachable again; the ones it replaced are lost (obs: push-offline-only-newest-kept; the
/// reference's APNs notes, `apns-expiration`). A VoIP push has a topic of its own (`.voip`).
extension PushSystem {
    /// The APNs topic a send belongs to: the app's, or its `.voip` or `.push-type.liveactivity` topic.
    func topic(of index: Int) -> String {
        switch sends[index].push.type {
        case .voip: "voip"
        case .liveactivity: "liveactivity"
        case .background, .alert, nil: "app"
        }
    }

    /// Stores the push at `index` for a device without network; it replaces the push stored for the
    /// same topic. `reconnect` is when the device is next online (nil: not before the run ends),
    /// when the stored push goes out.
    mutating func storeOffline(_ index: Int, reconnect: TimeInterval?, into effects: inout [DeviceEffect]) {
        let topic = topic(of: index)
        if let old = storedByAPNs[topic] {
            effects.append(
                .decide(
                    "storedPushReplaced", rules: ["PUSH-5"],
                    fields: [Field("id", .string(sends[old].id)), Field("by", .string(sends[index].id))]))
            outcomes[old].cause = "replaced in APNs' storage by a newer push while the device was offline"
            outcomes[old].rules = ["PUSH-5"]
        }
        storedByAPNs[topic] = index
        outcomes[index].cause = "stored by APNs while the device was offline"
        outcomes[index].rules = ["PUSH-5"]
        effects.append(
            .decide("pushStoredByAPNs", rules: ["PUSH-5"], fields: [Field("id", .string(sends[index].id))]))
        if let reconnect { effects.append(.schedule(.apnsRedelivery(index: index), at: reconnect)) }
    }

    /// The device is online again: the stored push at `index`, taken out of storage, unless a newer
    /// one replaced it since.
    mutating func takeStored(_ index: Int) -> Bool {
        let topic = topic(of: index)
        guard storedByAPNs[topic] == index else { return false }
        storedByAPNs[topic] = nil
        return true
    }
}
