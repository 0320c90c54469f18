import Testing
import Wakeful
import WakefulTestSupport

@Suite("Core Location sessions and background updates against their headers", .watchdog)
struct LocationSessionPolicyTests {
    /// What `LocationAdapter` does when live updates (re)start: the policy decides, the fake acts.
    static func restartLiveUpdates(_ fake: FakeLocationSessions, background: Bool) {
        switch LocationSessionPolicy.activitySession(held: fake.heldActivitySession != nil, wanted: background) {
        case .keep, .nothing: break
        case .create: _ = fake.createActivitySession()
        case .invalidate: fake.invalidateActivitySession()
        }
    }

    @Test("restarting live updates in the background keeps the activity session active")
    func keepsActivitySession() {
        let fake = FakeLocationSessions()
        Self.restartLiveUpdates(fake, background: true)
        fake.inForeground = false
        Self.restartLiveUpdates(fake, background: true)
        Self.restartLiveUpdates(fake, background: true)
        #expect(fake.backgroundUpdatesActive)
        #expect(fake.activitySessions == [true])
    }

    @Test("replacing the session on every restart, as the old adapter did, ends background updates")
    func replacingIsTheOldBreak() {
        let fake = FakeLocationSessions()
        _ = fake.createActivitySession()
        fake.inForeground = false
        fake.invalidateActivitySession()
        _ = fake.createActivitySession()
        #expect(!fake.backgroundUpdatesActive)
    }

    @Test("updates restarted without background use end the held session")
    func invalidatesWhenNotWanted() {
        #expect(LocationSessionPolicy.activitySession(held: true, wanted: false) == .invalidate)
        #expect(LocationSessionPolicy.activitySession(held: false, wanted: false) == .nothing)
    }

    @Test(
        "the launch's service session never asks for more than the user granted",
        arguments: LocationAuthorization.allCases)
    func noPromptAtLaunch(granted: LocationAuthorization) throws {
        let fake = FakeLocationSessions()
        fake.granted = granted
        let requirement = try #require(LocationSessionPolicy.launchRequirement(needed: .always, granted: granted))
        fake.createServiceSession(requirement)
        #expect(fake.prompts.isEmpty)
    }

    @Test("taking the strategies' requirement at launch, as the old adapter did, prompts on first launch")
    func promptIsTheOldBreak() throws {
        let fake = FakeLocationSessions()
        fake.createServiceSession(try #require(ServiceSessionRequirement(.always)))
        #expect(fake.prompts == [.always])
    }

    @Test("no strategy needs location: no session; once the app asks, the full requirement")
    func requirements() {
        #expect(LocationSessionPolicy.launchRequirement(needed: nil, granted: .always) == nil)
        #expect(LocationSessionPolicy.launchRequirement(needed: .whenInUse, granted: .always) == .whenInUse)
        #expect(LocationSessionPolicy.launchRequirement(needed: .always, granted: .whenInUse) == .whenInUse)
        #expect(LocationSessionPolicy.requestedRequirement(needed: .always) == .always)
        #expect(LocationSessionPolicy.requestedRequirement(needed: nil) == nil)
    }
}
