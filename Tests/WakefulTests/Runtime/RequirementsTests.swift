import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("Requirements.combined", .watchdog, .cpuBound)
struct RequirementsTests {
    @Test("nothing combined is nothing")
    func empty() {
        #expect(Requirements.combined([]) == Requirements())
        #expect(
            Requirements.combined([Requirements(), Requirements()])
                == Requirements(backgroundModes: [], locationAuthorization: nil))
    }

    @Test("every mode once, sorted by raw value")
    func modes() {
        let combined = Requirements.combined([
            Requirements(backgroundModes: [.location, .voip]),
            Requirements(backgroundModes: [.remoteNotification, .location, .audio]),
            Requirements(backgroundModes: [.bluetoothCentral]),
        ])
        #expect(combined.backgroundModes == [.audio, .bluetoothCentral, .location, .remoteNotification, .voip])
        #expect(
            combined.backgroundModes.map(\.rawValue) == [
                "audio", "bluetooth-central", "location", "remote-notification", "voip",
            ])
    }

    @Test("the order of the inputs does not matter")
    func orderIndependent() {
        let a = Requirements(backgroundModes: [.processing, .fetch], locationAuthorization: .whenInUse)
        let b = Requirements(backgroundModes: [.location], locationAuthorization: .always)
        #expect(Requirements.combined([a, b]) == Requirements.combined([b, a]))
    }

    @Test(
        "the strongest authorization wins: always over whenInUse over none",
        arguments: [
            ([LocationAuthorization?](), LocationAuthorization?.none),
            ([nil, nil], nil),
            ([.whenInUse], .whenInUse),
            ([nil, .whenInUse], .whenInUse),
            ([.whenInUse, .always], .always),
            ([.always, .whenInUse, nil], .always),
        ])
    func authorization(_ inputs: [LocationAuthorization?], _ expected: LocationAuthorization?) {
        let combined = Requirements.combined(inputs.map { Requirements(locationAuthorization: $0) })
        #expect(combined.locationAuthorization == expected)
    }

    @Test("requirements round-trip through Codable")
    func codable() throws {
        let value = Requirements(backgroundModes: [.location, .bluetoothPeripheral], locationAuthorization: .always)
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(Requirements.self, from: data) == value)
    }
}
