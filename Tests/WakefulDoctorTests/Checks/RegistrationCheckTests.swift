import Testing
import WakefulDoctor
import WakefulTestSupport

/// BGTaskScheduler identifiers in the code against BGTaskSchedulerPermittedIdentifiers (BGT-9).
@Suite("Checks: task identifiers registered, submitted and permitted", .watchdog, .cpuBound)
struct RegistrationCheckTests {
    @Test("a permitted identifier nothing registers; one registered through a constant in another file is fine")
    func permittedNotRegistered() throws {
        let run = try CheckRun.run("permitted-not-registered")
        let finding = try run.only(.permittedNotRegistered)
        #expect(finding.severity == .warning)
        #expect(finding.value == "com.example.news.digest")
        #expect(finding.place == "Info.plist:14")
        #expect(run.problems.count == 1, "\(run.problems.map(\.message))")
    }

    @Test("an identifier registered and not permitted: an error at the registration")
    func registeredNotPermitted() throws {
        let run = try CheckRun.run("registered-not-permitted")
        let finding = try run.only(.registeredNotPermitted)
        #expect(finding.severity == .error)
        #expect(finding.value == "com.example.photos.upload")
        #expect(finding.place == "App/AppDelegate.swift:11")
        #expect(finding.rules == ["BGT-9"])
        #expect(run.problems.count == 1, "the permitted refresh task is fine: \(run.problems.map(\.message))")
        #expect(run.status == 1)
    }

    /// An identifier computed at run time used to switch both "never registered" checks off for
    /// the whole app without a word; now the registration gets a note naming what went unchecked.
    @Test("a registration doctor cannot follow: a note at it naming the identifiers left unchecked")
    func registrationNotFollowed() throws {
        let run = try CheckRun.run("registration-not-followed")
        let finding = try run.only(.registrationNotFollowed)
        #expect(finding.severity == .note)
        #expect(finding.place == "App/AppDelegate.swift:9")
        #expect(finding.message.contains("permitted com.example.feed.refresh, com.example.feed.cleanup"))
        #expect(finding.message.contains("submitted com.example.feed.refresh"))
        #expect(
            run.findings.filter { $0.check == .permittedNotRegistered || $0.check == .submittedNotRegistered }.isEmpty)
    }

    @Test("a request submitted for an identifier nothing registers: an error at the request")
    func submittedNotRegistered() throws {
        let run = try CheckRun.run("submitted-not-registered")
        let finding = try run.only(.submittedNotRegistered)
        #expect(finding.severity == .error)
        #expect(finding.value == "com.example.notes.index")
        #expect(finding.place == "App/Scheduling.swift:9")
        let permitted = try run.only(.permittedNotRegistered)
        #expect(permitted.value == "com.example.notes.index")
        #expect(run.findings.filter { $0.value == "com.example.notes.refresh" }.isEmpty)
        #expect(run.problems.count == 2, "\(run.problems.map(\.message))")
    }
}
