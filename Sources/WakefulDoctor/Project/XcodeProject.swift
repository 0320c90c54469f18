import Foundation

/// An Xcode project (`App.xcodeproj`) as doctor needs it: its targets, their configurations and
/// build settings, and the files those name.
public struct XcodeProject: Sendable {
    /// The project folder as the user named it: `App.xcodeproj`.
    public let path: String
    /// `App.xcodeproj/project.pbxproj`, as locations name it.
    public let pbxprojFile: String
    /// The project's name (`PROJECT_NAME`): the folder's name without `.xcodeproj`.
    public let name: String
    /// `SRCROOT` and `PROJECT_DIR`: the folder holding the `.xcodeproj` (plus the project's
    /// `projectDirPath`, when set).
    public let sourceRoot: URL
    /// The project's `developmentRegion` (`DEVELOPMENT_LANGUAGE`).
    public let developmentRegion: String?
    /// The project-level configurations.
    public private(set) var configurationList: XcodeConfigurationList
    /// The native targets in the order the project lists them.
    public private(set) var targets: [XcodeTarget]
    /// `sourceRoot` as messages show it: relative the way the user named the project.
    let sourceRootName: String
    private let objects: [String: OpenStepDictionary]
    /// Each group member's group, for resolving `<group>`-relative paths.
    private let parents: [String: String]

    /// Opens a project folder (or its `project.pbxproj`).
    ///
    /// - Throws: ``DoctorInputError`` when the path is missing or not a project, or
    ///   `project.pbxproj` is malformed (with its line) or lacks the objects a project has.
    public static func open(_ path: String) throws(DoctorInputError) -> XcodeProject {
        let expected = "an Xcode project folder (App.xcodeproj) holding project.pbxproj"
        var folder = path
        switch InputPathKind(path: path) {
        case .directory:
            break
        case .regularFile where (path as NSString).lastPathComponent == "project.pbxproj":
            folder = (path as NSString).deletingLastPathComponent
        case .missing, .danglingLink:
            throw DoctorInputError(file: path, message: "does not exist; expected \(expected)")
        default:
            throw DoctorInputError(file: path, message: "is not a folder; expected \(expected)")
        }
        let folderURL = URL(fileURLWithPath: folder)
        let pbxprojFile = InfoPlist.join(folder, "project.pbxproj")
        guard InputPathKind(path: folderURL.appendingPathComponent("project.pbxproj").path) == .regularFile else {
            throw DoctorInputError(file: folder, message: "has no project.pbxproj; expected \(expected)")
        }
        let data = try InputPathKind.read(
            path: folderURL.appendingPathComponent("project.pbxproj").path, file: pbxprojFile,
            expected: "a readable project.pbxproj")
        return try XcodeProject(folder: folder, data: data, pbxprojFile: pbxprojFile)
    }

