import Foundation

/// Reads `.xcconfig` files into build setting assignments, in the order they take effect.
///
/// The syntax follows swift-build's `MacroConfigFileParser.swift`: `NAME[cond…] = value` lines with
/// an optional trailing `;`, a `\` at the end of a line continuing the value, `//` starting a
/// comment anywhere (even inside a value, which is why URLs are written `https:/$()/…`), and
/// `#include "other.xcconfig"` / `#include? "…"` (no error when missing) relative to the including
/// file. An included file's assignments take effect where the directive is.
public enum XCConfigFile {
    /// Nesting deeper than this is reported as an include cycle.
    private static let maximumIncludeDepth = 32

    /// Reads a file and everything it includes.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - file: The name messages and locations use (relative to the project's folder).
    /// - Throws: ``DoctorInputError`` for a missing or unreadable file, a missing `#include`, an
    ///   include cycle or a line that is not an assignment.
    public static func load(_ url: URL, file: String) throws(DoctorInputError) -> [BuildSettingAssignment] {
        try load(url, file: file, chain: [])
    }

    /// Parses the text of one file. For each `#include`, `include` is given the path, whether it is
    /// optional and the line, and returns the included assignments, which take effect there.
    public static func parse(
        _ text: String, file: String,
        include: (_ path: String, _ optional: Bool, _ line: Int) throws(DoctorInputError) -> [BuildSettingAssignment] =
            { _, _, _ in [] }
    ) throws(DoctorInputError) -> [BuildSettingAssignment] {
        var assignments: [BuildSettingAssignment] = []
        var pending: (key: String, value: String, line: Int)?
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var content = stripComment(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine).trimmingCharacters(
                in: .whitespaces)
            if var continued = pending {
                let ends = content.hasSuffix("\\")
                if ends { content.removeLast() }
                let piece = content.trimmingCharacters(in: .whitespaces)
                if !piece.isEmpty { continued.value += continued.value.isEmpty ? piece : " " + piece }
                if ends {
                    pending = continued
                } else {
                    pending = nil
                    try append(continued, file: file, to: &assignments)
                }
                continue
            }
            if content.isEmpty { continue }
            if content.hasPrefix("#") {
                let (path, optional) = try directive(content, file: file, line: lineNumber)
                assignments += try include(path, optional, lineNumber)
                continue
            }
            // The first `=` outside the conditions: `KEY[sdk=iphoneos*] = value`.
            var depth = 0
            let split = content.firstIndex { character in
                if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
                return character == "=" && depth == 0
            }
            guard let equals = split else {
                throw DoctorInputError(
                    file: file, line: lineNumber,
                    message: "expected a build setting (NAME = value), found \"\(content)\"")
            }
            var value = content[content.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            let key = String(content[..<equals])
            if value.hasSuffix("\\") {
                value.removeLast()
                pending = (key, value.trimmingCharacters(in: .whitespaces), lineNumber)
                continue
            }
            try append((key, value, lineNumber), file: file, to: &assignments)
        }
        if let pending { try append(pending, file: file, to: &assignments) }
        return assignments
    }

    private static func load(_ url: URL, file: String, chain: [URL]) throws(DoctorInputError)
        -> [BuildSettingAssignment]
    {
        let data: Data
        switch InputPathKind(path: url.path) {
        case .regularFile:
            data = try InputPathKind.read(path: url.path, file: file, expected: "a readable .xcconfig file")
        case .missing, .danglingLink:
            throw DoctorInputError(file: file, message: "does not exist; expected an .xcconfig file of build settings")
        default:
            throw DoctorInputError(
                file: file, message: "is not a regular file; expected an .xcconfig file of build settings")
        }
        let standardized = url.standardizedFileURL
        let nested = chain + [standardized]
        return try parse(String(decoding: data, as: UTF8.self), file: file) {
            (path, optional, line) throws(DoctorInputError) in
            let target =
                path.hasPrefix("/")
                ? URL(fileURLWithPath: path) : url.deletingLastPathComponent().appendingPathComponent(path)
            let targetName =
                path.hasPrefix("/") ? path : InfoPlist.join((file as NSString).deletingLastPathComponent, path)
            if nested.contains(target.standardizedFileURL) || nested.count >= maximumIncludeDepth {
                throw DoctorInputError(
                    file: file, line: line,
                    message:
                        "#include \"\(path)\" includes a file that is already being read; expected no include cycle")
            }
            switch InputPathKind(path: target.path) {
            case .missing, .danglingLink:
                if optional { return [] }
                throw DoctorInputError(
                    file: file, line: line,
                    message: "#include \"\(path)\": \(targetName) does not exist (write #include? for an optional file)"
                )
            default:
                return try load(target, file: targetName, chain: nested)
            }
        }
    }

    /// `#include "path"` or `#include? "path"`: the path and whether it is optional.
    private static func directive(_ content: String, file: String, line: Int) throws(DoctorInputError) -> (String, Bool)
    {
        var rest = Substring(content.dropFirst()).drop { $0 == " " || $0 == "\t" }
        let optional: Bool
        if rest.hasPrefix("include?") {
            optional = true
            rest = rest.dropFirst("include?".count)
        } else if rest.hasPrefix("include") {
            optional = false
            rest = rest.dropFirst("include".count)
        } else {
            throw DoctorInputError(
                file: file, line: line, message: "expected #include \"file.xcconfig\", found \"\(content)\"")
        }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else {
            throw DoctorInputError(
                file: file, line: line, message: "expected a quoted file name after #include, found \"\(content)\"")
        }
        let path = String(rest[rest.index(after: rest.startIndex)..<close])
        guard !path.isEmpty else {
            throw DoctorInputError(file: file, line: line, message: "expected a file name in #include \"\"")
        }
        return (path, optional)
    }

    private static func append(
        _ line: (key: String, value: String, line: Int), file: String, to assignments: inout [BuildSettingAssignment]
    ) throws(DoctorInputError) {
        var value = line.value
        if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
        guard
            let assignment = BuildSettingAssignment(
                key: line.key, value: value, location: Finding.Location(file: file, line: line.line))
        else {
            throw DoctorInputError(
                file: file, line: line.line,
                message:
                    "expected a build setting name (letters, digits, _) with optional [condition=value], found \"\(line.key.trimmingCharacters(in: .whitespaces))\""
            )
        }
        assignments.append(assignment)
    }

    /// The line up to a `//` comment. `#include "a//b"` keeps its path: quotes are honoured only
    /// on directive lines, as values have no quoting of `//`.
    private static func stripComment(_ line: Substring) -> String {
        let isDirective = line.drop { $0 == " " || $0 == "\t" }.hasPrefix("#")
        var inQuotes = false
        var previous: Character?
        for index in line.indices {
            let character = line[index]
            if isDirective, character == "\"" { inQuotes.toggle() }
            if !inQuotes, character == "/", previous == "/" {
                return String(line[..<line.index(before: index)])
            }
            previous = character
        }
        return String(line)
    }
}
