import Foundation

/// An app's Info.plist as `wakeful doctor` reads it: the top-level keys and their values.
///
/// Only the parsed values matter for the checks: layout, key order, whitespace, comments and XML
/// versus binary form make no difference. ``locations`` keeps where each key was written, so that
/// findings can point at its line.
public struct InfoPlist: Sendable, Hashable {
    /// How the file was written.
    public enum Format: String, Sendable, Hashable, Codable {
        case xml, binary, openStep
    }

    /// The file, as messages name it.
    public var file: String
    /// The form it was written in.
    public var format: Format
    /// The top-level dictionary.
    public var entries: [String: PlistValue]
    /// Where the keys and array items are written; empty for a plist built in memory.
    public var locations: InfoPlistLocations

    /// Creates an Info.plist from values, for tests and tools that build one in memory.
    public init(
        file: String = "Info.plist", format: Format = .xml, entries: [String: PlistValue],
        locations: InfoPlistLocations = InfoPlistLocations()
    ) {
        self.file = file
        self.format = format
        self.entries = entries
        self.locations = locations
    }

    /// Parses a property list in any form `PropertyListSerialization` reads.
    ///
    /// - Throws: ``DoctorInputError`` naming the file when the data is not a property list or its
    ///   top level is not a dictionary.
    public static func decode(_ data: Data, file: String) throws(DoctorInputError) -> InfoPlist {
        guard !data.isEmpty else {
            throw DoctorInputError(
                file: file, message: "is empty; expected an Info.plist (a property list in XML or binary form)")
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            throw DoctorInputError(
                file: file,
                message: "is not a property list (\(Self.reason(error))); expected an Info.plist in XML or binary form")
        }
        guard case .dictionary(let entries) = PlistValue(foundation: object) else {
            let found = PlistValue(foundation: object).typeDescription
            throw DoctorInputError(
                file: file,
                message:
                    "is a property list whose top level is \(found); expected a dictionary (<dict>) of Info.plist keys")
        }
        let plistFormat = Format(format)
        return InfoPlist(
            file: file, format: plistFormat, entries: entries,
            locations: Self.locate(data, format: plistFormat, file: file))
    }

    /// Reads and parses a file, after checking what the path is: a directory, a FIFO or a device
    /// gets a message saying what was expected instead (a FIFO is never opened, which would block).
    /// A built `.app` folder is read through its `Info.plist`.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - file: The name reports and errors use, e.g. the path as the user typed it; nil for the URL's path.
    public static func load(contentsOf url: URL, file: String? = nil) throws(DoctorInputError) -> InfoPlist {
        try load(path: url.path, file: file ?? url.path)
    }

    /// The value of a top-level key.
    public subscript(key: String) -> PlistValue? { entries[key] }

    /// Where a top-level key, or item `item` of its array, is written: the line when the file has
    /// lines, else the file alone (an item whose line is unknown falls back to its key); nil when
    /// the key is not there.
    public func location(ofKey key: String, item: Int? = nil) -> Finding.Location? {
        if let item, let items = locations.items[key], items.indices.contains(item) { return items[item] }
        if let location = locations.keys[key] { return location }
        return entries[key] == nil ? nil : Finding.Location(file: file)
    }

    /// Where the item of a top-level array whose string is `value` is written, else where the key is.
    public func location(ofKey key: String, value: String) -> Finding.Location? {
        let index = self[key]?.array?.firstIndex { $0.string?.trimmingCharacters(in: .whitespacesAndNewlines) == value }
        return location(ofKey: key, item: index)
    }

    /// A top-level key written more than once, with every place it is written.
    public struct DuplicateKey: Sendable, Hashable {
        /// The key.
        public var key: String
        /// Every place, in file order; the last is the one that takes effect.
        public var locations: [Finding.Location]
    }

    /// Top-level keys written more than once (as a merge conflict leaves them), in the order of
    /// their first occurrence.
    public var duplicateKeys: [DuplicateKey] {
        locations.duplicates.map { DuplicateKey(key: $0.key, locations: $0.value) }
            .sorted { ($0.locations.first?.line ?? 0, $0.key) < ($1.locations.first?.line ?? 0, $1.key) }
    }

    /// Lines for the forms that have them: a byte scan for XML, the OpenStep parser for that form.
    private static func locate(_ data: Data, format: Format, file: String) -> InfoPlistLocations {
        switch format {
        case .xml:
            return XMLPlistScanner.scan(data, file: file)
        case .openStep:
            // Foundation has parsed it already, so a failure here only costs the lines.
            guard let value = try? OpenStepParser.parse(data, file: file), case .dictionary(let dictionary) = value
            else {
                return InfoPlistLocations()
            }
            return InfoPlistLocations(openStep: dictionary, file: file)
        case .binary:
            return InfoPlistLocations()
        }
    }

    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String
        return detail ?? nsError.localizedDescription
    }
}

extension InfoPlist.Format {
    init(_ format: PropertyListSerialization.PropertyListFormat) {
        switch format {
        case .binary: self = .binary
        case .openStep: self = .openStep
        default: self = .xml
        }
    }
}
