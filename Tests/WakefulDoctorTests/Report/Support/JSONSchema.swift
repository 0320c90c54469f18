import Foundation

/// A JSON Schema validator for the keywords the SARIF 2.1.0 schema uses (drafts 04 to 07 read
/// them alike), so that the tests check doctor's SARIF against the official schema with no
/// dependency: `$ref` into the same document, `type` (with `integer`), `properties`,
/// `additionalProperties`, `required`, `enum`, `const`, `items`, `minItems`, `uniqueItems`,
/// `minimum`, `maximum`, `pattern`, `format` (`uri`, `uri-reference`, `date-time`, loosely),
/// `oneOf`, `anyOf`, `allOf` and `dependencies`. Annotations (`description`, `default` …) are
/// ignored; any other keyword is reported as unsupported rather than silently passed.
struct JSONSchema {
    /// The whole schema document, which `$ref`s point into.
    let root: Any

    /// Keywords that only annotate.
    private static let annotations: Set = [
        "$schema", "id", "$id", "title", "description", "default", "definitions", "examples", "$comment",
    ]

    /// Reads a schema (or any JSON document) with `JSONSerialization`.
    init(data: Data) throws {
        root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    }

    /// Every violation, as `/json/pointer: what is wrong`; empty when the instance is valid.
    func validate(_ instance: Any) -> [String] {
        var errors: [String] = []
        check(instance, root, "", &errors)
        return errors
    }

