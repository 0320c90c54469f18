import Foundation

/// An app's Info.plist as `wakeful doctor` reads it: the top-level keys and their values.
///
/// Only the parsed values matter: layout, key order, whitespace, comments and XML versus binary
/// form make no difference.
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

    /// Creates an Info.plist from values, for tests and tools that build one in memory.
    public init(file: String = "Info.plist", format: Format = .xml, entries: [String: PlistValue]) {
        self.file = file
        self.format = format
        self.entries = entries
    }

    /// Parses a property list in any form `PropertyListSerialization` reads.
    ///
    /// - Throws: ``DoctorInputError`` naming the file when the data is not a property list or its
    ///   top level is not a dictionary.
    public static func decode(_ data: Data, file: String) throws(DoctorInputError) -> InfoPlist {
        guard !data.isEmpty else {
            throw DoctorInputError(file: file, message: "is empty; expected an Info.plist (a property list in XML or binary form)")
        }
        var format = PropertyListSerialization.PropertyListFormat.xml
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            throw DoctorInputError(
                file: file, message: "is not a property list (\(Self.reason(error))); expected an Info.plist in XML or binary form")
        }
        guard case .dictionary(let entries) = PlistValue(foundation: object) else {
            let found = PlistValue(foundation: object).typeDescription
            throw DoctorInputError(file: file, message: "is a property list whose top level is \(found); expected a dictionary (<dict>) of Info.plist keys")
        }
        return InfoPlist(file: file, format: Format(format), entries: entries)
    }

    /// Reads and parses a file.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - file: The name reports and errors use, e.g. the path as the user typed it; nil for the URL's path.
    public static func load(contentsOf url: URL, file: String? = nil) throws(DoctorInputError) -> InfoPlist {
        let name = file ?? url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DoctorInputError(file: name, message: "cannot be read (\(Self.reason(error))); expected a readable Info.plist file")
        }
        return try decode(data, file: name)
    }

    /// The value of a top-level key.
    public subscript(key: String) -> PlistValue? { entries[key] }

    private static func reason(_ error: any Error) -> String {
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
