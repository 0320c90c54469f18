import Foundation

/// Appends the members that line forms visit straight into a line's bytes: the fast half of
/// ``TimelineLineCoder``, behind ``TimelineJSONEncoder``.
///
/// Members after the first in an object are written as `,"key":value`; the line's first member is
/// always `"t"`, which the encoder writes itself, so only an object in an array opens without a comma.
/// Most members go to the line in one append each, assembled on the stack (see ``JSONMemberBytes``).
///
/// Each method writes the value it is given and returns a stand-in that costs no reference counting
/// (an empty string or array, `nil`, or the value itself when it holds no references): line forms
/// rebuild their value from what the coder returns, and the writer throws that value away.
struct TimelineLineWriter: TimelineLineCoder {
    typealias Failure = Never

    /// The line so far; the encoder swaps its buffer in and out, so nothing is copied.
    var bytes: [UInt8] = []
    /// Room for one member, ``JSONMemberBytes/capacity`` bytes on the encoder's stack, where it is
    /// put together before it goes to the line in one append.
    private let scratch: UnsafeMutablePointer<UInt8>
    /// What goes before the next key: a comma, or the opening of an object in an array.
    private var prefix = Prefix.comma
    /// The key of the variant being written, whose value is the case name that comes next.
    private var variantKey: StaticString?

    /// What goes before a key.
    private enum Prefix {
        /// `,`: a member after the first (the line's first member, `"t"`, the encoder writes itself).
        case comma
        /// `{`: the first member of an array's first object.
        case firstObject
        /// `,{`: the first member of a later object in an array.
        case nextObject
    }

    /// Creates a writer that assembles members in `scratch`, which has room for
    /// ``JSONMemberBytes/capacity`` bytes and outlives the writer.
    init(scratch: UnsafeMutablePointer<UInt8>) {
        self.scratch = scratch
    }

    /// Starts a member in the scratch with the prefix and `"key":`; a key too long for the scratch
    /// goes straight to the line instead.
    @inline(__always)
    private mutating func startMember(_ key: StaticString) -> JSONMemberBytes {
        var member = JSONMemberBytes(base: scratch)
        if key.utf8CodeUnitCount <= JSONMemberBytes.maximumKey {
            writePrefix(into: &member)
            member.byte(UInt8(ascii: "\""))
            member.raw(key)
            member.byte(UInt8(ascii: "\""))
            member.byte(UInt8(ascii: ":"))
        } else {
            self.key(key)
        }
        return member
    }

    /// Appends the member put together in the scratch to the line.
    @inline(__always)
    private mutating func finish(_ member: JSONMemberBytes) {
        bytes.append(contentsOf: member.written)
    }

    /// Writes the pending prefix and resets it to a comma.
    @inline(__always)
    private mutating func writePrefix(into member: inout JSONMemberBytes) {
        switch prefix {
        case .comma: member.byte(UInt8(ascii: ","))
        case .firstObject: member.byte(UInt8(ascii: "{"))
        case .nextObject: member.raw(",{")
        }
        prefix = .comma
    }

