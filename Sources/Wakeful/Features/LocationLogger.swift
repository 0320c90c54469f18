import Foundation

/// An app feature that records every location the app receives, whatever delivered it: standard
/// updates, significant changes, visits. It issues no commands; the strategies decide whether the
/// app is awake to receive anything.
///
/// Each record is of kind `location` with `lat`, `lon`, `accuracy` and `source`
/// (`updates`, `significantChange`, `arrival`, `departure`) and the app state.
///
/// With a ``LocationFilter`` it keeps a clean track: fixes it drops (inaccurate, stale, too fast, a
/// jump) are recorded as `locationDropped` with the `reason`, so the timeline shows each decision,
/// and kept fixes carry the `odometer` in metres. Visits are not fixes and pass unfiltered.
public struct LocationLogger: Strategy {
    /// The record kind.
    public static let recordKind = "location"
    /// The record kind of a fix the filter dropped.
    public static let droppedKind = "locationDropped"

    /// The filter, when the track is to be cleaned.
    public private(set) var filter: LocationFilter?

    /// Creates the feature: every location is recorded as received.
    public init() {}

    /// Creates the feature with a filter: it drops outliers and keeps an odometer.
    public init(filter: LocationFilter.Options) {
        self.filter = LocationFilter(options: filter)
    }

    public var name: String { "LocationLogger" }
    public var requirements: Requirements { Requirements(locationAuthorization: .whenInUse) }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .locationsUpdated(let fixes):
            return fixes.map { record($0, source: "updates", context) }
        case .significantLocationChange(let fix):
            return [record(fix, source: "significantChange", context)]
        case .visit(let visit):
            return [
                .record(
                    Record(
                        kind: Self.recordKind,
                        fields: [
                            Field("lat", .double(visit.coordinate.latitude)),
                            Field("lon", .double(visit.coordinate.longitude)),
                            Field("accuracy", .double(visit.horizontalAccuracy)),
                            Field("source", .string(visit.departure == nil ? "arrival" : "departure")),
                            Field("appState", .string(context.appState.rawValue)),
                        ]))
            ]
        default:
            return []
        }
    }

    private mutating func record(_ fix: LocationFix, source: String, _ context: Context) -> Command {
        var fields = [
            Field("lat", .double(fix.coordinate.latitude)), Field("lon", .double(fix.coordinate.longitude)),
            Field("accuracy", .double(fix.horizontalAccuracy)), Field("source", .string(source)),
            Field("appState", .string(context.appState.rawValue)),
        ]
        guard var filter else { return .record(Record(kind: Self.recordKind, fields: fields)) }
        defer { self.filter = filter }
        switch filter.consider(fix) {
        case .kept:
            fields.append(Field("odometer", .double((filter.odometer * 10).rounded() / 10)))
            return .record(Record(kind: Self.recordKind, fields: fields))
        case .dropped(let reason):
            fields.append(Field("reason", .string(reason.rawValue)))
            return .record(Record(kind: Self.droppedKind, fields: fields))
        }
    }
}
