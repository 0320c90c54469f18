import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("Reading an Info.plist", .watchdog, .cpuBound)
struct InfoPlistReadingTests {
    @Test(
        "binary fixtures hold the same values as their XML sources",
        arguments: ["overnight-sync", "every-mode", "mode-missing", "wrong-types"])
    func binaryEqualsXML(_ name: String) throws {
        let xml = try Fixture.plist("\(name).plist")
        let binary = try Fixture.plist("\(name).binary.plist")
        #expect(xml.format == .xml)
        #expect(binary.format == .binary)
        #expect(binary.entries == xml.entries)
    }

    @Test("layout, key order, comments, CRLF and blank lines make no difference")
    func messyLayout() throws {
        let clean = try Fixture.plist("overnight-sync.plist")
        let messy = try Fixture.plist("overnight-sync-messy.plist")
        #expect(Set(messy.entries.keys).isSubset(of: Set(clean.entries.keys)))
        for key in messy.entries.keys {
            // The messy file also lists its arrays in another order: compare those as sets.
            if case .array(let a) = messy[key], case .array(let b) = clean[key] {
                #expect(Set(a) == Set(b), "\(key)")
            } else {
                #expect(messy[key] == clean[key], "\(key)")
            }
        }
        let a = try Fixture.report("overnight-sync.plist", config: "overnight-sync.json")
        let b = try Fixture.report("overnight-sync-messy.plist", config: "overnight-sync.json")
        #expect(a.problems.isEmpty)
        #expect(b.problems.isEmpty)
        #expect(Set(a.findings.map(\.check)) == Set(b.findings.map(\.check)))
    }

    @Test("every property-list type arrives as its own case")
    func valueTypes() throws {
        let plist = try Fixture.plist("wrong-item-types.plist")
        guard case .array(let items) = try #require(plist["UIBackgroundModes"]) else {
            Issue.record("UIBackgroundModes is not an array")
            return
        }
        #expect(items.map(\.typeDescription) == ["a string", "a dictionary", "a real number", "a date", "data"])
        let types = try Fixture.plist("wrong-types.plist")
        #expect(types["NSBluetoothAlwaysUsageDescription"] == .boolean(true))
        guard
            case .array(let identifiers) = try #require(
                try Fixture.plist("wrong-item-types.plist")["BGTaskSchedulerPermittedIdentifiers"])
        else {
            Issue.record("BGTaskSchedulerPermittedIdentifiers is not an array")
            return
        }
        #expect(identifiers[1] == .integer(42))
    }

    @Test(
        "bad input names the file and what was expected",
        arguments: [
            ("not-a-plist.plist", "is not a property list"),
            ("empty.plist", "is empty"),
            ("top-level-array.plist", "top level is an array; expected a dictionary"),
        ])
    func badInput(_ name: String, _ expected: String) throws {
        let path = try Fixture.path(name)
        let error = try #require(throws: DoctorInputError.self) {
            try InfoPlist.load(contentsOf: URL(fileURLWithPath: path))
        }
        #expect(error.file == path)
        #expect(error.message.contains(expected), "\(error)")
    }

    @Test("a value no Info.plist should hold (a keyed-archiver UID) is reported where it is")
    func unsupportedValue() throws {
        let report = try Fixture.report("uid.binary.plist")
        let wrong = try #require(report.findings(.wrongType).first)
        #expect(wrong.message.hasPrefix("item 1 is an unsupported value"))
        #expect(report.declaredModes == ["fetch"])
    }

    @Test("reports and errors name the file as the user typed it")
    func displayName() throws {
        let url = URL(fileURLWithPath: try Fixture.path("chat.plist"))
        let plist = try InfoPlist.load(contentsOf: url, file: "App/Info.plist")
        #expect(
            PlistDoctor.examine(plist, requirements: nil).text(strict: false).hasPrefix(
                "App/Info.plist (xml) checked on its own"))
        let bad = URL(fileURLWithPath: try Fixture.path("empty.plist"))
        let error = #expect(throws: DoctorInputError.self) {
            try InfoPlist.load(contentsOf: bad, file: "Empty/Info.plist")
        }
        #expect(error?.file == "Empty/Info.plist")
    }

    @Test("a missing file is an input error, not a crash")
    func missingFile() {
        let error = #expect(throws: DoctorInputError.self) {
            try InfoPlist.load(contentsOf: URL(fileURLWithPath: "/nonexistent/Info.plist"))
        }
        #expect(
            error?.description.hasPrefix("/nonexistent/Info.plist: does not exist; expected an Info.plist file") == true
        )
    }
}
