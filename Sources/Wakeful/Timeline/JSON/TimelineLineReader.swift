import Foundation

/// Reads the members of one JSON object of a timeline line by key, and reports what it could not
/// read as a ``TimelineDecodingError`` that names the file, the line and the key.
///
/// It remembers which keys were read, so that ``finish()`` can reject keys nobody asked for and
/// ``remainingFields(reserved:)`` can take the rest, in order, as flattened fields.
struct TimelineLineReader {
    private let members: [JSONMember]
    private let file: String
    private let line: Int
    /// Where this object sits in the line, e.g. `beacons[0]`; empty for the line itself.
    private let path: String
    private var used: [Bool]
    /// The keys asked for, in order, for the message about an unexpected key.
    private var known: [String] = []

    init(_ object: JSONObject, file: String, line: Int, path: String = "") {
        self.members = object.members
        self.file = file
        self.line = line
        self.path = path
        self.used = Array(repeating: false, count: object.members.count)
    }

    /// An error about a key of this object.
    func failure(_ key: String?, _ message: String) -> TimelineDecodingError {
        let fullKey = key.map { path.isEmpty ? $0 : "\(path).\($0)" } ?? (path.isEmpty ? nil : path)
        return TimelineDecodingError(file: file, line: line, key: fullKey, message: message)
    }

    /// An error saying what was expected and what was found instead.
    func mismatch(_ key: String, expected: String, found value: JSONValue) -> TimelineDecodingError {
        failure(key, "expected \(expected), found \(value.summary)")
    }

    // MARK: Lookup

    /// The value of a key, or nil when absent; a key written twice is an error.
    mutating func optional(_ key: String) throws(TimelineDecodingError) -> JSONValue? {
        known.append(key)
        guard let index = members.firstIndex(where: { $0.key == key }) else { return nil }
        if members[(index + 1)...].contains(where: { $0.key == key }) {
            throw failure(key, "appears more than once")
        }
        used[index] = true
        return members[index].value
    }

    /// Whether a key is present, without reading it; the key still counts as expected in errors.
    mutating func contains(_ key: String) -> Bool {
        known.append(key)
        return members.contains { $0.key == key }
    }

    /// The value of a key that must be present.
    mutating func required(
        _ key: String, expected: @autoclosure () -> String
    ) throws(TimelineDecodingError) -> JSONValue {
        guard let value = try optional(key) else { throw failure(key, "missing; expected \(expected())") }
        return value
    }

    // MARK: Scalars

    mutating func string(_ key: String) throws(TimelineDecodingError) -> String {
        let value = try required(key, expected: "a string")
        guard case .string(let string) = value else { throw mismatch(key, expected: "a string", found: value) }
        return string
    }

    mutating func optionalString(_ key: String) throws(TimelineDecodingError) -> String? {
        guard let value = try optional(key) else { return nil }
        guard case .string(let string) = value else { throw mismatch(key, expected: "a string", found: value) }
        return string
    }

    mutating func bool(_ key: String) throws(TimelineDecodingError) -> Bool {
        let value = try required(key, expected: "true or false")
        guard case .bool(let bool) = value else { throw mismatch(key, expected: "true or false", found: value) }
        return bool
    }

    mutating func int(_ key: String) throws(TimelineDecodingError) -> Int {
        let value = try required(key, expected: "an integer")
        guard let int = Self.int(value) else { throw mismatch(key, expected: "an integer", found: value) }
        return int
    }

    mutating func optionalInt(_ key: String) throws(TimelineDecodingError) -> Int? {
        guard let value = try optional(key) else { return nil }
        guard let int = Self.int(value) else { throw mismatch(key, expected: "an integer", found: value) }
        return int
    }

    mutating func uint16(_ key: String) throws(TimelineDecodingError) -> UInt16 {
        let expected = "an integer from 0 to 65535"
        let value = try required(key, expected: expected)
        guard let int = Self.int(value), let result = UInt16(exactly: int) else {
            throw mismatch(key, expected: expected, found: value)
        }
        return result
    }

