import Foundation
import Testing
import Wakeful
import WakefulTestSupport

@Suite("JSONValue parser", .watchdog, .cpuBound)
struct JSONValueParserTests {
    private func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONValue.parse(Array(text.utf8))
    }

    static let valid: [(String, JSONValue)] = [
        ("null", .null),
        (" true ", .bool(true)),
        ("\n\t\r false", .bool(false)),
        ("0", .int(0)),
        ("-0", .int(0)),
        ("42", .int(42)),
        ("-70", .int(-70)),
        ("9223372036854775807", .int(.max)),
        ("-9223372036854775808", .int(.min)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808)),
        ("3.41", .double(3.41)),
        ("3.0", .double(3)),
        ("-0.5", .double(-0.5)),
        ("1e3", .double(1000)),
        ("1E+3", .double(1000)),
        ("2.5e-3", .double(0.0025)),
        ("1.7976931348623157e+308", .double(.greatestFiniteMagnitude)),
        (#""""#, .string("")),
        (#""plain é 😀""#, .string("plain é 😀")),
        (#""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{08}\u{0C}\n\r\t")),
        (#""\u00e9\u00C9\u0000""#, .string("éÉ\u{0}")),
        (#""\ud83d\ude00 and \uD834\uDD1E""#, .string("😀 and 𝄞")),
        ("[]", .array([])),
        ("[1, [2, [3, []]], {}]", .array([.int(1), .array([.int(2), .array([.int(3), .array([])])]), .object([:])])),
        (
            #"{"z":1,"a":{"y":[true,null]},"m":"x","z":2}"#,
            .object(["z": .int(1), "a": .object(["y": .array([.bool(true), .null])]), "m": .string("x"), "z": .int(2)])
        ),
    ]

    @Test("valid documents", arguments: valid.indices)
    func validDocument(_ index: Int) throws {
        let (text, expected) = Self.valid[index]
        #expect(try parse(text) == expected)
    }

    @Test("objects keep member order, duplicates included")
    func order() throws {
        guard case .object(let object) = try parse(#"{"b":1,"a":2,"c":3,"a":4}"#) else {
            Issue.record("expected an object")
            return
        }
        #expect(object.map(\.key) == ["b", "a", "c", "a"])
        #expect(object["a"] == .int(2))
        #expect(object["missing"] == nil)
    }

    @Test("parsing the description again gives the same value")
    func descriptionRoundTrip() throws {
        let text = #"{"b":[1,2.5,3.0,-0.0,"\u0001é",true,false,null],"a":{}}"#
        let value = try parse(text)
        #expect(value.description == text)
        #expect(try parse(value.description) == value)
    }

    @Test("parses any collection of bytes, contiguous or not")
    func nonContiguous() throws {
        let bytes = Array(#"{"a":[1,2]}"#.utf8)
        #expect(try JSONValue.parse(bytes.lazy.map { $0 }) == .object(["a": .array([.int(1), .int(2)])]))
        #expect(try JSONValue.parse(bytes[5...9]) == .array([.int(1), .int(2)]))
    }

    /// (document, line, column, words the message must contain).
    static let invalid: [(String, Int, Int, String)] = [
        ("", 1, 1, "expected a value, found the end of the input"),
        ("   ", 1, 4, "found the end of the input"),
        ("[1,]", 1, 4, "expected a value, found ']'"),
        ("[1 2]", 1, 4, "expected ',' or ']' after an array element, found '2'"),
        (#"{"a" 1}"#, 1, 6, "expected ':' after an object key, found '1'"),
        (#"{"a":1,}"#, 1, 8, "expected a string key, found '}'"),
        (#"{a:1}"#, 1, 2, "expected a string key, found 'a'"),
        (#"{"a":1"#, 1, 7, "expected ',' or '}' after an object member, found the end of the input"),
        ("{\n  \"a\": tru\n}", 2, 8, "expected a value, found 't'"),
        ("[\n1,\n\n  01]", 4, 4, "may not start with 0"),
        ("-", 1, 2, "expected a digit after '-', found the end of the input"),
        ("1.", 1, 3, "expected a digit after '.'"),
        ("1e", 1, 3, "expected a digit in the exponent"),
        ("1e999", 1, 1, "number out of range"),
        (#""abc"#, 1, 5, "unterminated string"),
        ("\"a\nb\"", 1, 3, "control character (U+000A) must be escaped"),
        (#""\x""#, 1, 2, #"invalid escape '\x'"#),
        (#""\u12G4""#, 1, 2, "expected four hexadecimal digits"),
        (#""é\ud83d""#, 1, 3, "unpaired high surrogate \\uD83D"),
        (#""\ude00""#, 1, 2, "unpaired low surrogate \\uDE00"),
        (#""\ud83d\u0041""#, 1, 2, "unpaired high surrogate"),
        ("[1] [2]", 1, 5, "unexpected '[' after the value"),
        ("nul", 1, 1, "expected a value, found 'n'"),
        ("é", 1, 1, "expected a value, found 'é'"),
        ("\"ok\" ü", 1, 6, "unexpected 'ü' after the value"),
    ]

    @Test("invalid documents give line, column and what was expected", arguments: invalid.indices)
    func invalidDocument(_ index: Int) {
        let (text, line, column, message) = Self.invalid[index]
        #expect {
            try parse(text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.line == line && error.column == column && error.message.contains(message)
                && error.description.hasPrefix("line \(line), column \(column): ")
        }
    }

    @Test("invalid UTF-8 is rejected at the offending byte")
    func invalidUTF8() {
        for bytes: [UInt8] in [
            [0x22, 0x61, 0xFF, 0x22], [0x22, 0x61, 0xC0, 0xAF, 0x22], [0x22, 0x61, 0xED, 0xA0, 0x80, 0x22],
            [0x22, 0x61, 0xE2, 0x82, 0x22],
        ] {
            #expect {
                try JSONValue.parse(bytes)
            } throws: { error in
                guard let error = error as? JSONParseError else { return false }
                return error.offset == 2 && error.column == 3 && error.message.contains("invalid UTF-8")
            }
        }
    }

    @Test("nesting is limited so hostile input cannot exhaust the stack")
    func depth() throws {
        let ok =
            String(repeating: "[", count: JSONValue.maximumNestingDepth)
            + String(repeating: "]", count: JSONValue.maximumNestingDepth)
        _ = try parse(ok)
        let deep = String(repeating: "[", count: 100_000)
        #expect {
            try parse(deep)
        } throws: { error in
            (error as? JSONParseError)?.message.contains("nesting deeper than 512") == true
        }
    }
}
