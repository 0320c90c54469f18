import Testing
import Wakeful
import WakefulTestSupport

@Suite("Location sessions across relaunches and from the background", .watchdog)
struct LocationSessionRelaunchTests {
    /// What `LocationAdapter` does with the activity session, and with `heldFlag`, the file that says
    /// whether the last process held one.
    final class ActivityModel {
        let fake: FakeLocationSessions
        var heldFlag = false

        init(_ fake: FakeLocationSessions) { self.fake = fake }

        /// `didFinishLaunching`, before any event.
        func launch() {
            if LocationSessionPolicy.activitySessionAtLaunch(
                heldBeforeTermination: heldFlag, backgroundUpdatesWanted: true)
                == .create
            {
                _ = fake.createActivitySession()
            }
            heldFlag = fake.heldActivitySession != nil
        }

        /// `startUpdatingLocation` on live updates, wanting the background.
        func startUpdates() {
            switch LocationSessionPolicy.activitySession(held: fake.heldActivitySession != nil, wanted: true) {
            case .create: _ = fake.createActivitySession()
            case .invalidate: fake.invalidateActivitySession()
            case .keep, .nothing: break
            }
            heldFlag = fake.heldActivitySession != nil
        }
    }

    /// Process one runs updates in the foreground, goes to the background and is terminated; iOS
    /// relaunches it in the background.
    static func relaunched(_ app: ActivityModel) {
        app.launch()
        app.startUpdates()
        app.fake.inForeground = false
        app.fake.terminate()
        app.fake.relaunch(inForeground: false)
    }

    @Test("a session held at termination is resumed at the background launch; a later restart keeps it")
    func resumedAtLaunch() {
        let app = ActivityModel(FakeLocationSessions())
        Self.relaunched(app)
        app.launch()
        app.fake.finishLaunching()
        app.startUpdates()  // a strategy restarts after a region event, minutes later
        #expect(app.fake.backgroundUpdatesActive)
    }

    @Test("without the flag, as before, the later restart creates a session that cannot become active")
    func noFlagIsTheOldBreak() {
        let app = ActivityModel(FakeLocationSessions())
        Self.relaunched(app)
        app.heldFlag = false  // the old adapter kept nothing across processes
        app.launch()
        app.fake.finishLaunching()
        app.startUpdates()
        #expect(!app.fake.backgroundUpdatesActive)
    }

    @Test("a configuration that no longer runs background updates resumes nothing")
    func notWanted() {
        #expect(
            LocationSessionPolicy.activitySessionAtLaunch(heldBeforeTermination: true, backgroundUpdatesWanted: false)
                == .nothing)
        #expect(
            LocationSessionPolicy.activitySessionAtLaunch(heldBeforeTermination: false, backgroundUpdatesWanted: true)
                == .nothing)
    }

    /// `startServiceSession` as `LocationSessionsAdapter` carries it out with the policy.
    static func startServiceSession(_ fake: FakeLocationSessions) {
        switch LocationSessionPolicy.serviceSession(
            held: fake.heldServiceSession != nil, inUse: fake.inForeground, launching: fake.launching)
        {
        case .keep: return
        case .create, .replace:
            fake.invalidateServiceSession()
            fake.createServiceSession(.whenInUse)
        }
    }

    /// A When-In-Use app that took its service session in the foreground, now in the background.
    static func sessionTakenInForeground() -> FakeLocationSessions {
        let fake = FakeLocationSessions()
        fake.granted = .whenInUse
        Self.startServiceSession(fake)
        fake.inForeground = false
        return fake
    }

    @Test("a service session asked for again from the background keeps the held one in use")
    func serviceSessionKeptInBackground() {
        let fake = Self.sessionTakenInForeground()
        Self.startServiceSession(fake)
        #expect(fake.serviceSessionInUse)
        #expect(fake.serviceSessions == [true])
    }

    @Test("replacing it from the background, as the old adapter did, leaves one that is not in use")
    func replacingServiceSessionIsTheOldBreak() {
        let fake = Self.sessionTakenInForeground()
        fake.invalidateServiceSession()
        fake.createServiceSession(.whenInUse)
        #expect(!fake.serviceSessionInUse)
    }

    @Test("a relaunch in the background retakes its service session while launching")
    func serviceSessionRetakenAtLaunch() {
        let fake = Self.sessionTakenInForeground()
        fake.terminate()
        fake.relaunch(inForeground: false)
        Self.startServiceSession(fake)
        fake.finishLaunching()
        #expect(fake.serviceSessionInUse)
        #expect(LocationSessionPolicy.serviceSession(held: true, inUse: false, launching: true) == .replace)
    }
}