    /// A double: any JSON number, or `null`, which stands for a non-finite value and reads as NaN.
    mutating func double(_ key: String, expected: String = "a number") throws(TimelineDecodingError) -> Double {
        let value = try required(key, expected: expected)
        return try double(value, key: key, expected: expected)
    }

    mutating func optionalDouble(_ key: String) throws(TimelineDecodingError) -> Double? {
        guard let value = try optional(key) else { return nil }
        return try double(value, key: key, expected: "a number")
    }

    private func double(_ value: JSONValue, key: String, expected: String) throws(TimelineDecodingError) -> Double {
        switch value {
        case .int(let int): Double(int)
        case .double(let double): double
        case .null: .nan
        default: throw mismatch(key, expected: expected, found: value)
        }
    }

    /// A value of a string-backed enum, by its raw value.
    mutating func enumeration<Value: RawRepresentable & CaseIterable>(
        _ key: String, as type: Value.Type
    ) throws(TimelineDecodingError) -> Value where Value.RawValue == String {
        // The list of values is built only for a message: this runs for every enum in every line.
        func expected() -> String { "one of " + Value.allCases.map(\.rawValue).joined(separator: ", ") }
        let value = try required(key, expected: expected())
        guard case .string(let string) = value, let result = Value(rawValue: string) else {
            throw mismatch(key, expected: expected(), found: value)
        }
        return result
    }

    private static func int(_ value: JSONValue) -> Int? {
        guard case .int(let int) = value else { return nil }
        return int
    }

    // MARK: Identifiers

    mutating func taskID(_ key: String) throws(TimelineDecodingError) -> BackgroundTaskID {
        let expected = "a task id of the form owner#serial, e.g. \"TaskExtension#1\""
        let value = try required(key, expected: expected)
        guard case .string(let string) = value, let id = BackgroundTaskID(parsing: string) else {
            throw mismatch(key, expected: expected, found: value)
        }
        return id
    }

    mutating func constraint(_ key: String) throws(TimelineDecodingError) -> BeaconIdentityConstraint {
        let expected = "a beacon constraint of the form UUID[/major[/minor]]"
        let value = try required(key, expected: expected)
        guard case .string(let string) = value, let constraint = Self.constraint(parsing: string) else {
            throw mismatch(key, expected: expected, found: value)
        }
        return constraint
    }

    mutating func uuid(_ key: String) throws(TimelineDecodingError) -> UUID {
        let expected = "a UUID such as \"E2C56DB5-DFFB-48D2-B060-D0F5A71096E0\""
        let value = try required(key, expected: expected)
        guard case .string(let string) = value, let uuid = Self.uuid(parsing: string) else {
            throw mismatch(key, expected: expected, found: value)
        }
        return uuid
    }

