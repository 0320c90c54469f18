import Testing
import WakefulSimulator
import WakefulTestSupport

@Suite("IOSFamily", .watchdog, .cpuBound)
struct IOSFamilyTests {
    @Test(
        "raw values, display names and representative versions",
        arguments: [
            (IOSFamily.iOS6, "6", "iOS 6", IOSVersion(6)),
            (.iOS7to12, "7-12", "iOS 7–12", IOSVersion(12)),
            (.iOS13to18, "13-18", "iOS 13–18", IOSVersion(17)),
            (.iOS26, "26+", "iOS 26+", IOSVersion(26)),
        ])
    func names(family: IOSFamily, raw: String, display: String, representative: IOSVersion) {
        #expect(family.rawValue == raw)
        #expect(IOSFamily(rawValue: raw) == family)
        #expect(family.displayName == display)
        #expect(family.representativeVersion == representative)
        #expect(family.representativeVersion.family == family)
    }

    @Test("cases are in release order")
    func order() {
        #expect(IOSFamily.allCases == [.iOS6, .iOS7to12, .iOS13to18, .iOS26])
    }

    @Test(
        "major boundaries",
        arguments: [
            (3, IOSFamily.iOS6), (6, .iOS6), (7, .iOS7to12), (12, .iOS7to12), (13, .iOS13to18), (18, .iOS13to18),
            (19, .iOS26), (26, .iOS26),
        ])
    func boundaries(major: Int, expected: IOSFamily) {
        #expect(IOSFamily(major: major) == expected)
    }
}
