import Foundation

/// The mock's checks of an ActivityKit payload, which APNs itself does not make (it delivers what
/// the device then drops): Apple's form for `aps` ("Starting and updating Live Activities with
/// ActivityKit push notifications"; LIVE-11, and LIVE-3 to LIVE-10, in the simulator's rules).
enum MockLiveActivityLint {
    /// The topic suffix of ActivityKit pushes (reference §2).
    static let topicSuffix = ".push-type.liveactivity"

    /// What is wrong with the payload's `aps`; empty when nothing is.
    static func findings(in object: [String: Any]) -> [String] {
        guard let aps = object["aps"] as? [String: Any] else { return ["liveactivity push without aps"] }
        var findings: [String] = []
        let event = aps["event"] as? String
        if !["start", "update", "end"].contains(event ?? "") {
            findings.append("liveactivity push whose aps.event is not start, update or end")
        }
        // LIVE-9: the device orders updates by it and drops older ones.
        if !isSeconds(aps["timestamp"]) { findings.append("liveactivity push without an integer aps.timestamp") }
        if event != "end", !(aps["content-state"] is [String: Any]) {
            findings.append("liveactivity \(event ?? "push") without an aps.content-state object")
        }
        if event == "start" {
            if ((aps["attributes-type"] as? String) ?? "").isEmpty {
                findings.append("liveactivity start without aps.attributes-type")
            }
            if !(aps["attributes"] is [String: Any]) {
                findings.append("liveactivity start without an aps.attributes object")
            }
        } else if aps["attributes-type"] != nil || aps["attributes"] != nil {
            findings.append("liveactivity \(event ?? "push") with attributes, which only a start carries")
        }
        if let dismissal = aps["dismissal-date"] {
            if event != "end" {
                findings.append("liveactivity \(event ?? "push") with aps.dismissal-date, which only an end carries")
            }
            if !isSeconds(dismissal) {
                findings.append("liveactivity push whose aps.dismissal-date is not integer seconds")
            }
        }
        if let stale = aps["stale-date"], !isSeconds(stale) {
            findings.append("liveactivity push whose aps.stale-date is not integer seconds")
        }
        return findings
    }

    /// Whether `value` is a whole JSON number (seconds since 1970).
    private static func isSeconds(_ value: Any?) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return number.doubleValue.rounded() == number.doubleValue
    }
}