    /// The inverse of `BeaconIdentityConstraint.description`.
    static func constraint(parsing text: String) -> BeaconIdentityConstraint? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let uuid = uuid(parsing: parts[0]) else { return nil }
        var numbers: [UInt16] = []
        for part in parts.dropFirst() {
            guard let number = UInt16(part) else { return nil }
            numbers.append(number)
        }
        return BeaconIdentityConstraint(uuid: uuid, major: numbers.first, minor: numbers.dropFirst().first)
    }

    /// Parses the canonical 8-4-4-4-12 form in either case, as `UUID(uuidString:)` does; Foundation's
    /// version goes through `sscanf` on Linux and cost a third of the decoding time of a beacon line.
    static func uuid(parsing text: some StringProtocol) -> UUID? {
        text.utf8.withContiguousStorageIfAvailable(uuid(utf8:)) ?? Array(text.utf8).withUnsafeBufferPointer(uuid(utf8:))
    }

    /// ``uuid(parsing:)`` of UTF-8 bytes.
    static func uuid(utf8 text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &bytes) { output -> Bool in
            var position = 0
            for byteIndex in 0..<16 {
                // The dashes stand before bytes 4, 6, 8 and 10.
                if byteIndex == 4 || byteIndex == 6 || byteIndex == 8 || byteIndex == 10 {
                    guard text[position] == UInt8(ascii: "-") else { return false }
                    position += 1
                }
                guard let high = nibble(text[position]), let low = nibble(text[position + 1]) else { return false }
                output[byteIndex] = high << 4 | low
                position += 2
            }
            return true
        }
        return parsed ? UUID(uuid: bytes) : nil
    }

    /// The value of a hexadecimal digit in either case.
    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: Collections

    mutating func strings(_ key: String) throws(TimelineDecodingError) -> [String] {
        guard let strings = try optionalStrings(key) else {
            throw failure(key, "missing; expected an array of strings")
        }
        return strings
    }

    mutating func optionalStrings(_ key: String) throws(TimelineDecodingError) -> [String]? {
        guard let value = try optional(key) else { return nil }
        guard case .array(let elements) = value else {
            throw mismatch(key, expected: "an array of strings", found: value)
        }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .string(let string) = element else {
                throw mismatch("\(key)[\(index)]", expected: "a string", found: element)
            }
            strings.append(string)
        }
        return strings
    }

    /// Readers for an array of objects, each reporting keys as `key[index].member`.
    mutating func objects(_ key: String) throws(TimelineDecodingError) -> [TimelineLineReader] {
        let value = try required(key, expected: "an array of objects")
        guard case .array(let elements) = value else {
            throw mismatch(key, expected: "an array of objects", found: value)
        }
        var readers: [TimelineLineReader] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.isEmpty ? "\(key)[\(index)]" : "\(path).\(key)[\(index)]"
            guard case .object(let object) = element else {
                throw mismatch("\(key)[\(index)]", expected: "an object", found: element)
            }
            readers.append(TimelineLineReader(object, file: file, line: line, path: elementPath))
        }
        return readers
    }

    /// An object of fields, e.g. a notification's `userInfo`; its keys are taken as they are.
    mutating func fieldObject(_ key: String) throws(TimelineDecodingError) -> [Field] {
        let value = try required(key, expected: "an object of fields")
        guard case .object(let object) = value else {
            throw mismatch(key, expected: "an object of fields", found: value)
        }
        var fields: [Field] = []
        for member in object.members {
            fields.append(Field(member.key, try fieldValue(member.value, key: "\(key).\(member.key)")))
        }
        return fields
    }

    /// Every member not read so far, in order, as fields; one `_` is removed from escaped keys.
    mutating func remainingFields(reserved: [StaticString]) throws(TimelineDecodingError) -> [Field] {
        var fields: [Field] = []
        for index in members.indices where !used[index] {
            let member = members[index]
            if FlattenedFieldKeys.isReserved(member.key, among: reserved) {
                throw failure(
                    member.key, "is reserved on this line; a field with this key is written with a leading \"_\"")
            }
            used[index] = true
            let key = FlattenedFieldKeys.fieldKey(forJSONKey: member.key, reserved: reserved)
            fields.append(Field(key, try fieldValue(member.value, key: member.key)))
        }
        return fields
    }

    private func fieldValue(_ value: JSONValue, key: String) throws(TimelineDecodingError) -> FieldValue {
        switch value {
        case .string(let string): return .string(string)
        case .int(let int): return .int(int)
        case .double(let double): return .double(double)
        case .bool(let bool): return .bool(bool)
        case .null: return .double(.nan)
        case .array, .object: throw mismatch(key, expected: "a string, a number, true or false", found: value)
        }
    }

    // MARK: Completion

    /// Throws for the first key that nothing read: entries carry no keys beyond their form.
    func finish() throws(TimelineDecodingError) {
        guard let index = used.firstIndex(of: false) else { return }
        var expected: [String] = []
        for key in known where !expected.contains(key) { expected.append(key) }
        throw failure(members[index].key, "unexpected key; expected only \(expected.joined(separator: ", "))")
    }
}
