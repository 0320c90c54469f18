import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("OpenStep property lists", .watchdog, .cpuBound)
struct OpenStepParserTests {
    private func parse(_ text: String) throws(DoctorInputError) -> OpenStepValue {
        try OpenStepParser.parse(Data(text.utf8), file: "test.pbxproj")
    }

    @Test("dictionaries, arrays with trailing commas, data, comments and the UTF8 header")
    func structure() throws {
        let value = try parse(
            """
            // !$*UTF8*$!
            {
            \tname = App; /* a comment */
            \tlist = (
            \t\ta,
            \t\t"b c", // trailing comment
            \t);
            \tempty = ( );
            \tblob = <0fbd 7788>;
            \tnested = { inner = "x"; };
            }
            """)
        let top = try #require(value.dictionary)
        #expect(top.string("name") == "App")
        #expect(top["list"]?.array == [.string("a"), .string("b c")])
        #expect(top["empty"]?.array == [])
        #expect(top["blob"] == .data(Data([0x0F, 0xBD, 0x77, 0x88])))
        #expect(top["nested"]?.dictionary?.string("inner") == "x")
        #expect(top.keys == ["name", "list", "empty", "blob", "nested"])
        #expect(top.lines == ["name": 3, "list": 4, "empty": 8, "blob": 9, "nested": 10])
        guard case .array(_, let lines) = top["list"] else { Issue.record("not an array"); return }
        #expect(lines == [5, 6])
    }

    @Test("unquoted strings take letters, digits and _$+/:.-")
    func unquoted() throws {
        let top = try #require(try parse("{ a = $SRCROOT/x+y:z.w-v_u; b = 0123; }").dictionary)
        #expect(top.string("a") == "$SRCROOT/x+y:z.w-v_u")
        #expect(top.string("b") == "0123")
    }

    @Test(
        "quoted strings decode escapes",
        arguments: [
            (#""a\"b""#, "a\"b"),
            (#""back\\slash""#, "back\\slash"),
            (#""line\nnext\ttab""#, "line\nnext\ttab"),
            (#""\U00e9t\U00e9""#, "été"),
            (#""\UD83D\UDE00""#, "😀"),
            (#""\101\102""#, "AB"),
            (#""ünïcödé raw""#, "ünïcödé raw"),
            (#"'single'"#, "single"),
        ])
    func escapes(_ written: String, _ expected: String) throws {
        #expect(try parse("{ k = \(written); }").dictionary?.string("k") == expected)
    }

    @Test("a key written twice keeps the last value and both lines")
    func duplicateKeys() throws {
        let top = try #require(try parse("{\n a = 1;\n a = 2;\n}").dictionary)
        #expect(top.string("a") == "2")
        #expect(top.lines["a"] == 3)
        #expect(top.duplicates["a"] == [2, 3])
    }

    @Test(
        "malformed input names the file, the line and what was expected",
        arguments: [
            ("{\n a = b\n c = d;\n}", 2, "expected ';' after the value of \"a\", found 'c'"),
            ("{\n a b;\n}", 2, "expected '=' after the key \"a\", found 'b'"),
            ("{\n a = (x y);\n}", 2, "expected ',' or ')' after an array item, found 'y'"),
            ("{\n a = \"open;\n}", 2, "expected a closing quote"),
            ("{\n a = 1;\n", 3, "expected '}' to close the dictionary opened on line 1"),
            ("{\n /* never closed\n a = 1; }", 2, "expected '*/' to close the comment"),
            ("{\n a = <0fb>;\n}", 2, "even number of hex digits"),
            ("{\n a = <zz>;\n}", 2, "expected hex digits or '>' in data, found 'z'"),
            ("{\n a = ;\n}", 2, "expected a value"),
            ("{ a = 1; } extra", 1, "expected the end of the file"),
            ("{\n = 1;\n}", 2, "expected a key or '}', found '='"),
            ("{ a = \"\\U12\"; }", 1, "expected four hex digits after \\U"),
        ])
    func malformed(_ text: String, _ line: Int, _ message: String) throws {
        let error = try #require(throws: DoctorInputError.self) { try parse(text) }
        #expect(error.file == "test.pbxproj")
        #expect(error.line == line)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.description.hasPrefix("test.pbxproj:\(line): "))
    }

    @Test("an empty file and a file of only comments are errors")
    func empty() throws {
        for text in ["", "// !$*UTF8*$!\n"] {
            let error = try #require(throws: DoctorInputError.self) { try parse(text) }
            #expect(error.message.hasPrefix("is empty"))
        }
    }

    @Test("nesting past the limit is refused, not a crash")
    func deepNesting() throws {
        let text = String(repeating: "(", count: 10_000)
        let error = try #require(throws: DoctorInputError.self) { try parse(text) }
        #expect(error.message.contains("nested more than"))
    }
}
