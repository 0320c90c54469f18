import Foundation
import Testing
import WakefulTestSupport

/// The test-only validator must reject what the SARIF schema forbids before its "valid" verdict
/// on doctor's output means anything.
@Suite("JSON Schema validator", .watchdog, .cpuBound)
struct JSONSchemaValidatorTests {
    /// A hand-written example, parsed, for tests to break one property of.
    private func example(_ name: String) throws -> [String: Any] {
        let data = try Data(
            contentsOf: URL(fileURLWithPath: try ReportFixture.path("\(name).sarif.json", in: "sarif/examples")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `full.sarif.json` with one change applied to its first result.
    private func brokenResult(_ change: (inout [String: Any]) -> Void) throws -> [String: Any] {
        var log = try example("full")
        var runs = try #require(log["runs"] as? [[String: Any]])
        var results = try #require(runs[0]["results"] as? [[String: Any]])
        change(&results[0])
        runs[0]["results"] = results
        log["runs"] = runs
        return log
    }

    /// `physicalLocation` of a result, to change.
    private static func withRegion(_ region: [String: Any]) -> (inout [String: Any]) -> Void {
        { result in
            result["locations"] = [["physicalLocation": ["artifactLocation": ["uri": "Info.plist"], "region": region]]]
        }
    }

    @Test("the SARIF schema uses only keywords the validator implements")
    func keywordsCovered() throws {
        let data = try Data(
            contentsOf: URL(fileURLWithPath: try ReportFixture.path("sarif-schema-2.1.0.json", in: "sarif")))
        let schema = try JSONSerialization.jsonObject(with: data)
        var keywords = Set<String>()
        func walk(_ node: Any) {
            guard let object = node as? [String: Any] else { return }
            for (keyword, argument) in object {
                keywords.insert(keyword)
                switch keyword {
                case "properties", "definitions": (argument as? [String: Any])?.values.forEach(walk)
                case "anyOf", "oneOf", "allOf": (argument as? [Any])?.forEach(walk)
                case "items", "additionalProperties": walk(argument)
                default: break
                }
            }
        }
        walk(schema)
        let supported: Set = [
            "$schema", "id", "title", "description", "default", "definitions", "$ref", "type", "properties",
            "additionalProperties",
            "required", "enum", "items", "minItems", "uniqueItems", "minimum", "maximum", "pattern", "format", "anyOf",
            "oneOf",
        ]
        #expect(keywords.subtracting(supported).isEmpty, "unsupported: \(keywords.subtracting(supported).sorted())")
        #expect(keywords.contains("$ref") && keywords.contains("additionalProperties") && keywords.contains("anyOf"))
    }

    @Test("hand-written valid logs pass", arguments: ["minimal", "full"])
    func validExamples(_ name: String) throws {
        #expect(try ReportFixture.sarifSchema().validate(example(name)) == [])
    }

    @Test("a wrong level, kind or version is not in the enum")
    func enums() throws {
        let schema = try ReportFixture.sarifSchema()
        let level = schema.validate(try brokenResult { $0["level"] = "fatal" })
        #expect(level.contains { $0.hasPrefix("/runs/0/results/0/level:") && $0.contains("enum") }, "\(level)")
        #expect(!schema.validate(try brokenResult { $0["suppressions"] = [["kind": "baseline"]] }).isEmpty)
        var log = try example("minimal")
        log["version"] = "2.0.0"
        #expect(schema.validate(log).contains { $0.hasPrefix("/version:") })
    }

    @Test("a result without a message, or a log without its driver's name, misses a required property")
    func required() throws {
        let schema = try ReportFixture.sarifSchema()
        let errors = schema.validate(try brokenResult { $0["message"] = nil })
        #expect(errors.contains("/runs/0/results/0: required property \"message\" is missing"), "\(errors)")
        var log = try example("minimal")
        log["runs"] = [["tool": ["driver": ["version": "1"]]]]
        #expect(schema.validate(log).contains("/runs/0/tool/driver: required property \"name\" is missing"))
    }

    @Test("lines and columns are integers from 1")
    func regionNumbers() throws {
        let schema = try ReportFixture.sarifSchema()
        for region: [String: Any] in [["startLine": -3], ["startLine": 0], ["startLine": 1, "startColumn": 0]] {
            let errors = schema.validate(try brokenResult(Self.withRegion(region)))
            #expect(
                errors.contains { $0.contains("/region/start") && $0.contains("less than 1") }, "\(region): \(errors)")
        }
        let fraction = schema.validate(try brokenResult(Self.withRegion(["startLine": 2.5])))
        #expect(fraction.contains { $0.contains("is not of type integer") }, "\(fraction)")
        let text = schema.validate(try brokenResult(Self.withRegion(["startLine": "12"])))
        #expect(text.contains { $0.contains("string is not of type integer") }, "\(text)")
        #expect(schema.validate(try brokenResult(Self.withRegion(["startLine": 12.0]))) == [], "12.0 is an integer")
    }

    @Test("a region must say where it starts (the schema's anyOf)")
    func regionAnyOf() throws {
        let errors = try ReportFixture.sarifSchema().validate(try brokenResult(Self.withRegion(["startColumn": 4])))
        #expect(
            errors.contains {
                $0.contains("/region: matches none of anyOf") && $0.contains("\"startLine\" is missing")
            }, "\(errors)")
    }

    @Test("an extra property where additionalProperties is false is refused; property bags take anything")
    func additionalProperties() throws {
        let schema = try ReportFixture.sarifSchema()
        let errors = schema.validate(try brokenResult { $0["severity"] = "high" })
        #expect(errors == ["/runs/0/results/0: additional property \"severity\" is not allowed"])
        #expect(
            schema.validate(
                try brokenResult { $0["properties"] = ["severity": "high", "nested": ["any": [1, true]]] }) == [])
    }

