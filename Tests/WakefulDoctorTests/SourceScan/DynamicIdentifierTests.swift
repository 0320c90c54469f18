import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("Identifiers known only at run time: the expression and a pattern", .watchdog, .cpuBound)
struct DynamicIdentifierTests {
    static let swiftCases: [(argument: String, expected: SourceIdentifier)] = [
        (
            #""\(Bundle.main.bundleIdentifier!).refresh""#,
            .dynamic(expression: #""\(Bundle.main.bundleIdentifier!).refresh""#, pattern: "*.refresh")
        ),
        (
            #"Bundle.main.bundleIdentifier! + ".refresh""#,
            .dynamic(expression: #"Bundle.main.bundleIdentifier! + ".refresh""#, pattern: "*.refresh")
        ),
        (#""com.example." + "refresh""#, .literal("com.example.refresh")),
        (
            #"String(format: "%@.sync.%02ld", prefix, index)"#,
            .dynamic(expression: #"String(format: "%@.sync.%02ld", prefix, index)"#, pattern: "*.sync.*")
        ),
        ("makeIdentifier( kind:  .refresh )", .dynamic(expression: "makeIdentifier( kind: .refresh )", pattern: nil)),
        (#""\(prefix)""#, .dynamic(expression: #""\(prefix)""#, pattern: nil)),
    ]

    @Test("Swift expressions", arguments: 0..<swiftCases.count)
    func swift(_ index: Int) {
        let (argument, expected) = Self.swiftCases[index]
        let evidence = swiftEvidence("let r = BGAppRefreshTaskRequest(identifier: \(argument))")
        #expect(evidence.identifiers(.appRefreshRequest) == [expected])
    }

    @Test("an interpolated constant gives its pattern to the reference")
    func interpolatedConstant() {
        let code =
            #"enum IDs { static let refresh = "\(Bundle.main.bundleIdentifier ?? "app").refresh" }"#
            + "\nBGTaskScheduler.shared.register(forTaskWithIdentifier: IDs.refresh, using: nil) { _ in }"
        #expect(
            swiftEvidence(code).identifiers(.taskRegister) == [
                .dynamic(expression: "IDs.refresh", pattern: "*.refresh")
            ])
    }

    static let objcCases: [(argument: String, expected: SourceIdentifier)] = [
        (
            #"[NSString stringWithFormat:@"%@.refresh", NSBundle.mainBundle.bundleIdentifier]"#,
            .dynamic(
                expression: #"[NSString stringWithFormat:@"%@.refresh", NSBundle.mainBundle.bundleIdentifier]"#,
                pattern: "*.refresh")
        ),
        (
            #"[NSBundle.mainBundle.bundleIdentifier stringByAppendingString:@".refresh"]"#,
            .dynamic(
                expression: #"[NSBundle.mainBundle.bundleIdentifier stringByAppendingString:@".refresh"]"#,
                pattern: "*.refresh")
        ),
        ("[self identifierFor:kind]", .dynamic(expression: "[self identifierFor:kind]", pattern: nil)),
    ]

    @Test("Objective-C expressions", arguments: 0..<objcCases.count)
    func objc(_ index: Int) {
        let (argument, expected) = Self.objcCases[index]
        let code =
            "- (void)go {\n  [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:\(argument) usingQueue:nil launchHandler:nil];\n}"
        #expect(objcEvidence(code).identifiers(.taskRegister) == [expected])
    }

    @Test("printf conversions become *, %% stays %")
    func formatPattern() {
        let evidence = swiftEvidence(
            #"let r = BGAppRefreshTaskRequest(identifier: String(format: "%d%%.%-5.2f.%lld", 1, 2.0, 3))"#)
        #expect(
            evidence.identifiers(.appRefreshRequest) == [
                .dynamic(expression: #"String(format: "%d%%.%-5.2f.%lld", 1, 2.0, 3)"#, pattern: "*%.*.*")
            ])
    }
}