    private init(folder: String, data: Data, pbxprojFile: String) throws(DoctorInputError) {
        func fail(_ message: String, line: Int? = nil) -> DoctorInputError {
            DoctorInputError(file: pbxprojFile, line: line, message: message)
        }
        guard case .dictionary(let top) = try OpenStepParser.parse(data, file: pbxprojFile) else {
            throw fail(
                "has no top-level dictionary; expected a project.pbxproj ({ archiveVersion = 1; objects = { … }; rootObject = …; })"
            )
        }
        guard let objectTable = top["objects"]?.dictionary else {
            throw fail(
                "has no objects dictionary; expected a project.pbxproj written by Xcode", line: top.lines["objects"])
        }
        var objects: [String: OpenStepDictionary] = [:]
        var objectLines: [String: Int] = [:]
        var parents: [String: String] = [:]
        for id in objectTable.keys {
            guard let object = objectTable[id]?.dictionary else { continue }
            objects[id] = object
            objectLines[id] = objectTable.lines[id]
            for child in object["children"]?.array ?? [] { if let child = child.string { parents[child] = id } }
        }
        guard let rootID = top.string("rootObject"), let root = objects[rootID], root.string("isa") == "PBXProject"
        else {
            throw fail("has no PBXProject root object; expected rootObject to name one", line: top.lines["rootObject"])
        }
        self.objects = objects
        self.parents = parents
        self.path = folder
        self.pbxprojFile = pbxprojFile
        let folderURL = URL(fileURLWithPath: folder)
        self.name = folderURL.deletingPathExtension().lastPathComponent
        let containerName = (folder as NSString).deletingLastPathComponent
        let projectDirPath = root.string("projectDirPath") ?? ""
        self.sourceRoot =
            folderURL.deletingLastPathComponent().appendingPathComponent(projectDirPath).standardizedFileURL
        self.sourceRootName = projectDirPath.isEmpty ? containerName : InfoPlist.join(containerName, projectDirPath)
        self.developmentRegion = root.string("developmentRegion")
        // Empty until read: resolving the lists' paths needs the stored properties above.
        self.configurationList = XcodeConfigurationList(configurations: [], defaultConfigurationName: nil)
        self.targets = []
        var targets: [XcodeTarget] = []
        let configurationList = try self.configurationList(
            root.string("buildConfigurationList"), owner: "the project", line: objectLines[rootID])
        for case .string(let id) in root["targets"]?.array ?? [] {
            guard let object = objects[id], object.string("isa") == "PBXNativeTarget" else { continue }
            let name = object.string("name") ?? id
            let list = try self.configurationList(
                object.string("buildConfigurationList"), owner: "target \(name)", line: objectLines[id])
            let phases = (object["buildPhases"]?.array ?? []).compactMap {
                $0.string.flatMap { objects[$0]?.string("isa") }
            }
            let groups = (object["fileSystemSynchronizedGroups"]?.array ?? []).compactMap {
                $0.string.flatMap(filePath(of:))
            }
            // The files its Sources phase compiles: PBXBuildFile → fileRef → the file's path.
            let compiled = (object["buildPhases"]?.array ?? []).compactMap { $0.string.flatMap { objects[$0] } }
                .filter { $0.string("isa") == "PBXSourcesBuildPhase" }
                .flatMap { $0["files"]?.array ?? [] }
                .compactMap { $0.string.flatMap { objects[$0]?.string("fileRef") }.flatMap(filePath(of:)) }
            targets.append(
                XcodeTarget(
                    id: id, name: name, productType: object.string("productType") ?? "", configurationList: list,
                    buildPhases: phases,
                    synchronizedGroups: groups, sourceFiles: compiled, line: objectLines[id]))
        }
        self.configurationList = configurationList
        self.targets = targets
    }

    private func configurationList(_ id: String?, owner: String, line: Int?) throws(DoctorInputError)
        -> XcodeConfigurationList
    {
        guard let id, let list = objects[id], list.string("isa") == "XCConfigurationList" else {
            throw DoctorInputError(
                file: pbxprojFile, line: line,
                message: "\(owner) has no XCConfigurationList; expected buildConfigurationList to name one")
        }
        var configurations: [XcodeBuildConfiguration] = []
        for case .string(let configurationID) in list["buildConfigurations"]?.array ?? [] {
            guard let object = objects[configurationID], object.string("isa") == "XCBuildConfiguration" else {
                continue
            }
            configurations.append(
                XcodeBuildConfiguration(object, baseConfiguration: baseConfiguration(of: object), file: pbxprojFile))
        }
        return XcodeConfigurationList(
            configurations: configurations, defaultConfigurationName: list.string("defaultConfigurationName"))
    }

    /// The `.xcconfig` a configuration is based on: a file reference, or (Xcode 16 and later) a
    /// path relative to a synchronized folder, `baseConfigurationReferenceAnchor` +
    /// `baseConfigurationReferenceRelativePath`.
    private func baseConfiguration(of configuration: OpenStepDictionary) -> String? {
        if let reference = configuration.string("baseConfigurationReference") { return filePath(of: reference) }
        guard let anchor = configuration.string("baseConfigurationReferenceAnchor"),
            let relative = configuration.string("baseConfigurationReferenceRelativePath"),
            let folder = filePath(of: anchor)
        else { return nil }
        return InfoPlist.join(folder, relative)
    }

    /// The path of a file reference or group, relative to the project's folder (absolute for
    /// `<absolute>` ones); nil for paths relative to the SDK, the build folder or the developer folder.
    public func filePath(of id: String) -> String? {
        filePath(of: id, depth: 0)
    }

