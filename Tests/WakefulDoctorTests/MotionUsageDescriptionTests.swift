import Testing
import Wakeful
import WakefulDoctor
import WakefulTestSupport

/// `NSMotionUsageDescription`: a missing key crashes the app on the first use of Core Motion (MOTION-2).
@Suite("Motion usage description", .watchdog, .cpuBound)
struct MotionUsageDescriptionTests {
    static let location = InfoPlist(entries: [
        "UIBackgroundModes": .array([.string("location")]),
        "NSLocationWhenInUseUsageDescription": .string("Shows your route."),
        "NSLocationAlwaysAndWhenInUseUsageDescription": .string("Records your trips in the background."),
    ])

    @Test("MotionAwareTracking configured without the key: an error naming the strategy and MOTION-2")
    func configuredStrategyNeedsTheKey() throws {
        let needs = AppRequirements(source: "commuter", strategies: [MotionAwareTracking()])
        let report = PlistDoctor.examine(Self.location, requirements: needs)
        let missing = try #require(report.findings(.usageDescriptionMissing).first)
        #expect(missing.key == "NSMotionUsageDescription")
        #expect(missing.severity == .error)
        #expect(missing.rules == ["MOTION-2"])
        #expect(missing.message.contains("MotionAwareTracking"))
        #expect(missing.message.contains("crashes"))
    }

    @Test("with the key, or with motion turned off in the options, nothing about motion")
    func satisfiedOrNotNeeded() {
        var plist = Self.location
        plist.entries["NSMotionUsageDescription"] = .string("Turns the GPS off while you stand still.")
        let withKey = PlistDoctor.examine(
            plist, requirements: AppRequirements(source: "a", strategies: [MotionAwareTracking()]))
        #expect(!withKey.findings.contains { $0.key == "NSMotionUsageDescription" })
        let noMotion = AppRequirements(
            source: "b", strategies: [MotionAwareTracking(options: .init(usesMotion: false))])
        let report = PlistDoctor.examine(Self.location, requirements: noMotion)
        #expect(!report.findings.contains { $0.key == "NSMotionUsageDescription" })
    }

    @Test("an empty motion purpose string is an error when the strategy needs it (guideline 5.1.1)")
    func emptyString() {
        var plist = Self.location
        plist.entries["NSMotionUsageDescription"] = .string("  ")
        let report = PlistDoctor.examine(
            plist, requirements: AppRequirements(source: "a", strategies: [MotionAwareTracking()]))
        #expect(report.findings(.usageDescriptionEmpty).map(\.key) == ["NSMotionUsageDescription"])
    }
}
