import Foundation
import Wakeful
import WakefulAPNs

/// The pushes section of a device's timeline: each wake with its APNs attempts and the device's
/// own wake it caused, or why none was seen.
///
/// After APNs accepted a push (200) at time T, the device's `remoteNotification` timeline entry
/// is the wake it caused: the one whose `userInfo.wakeful_wake` names the wake, else the first
/// unclaimed one recorded in `[T − skew, T + window)`. Without one, the push is "not seen" once
/// the window has passed.
struct PushTimeline: Sendable {
    let storage: any PushStorage
    /// How long after delivery to look for the device's wake.
    let window: Duration
    /// Tolerated clock difference between device and server.
    static let skew: TimeInterval = 60

    /// The section for `deviceID` over `query`'s time range at `now`.
    struct Section: Sendable {
        /// The `pushes` array.
        var json: JSONValue
        /// Record UUID → the wake that caused it, to mark timeline entries.
        var causes: [UUID: UUID]
    }

    func section(deviceID: UUID, query: RecordQuery, now: TimeInterval) async throws -> Section {
        let wakes = try await storage.wakes(deviceID: deviceID, from: query.from, to: query.to, limit: query.limit)
            .reversed()
        let delivered = wakes.compactMap(\.deliveredAt)
        let length = window.secondsValue
        var entries: [StoredRecord] = []
        if let first = delivered.min(), let last = delivered.max() {
            entries = try await storage.deviceWakeEntries(
                deviceID: deviceID, from: first - Self.skew, to: last + length)
        }
        let links = Self.link(Array(wakes), entries: entries, window: length)
        var causes: [UUID: UUID] = [:]
        for (wake, record) in links { causes[record.record.uuid] = wake }
        let minutes = Int((length / 60).rounded())
        let pushes: [JSONValue] = wakes.map { stored in
            guard case .object(var object) = WakeJSON.wake(stored) else { return .null }
            let (status, explanation): (String, String)
            if let record = links[stored.wake.id] {
                (status, explanation) = (
                    "seen", "the device reported the wake at \(WakeResolution.stamp(record.record.recordedAt))"
                )
                object.members.append(
                    JSONMember(
                        key: "device_wake",
                        value: .object([
                            "uuid": .string(record.record.uuid.uuidString), "seq": .int(Int(record.record.seq)),
                            "recorded_at": .time(record.record.recordedAt), "received_at": .time(record.receivedAt),
                        ])))
            } else if let deliveredAt = stored.deliveredAt {
                (status, explanation) =
                    now < deliveredAt + length
                    ? ("waiting", "no wake reported yet; looking until \(WakeResolution.stamp(deliveredAt + length))")
                    : ("not_seen", Self.notSeen(minutes: minutes))
            } else {
                (status, explanation) = ("not_sent", stored.reason ?? "APNs has not accepted the push (yet)")
            }
            object.members.append(JSONMember(key: "device_wake_status", value: .string(status)))
            object.members.append(JSONMember(key: "explanation", value: .string(explanation)))
            return .object(object)
        }
        return Section(json: .array(pushes), causes: causes)
    }

    /// Why a delivered silent push may cause no wake: iOS decides, not APNs.
    static func notSeen(minutes: Int) -> String {
        "no wake seen within \(minutes) minutes: iOS may have held the push and kept only the newest (PUSH-5), throttled it "
            + "(PUSH-4, PUSH-8), held it back in Low Power Mode (PUSH-9), or not launched an app the user force-quit (PUSH-7, TERM-1); "
            + "or the device has not uploaded its timeline yet"
    }

    /// Links delivered wakes to device wake entries: a named entry first, else the first unused one in the window.
    static func link(_ wakes: [StoredWake], entries: [StoredRecord], window: TimeInterval) -> [UUID: StoredRecord] {
        var links: [UUID: StoredRecord] = [:]
        var used = Set<UUID>()
        let named = Dictionary(
            entries.compactMap { entry in wakeID(of: entry).map { ($0, entry) } },
            uniquingKeysWith: { first, _ in first })
        for wake in wakes where wake.deliveredAt != nil {
            if let entry = named[wake.wake.id] {
                links[wake.wake.id] = entry
                used.insert(entry.record.uuid)
            }
        }
        for wake in wakes.sorted(by: { ($0.deliveredAt ?? 0) < ($1.deliveredAt ?? 0) }) {
            guard let deliveredAt = wake.deliveredAt, links[wake.wake.id] == nil else { continue }
            let entry = entries.first { entry in
                !used.contains(entry.record.uuid) && wakeID(of: entry) == nil
                    && entry.record.recordedAt >= deliveredAt - skew && entry.record.recordedAt < deliveredAt + window
            }
            if let entry {
                links[wake.wake.id] = entry
                used.insert(entry.record.uuid)
            }
        }
        return links
    }

    /// The `userInfo.wakeful_wake` the server put in the push, as the device reported it.
    private static func wakeID(of entry: StoredRecord) -> UUID? {
        guard case .object(let event)? = try? JSONValue.parse(Array(entry.record.payload.utf8)),
            case .object(let userInfo)? = event["userInfo"], case .string(let text)? = userInfo["wakeful_wake"]
        else { return nil }
        return UUID(uuidString: text)
    }
}
