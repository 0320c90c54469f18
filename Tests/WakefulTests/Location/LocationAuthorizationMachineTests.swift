import Foundation
import Testing
import Wakeful
import WakefulTestSupport

/// The authorization state machine: AUTH-1 to AUTH-7.
@Suite("LocationAuthorizationMachine (AUTH)", .watchdog, .cpuBound)
struct LocationAuthorizationMachineTests {
    static func machine(_ major: Int, _ minor: Int = 0, _ permission: LocationPermission = LocationPermission())
        -> LocationAuthorizationMachine
    {
        LocationAuthorizationMachine(permission: permission, rules: .init(version: (major, minor)))
    }

    @Test("AUTH-1: one prompt, only in the foreground; the answer is stored, Don't Allow is final")
    func promptsOnce() {
        var machine = Self.machine(17)
        #expect(machine.request(.whenInUse, inForeground: false).name == "authorizationPromptNotShown")
        #expect(machine.pending == nil)
        #expect(machine.request(.whenInUse, inForeground: true).name == "authorizationPromptShown")
        #expect(machine.request(.whenInUse, inForeground: true).name == "authorizationPromptNotShown", "one at a time")
        #expect(machine.answer(.dontAllow).name == "authorizationPromptAnswered")
        #expect(machine.permission.status == .denied)
        let again = machine.request(.whenInUse, inForeground: true)
        #expect(again.name == "authorizationRequestIgnored" && again.rules == ["AUTH-1"])
        #expect(machine.pending == nil)
        #expect(machine.answer(.allowWhileUsing).name == "authorizationAnswerIgnored", "no prompt showing")
    }

    @Test("AUTH-2: from When-In-Use the Always request prompts at once on 13.4+, and works only once")
    func alwaysUpgradeOnce() {
        var machine = Self.machine(17)
        _ = machine.request(.whenInUse, inForeground: true)
        _ = machine.answer(.allowWhileUsing)
        #expect(machine.permission.status == .whenInUse && !machine.permission.provisional)
        #expect(machine.request(.always, inForeground: true).name == "authorizationPromptShown")
        #expect(machine.pending == .alwaysUpgrade)
        _ = machine.answer(.keepWhileUsing)
        #expect(machine.permission.status == .whenInUse)
        let second = machine.request(.always, inForeground: true)
        #expect(second.name == "authorizationRequestIgnored" && second.rules == ["AUTH-2"])
        #expect(machine.pending == nil)
    }

    @Test("AUTH-3: on 13.0–13.3 the upgrade goes provisional; the second prompt waits for an event needing Always")
    func provisionalOn13_2() {
        var machine = Self.machine(13, 2, LocationPermission(status: .whenInUse))
        #expect(machine.request(.always, inForeground: true).name == "provisionalAlwaysGranted")
        #expect(machine.permission.status == .always && machine.permission.provisional)
        #expect(!machine.permission.effectiveAlways)
        #expect(!machine.permission.allows(.relaunch))
        #expect(machine.eventNeedingAlways()?.name == "authorizationPromptShown")
        #expect(machine.eventNeedingAlways() == nil, "the second prompt shows once")
        _ = machine.answer(.keepWhileUsing)
        #expect(machine.permission == LocationPermission(status: .whenInUse), "falls back to When-In-Use")
        // 13.4+: the same request prompts instead.
        var later = Self.machine(13, 4, LocationPermission(status: .whenInUse))
        #expect(later.request(.always, inForeground: true).name == "authorizationPromptShown")
        #expect(later.pending == .alwaysUpgrade)
    }

    @Test("AUTH-3: on 13+ the first prompt of an Always request has no Always; While Using gives provisional Always")
    func provisionalFromFirstPrompt() {
        var machine = Self.machine(17)
        _ = machine.request(.always, inForeground: true)
        #expect(machine.answer(.allowAlways).name == "authorizationAnswerIgnored")
        #expect(machine.pending == .always)
        _ = machine.answer(.allowWhileUsing)
        #expect(machine.permission.status == .always && machine.permission.provisional)
        // Before 13 the first prompt offered Always.
        var old = Self.machine(12)
        _ = old.request(.always, inForeground: true)
        _ = old.answer(.allowAlways)
        #expect(old.permission.effectiveAlways)
    }

