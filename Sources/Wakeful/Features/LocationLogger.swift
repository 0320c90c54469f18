import Foundation

/// An app feature that records every location the app receives, whatever delivered it: standard
/// updates, live updates, significant changes, visits. By default it issues no commands; the
/// strategies decide whether the app is awake to receive anything. With ``Options/updates`` it
/// starts updates of its own (``Updates``), so a When-In-Use app can log a trip it started in the
/// foreground.
///
/// Each record is of kind `location` with `lat`, `lon`, `accuracy` and `source`
/// (`updates`, `liveUpdates`, `significantChange`, `arrival`, `departure`) and the app state.
///
/// With a ``LocationFilter`` it keeps a clean track: fixes it drops (inaccurate, stale, too fast, a
/// jump) are recorded as `locationDropped` with the `reason`, so the timeline shows each decision,
/// and kept fixes carry the `odometer` in metres. Visits are not fixes and pass unfiltered.
public struct LocationLogger: Strategy {
    /// The record kind.
    public static let recordKind = "location"
    /// The record kind of a fix the filter dropped.
    public static let droppedKind = "locationDropped"

    /// Configuration.
    public struct Options: Sendable, Hashable, Codable {
        /// The filter's options, when the track is to be cleaned.
        public var filter: LocationFilter.Options?
        /// The updates the logger starts itself; nil starts none.
        public var updates: Updates?

        /// Creates options.
        public init(filter: LocationFilter.Options? = nil, updates: Updates? = nil) {
            self.filter = filter
            self.updates = updates
        }

        /// Every key, nil as null: a scenario's options are checked against the encoded defaults'
        /// keys, so an absent key could not be set.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(filter, forKey: .filter)
            try container.encode(updates, forKey: .updates)
        }
    }

    /// The filter, when the track is to be cleaned.
    public private(set) var filter: LocationFilter?
    /// The updates the logger starts itself; nil starts none.
    public let updates: Updates?
    /// Whether this process has started its updates (a new process starts with none).
    var started = false

    /// Creates the feature: every location is recorded as received.
    public init() {
        updates = nil
    }

    /// Creates the feature with a filter: it drops outliers and keeps an odometer.
    public init(filter: LocationFilter.Options) {
        self.filter = LocationFilter(options: filter)
        updates = nil
    }

    /// Creates the feature with options: a filter, and updates of its own.
    public init(options: Options) {
        filter = options.filter.map(LocationFilter.init(options:))
        updates = options.updates
    }

    public var name: String { "LocationLogger" }
    public var requirements: Requirements {
        // LOC-1, LOC-8: background delivery needs the location mode, on either API.
        Requirements(backgroundModes: updates == nil ? [] : [.location], locationAuthorization: .whenInUse)
    }

    public mutating func handle(_ event: Event, in context: Context) -> [Command] {
        let commands = updates.map { startingUpdates($0, on: event, in: context) } ?? []
        return commands + recording(event, in: context)
    }

    private mutating func recording(_ event: Event, in context: Context) -> [Command] {
        switch event {
        case .locationsUpdated(let fixes):
            return fixes.map { record($0, source: "updates", context) }
        case .liveLocationUpdate(let update):
            return update.location.map { [record($0, source: "liveUpdates", context)] } ?? []
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
