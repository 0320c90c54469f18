import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("xcconfig files", .watchdog, .cpuBound)
struct XCConfigFileTests {
    @Test("assignments, comments, conditions, trailing semicolons and continued lines")
    func syntax() throws {
        let assignments = try XCConfigFile.parse(
            """
            // comment
            A = one
            B = two; // trailing comment
              C[sdk=iphoneos*][arch=arm64] = three
            D[sdk=iphoneos*,config=Debug] = four
            URL = https:/$()/example.com // the classic workaround
            LIST = first \\
                second
            EMPTY =
            """, file: "x.xcconfig")
        #expect(assignments.map(\.name) == ["A", "B", "C", "D", "URL", "LIST", "EMPTY"])
        #expect(
            assignments.map(\.value) == ["one", "two", "three", "four", "https:/$()/example.com", "first second", ""])
        #expect(assignments.map { $0.location?.line } == [2, 3, 4, 5, 6, 7, 9])
        #expect(
            assignments[2].conditions == [
                .init(parameter: "sdk", pattern: "iphoneos*"), .init(parameter: "arch", pattern: "arm64"),
            ])
        #expect(
            assignments[3].conditions == [
                .init(parameter: "sdk", pattern: "iphoneos*"), .init(parameter: "config", pattern: "Debug"),
            ])
        #expect(assignments.allSatisfy { $0.location?.file == "x.xcconfig" })
    }

    @Test(
        "bad lines name the file and line",
        arguments: [
            ("A = 1\nnot an assignment\n", 2, "expected a build setting (NAME = value)"),
            ("1BAD = x\n", 1, "expected a build setting name"),
            ("A[sdk] = x\n", 1, "expected a build setting name"),
            ("#import \"x\"\n", 1, "expected #include"),
            ("#include x.xcconfig\n", 1, "expected a quoted file name"),
        ])
    func badLines(_ text: String, _ line: Int, _ message: String) throws {
        let error = try #require(throws: DoctorInputError.self) { try XCConfigFile.parse(text, file: "bad.xcconfig") }
        #expect(error.file == "bad.xcconfig")
        #expect(error.line == line)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("#include takes effect where it is written, relative to the including file; #include? may be missing")
    func includes() throws {
        let folder = try TemporaryFolder()
        try folder.write("Config/Inner/Shared.xcconfig", "A = shared\nB = shared\n")
        let main = try folder.write(
            "Config/Main.xcconfig",
            "A = before\n#include \"Inner/Shared.xcconfig\"\n#include? \"Missing.xcconfig\"\nB = after\n")
        let assignments = try XCConfigFile.load(URL(fileURLWithPath: main), file: "Config/Main.xcconfig")
        #expect(assignments.map { "\($0.name)=\($0.value)" } == ["A=before", "A=shared", "B=shared", "B=after"])
        #expect(assignments[1].location == Finding.Location(file: "Config/Inner/Shared.xcconfig", line: 1))
    }

    @Test("a missing #include and an include cycle are errors with the line")
    func includeErrors() throws {
        let folder = try TemporaryFolder()
        let missing = try folder.write("M.xcconfig", "A = 1\n#include \"Nope.xcconfig\"\n")
        let error = try #require(throws: DoctorInputError.self) {
            try XCConfigFile.load(URL(fileURLWithPath: missing), file: "M.xcconfig")
        }
        #expect(error.line == 2)
        #expect(error.message.contains("Nope.xcconfig does not exist"))
        try folder.write("Loop/A.xcconfig", "#include \"B.xcconfig\"\n")
        let loop = try folder.write("Loop/B.xcconfig", "X = 1\n#include \"A.xcconfig\"\n")
        let cycle = try #require(throws: DoctorInputError.self) {
            try XCConfigFile.load(URL(fileURLWithPath: loop), file: "Loop/B.xcconfig")
        }
        #expect(cycle.message.contains("include cycle"))
    }
}
