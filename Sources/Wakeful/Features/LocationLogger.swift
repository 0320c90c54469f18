import Foundation

/// An app feature that records every location the app receives, whatever delivered it: standard
/// updates, significant changes, visits. It issues no commands; the strategies decide whether the
/// app is awake to receive anything.
///
/// Each record is of kind `location` with `lat`, `lon`, `accuracy` and `source`
/// (`updates`, `significantChange`, `arrival`, `departure`) and the app state.
public struct LocationLogger: Strategy {
    /// The record kind.
    public static let recordKind = "location"

    /// Creates the feature.
    public init() {}

    public var name: String { "LocationLogger" }
    public var requirements: Requirements { Requirements(locationAuthorization: .whenInUse) }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .locationsUpdated(let fixes):
            return fixes.map { Self.record($0, source: "updates", context) }
        case .significantLocationChange(let fix):
            return [Self.record(fix, source: "significantChange", context)]
        case .visit(let visit):
            return [.record(Record(kind: Self.recordKind, fields: [
                Field("lat", .double(visit.coordinate.latitude)), Field("lon", .double(visit.coordinate.longitude)),
                Field("accuracy", .double(visit.horizontalAccuracy)),
                Field("source", .string(visit.departure == nil ? "arrival" : "departure")),
                Field("appState", .string(context.appState.rawValue)),
            ]))]
        default:
            return []
        }
    }

    static func record(_ fix: LocationFix, source: String, _ context: Context) -> Command {
        .record(Record(kind: recordKind, fields: [
            Field("lat", .double(fix.coordinate.latitude)), Field("lon", .double(fix.coordinate.longitude)),
            Field("accuracy", .double(fix.horizontalAccuracy)), Field("source", .string(source)),
            Field("appState", .string(context.appState.rawValue)),
        ]))
    }
}
