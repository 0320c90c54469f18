import Foundation
import Testing

/// What one run of a `wakeful` or `wakeful-server` binary printed and how it ended.
struct CommandResult: Sendable, CustomStringConvertible {
    /// The executable's name.
    var executable: String
    /// The arguments after the executable's name.
    var arguments: [String]
    /// The exit status (or the signal number when the process was killed).
    var status: Int32
    /// Everything written to standard output.
    var stdout: String
    /// Everything written to standard error.
    var stderr: String
    /// Whether the watchdog had to kill the process.
    var timedOut: Bool

    /// Standard output and standard error together, for checks that do not care which.
    var output: String { stdout + stderr }

    var description: String {
        "\(executable) \(arguments.joined(separator: " ")) → status \(status)\(timedOut ? " (timed out)" : "")\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)"
    }
}

/// Runs one of the package's built executables, `wakeful` or `wakeful-server`, as a subprocess.
///
/// ## Finding the binary
/// `swift test` builds the executable products into the same products directory as the test bundle
/// (`<scratch-path>/<configuration>/`, e.g. `.build-tests-e/debug/`), whatever `--scratch-path` is.
/// On Linux the test bundle is an executable (`WakefulPackageTests.xctest`) and is the main bundle, so
/// the products directory is the folder of `Bundle.main.executableURL`. On macOS, Swift Testing
/// runs inside a helper; the test bundle is then one of `Bundle.allBundles` ending in `.xctest`,
/// and the products directory is the folder containing it. The first of these folders holding an
/// executable of that name wins; `WAKEFUL_EXECUTABLE` (`WAKEFUL_SERVER_EXECUTABLE`) overrides the search.
///
/// Deliberately no fallback to `<package>/.build/debug/wakeful` found from `#filePath`: with another
/// `--scratch-path` that binary may be stale (or someone else's build), and the tests would silently
/// check old code. Not finding the binary fails the test instead.
struct Executable: Sendable {
    /// The simulator, doctor, replay and chaos tool.
    static let wakeful = Executable(name: "wakeful", overrideVariable: "WAKEFUL_EXECUTABLE")
    /// The companion server, the fleet and the mock APNs.
    static let server = Executable(name: "wakeful-server", overrideVariable: "WAKEFUL_SERVER_EXECUTABLE")

    /// The file name of the product.
    let name: String
    /// The binary, or nil when it cannot be found (a test then fails with `#require`).
    let url: URL?

    private init(name: String, overrideVariable: String) {
        self.name = name
        self.url = Self.locate(name, overrideVariable: overrideVariable)
    }

    /// The directories searched, in order, for diagnostics.
    var searchedDirectories: [URL] { Self.candidateDirectories() }

    private static func locate(_ name: String, overrideVariable: String) -> URL? {
        let fileManager = FileManager.default
        if let override = ProcessInfo.processInfo.environment[overrideVariable],
            fileManager.isExecutableFile(atPath: override)
        {
            return URL(fileURLWithPath: override)
        }
        for directory in candidateDirectories() {
            let candidate = directory.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                fileManager.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        return nil
    }

    private static func candidateDirectories() -> [URL] {
        var directories: [URL] = []
        // macOS: the .xctest bundle sits in the products directory.
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        // Linux: the .xctest file is itself the running executable.
        if let executable = Bundle.main.executableURL {
            directories.append(executable.resolvingSymlinksInPath().deletingLastPathComponent())
        }
        directories.append(Bundle.main.bundleURL)
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        return directories
    }

    /// Runs the executable with `arguments`, in `directory` if given, with `environment` added to
    /// the test's own, and waits for it to exit.
    ///
    /// Standard output and error go to temporary files (no pipe can fill up and block the child),
    /// which are read and removed afterwards. A watchdog kills the process after `timeout`; the
    /// result then says so and the calling test records an issue. The default is a hang detector,
    /// not a speed check: nine minutes, inside the suites' ten-minute limit, since a command that
    /// takes seconds on a quiet machine can take minutes beside CPU hogs.
    func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        timeout: TimeInterval = 540,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> CommandResult {
        let executable = try #require(
            url, "the \(name) binary was not found; searched \(searchedDirectories.map(\.path))",
            sourceLocation: sourceLocation)
        return try await withTemporaryDirectory(prefix: "wakeful-cli-output") { folder in
            let stdoutURL = folder.appendingPathComponent("stdout")
            let stderrURL = folder.appendingPathComponent("stderr")
            try #require(FileManager.default.createFile(atPath: stdoutURL.path, contents: nil))
            try #require(FileManager.default.createFile(atPath: stderrURL.path, contents: nil))
            let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
            let stderrHandle = try FileHandle(forWritingTo: stderrURL)
            defer {
                try? stdoutHandle.close()
                try? stderrHandle.close()
            }

            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = stdoutHandle
            process.standardError = stderrHandle
            if let directory { process.currentDirectoryURL = directory }
            if !environment.isEmpty {
                process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            }
            let box = ProcessBox(process)

            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                process.terminationHandler = { _ in continuation.resume() }
                do {
                    try process.run()
                } catch {
                    process.terminationHandler = nil
                    box.launchError = error
                    continuation.resume()
                    return
                }
                // The watchdog: not a sleep, a deadline after which a hung child is killed.
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { box.killIfRunning() }
            }
            if let error = box.launchError { throw error }

            let result = CommandResult(
                executable: name, arguments: arguments, status: process.terminationStatus,
                stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
                stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self),
                timedOut: box.timedOut)
            #expect(
                !result.timedOut, "\(name) did not finish within \(timeout) s: \(result)",
                sourceLocation: sourceLocation)
            return result
        }
    }
}

/// Lets the watchdog reach the process from another thread.
private final class ProcessBox: @unchecked Sendable {
    private let lock = NSLock()
    private let process: Process
    private var killed = false
    var launchError: (any Error)?

    init(_ process: Process) { self.process = process }

    var timedOut: Bool { lock.withLock { killed } }

    func killIfRunning() {
        lock.withLock {
            guard process.isRunning else { return }
            killed = true
            process.terminate()
        }
    }
}

/// Runs `body` with a fresh temporary folder and removes the folder afterwards, whatever happens.
func withTemporaryDirectory<T>(
    prefix: String = "WakefulCLITests", _ body: (URL) async throws -> T
) async throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}