    /// Appends the prefix and `"key":` straight to the line, for a value that is appended on its own.
    private mutating func key(_ key: UnsafeBufferPointer<UInt8>) {
        switch prefix {
        case .comma: bytes.append(UInt8(ascii: ","))
        case .firstObject: bytes.append(UInt8(ascii: "{"))
        case .nextObject: bytes.appendJSONRaw(",{")
        }
        prefix = .comma
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    @inline(__always)
    private mutating func key(_ key: StaticString) {
        key.withUTF8Buffer { self.key($0) }
    }

    /// Appends a string member, in one append when it is short and needs no escaping; `trusted`
    /// skips the check, for case names, which are Swift identifiers.
    ///
    /// This and the other `…Member` functions are shared rather than inlined into every line form:
    /// a line's path through the writer then stays small enough to remain in the instruction cache
    /// while the simulator runs between lines, which matters more to a run than the calls do.
    @inline(never)
    private mutating func stringMember(_ key: StaticString, _ value: String, trusted: Bool = false) {
        let done: Bool? = value.utf8.withContiguousStorageIfAvailable { text in
            guard text.count <= JSONMemberBytes.maximumString,
                trusted || JSONMemberBytes.needsNoEscaping(text)
            else { return false }
            var member = startMember(key)
            member.byte(UInt8(ascii: "\""))
            member.raw(text)
            member.byte(UInt8(ascii: "\""))
            finish(member)
            return true
        }
        if done != true {
            self.key(key)
            bytes.appendJSONString(value)
        }
    }

    /// Appends the case name as a JSON string, together with the variant's key before it.
    mutating func caseName<Name: TimelineCaseName>(_ name: Name) throws(Never) {
        guard let key = variantKey else {
            bytes.appendJSONString(name.rawValue)
            return
        }
        variantKey = nil
        stringMember(key, name.rawValue, trusted: true)
    }

    @discardableResult
    mutating func string(_ key: StaticString, _ value: String) throws(Never) -> String {
        stringMember(key, value)
        return ""
    }

    @discardableResult
    mutating func optionalString(_ key: StaticString, _ value: String?) throws(Never) -> String? {
        if let value { stringMember(key, value) }
        return nil
    }

    @discardableResult
    mutating func int(_ key: StaticString, _ value: Int) throws(Never) -> Int {
        intMember(key, value)
        return value
    }

    /// Appends an integer member.
    @inline(never)
    private mutating func intMember(_ key: StaticString, _ value: Int) {
        var member = startMember(key)
        member.int(value)
        finish(member)
    }

    @discardableResult
    mutating func optionalInt(_ key: StaticString, _ value: Int?) throws(Never) -> Int? {
        if let value { intMember(key, value) }
        return value
    }

    @discardableResult
    mutating func uint16(_ key: StaticString, _ value: UInt16) throws(Never) -> UInt16 {
        intMember(key, Int(value))
        return value
    }

    /// Appends a schema double; a whole one is written with its key, as its digits, in one append.
    @inline(never)
    private mutating func doubleMember(_ key: StaticString, _ value: Double) {
        // The whole values that `appendJSONDouble` writes as an integer; -0.0 keeps its own form.
        if value.magnitude <= 9_007_199_254_740_992, value.rounded(.towardZero) == value,
            !(value == 0 && value.sign == .minus)
        {
            intMember(key, Int(value))
        } else {
            self.key(key)
            bytes.appendJSONDouble(value, keepsFraction: false)
        }
    }

    @discardableResult
    mutating func double(_ key: StaticString, _ value: Double) throws(Never) -> Double {
        doubleMember(key, value)
        return value
    }

    @discardableResult
    mutating func optionalDouble(_ key: StaticString, _ value: Double?) throws(Never) -> Double? {
        if let value { doubleMember(key, value) }
        return value
    }

    @discardableResult
    mutating func bool(_ key: StaticString, _ value: Bool) throws(Never) -> Bool {
        var member = startMember(key)
        member.raw(value ? "true" : "false")
        finish(member)
        return value
    }

    @discardableResult
    mutating func enumeration<Value: RawRepresentable & CaseIterable>(
        _ key: StaticString, _ value: Value
    ) throws(Never) -> Value where Value.RawValue == String {
        stringMember(key, value.rawValue)
        return value
    }

    /// Appends `owner#serial` as a JSON string, without building the description.
    @discardableResult
    mutating func taskID(_ key: StaticString, _ value: BackgroundTaskID) throws(Never) -> BackgroundTaskID {
        self.key(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.appendJSONStringContents(value.owner)
        bytes.append(UInt8(ascii: "#"))
        bytes.appendJSONInt(value.serial)
        bytes.append(UInt8(ascii: "\""))
        return .placeholder
    }

    /// Appends the constraint's description (`UUID[/major[/minor]]`) as a JSON string.
    @discardableResult
    mutating func constraint(
        _ key: StaticString, _ value: BeaconIdentityConstraint
    ) throws(Never) -> BeaconIdentityConstraint {
        var member = startMember(key)
        member.byte(UInt8(ascii: "\""))
        member.uuidContents(value.uuid)
        if let major = value.major {
            member.byte(UInt8(ascii: "/"))
            member.int(Int(major))
        }
        if let minor = value.minor {
            member.byte(UInt8(ascii: "/"))
            member.int(Int(minor))
        }
        member.byte(UInt8(ascii: "\""))
        finish(member)
        return value
    }

    @discardableResult
    mutating func uuid(_ key: StaticString, _ value: UUID) throws(Never) -> UUID {
        var member = startMember(key)
        member.byte(UInt8(ascii: "\""))
        member.uuidContents(value)
        member.byte(UInt8(ascii: "\""))
        finish(member)
        return value
    }

    @discardableResult
    mutating func strings(_ key: StaticString, _ value: [String]) throws(Never) -> [String] {
        self.key(key)
        appendStrings(value)
        return []
    }

    @discardableResult
    mutating func optionalStrings(_ key: StaticString, _ value: [String]?) throws(Never) -> [String]? {
        if let value { _ = strings(key, value) }
        return nil
    }

    /// Appends a JSON array of strings.
    mutating func appendStrings(_ strings: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.appendJSONString(string)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends fields as a JSON object of their own, where no key is reserved.
    @discardableResult
    mutating func fieldObject(_ key: StaticString, _ value: [Field]) throws(Never) -> [Field] {
        self.key(key)
        bytes.append(UInt8(ascii: "{"))
        for (index, field) in value.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.appendJSONString(field.key)
            bytes.append(UInt8(ascii: ":"))
            bytes.appendFieldValue(field.value)
        }
        bytes.append(UInt8(ascii: "}"))
        return []
    }

    /// Appends fields as members of the current object, escaping keys that collide with the line's own.
    @discardableResult
    mutating func flattenedFields(reserved: [StaticString], _ value: [Field]) throws(Never) -> [Field] {
        for field in value {
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\""))
            if FlattenedFieldKeys.needsEscape(field.key, reserved: reserved) {
                bytes.append(UInt8(ascii: "_"))
            }
            bytes.appendJSONStringContents(field.key)
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
            bytes.appendFieldValue(field.value)
        }
        return []
    }

    @discardableResult
    mutating func objects<Element: TimelineMembers>(
        _ key: StaticString, _ value: [Element]
    ) throws(Never) -> [Element] {
        self.key(key)
        bytes.append(UInt8(ascii: "["))
        for index in value.indices {
            // The object's opening goes out with its first member.
            prefix = index == value.startIndex ? .firstObject : .nextObject
            _ = value[index].visitMembers(&self)
            switch prefix {
            case .comma: break
            case .firstObject: bytes.append(UInt8(ascii: "{"))
            case .nextObject: bytes.appendJSONRaw(",{")
            }
            prefix = .comma
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
        return []
    }

    @discardableResult
    mutating func optionalMembers<Value: TimelineMembers>(
        presentWith key: StaticString, _ value: Value?
    ) throws(Never) -> Value? {
        if let value { _ = value.visitMembers(&self) }
        return nil
    }

    @discardableResult
    mutating func variant<Value: TimelineVariant>(_ key: StaticString, _ value: Value) throws(Never) -> Value {
        // The key goes out with the case name, which the value's line form visits first.
        variantKey = key
        return value.visitMembers(&self)
    }
}
