import Foundation
import Testing
import WakefulDoctor

/// The hand-built Xcode projects under `Fixtures/projects`.
enum ProjectFixture {
    /// The fixture folder `name`.
    static func folder(_ name: String) throws -> URL {
        try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/projects"),
            "missing fixture \(name)")
    }

    /// The path of a file or folder inside fixture `name`.
    static func path(_ name: String, _ relative: String) throws -> String {
        try folder(name).appendingPathComponent(relative).path
    }

    /// Makes the Info.plist of a fixture project.
    static func load(_ name: String, _ project: String, target: String? = nil, configuration: String? = nil) throws
        -> ProjectInfoPlist
    {
        try ProjectInfoPlist.load(project: path(name, project), target: target, configuration: configuration)
    }

    /// The first line (from 1) of the file holding `text`.
    static func line(of text: String, in file: String) throws -> Int {
        let lines = try String(contentsOfFile: file, encoding: .utf8).components(separatedBy: "\n")
        return try #require(lines.firstIndex { $0.contains(text) }, "\(text) not in \(file)") + 1
    }
}

/// A temporary folder, removed when the test ends.
final class TemporaryFolder {
    /// The folder.
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes a file and returns its path.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }
}
