import Foundation

extension DoctorBaseline {
    /// What a baseline file looks like, for messages about a bad one.
    static let expectedForm =
        #"expected {"version": 1, "accepted": [{"check": "review-risk", "key": "UIBackgroundModes", "value": "audio", "file": "MyApp/Info.plist", "reason": "why the team accepts it"}]}"#

    /// The fields an entry may have; anything else is a typo worth naming (`"reson"`).
    private static let entryFields = ["check", "key", "value", "file", "reason"]

    /// Reads a baseline file.
    ///
    /// ```swift
    /// let baseline = try DoctorBaseline.load(contentsOf: URL(fileURLWithPath: ".wakeful-doctor.json"))
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - file: The name messages use, e.g. the path as the user typed it; nil for the URL's path.
    /// - Throws: ``DoctorInputError`` naming the file, the field (`accepted[2].reason`) and the
    ///   expected form when it cannot be read or is not a valid baseline.
    public static func load(contentsOf url: URL, file: String? = nil) throws(DoctorInputError) -> DoctorBaseline {
        let name = file ?? url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw DoctorInputError(
                file: name,
                message:
                    "cannot be read (\((error as NSError).localizedDescription)); expected a baseline file such as \(fileName)"
            )
        }
        let folder = url.standardizedFileURL.deletingLastPathComponent().path
        return try decode(data, file: name, folder: folder)
    }

    /// Parses a baseline.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: The name messages use.
    ///   - folder: The folder relative `file` fields are resolved against; nil for the folder of `file`.
    /// - Throws: ``DoctorInputError`` naming the field at fault and the expected form. Entries
    ///   without a reason are named all at once, so that a file `--write-baseline` wrote tells
    ///   the team every reason still to fill in.
    public static func decode(_ data: Data, file: String, folder: String? = nil) throws(DoctorInputError)
        -> DoctorBaseline
    {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw DoctorInputError(file: file, message: "is not JSON (\(reason(error))); \(expectedForm)")
        }
        guard let top = object as? [String: Any] else {
            throw DoctorInputError(file: file, message: "is not a JSON object; \(expectedForm)")
        }
        for field in top.keys.sorted() where field != "version" && field != "accepted" {
            throw DoctorInputError(
                file: file, field: field, message: "is not a baseline field; expected only \"version\" and \"accepted\""
            )
        }
        guard let version = top["version"] as? NSNumber, !isBoolean(version),
            version.doubleValue == Double(Self.version)
        else {
            throw DoctorInputError(
                file: file, field: "version",
                message: "\(found(top["version"])); expected 1, the only baseline format version")
        }
        guard let items = top["accepted"] as? [Any] else {
            throw DoctorInputError(
                file: file, field: "accepted",
                message: "\(found(top["accepted"])); expected an array of entries, [] when none")
        }
        var entries: [Entry] = []
        for (index, item) in items.enumerated() {
            let entry = try self.entry(item, field: "accepted[\(index)]", file: file)
            if let earlier = entries.firstIndex(where: {
                $0.check == entry.check && $0.key == entry.key && $0.value == entry.value && $0.file == entry.file
            }) {
                throw DoctorInputError(
                    file: file, field: "accepted[\(index)]",
                    message: "accepts the same findings as accepted[\(earlier)]; keep one entry, with one reason")
            }
            entries.append(entry)
        }
        let unexplained = entries.indices.filter {
            entries[$0].reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        if let first = unexplained.first {
            let others = unexplained.dropFirst().map { "accepted[\($0)].reason" }
            let also = others.isEmpty ? "" : " (so are \(others.joined(separator: ", ")))"
            throw DoctorInputError(
                file: file, field: "accepted[\(first)].reason",
                message:
                    "is empty\(also); expected why the team accepts the finding, e.g. \"Podcast player: plays episodes in the background\""
            )
        }
        return DoctorBaseline(file: file, folder: folder, entries: entries)
    }

    /// One entry of `accepted`, checked field by field.
    private static func entry(_ item: Any, field: String, file: String) throws(DoctorInputError) -> Entry {
        guard let fields = item as? [String: Any] else {
            throw DoctorInputError(
                file: file, field: field,
                message: "\(found(item)); expected an object with \"check\", \"key\" and \"reason\"")
        }
        for name in fields.keys.sorted() where !entryFields.contains(name) {
            throw DoctorInputError(
                file: file, field: "\(field).\(name)",
                message: "is not an entry field; expected only \"check\", \"key\", \"value\", \"file\" and \"reason\"")
        }
        func string(_ name: String, required: Bool) throws(DoctorInputError) -> String? {
            guard let value = fields[name] else {
                if required {
                    throw DoctorInputError(
                        file: file, field: "\(field).\(name)", message: "is missing; \(expectedForm)")
                }
                return nil
            }
            guard let text = value as? String else {
                throw DoctorInputError(
                    file: file, field: "\(field).\(name)", message: "\(found(value)); expected a string")
            }
            // The reason's emptiness is reported for every entry at once, after the structure.
            if name != "reason", text.trimmingCharacters(in: .whitespaces).isEmpty {
                throw DoctorInputError(
                    file: file, field: "\(field).\(name)",
                    message: "is empty; expected a non-empty string, or leave the field out")
            }
            return text
        }
        let checkName = try string("check", required: true) ?? ""
        guard let check = Finding.Check(rawValue: checkName) else {
            let known = Finding.Check.allCases.map(\.rawValue).joined(separator: ", ")
            throw DoctorInputError(
                file: file, field: "\(field).check",
                message: "\"\(checkName)\" is not a check; expected one of \(known)")
        }
        return Entry(
            check: check, key: try string("key", required: true) ?? "", value: try string("value", required: false),
            file: try string("file", required: false), reason: try string("reason", required: true) ?? "")
    }

    /// `is a number`, `is missing` …: what a field holds, for messages.
    private static func found(_ value: Any?) -> String {
        switch value {
        case nil: "is missing"
        case is NSNull: "is null"
        case let number as NSNumber: isBoolean(number) ? "is a boolean" : "is \(number)"
        case is String: "is a string"
        case is [Any]: "is an array"
        case is [String: Any]: "is an object"
        default: "has the wrong type"
        }
    }

    /// JSONSerialization hands out NSNumber for numbers and booleans alike, and on Linux even
    /// `1 is Bool` holds; the Objective-C type code tells them apart (`c` for a boolean).
    private static func isBoolean(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "c" || type == "B"
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        return (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
    }
}
