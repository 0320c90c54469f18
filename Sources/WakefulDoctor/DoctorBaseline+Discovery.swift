import Foundation

extension DoctorBaseline {
    /// The nearest `.wakeful-doctor.json`: in `folder`, else in each folder above it up to the
    /// filesystem root, as Git finds `.gitignore` and SwiftLint its configuration.
    ///
    /// ```swift
    /// DoctorBaseline.discover(from: "MyApp")   // "/Users/me/Code/MyApp/.wakeful-doctor.json"
    /// ```
    ///
    /// - Parameters:
    ///   - folder: Where to start: the Info.plist's or the project's folder.
    ///   - workingDirectory: The folder a relative `folder` is resolved against.
    /// - Returns: The file's absolute path, or nil when no folder up to the root holds one.
    public static func discover(
        from folder: String, workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String? {
        var current = URL(fileURLWithPath: absolute(folder, in: workingDirectory), isDirectory: true)
        while true {
            let candidate = current.appendingPathComponent(fileName)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue
            {
                return candidate.path
            }
            let parent = current.deletingLastPathComponent()
            // At the root, the parent of `/` is `/` again (or `/..` on some Foundations).
            if parent.standardizedFileURL.path == current.standardizedFileURL.path || current.path == "/" { return nil }
            current = parent
        }
    }

    /// The baseline for a run: the file `--baseline` names, else the one ``discover(from:workingDirectory:)``
    /// finds from `folder`, else none.
    ///
    /// ```swift
    /// let plistFolder = ("MyApp/Info.plist" as NSString).deletingLastPathComponent
    /// let baseline = try DoctorBaseline.resolve(explicit: options.baseline, startingAt: plistFolder)
    /// ```
    ///
    /// - Throws: ``DoctorInputError`` when the named file is missing or either file is not a valid baseline.
    public static func resolve(
        explicit: String?, startingAt folder: String,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(DoctorInputError) -> DoctorBaseline? {
        if let explicit {
            return try load(contentsOf: URL(fileURLWithPath: absolute(explicit, in: workingDirectory)), file: explicit)
        }
        guard let found = discover(from: folder, workingDirectory: workingDirectory) else { return nil }
        return try load(contentsOf: URL(fileURLWithPath: found), file: found)
    }
}
