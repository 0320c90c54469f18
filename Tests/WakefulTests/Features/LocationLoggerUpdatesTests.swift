import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// `LocationLogger`'s own updates (LOC-4, LOC-5, LOC-8, LOC-9, LOC-32) and its record of live updates.
@Suite("LocationLogger updates", .watchdog, .cpuBound)
struct LocationLoggerUpdatesTests {
    static func context(_ state: AppState, _ status: LocationAuthorization = .whenInUse) -> Context {
        var context = Context(now: 10, appState: state)
        context.locationPermission = LocationPermission(status: status)
        return context
    }

    static let liveSession: [Command] = [
        .startServiceSession(ServiceSessionRequest(authorization: .whenInUse)), .startBackgroundActivitySession,
        .startLiveUpdates(.other),
    ]

    @Test("without updates it starts nothing and needs no background mode, as before")
    func recordsOnly() {
        var logger = LocationLogger()
        #expect(logger.handle(.didBecomeActive, in: Self.context(.active)).isEmpty)
        #expect(logger.handle(.didFinishLaunching(.region), in: Self.context(.background)).isEmpty)
        #expect(logger.requirements == Requirements(locationAuthorization: .whenInUse))
    }

    @Test("standard updates start once, in front, with background updates allowed (LOC-1, LOC-4)")
    func standard() {
        var logger = LocationLogger(options: .init(updates: .standard))
        #expect(logger.requirements.backgroundModes == [.location])
        #expect(logger.handle(.didBecomeActive, in: Self.context(.active, .notDetermined)).isEmpty)
        let started = logger.handle(.authorizationChanged(.whenInUse), in: Self.context(.active))
        #expect(started == [.startUpdatingLocation(LocationRequest(allowsBackgroundUpdates: true))])
        #expect(logger.handle(.didBecomeActive, in: Self.context(.active)).isEmpty, "once per process")
    }

    @Test("standard updates are not started by a launch into the background (LOC-4)")
    func standardNotFromTheBackground() {
        var logger = LocationLogger(options: .init(updates: .standard))
        #expect(logger.handle(.didFinishLaunching(.significantChange), in: Self.context(.background)).isEmpty)
        #expect(logger.handle(.didBecomeActive, in: Self.context(.active)).count == 1)
    }

    @Test("the live session starts in front, and at once after a launch into the background (LOC-8, LOC-32)")
    func liveSession() {
        var opened = LocationLogger(options: .init(updates: .liveSession))
        #expect(opened.handle(.didBecomeActive, in: Self.context(.active)) == Self.liveSession)
        var relaunched = LocationLogger(options: .init(updates: .liveSession))
        #expect(relaunched.handle(.didFinishLaunching(.region), in: Self.context(.background)) == Self.liveSession)
        #expect(relaunched.handle(.didBecomeActive, in: Self.context(.active)).isEmpty)
        var denied = LocationLogger(options: .init(updates: .liveSession))
        #expect(denied.handle(.didBecomeActive, in: Self.context(.active, .denied)).isEmpty)
    }

    @Test("a live update's fix is recorded as liveUpdates; a stationary or diagnostic-only update without one is not")
    func recordsLiveUpdates() throws {
        var logger = LocationLogger()
        let fix = LocationFix(coordinate: Coordinate(latitude: 1, longitude: 2), horizontalAccuracy: 5, timestamp: 9)
        let commands = logger.handle(
            .liveLocationUpdate(LiveLocationUpdate(location: fix)), in: Self.context(.background))
        guard case .record(let record) = try #require(commands.first) else {
            Issue.record("expected a record, got \(commands)")
            return
        }
        #expect(record.kind == "location")
        #expect(record.fields.contains(Field("source", "liveUpdates")))
        let none = LiveLocationUpdate(location: nil, diagnostics: [.insufficientlyInUse])
        #expect(logger.handle(.liveLocationUpdate(none), in: Self.context(.background)).isEmpty)
    }

    @Test("options decode with either key missing, and encode both")
    func options() throws {
        let decoded = try JSONDecoder().decode(
            LocationLogger.Options.self, from: Data(#"{"updates":"liveSession"}"#.utf8))
        #expect(decoded == LocationLogger.Options(updates: .liveSession))
        let encoded = String(decoding: try JSONEncoder().encode(LocationLogger.Options()), as: UTF8.self)
        #expect(encoded.contains("\"updates\":null") && encoded.contains("\"filter\":null"))
    }
}
