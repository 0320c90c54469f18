import Testing
import Wakeful
import WakefulTestSupport

@Suite("Info.plist checked at run time before calls that terminate without a key", .watchdog)
struct InfoPlistGuardTests {
    @Test("background location updates are not enabled without the location mode")
    func backgroundLocation() {
        let fake = FakeLocationSessions(backgroundModes: ["remote-notification"])
        let plist = InfoPlistGuard(["UIBackgroundModes": ["remote-notification"]])
        fake.setAllowsBackgroundLocationUpdates(plist.allowsBackgroundLocationUpdates(true))
        #expect(fake.fatalErrors.isEmpty)
        #expect(!plist.allowsBackgroundLocationUpdates(true))
    }

    @Test("with the location mode the request's value goes through")
    func withLocationMode() {
        let plist = InfoPlistGuard(backgroundModes: ["location"])
        let fake = FakeLocationSessions(backgroundModes: plist.backgroundModes)
        fake.setAllowsBackgroundLocationUpdates(plist.allowsBackgroundLocationUpdates(true))
        #expect(fake.fatalErrors.isEmpty)
        #expect(plist.allowsBackgroundLocationUpdates(true))
        #expect(!plist.allowsBackgroundLocationUpdates(false))
    }

    @Test("setting the request's value unchecked, as the old adapter did, is a fatal error")
    func uncheckedIsTheOldBreak() {
        let fake = FakeLocationSessions(backgroundModes: [])
        fake.setAllowsBackgroundLocationUpdates(true)
        #expect(fake.fatalErrors.count == 1)
    }

    @Test("the plist's permitted task identifiers, modes and usage keys are read")
    func readsDictionary() {
        let plist = InfoPlistGuard([
            "UIBackgroundModes": ["bluetooth-central", "remote-notification"],
            "BGTaskSchedulerPermittedIdentifiers": ["com.example.refresh"],
            "NSBluetoothAlwaysUsageDescription": "Talks to the pump",
        ])
        #expect(plist.permittedTaskIdentifiers == ["com.example.refresh"])
        #expect(plist.allowsBluetoothCentralRestoration)
        #expect(!plist.allowsMotion)
        #expect(InfoPlistGuard([:]).permittedTaskIdentifiers.isEmpty)
    }

    @Test("APNs registration at every launch when the plist or a strategy relies on pushes")
    func remoteNotifications() {
        let declared = InfoPlistGuard(backgroundModes: ["remote-notification"])
        let none = InfoPlistGuard(backgroundModes: [])
        #expect(declared.registersForRemoteNotificationsAtLaunch(Requirements()))
        #expect(none.registersForRemoteNotificationsAtLaunch(Requirements(backgroundModes: [.remoteNotification])))
        #expect(!none.registersForRemoteNotificationsAtLaunch(Requirements(backgroundModes: [.location])))
    }
}
