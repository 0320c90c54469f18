import Foundation

extension InfoPlist {
    /// The name standard input goes by in messages.
    public static let standardInputName = "standard input"

    /// Reads an Info.plist from what `wakeful doctor` was given: a file, a built `.app` folder
    /// (its `Info.plist`), or `-` for standard input.
    ///
    /// The path's type is checked with `stat` before anything opens it, so each wrong kind of input
    /// gets a message naming it and the expected form: a directory, an `.xcodeproj` (use
    /// `--project`), a FIFO, a device such as `/dev/null`, a socket, a missing or unreadable file.
    ///
    /// - Parameters:
    ///   - path: The path as the user typed it, or `-`.
    ///   - file: The name messages use; nil for `path` (or "standard input" for `-`).
    ///   - standardInput: What `-` reads, standard input unless a test passes a pipe.
    public static func load(path: String, file: String? = nil, standardInput: FileHandle = .standardInput)
        throws(DoctorInputError) -> InfoPlist
    {
        if path == "-" {
            let name = file ?? standardInputName
            let data: Data
            do {
                data = try standardInput.readToEnd() ?? Data()
            } catch {
                throw DoctorInputError(
                    file: name, message: "cannot be read (\(reason(error))); expected an Info.plist piped in")
            }
            return try decode(data, file: name)
        }
        let name = file ?? path
        let expected = "an Info.plist file, a built .app folder, or - for standard input"
        switch InputPathKind(path: path) {
        case .regularFile:
            return try decode(
                InputPathKind.read(path: path, file: name, expected: "a readable Info.plist file"), file: name)
        case .directory:
            return try loadDirectory(path: path, name: name)
        case .missing:
            throw DoctorInputError(file: name, message: "does not exist; expected \(expected)")
        case .danglingLink:
            throw DoctorInputError(
                file: name, message: "is a symbolic link to a file that does not exist; expected \(expected)")
        case .fifo:
            throw DoctorInputError(
                file: name,
                message:
                    "is a FIFO (named pipe); expected an Info.plist file (to read from a pipe, pass - and redirect standard input)"
            )
        case .device:
            throw DoctorInputError(file: name, message: "is a device, not a file; expected an Info.plist file")
        case .socket:
            throw DoctorInputError(file: name, message: "is a socket, not a file; expected an Info.plist file")
        case .unreadable(let reason):
            throw DoctorInputError(file: name, message: "cannot be examined (\(reason)); expected \(expected)")
        }
    }

    private static func loadDirectory(path: String, name: String) throws(DoctorInputError) -> InfoPlist {
        let folder = URL(fileURLWithPath: path)
        switch folder.pathExtension {
        case "app":
            // iOS bundles are flat; macOS ones (and Mac Catalyst) keep it in Contents/.
            for relative in ["Info.plist", "Contents/Info.plist"] {
                let inner = folder.appendingPathComponent(relative).path
                if InputPathKind(path: inner) == .regularFile {
                    return try load(path: inner, file: Self.join(name, relative))
                }
            }
            throw DoctorInputError(
                file: name,
                message: "is an app bundle with no Info.plist inside; expected a built .app folder holding Info.plist")
        case "xcodeproj":
            throw DoctorInputError(
                file: name,
                message: "is an Xcode project; pass it with --project \(name) to read its build settings and Info.plist"
            )
        case "xcworkspace":
            throw DoctorInputError(
                file: name, message: "is an Xcode workspace; pass one of its projects with --project App.xcodeproj")
        default:
            throw DoctorInputError(
                file: name, message: "is a directory; expected an Info.plist file (or pass --project App.xcodeproj)")
        }
    }

    /// `folder/relative` as messages show it: no doubled slash, and `dir/../` folded away so an
    /// `#include "../Config/Shared.xcconfig"` is named `Config/Shared.xcconfig`.
    static func join(_ folder: String, _ relative: String) -> String {
        if relative.hasPrefix("/") { return relative }
        let joined =
            folder.isEmpty || folder == "."
            ? relative : folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: false) {
            if part == "..", let last = parts.last, last != "..", !last.isEmpty {
                parts.removeLast()
            } else if part != "." || parts.isEmpty {
                parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