    private func filePath(of id: String, depth: Int) -> String? {
        guard depth < 64, let object = objects[id] else { return nil }
        let path = object.string("path") ?? ""
        switch object.string("sourceTree") ?? "<group>" {
        case "<absolute>":
            return path
        case "SOURCE_ROOT":
            return path
        case "<group>":
            guard let parent = parents[id] else { return path }
            guard let folder = filePath(of: parent, depth: depth + 1) else { return nil }
            if path.hasPrefix("/") { return path }
            return folder.isEmpty ? path : InfoPlist.join(folder, path)
        default:
            return nil
        }
    }

    /// A path relative to the project's folder, as a URL. Case is ignored where the exact path does
    /// not exist, as on the Mac the project comes from.
    public func url(of relative: String) -> URL {
        CaseInsensitivePath.resolve(
            relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : sourceRoot.appendingPathComponent(relative))
    }

    /// A path relative to the project's folder as messages name it (relative the way the user
    /// named the project: `ios/App/Info.plist` for `--project ios/App.xcodeproj`).
    public func displayName(of relative: String) -> String {
        relative.hasPrefix("/") ? relative : InfoPlist.join(sourceRootName, relative)
    }

    /// The target doctor checks: the one named, else the project's only application target.
    ///
    /// - Throws: ``DoctorInputError`` listing the targets when the name is unknown, or when there is
    ///   no application target or more than one (then `--target` must choose).
    public func target(named name: String?) throws(DoctorInputError) -> XcodeTarget {
        let list = targets.map(\.summary).joined(separator: ", ")
        if let name {
            if let target = targets.first(where: { $0.name == name }) { return target }
            throw DoctorInputError(
                file: path, message: "has no target named \"\(name)\"; its targets are: \(list.isEmpty ? "none" : list)"
            )
        }
        var applications = targets.filter(\.isApplication)
        // A watchOS, tvOS or macOS app in the same project is not the iOS app doctor checks.
        let iOS = applications.filter { !isOtherPlatform($0) }
        if iOS.count == 1 { applications = iOS }
        switch applications.count {
        case 1:
            return applications[0]
        case 0:
            throw DoctorInputError(
                file: path,
                message:
                    "has no application target; pass --target NAME to choose one (targets: \(list.isEmpty ? "none" : list))"
            )
        default:
            throw DoctorInputError(
                file: path,
                message:
                    "has \(applications.count) application targets (\(applications.map(\.name).joined(separator: ", "))); pass --target NAME to choose one"
            )
        }
    }

    /// Whether every configuration of the target (or the project, where the target says nothing)
    /// builds for an SDK other than iOS.
    private func isOtherPlatform(_ target: XcodeTarget) -> Bool {
        let sdks = target.configurationList.configurations.map { configuration in
            configuration.settings.last { $0.name == "SDKROOT" }?.value
                ?? configurationList[configuration.name]?.settings.last { $0.name == "SDKROOT" }?.value
        }
        return !sdks.isEmpty
            && sdks.allSatisfy { sdk in sdk.map { ["watchos", "appletvos", "macosx", "xros"].contains($0) } ?? false }
    }

    /// The configuration doctor reads: the one named, else `Release` (what an archive builds), else the
    /// target's default.
    ///
    /// - Throws: ``DoctorInputError`` listing the target's configurations when it has no such one.
    public func configuration(named name: String?, of target: XcodeTarget) throws(DoctorInputError)
        -> XcodeBuildConfiguration
    {
        // What App Review gets is an archive, built in Release by default; a project whose default
        // is Debug (older templates) may give Debug its own Info.plist, so Release comes first.
        let list = target.configurationList
        let chosen = name ?? (list["Release"] != nil ? "Release" : list.defaultConfigurationName ?? "Release")
        if let configuration = target.configurationList[chosen] { return configuration }
        let available = target.configurationList.configurations.map(\.name).joined(separator: ", ")
        throw DoctorInputError(
            file: path,
            message:
                "target \(target.name) has no build configuration \"\(chosen)\"; available: \(available.isEmpty ? "none" : available)\(name == nil ? " (pass --configuration NAME)" : "")"
        )
    }
}
