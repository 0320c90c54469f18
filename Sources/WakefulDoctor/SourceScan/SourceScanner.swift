import Foundation

/// Reads an app's Swift and Objective-C sources and reports the background APIs they really use,
/// for `wakeful doctor --sources DIR`.
///
/// Scanning is two passes: every file is tokenized and its string constants collected, then each
/// file's tokens are matched against the API patterns with the constants of all files available, so
/// `register(forTaskWithIdentifier: TaskIDs.refresh)` resolves a constant defined elsewhere. A file
/// that cannot be read or tokenized becomes a ``SourceProblem``; scanning always goes on.
///
/// ```swift
/// let evidence = SourceScanner.scan(directories: [URL(fileURLWithPath: "MyApp")]) { _, path in "MyApp/\(path)" }
/// for use in evidence.uses(of: .taskRegister) {
///     print(use.file, use.line, use.identifier?.literal ?? "?")  // MyApp/AppDelegate.swift 12 com.example.refresh
/// }
/// ```
public enum SourceScanner {
    /// Files larger than this are not scanned (generated code, resources with a source extension).
    public static let maximumFileSize = 4 << 20

    /// Scans every source file under `directories` (recursively, in sorted order; see the walk's
    /// rules in the documentation of `--sources`). `display` turns a directory and a file's path
    /// below it into the path shown in the evidence; by default the path below the directory.
    /// Files at or below an `excluding` URL (standardized file URLs) are left out.
    public static func scan(
        directories: [URL], excluding: [URL] = [],
        display: (_ directory: URL, _ relativePath: String) -> String = { _, path in path }
    ) -> SourceEvidence {
        let excludedPaths = excluding.map(\.path)
        func isExcluded(_ url: URL) -> Bool {
            let path = url.standardizedFileURL.path
            return excludedPaths.contains { path == $0 || path.hasPrefix($0 + "/") }
        }
        var inputs: [Input] = []
        var problems: [SourceProblem] = []
        for directory in directories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
                problems.append(SourceProblem(file: display(directory, ""), line: nil, message: "no such directory"))
                continue
            }
            guard isDirectory.boolValue else {
                // A single file given where a directory was expected: scan it, named by its name.
                if let language = SourceLanguage(pathExtension: directory.pathExtension) {
                    inputs.append(
                        Input(url: directory, file: display(directory, directory.lastPathComponent), language: language)
                    )
                }
                continue
            }
            let walker = SourceFileWalker.walk(directory)
            for entry in walker.entries where !isExcluded(entry.url) {
                inputs.append(
                    Input(url: entry.url, file: display(directory, entry.relativePath), language: entry.language))
            }
            for failure in walker.unreadable {
                problems.append(
                    SourceProblem(file: display(directory, failure.relativePath), line: nil, message: failure.message))
            }
        }
        var evidence = scan(inputs, problems: problems)
        evidence.folders = directories.map { display($0, "") }
        return evidence
    }

    /// Scans the given files (those with a source extension; others are ignored), each shown as
    /// `display` names it, by default the path as given.
    public static func scan(files: [URL], display: (URL) -> String = { $0.relativePath }) -> SourceEvidence {
        let inputs = files.compactMap { url in
            SourceLanguage(pathExtension: url.pathExtension).map { Input(url: url, file: display(url), language: $0) }
        }
        return scan(inputs, problems: [])
    }

    /// Scans one file's text, as if read from `file`: for tests and for sources held in memory.
    ///
    /// ```swift
    /// let evidence = SourceScanner.scan(text: "manager.startUpdatingLocation()", file: "A.swift", language: .swift)
    /// evidence.uses.map(\.api)  // [.standardLocationUpdates]
    /// ```
    public static func scan(text: String, file: String, language: SourceLanguage) -> SourceEvidence {
        let tokenization = SourceLexer.tokenize(utf8: Array(text.utf8), language: language, file: file)
        return evidence(
            [TokenizedSource(file: file, language: language, tokens: tokenization.tokens)],
            problems: tokenization.problems)
    }

    /// A file to read.
    private struct Input {
        var url: URL
        var file: String
        var language: SourceLanguage
    }

    private static func scan(_ inputs: [Input], problems: [SourceProblem]) -> SourceEvidence {
        var problems = problems
        var sources: [TokenizedSource] = []
        for input in inputs {
            let read = SourceFileReader.read(input.url, as: input.file, maximumSize: maximumFileSize)
            problems += read.problems
            guard let bytes = read.bytes else { continue }
            let tokenization = SourceLexer.tokenize(utf8: bytes, language: input.language, file: input.file)
            problems += tokenization.problems
            sources.append(TokenizedSource(file: input.file, language: input.language, tokens: tokenization.tokens))
        }
        return evidence(sources, problems: problems)
    }

    /// Constants from every file, then each file's uses, sorted.
    private static func evidence(_ sources: [TokenizedSource], problems: [SourceProblem]) -> SourceEvidence {
        let constants = SourceConstants(sources.flatMap(SourceConstants.definitions))
        var seen: Set<SourceUse> = []
        let uses = sources.flatMap { APIPatterns.uses(in: $0, constants: constants) }
            .filter { seen.insert($0).inserted }
            .sorted { ($0.file, $0.line, $0.column, $0.api.rawValue) < ($1.file, $1.line, $1.column, $1.api.rawValue) }
        let sortedProblems = problems.sorted {
            ($0.file, $0.line ?? 0, $0.message) < ($1.file, $1.line ?? 0, $1.message)
        }
        return SourceEvidence(uses: uses, files: sources.map(\.file).sorted(), problems: sortedProblems)
    }
}
