// The example of WakefulTesting's landing page (Sources/WakefulTesting/WakefulTesting.docc/
// WakefulTesting.md), word for word, imports included: WakefulTesting alone gives a test every
// type it names. DocumentationExamplesTests fails when the two differ.

import Testing
import WakefulTesting

@Test func gasStationPromptsAtThePumpOnIOS12() throws {
    var run = BackgroundTestRun(
        configuration: try .named("TaskExtension"), iOS: .v12, scenario: try BuiltinScenarios.load("gas-station"))
    run.runToEnd()
    run.expectTriggered(within: 3)
    run.expectBackgroundTasksAlwaysEnded()
}

/// The message the landing page quotes is the one the same test reports on iOS 17.
@Test func theLandingPagesQuotedMessageIsTheOneReported() throws {
    let quoted = try DocumentationSource.quotedMessages(in: "WakefulTesting.md")
    var run = BackgroundTestRun(
        configuration: try .named("TaskExtension"), iOS: .v17, scenario: try BuiltinScenarios.load("gas-station"))
    run.runToEnd()
    let reported = ExpectationFailure.collect { run.expectTriggered(within: 3) }
    #expect(quoted == reported.map { DocumentationSource.unwrapped($0.message) })
}