    @Test("patterns, formats and uniqueItems")
    func patternsFormatsUnique() throws {
        let schema = try ReportFixture.sarifSchema()
        let guid = schema.validate(try brokenResult { $0["guid"] = "not-a-guid" })
        #expect(guid.contains { $0.contains("does not match") }, "\(guid)")
        var log = try example("minimal")
        log["$schema"] = "sarif schema.json"
        #expect(schema.validate(log).contains("/$schema: \"sarif schema.json\" is not a uri"))
        let tags = schema.validate(try brokenResult { $0["properties"] = ["tags": ["ios", "ios"]] })
        #expect(tags.contains("/runs/0/results/0/properties/tags: items 0 and 1 are equal"), "\(tags)")
        let empty = schema.validate(
            try brokenResult { $0["locations"] = [["physicalLocation": ["artifactLocation": ["uri": "a b"]]]] })
        #expect(empty.contains { $0.contains("is not a uri-reference") }, "\(empty)")
    }

    @Test("const, allOf, oneOf, dependencies, maximum, minItems and false schemas, on small schemas")
    func otherKeywords() throws {
        func schema(_ json: String) throws -> JSONSchema { try JSONSchema(data: Data(json.utf8)) }
        let const = try schema(#"{"const": {"a": [1, "x"]}}"#)
        #expect(try const.validate(json: #"{"a": [1.0, "x"]}"#) == [])
        #expect(try const.validate(json: #"{"a": [1, "y"]}"#) == [": object is not the const value"])
        let all = try schema(#"{"allOf": [{"type": "integer"}, {"minimum": 3}, {"maximum": 5}]}"#)
        #expect(try all.validate(json: "4") == [])
        #expect(try all.validate(json: "6") == [": 6.0 is more than 5.0"])
        let one = try schema(#"{"oneOf": [{"type": "number"}, {"type": "integer"}]}"#)
        #expect(try one.validate(json: "1.5") == [])
        #expect(try one.validate(json: "2") == [": matches 2 of oneOf's schemas, not exactly one"])
        #expect(try one.validate(json: "true") == [": matches 0 of oneOf's schemas, not exactly one"])
        let dependencies = try schema(#"{"dependencies": {"endLine": ["startLine"], "kind": {"required": ["level"]}}}"#)
        #expect(try dependencies.validate(json: #"{"startLine": 1, "endLine": 2}"#) == [])
        #expect(try dependencies.validate(json: #"{"endLine": 2}"#) == [": \"endLine\" needs \"startLine\""])
        #expect(try dependencies.validate(json: #"{"kind": "fail"}"#) == [": required property \"level\" is missing"])
        let items = try schema(#"{"type": "array", "minItems": 2, "items": false}"#)
        #expect(try items.validate(json: "[]") == [": 0 items, fewer than 2"])
        #expect(
            try items.validate(json: "[1, 2]") == [
                "/0: the schema allows nothing here", "/1: the schema allows nothing here",
            ])
        let boolean = try schema(#"{"type": ["boolean", "null"]}"#)
        #expect(try boolean.validate(json: "false") == [] && boolean.validate(json: "null") == [])
        #expect(try boolean.validate(json: "0") == [": integer is not of type boolean or null"])
        let unknown = try schema(#"{"patternProperties": {}}"#)
        #expect(try unknown.validate(json: "{}") == [": unsupported keyword patternProperties"])
    }
}