    @Test(
        "AUTH-4: Allow Once ends when the app is no longer in use, back to not determined; Always is ignored meanwhile")
    func allowOnceExpires() {
        var machine = Self.machine(17)
        _ = machine.request(.whenInUse, inForeground: true)
        _ = machine.answer(.allowOnce)
        #expect(machine.permission.status == .whenInUse && machine.permission.allowOnce)
        let always = machine.request(.always, inForeground: true)
        #expect(always.rules == ["AUTH-4"])
        let expired = machine.noLongerInUse()
        #expect(expired?.rules == ["AUTH-4"])
        #expect(machine.permission.status == .notDetermined)
        #expect(machine.request(.whenInUse, inForeground: true).name == "authorizationPromptShown", "may prompt again")
        #expect(Self.machine(12).rules.allowOnce == false)
    }

    @Test("AUTH-7: temporary full accuracy needs the purpose key, the foreground and reduced accuracy; it expires")
    func temporaryFullAccuracy() {
        var machine = Self.machine(17, 0, LocationPermission(status: .always, accuracy: .reduced))
        let missing = machine.request(.temporaryFullAccuracy(purposeKey: "Trip"), inForeground: true, purposeKeys: [])
        #expect(missing.name == "authorizationPromptNotShown")
        #expect(missing.fields.contains(Field("why", "no such key in NSLocationTemporaryUsageDescriptionDictionary")))
        let background = machine.request(
            .temporaryFullAccuracy(purposeKey: "Trip"), inForeground: false, purposeKeys: ["Trip"])
        #expect(background.name == "authorizationPromptNotShown")
        let shown = machine.request(
            .temporaryFullAccuracy(purposeKey: "Trip"), inForeground: true, purposeKeys: ["Trip"])
        #expect(shown.name == "authorizationPromptShown" && shown.rules == ["AUTH-7"])
        _ = machine.answer(.allowFullAccuracy)
        #expect(machine.permission.accuracy == .full && machine.permission.temporaryFullAccuracy)
        let already = machine.request(
            .temporaryFullAccuracy(purposeKey: "Trip"), inForeground: true, purposeKeys: ["Trip"])
        #expect(already.fields.contains(Field("why", "full accuracy is already granted")))
        #expect(machine.noLongerInUse()?.rules == ["AUTH-7"])
        #expect(machine.permission.accuracy == .reduced)
        // Before 14 there is no accuracy authorization at all.
        var old = Self.machine(13, 5, LocationPermission(status: .always, accuracy: .reduced))
        #expect(old.permission.accuracy == .full)
        #expect(old.setPreciseLocation(false).name == "preciseLocationUnavailable")
    }

    @Test("AUTH-5, AUTH-6: Settings set any status and Precise Location, at once")
    func settings() {
        var machine = Self.machine(17, 0, LocationPermission(status: .always))
        #expect(machine.settings(.whenInUse).rules == ["AUTH-5"])
        #expect(machine.permission.status == .whenInUse)
        _ = machine.setPreciseLocation(false)
        #expect(machine.permission.accuracy == .reduced)
        _ = machine.settings(.askNextTime)
        #expect(machine.request(.whenInUse, inForeground: true).name == "authorizationPromptShown")
    }

    @Test("what each permission withholds (LOC-4, LOC-16, BEACON-1, AUTH-6)")
    func losses() {
        let needs = MovingGeofence().requirements.locationCapabilities
        #expect(LocationPermission(status: .always).losses(of: needs).isEmpty)
        #expect(LocationPermission(status: .whenInUse).losses(of: needs) == [.relaunch, .regionMonitoring])
        #expect(
            LocationPermission(status: .always, accuracy: .reduced).losses(of: needs) == [
                .regionMonitoring, .preciseFixes,
            ])
        #expect(
            LocationPermission(status: .always, accuracy: .reduced).losses(
                of: RelaunchOnMovement().requirements.locationCapabilities)
                == [.preciseFixes], "SLC still relaunches with reduced accuracy")
        #expect(LocationPermission(status: .denied).losses(of: needs) == needs.sorted())
        #expect(TaskExtension().requirements.locationCapabilities.isEmpty)
        let combined = Requirements.combined([MovingGeofence().requirements, LocationPulse().requirements])
        #expect(
            combined.locationCapabilities == [
                .backgroundUpdates, .backgroundStart, .relaunch, .regionMonitoring, .preciseFixes,
            ])
    }
}
