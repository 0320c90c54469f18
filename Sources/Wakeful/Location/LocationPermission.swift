import Foundation

/// What the user lets the app do with location right now: `authorizationStatus` and
/// `accuracyAuthorization`, with the two temporary forms iOS has (Allow Once, a temporary
/// full-accuracy grant) and the provisional Always of iOS 13.
///
/// Strategies read it from ``Context/locationPermission`` (the adapter fills it from
/// `CLLocationManager`, the simulator from its model) and ask what it withholds:
///
/// ```swift
/// let permission = LocationPermission(status: .whenInUse)
/// permission.losses(of: MovingGeofence().requirements.locationCapabilities)
/// // [.relaunch, .regionMonitoring]: region events need Always (LOC-16)
/// ```
public struct LocationPermission: Sendable, Hashable, Codable {
    /// `authorizationStatus`. A provisional Always reports `.always` (AUTH-3).
    public var status: LocationAuthorization
    /// `accuracyAuthorization` (iOS 14+; always `.full` before).
    public var accuracy: AccuracyAuthorization
    /// Always granted provisionally: reported as Always, but what needs Always waits for a second
    /// prompt (AUTH-3).
    public var provisional: Bool
    /// When-In-Use granted with Allow Once: it ends when the app is no longer in use (AUTH-4).
    public var allowOnce: Bool
    /// Full accuracy granted for a while through `requestTemporaryFullAccuracyAuthorization`
    /// (AUTH-7): it ends when the app is no longer in use.
    public var temporaryFullAccuracy: Bool

    /// Creates a permission; by default nothing has been asked yet.
    public init(
        status: LocationAuthorization = .notDetermined, accuracy: AccuracyAuthorization = .full,
        provisional: Bool = false, allowOnce: Bool = false, temporaryFullAccuracy: Bool = false
    ) {
        self.status = status
        self.accuracy = accuracy
        self.provisional = provisional
        self.allowOnce = allowOnce
        self.temporaryFullAccuracy = temporaryFullAccuracy
    }

    /// What an app can read of it: the status and the accuracy. Core Location says nothing of Allow
    /// Once, a provisional Always or a temporary full-accuracy grant, so ``Context`` carries only
    /// this, in the simulator as on a device.
    public var seenByTheApp: LocationPermission { LocationPermission(status: status, accuracy: accuracy) }

    /// Whether location can be used at all (When-In-Use or Always).
    public var allowsLocation: Bool { status == .whenInUse || status == .always }

    /// Always that the system honours in the background: not provisional (AUTH-3).
    public var effectiveAlways: Bool { status == .always && !provisional }

    /// Whether the permission gives the app a capability.
    public func allows(_ capability: LocationCapability) -> Bool {
        guard allowsLocation else { return false }
        switch capability {
        case .backgroundUpdates: return true  // LOC-4: once started in the foreground
        case .backgroundStart, .relaunch: return effectiveAlways  // LOC-4, LOC-16, AUTH-3
        case .regionMonitoring, .beaconRanging:
            return effectiveAlways && accuracy == .full  // LOC-16, BEACON-1, AUTH-6
        case .preciseFixes: return accuracy == .full  // AUTH-6
        }
    }

    /// The capabilities of `needed` that this permission withholds, in ``LocationCapability`` order.
    public func losses(of needed: [LocationCapability]) -> [LocationCapability] {
        Array(Set(needed)).filter { !allows($0) }.sorted()
    }

    /// The rules behind what it withholds.
    public var rules: [String] {
        var rules: [String] = []
        if status == .whenInUse || provisional { rules += ["LOC-4", "LOC-16", "BEACON-1"] }
        if provisional { rules.append("AUTH-3") }
        if allowOnce { rules.append("AUTH-4") }
        if accuracy == .reduced { rules.append("AUTH-6") }
        if temporaryFullAccuracy { rules.append("AUTH-7") }
        return rules
    }

    /// A short label for reports: `always`, `whenInUse (allow once)`, `always (provisional), reduced`.
    public var label: String {
        var text = status.rawValue
        if provisional { text += " (provisional)" }
        if allowOnce { text += " (allow once)" }
        if accuracy == .reduced {
            text += ", reduced"
        } else if temporaryFullAccuracy {
            text += ", temporary full"
        }
        return text
    }
}
