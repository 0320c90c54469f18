import Foundation

/// One `wakeful doctor` invocation: the files and options, and what it prints and returns.
///
/// The command-line tool only parses its arguments into a request and prints the outcome, so the
/// whole behaviour, exit status included, is testable without a process.
public struct DoctorRequest: Sendable, Hashable {
    /// Output forms.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// For people: errors and warnings in full, notes one line each unless `explain`.
        case text
        /// One JSON object for scripts.
        case json
        /// `path:line: warning: …` lines for an Xcode Run Script build phase.
        case xcode
        /// SARIF 2.1.0 for GitHub code scanning.
        case sarif
    }

    /// The Info.plist path, a built `.app` folder, or `-` for standard input; nil with `project`.
    public var plist: String?
    /// An `.xcodeproj` whose target's Info.plist is built from its file and build settings.
    public var project: String?
    /// The project's target; nil for its only application target.
    public var target: String?
    /// The build configuration; nil for the target's default.
    public var configuration: String?
    /// Folders or files of the app's Swift and Objective-C sources.
    public var sources: [String]
    /// The configuration path or built-in scenario name; nil to check without one.
    public var config: String?
    /// Which of the configuration's strategy setups the app runs.
    public var setup: String?
    /// Substituted for `$(PRODUCT_BUNDLE_IDENTIFIER)` in permitted identifiers.
    public var bundleIdentifier: String?
    /// Warnings fail too.
    public var strict: Bool
    /// The output form.
    public var format: Format
    /// Notes in full, with the suggested reviewer notes.
    public var explain: Bool
    /// The baseline file; nil to look for `.wakeful-doctor.json` from the input's folder up.
    public var baseline: String?
    /// Write the findings to this baseline file instead of reporting them.
    public var writeBaseline: String?

    /// Creates a request.
    public init(
        plist: String? = nil, project: String? = nil, target: String? = nil, configuration: String? = nil,
        sources: [String] = [],
        config: String? = nil, setup: String? = nil, bundleIdentifier: String? = nil, strict: Bool = false,
        format: Format = .text,
        explain: Bool = false, baseline: String? = nil, writeBaseline: String? = nil
    ) {
        self.plist = plist
        self.project = project
        self.target = target
        self.configuration = configuration
        self.sources = sources
        self.config = config
        self.setup = setup
        self.bundleIdentifier = bundleIdentifier
        self.strict = strict
        self.format = format
        self.explain = explain
        self.baseline = baseline
        self.writeBaseline = writeBaseline
    }

    /// Exit status for input doctor cannot check (missing file, not a plist, bad configuration),
    /// distinct from 1, "problems found".
    public static let badInputStatus: Int32 = 2

    /// Reads the files, examines the Info.plist and renders the report.
    ///
    /// - Parameter standardInput: What `--plist -` reads: standard input, unless a test passes a pipe.
    public func run(standardInput: FileHandle = .standardInput) -> DoctorOutcome {
        do throws(DoctorInputError) {
            if config == nil, setup != nil {
                throw DoctorInputError(
                    file: "--setup", message: "needs --config: it chooses one of the configuration's strategy setups")
            }
            let input = try DoctorInput.load(self, standardInput: standardInput)
            let requirements = try config.map { path throws(DoctorInputError) in
                try ConfigurationFile.resolve(path, setup: setup)
            }
            let examined = PlistDoctor.examine(
                input.plist, requirements: requirements,
                bundleIdentifier: bundleIdentifier ?? input.project?.bundleIdentifier,
                code: input.code, project: input.project)
            if let writeBaseline {
                let template = DoctorBaseline.template(for: examined, file: writeBaseline)
                try template.write()
                let message =
                    "wrote \(template.entries.count) entr\(template.entries.count == 1 ? "y" : "ies") to \(writeBaseline): write each one's reason, then run doctor again"
                return DoctorOutcome(output: format == .json ? "" : message, isError: false, status: 0)
            }
            let report =
                try DoctorBaseline.resolve(explicit: baseline, startingAt: input.folder)?.apply(to: examined)
                ?? examined
            return DoctorOutcome(output: render(report), isError: false, status: report.status(strict: strict))
        } catch {
            return DoctorOutcome(output: render(error), isError: true, status: Self.badInputStatus)
        }
    }

    private func render(_ report: DoctorReport) -> String {
        switch format {
        case .text: report.text(strict: strict, explain: explain)
        case .json: report.json(strict: strict)
        case .xcode: report.xcode(strict: strict, explain: explain)
        case .sarif: report.sarif(strict: strict)
        }
    }

    private func render(_ error: DoctorInputError) -> String {
        switch format {
        case .text: return "error: \(error.description)"
        // Xcode shows `file: error: message` on the file named.
        case .xcode: return "\(error.file)\(error.line.map { ":\($0)" } ?? ""): error: \(error.message)"
        case .sarif: return error.sarif()
        case .json:
            let document: [String: Any] = [
                "error": [
                    "file": error.file, "field": error.field ?? NSNull(), "line": error.line ?? NSNull(),
                    "message": error.message,
                ] as [String: Any],
                "status": Int(Self.badInputStatus),
            ]
            let data =
                (try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]))
                ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }
}

/// What a ``DoctorRequest`` prints and the exit status it ends with.
public struct DoctorOutcome: Sendable, Hashable {
    /// The report, or the error.
    public var output: String
    /// Whether `output` is an input error (text form: printed to standard error).
    public var isError: Bool
    /// 0 clean, 1 problems found, 2 input doctor cannot check.
    public var status: Int32
}
