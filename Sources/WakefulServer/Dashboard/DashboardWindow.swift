import Foundation
import Hummingbird
import Wakeful

/// The time range a device page shows, as its query asks for it: a preset (`1h`, `6h`, `24h`,
/// `7d`, `all`) or `from`/`to` (RFC 3339).
///
/// Presets end at the device's newest record rather than at the server's clock, so a device that
/// stopped uploading still shows its last hours; only records whose clock agrees with their
/// receipt count (``DeviceClock``), so a record dated 9999 never moves a window.
enum DashboardWindowRequest: Sendable, Hashable {
    /// The last stretch of the device's data.
    case preset(DashboardPreset)
    /// An explicit range; a missing end is filled from the device's data.
    case range(from: TimeInterval?, to: TimeInterval?)

    /// The preset when none is given.
    static let standard = DashboardWindowRequest.preset(.day)

    /// Reads `preset`, `from` and `to`; 400 naming the parameter when one is malformed.
    static func read(_ request: Request) throws(APIError) -> DashboardWindowRequest {
        let parameters = request.uri.queryParameters
        let from = try time(parameters["from"].map(String.init), name: "from")
        let to = try time(parameters["to"].map(String.init), name: "to")
        if let text = parameters["preset"] {
            guard let preset = DashboardPreset(rawValue: String(text)) else {
                throw APIError.invalid(
                    "preset",
                    "expected one of \(DashboardPreset.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(text.prefix(16))\""
                )
            }
            guard from == nil, to == nil else {
                throw APIError.invalid("preset", "expected either preset or from/to, not both")
            }
            return .preset(preset)
        }
        if let from, let to, to <= from { throw APIError.invalid("to", "expected a time after from") }
        if from == nil, to == nil { return standard }
        return .range(from: from, to: to)
    }

    private static func time(_ text: String?, name: String) throws(APIError) -> TimeInterval? {
        guard let text else { return nil }
        guard let seconds = RFC3339Time.secondsSince1970(parsing: text) else {
            throw APIError.invalid(
                name, "expected an RFC 3339 time such as \"2026-11-21T07:45:00Z\", found \"\(text.prefix(40))\"")
        }
        return seconds
    }
}

/// The preset windows of a device page.
enum DashboardPreset: String, Sendable, Hashable, CaseIterable {
    case hour = "1h"
    case sixHours = "6h"
    case day = "24h"
    case week = "7d"
    case all

    /// The window's length, or nil for all of the device's data.
    var seconds: TimeInterval? {
        switch self {
        case .hour: 3600
        case .sixHours: 6 * 3600
        case .day: 24 * 3600
        case .week: 7 * 24 * 3600
        case .all: nil
        }
    }

    /// The button's label.
    var label: String {
        switch self {
        case .hour: "1 h"
        case .sixHours: "6 h"
        case .day: "24 h"
        case .week: "7 d"
        case .all: "all"
        }
    }
}

/// A resolved window: seconds since 1970, `start < end`.
struct DashboardWindow: Sendable, Hashable {
    var start: TimeInterval
    var end: TimeInterval

    var duration: TimeInterval { end - start }

    /// A window from `start` to `end`.
    init(start: TimeInterval, end: TimeInterval) {
        self.start = start
        self.end = end
    }

    /// Resolves `request` against the device's first and newest record times (nil without records),
    /// falling back to the hour before `now` when the device has no records.
    init(_ request: DashboardWindowRequest, first: TimeInterval?, newest: TimeInterval?, now: TimeInterval) {
        let last = newest ?? now
        switch request {
        case .preset(let preset):
            end = last
            start = preset.seconds.map { last - $0 } ?? min(first ?? last - 3600, last - 60)
        case .range(let from, let to):
            end = to ?? max(last, (from ?? last) + 60)
            start = from ?? end - (DashboardPreset.day.seconds ?? 86400)
        }
        // A window of one record would have no width to draw.
        if end - start < 60 { start = end - 60 }
    }
}