    /// Parses `json` and validates it.
    func validate(json: String) throws -> [String] {
        validate(try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]))
    }

    private func check(_ value: Any, _ schema: Any, _ path: String, _ errors: inout [String]) {
        if let allowed = schema as? NSNumber, SchemaValue.isBoolean(allowed) {
            if !allowed.boolValue { errors.append("\(path): the schema allows nothing here") }
            return
        }
        guard let schema = schema as? [String: Any] else {
            errors.append("\(path): schema is not an object or a boolean")
            return
        }
        for (keyword, argument) in schema.sorted(by: { $0.key < $1.key }) where !Self.annotations.contains(keyword) {
            apply(keyword, argument, schema, value, path, &errors)
        }
    }

    private func apply(
        _ keyword: String, _ argument: Any, _ schema: [String: Any], _ value: Any, _ path: String,
        _ errors: inout [String]
    ) {
        let json = SchemaValue(value)
        switch keyword {
        case "$ref":
            guard let target = resolve(argument as? String ?? "") else {
                errors.append("\(path): unresolvable $ref \(argument)")
                return
            }
            check(value, target, path, &errors)
        case "type":
            let types = (argument as? [String]) ?? [(argument as? String) ?? ""]
            if !types.contains(where: json.isOfType) {
                errors.append("\(path): \(json.typeName) is not of type \(types.joined(separator: " or "))")
            }
        case "enum":
            let options = argument as? [Any] ?? []
            if !options.contains(where: { SchemaValue.equal($0, value) }) {
                errors.append("\(path): \(json.brief) is not one of the enum's values")
            }
        case "const":
            if !SchemaValue.equal(argument, value) { errors.append("\(path): \(json.brief) is not the const value") }
        case "properties":
            guard let object = value as? [String: Any], let properties = argument as? [String: Any] else { return }
            for (name, subschema) in properties.sorted(by: { $0.key < $1.key }) {
                if let member = object[name] { check(member, subschema, path + "/" + name, &errors) }
            }
        case "additionalProperties":
            guard let object = value as? [String: Any] else { return }
            let declared = Set((schema["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
            for name in object.keys.sorted() where !declared.contains(name) {
                if let allowed = argument as? NSNumber, SchemaValue.isBoolean(allowed) {
                    if !allowed.boolValue { errors.append("\(path): additional property \"\(name)\" is not allowed") }
                } else {
                    check(object[name]!, argument, path + "/" + name, &errors)
                }
            }
        case "required":
            guard let object = value as? [String: Any] else { return }
            for name in argument as? [String] ?? [] where object[name] == nil {
                errors.append("\(path): required property \"\(name)\" is missing")
            }
        case "dependencies":
            guard let object = value as? [String: Any], let dependencies = argument as? [String: Any] else { return }
            for (name, dependency) in dependencies.sorted(by: { $0.key < $1.key }) where object[name] != nil {
                if let needed = dependency as? [String] {
                    for other in needed where object[other] == nil {
                        errors.append("\(path): \"\(name)\" needs \"\(other)\"")
                    }
                } else {
                    check(value, dependency, path, &errors)
                }
            }
        case "items":
            guard let array = value as? [Any] else { return }
            for (index, item) in array.enumerated() { check(item, argument, "\(path)/\(index)", &errors) }
        case "minItems":
            if let array = value as? [Any], let minimum = (argument as? NSNumber)?.intValue, array.count < minimum {
                errors.append("\(path): \(array.count) items, fewer than \(minimum)")
            }
        case "uniqueItems":
            guard let array = value as? [Any], (argument as? NSNumber)?.boolValue == true else { return }
            for i in array.indices {
                for j in array.indices where j > i && SchemaValue.equal(array[i], array[j]) {
                    errors.append("\(path): items \(i) and \(j) are equal")
                }
            }
        case "minimum":
            if let number = json.number, let minimum = (argument as? NSNumber)?.doubleValue, number < minimum {
                errors.append("\(path): \(json.brief) is less than \(minimum)")
            }
        case "maximum":
            if let number = json.number, let maximum = (argument as? NSNumber)?.doubleValue, number > maximum {
                errors.append("\(path): \(json.brief) is more than \(maximum)")
            }
        case "pattern":
            // JSON Schema patterns are unanchored searches (ECMA 262; the SARIF ones read the same in ICU).
            guard let text = value as? String, let pattern = argument as? String else { return }
            guard let regex = try? NSRegularExpression(pattern: pattern) else {
                errors.append("\(path): bad pattern \(pattern)")
                return
            }
            if regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                errors.append("\(path): \"\(text)\" does not match \(pattern)")
            }
        case "format":
            guard let text = value as? String else { return }
            if !Self.conforms(text, format: argument as? String ?? "") {
                errors.append("\(path): \"\(text)\" is not a \(argument)")
            }
        case "anyOf", "oneOf", "allOf":
            let branches = argument as? [Any] ?? []
            let failures = branches.map { branch -> [String] in
                var branchErrors: [String] = []
                check(value, branch, path, &branchErrors)
                return branchErrors
            }
            let passed = failures.filter(\.isEmpty).count
            switch keyword {
            case "anyOf" where passed == 0:
                errors.append(
                    "\(path): matches none of anyOf (\(failures.map { $0.first ?? "" }.joined(separator: "; ")))")
            case "oneOf" where passed != 1:
                errors.append("\(path): matches \(passed) of oneOf's schemas, not exactly one")
            case "allOf":
                errors += failures.flatMap { $0 }
            default:
                break
            }
        default:
            errors.append("\(path): unsupported keyword \(keyword)")
        }
    }

    /// `#/definitions/run` → that part of the root document (JSON Pointer, with `~0` and `~1`).
    private func resolve(_ reference: String) -> Any? {
        guard reference.hasPrefix("#") else { return nil }
        var node: Any = root
        for token in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: true) {
            let name = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let object = node as? [String: Any], let next = object[name] {
                node = next
            } else if let array = node as? [Any], let index = Int(name), array.indices.contains(index) {
                node = array[index]
            } else {
                return nil
            }
        }
        return node
    }

    /// Loose format checks: enough to catch a path where a URI belongs, not a full RFC 3986 parser.
    static func conforms(_ text: String, format: String) -> Bool {
        let noSpaces = !text.contains { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true }
        switch format {
        case "uri":
            return noSpaces && text.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil
        case "uri-reference":
            return noSpaces
        case "date-time":
            return text.range(
                of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#, options: .regularExpression)
                != nil
        default:
            // Unknown formats are annotations in draft 07.
            return true
        }
    }
}

/// A value `JSONSerialization` returned, classified by JSON type.
struct SchemaValue {
    let value: Any

    init(_ value: Any) { self.value = value }

    /// JSONSerialization gives NSNumber for numbers and booleans alike, and on Linux `1 is Bool`
    /// holds; the Objective-C type code tells them apart (`c` for a boolean).
    static func isBoolean(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "c" || type == "B"
    }

    var number: Double? {
        guard let number = value as? NSNumber, !Self.isBoolean(number) else { return nil }
        return number.doubleValue
    }

    var typeName: String {
        switch value {
        case is NSNull: "null"
        case let number as NSNumber: Self.isBoolean(number) ? "boolean" : (isOfType("integer") ? "integer" : "number")
        case is String: "string"
        case is [Any]: "array"
        case is [String: Any]: "object"
        default: "unknown"
        }
    }

    func isOfType(_ type: String) -> Bool {
        switch type {
        case "integer": number.map { $0.rounded() == $0 } ?? false
        case "number": number != nil
        case "boolean": (value as? NSNumber).map(Self.isBoolean) ?? false
        default: typeName == type
        }
    }

    /// The value in a message: a string quoted, else its JSON type.
    var brief: String {
        if let text = value as? String { return "\"\(text)\"" }
        if let number { return "\(number)" }
        return typeName
    }

    /// JSON equality: numbers by value, objects by members, arrays in order.
    static func equal(_ a: Any, _ b: Any) -> Bool {
        let (x, y) = (SchemaValue(a), SchemaValue(b))
        guard x.typeName == y.typeName || (x.number != nil && y.number != nil) else { return false }
        switch (a, b) {
        case (is NSNull, is NSNull): return true
        case (let p as String, let q as String): return p == q
        case (let p as [Any], let q as [Any]): return p.count == q.count && zip(p, q).allSatisfy { equal($0, $1) }
        case (let p as [String: Any], let q as [String: Any]):
            return Set(p.keys) == Set(q.keys) && p.allSatisfy { key, member in equal(member, q[key]!) }
        case (let p as NSNumber, let q as NSNumber):
            return isBoolean(p) ? p.boolValue == q.boolValue : p.doubleValue == q.doubleValue
        default: return false
        }
    }
}
