import Testing
import Wakeful
import WakefulTestSupport

@Suite("LocationPermissionChanges", .watchdog, .cpuBound)
struct LocationPermissionChangesTests {
    @Test("the first callback reports both values; later ones only what changed (AUTH-5)")
    func onlyChanges() {
        var changes = LocationPermissionChanges()
        #expect(
            changes.events(status: .notDetermined, accuracy: .full)
                == [.authorizationChanged(.notDetermined), .accuracyAuthorizationChanged(.full)])
        #expect(changes.events(status: .whenInUse, accuracy: .full) == [.authorizationChanged(.whenInUse)])
        #expect(changes.events(status: .whenInUse, accuracy: .full) == [])
        #expect(changes.events(status: .whenInUse, accuracy: .reduced) == [.accuracyAuthorizationChanged(.reduced)])
        #expect(
            changes.events(status: .always, accuracy: .full)
                == [.authorizationChanged(.always), .accuracyAuthorizationChanged(.full)])
    }
}
