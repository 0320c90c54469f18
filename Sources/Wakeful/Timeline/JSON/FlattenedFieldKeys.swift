import Foundation

/// The reserved keys of each line that carries flattened ``Field``s, and the `_` escape that keeps
/// field keys from colliding with them.
///
/// A field whose key is a reserved key, possibly behind underscores (`t`, `_t`, `__t` …), is written
/// with one more `_`; a reader removes one `_` from such keys and leaves every other key alone. The
/// mapping is therefore one to one: `_private` stays `_private`, `t` becomes `_t` and `_t` becomes `__t`.
enum FlattenedFieldKeys {
    /// The keys a `run` line owns.
    static let run: [StaticString] = ["t", "kind"]
    /// The keys a `user` line owns.
    static let user: [StaticString] = ["t", "kind", "action"]
    /// The keys a `state` line owns; `rules` stays reserved when it is omitted for being empty.
    static let state: [StaticString] = ["t", "kind", "from", "to", "cause", "rules"]
    /// The keys a `decision` line owns.
    static let decision: [StaticString] = ["t", "kind", "decision", "rules"]
    /// The keys an `observation` line owns.
    static let observation: [StaticString] = ["t", "kind"]
    /// The keys a `world` line owns.
    static let world: [StaticString] = ["t", "kind", "fact"]
    /// The keys a `record` command line owns.
    static let record: [StaticString] = ["t", "kind", "by", "command", "record"]

    /// Whether a field with this key is written with an extra leading `_`.
    ///
    /// It runs for every flattened field the encoder writes, so it compares bytes in place.
    static func needsEscape(_ key: String, reserved: [StaticString]) -> Bool {
        var key = key
        return key.withUTF8 { bytes in
            var start = 0
            while start < bytes.count, bytes[start] == UInt8(ascii: "_") { start += 1 }
            let rest = UnsafeBufferPointer(rebasing: bytes[start...])
            for candidate in reserved where candidate.utf8CodeUnitCount == rest.count {
                if candidate.withUTF8Buffer({ $0.elementsEqual(rest) }) { return true }
            }
            return false
        }
    }

    /// Whether a JSON key is exactly one of the reserved keys, which can never stand for a field.
    static func isReserved(_ key: String, among reserved: [StaticString]) -> Bool {
        reserved.contains { $0.description == key }
    }

    /// The field key that a JSON key stands for on a line with these reserved keys.
    static func fieldKey(forJSONKey jsonKey: String, reserved: [StaticString]) -> String {
        guard jsonKey.utf8.first == UInt8(ascii: "_"), needsEscape(jsonKey, reserved: reserved) else { return jsonKey }
        return String(jsonKey.dropFirst())
    }
}
