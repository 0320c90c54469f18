import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("Where Info.plist keys are written", .watchdog, .cpuBound)
struct InfoPlistLocationTests {
    private func decode(_ text: String) throws -> InfoPlist {
        try InfoPlist.decode(Data(text.utf8), file: "Info.plist")
    }

    @Test("top-level keys and the items of top-level arrays, not nested ones")
    func lines() throws {
        let plist = try decode(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            <!-- <key>Commented</key> -->
            \t<key>NSAppTransportSecurity</key>
            \t<dict>
            \t\t<key>Nested</key>
            \t\t<array><string>x</string></array>
            \t</dict>
            \t<key>UIBackgroundModes</key>
            \t<array>
            \t\t<string>fetch</string>
            \t\t<dict><key>odd</key><string>item</string></dict>
            \t\t<string/>
            \t\t<array><string>deep</string></array>
            \t</array>
            \t<key>A &amp; B</key><true/>
            \t<key>Empty</key>
            \t<array/>
            </dict>
            </plist>
            """)
        #expect(
            plist.locations.keys.keys.sorted() == ["A & B", "Empty", "NSAppTransportSecurity", "UIBackgroundModes"])
        #expect(
            plist.location(ofKey: "NSAppTransportSecurity") == Finding.Location(file: "Info.plist", line: 6, column: 2))
        #expect(plist.location(ofKey: "UIBackgroundModes")?.line == 11)
        #expect(plist.locations.items["UIBackgroundModes"]?.map(\.line) == [13, 14, 15, 16])
        #expect(
            plist.location(ofKey: "UIBackgroundModes", item: 2)
                == Finding.Location(file: "Info.plist", line: 15, column: 3))
        #expect(plist.locations.items["Nested"] == nil)
        #expect(plist.locations.items["Empty"] == nil)
        #expect(plist.location(ofKey: "A & B")?.line == 18)
        #expect(plist.duplicateKeys.isEmpty)
    }

    @Test("a key written twice (a merge conflict's leftovers) is reported with every line; the last occurrence counts")
    func duplicates() throws {
        let plist = try decode(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>UIBackgroundModes</key>
            \t<array>
            \t\t<string>fetch</string>
            \t</array>
            \t<key>NSLocationWhenInUseUsageDescription</key>
            \t<string>One</string>
            \t<key>UIBackgroundModes</key>
            \t<array>
            \t\t<string>location</string>
            \t\t<string>processing</string>
            \t</array>
            </dict>
            </plist>
            """)
        #expect(plist.duplicateKeys.map(\.key) == ["UIBackgroundModes"])
        #expect(plist.duplicateKeys.first?.locations.map(\.line) == [4, 10])
        #expect(plist.location(ofKey: "UIBackgroundModes")?.line == 10)
        #expect(plist.locations.items["UIBackgroundModes"]?.map(\.line) == [12, 13])
        // Foundation keeps the last value too, so the item lines match the value checked.
        #expect(plist["UIBackgroundModes"]?.array?.count == 2)
    }

    @Test("binary plists have no lines: locations name the file alone")
    func binary() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["UIBackgroundModes": ["fetch"]], format: .binary, options: 0)
        let plist = try InfoPlist.decode(data, file: "App.plist")
        #expect(plist.format == .binary)
        #expect(plist.location(ofKey: "UIBackgroundModes") == Finding.Location(file: "App.plist"))
        #expect(plist.location(ofKey: "UIBackgroundModes", item: 0) == Finding.Location(file: "App.plist"))
        #expect(plist.location(ofKey: "Missing") == nil)
    }

    @Test("OpenStep-form Info.plists get lines from the OpenStep parser")
    func openStep() throws {
        let plist = try decode("{\n  UIBackgroundModes = (\n    fetch,\n    location\n  );\n  CFBundleName = App;\n}\n")
        #expect(plist.format == .openStep)
        #expect(plist.location(ofKey: "UIBackgroundModes")?.line == 2)
        #expect(plist.locations.items["UIBackgroundModes"]?.map(\.line) == [3, 4])
        #expect(plist.location(ofKey: "CFBundleName")?.line == 6)
    }

    @Test("a large file: 200,000 array items, every line found")
    func large() throws {
        let count = 200_000
        var text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>UIBackgroundModes</key>\n\t<array>\n"
        text.reserveCapacity(count * 30 + 200)
        for _ in 0..<count { text += "\t\t<string>audio</string>\n" }
        text += "\t</array>\n\t<key>After</key>\n\t<string>end</string>\n</dict>\n</plist>\n"
        let plist = try decode(text)
        let items = try #require(plist.locations.items["UIBackgroundModes"])
        #expect(items.count == count)
        #expect(items.first?.line == 6)
        #expect(items.last?.line == 5 + count)
        #expect(items.enumerated().allSatisfy { $0.element.line == 6 + $0.offset })
        #expect(plist.location(ofKey: "After")?.line == count + 7)
        #expect(plist["UIBackgroundModes"]?.array?.count == count)
    }
}
