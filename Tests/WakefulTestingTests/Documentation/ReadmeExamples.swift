// The examples of the README's section "Testing your app's background behaviour", word for word,
// as free functions the way the README shows them: DocumentationExamplesTests fails when the two
// differ, and the message the README quotes is the one its example reports.

import Testing
import WakefulTesting  // re-exports Wakeful and WakefulSimulator

@Test(arguments: ["LocationPulse"])
func aDriveIsLoggedAndUploaded(with setup: String) throws {
    var app = AppConfiguration(locationAuthorization: .always, features: [.locationLog])
    app.outbox = OutboxSpec()
    var run = BackgroundTestRun(configuration: try .named(setup), iOS: .v17, scenario: .blank(app: app))
    run.openApp()
    run.pressHome()
    run.move(along: [RouteLeg(destination: LocalPoint(east: 20_000, north: 0), speed: 20)])
    run.advance(by: .seconds(1000))
    run.expectNoGap(longerThan: .seconds(10), in: .records("location"))
    run.expectBackgroundTasksAlwaysEnded()
    run.expectNoTermination()
    run.openApp()
    run.advance(by: .minutes(1))
    run.expectEveryRecordUploadedExactlyOnce()
}

/// The README's dependency lines, checked with the article's manifest in PackageManifestExamples.
let readmeDependency = """
    .package(url: "https://github.com/your-org/wakeful", branch: "main", traits: []),
    .testTarget(name: "TripKitTests", dependencies: ["TripKit", .product(name: "WakefulTesting", package: "wakeful")]),
    """

/// The README quotes what its very example reports with "RelaunchOnMovement" among its arguments.
@Test func theReadmesQuotedMessageIsWhatItsExampleReports() throws {
    let reported = try ExpectationFailure.collect { try aDriveIsLoggedAndUploaded(with: "RelaunchOnMovement") }
    #expect(
        try DocumentationSource.readmeQuotedMessages() == reported.map { DocumentationSource.unwrapped($0.message) })
}
