import Foundation

/// One `wakeful doctor` invocation: the files and options, and what it prints and returns.
///
/// The command-line tool only parses its arguments into a request and prints the outcome, so the
/// whole behaviour, exit status included, is testable without a process.
public struct DoctorRequest: Sendable, Hashable {
    /// Output forms.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case text, json
    }

    /// The Info.plist path.
    public var plist: String
    /// The configuration path or built-in scenario name; nil to check the Info.plist on its own.
    public var config: String?
    /// Which of the configuration's strategy setups the app runs.
    public var setup: String?
    /// Substituted for `$(PRODUCT_BUNDLE_IDENTIFIER)` in permitted identifiers.
    public var bundleIdentifier: String?
    /// Warnings fail too.
    public var strict: Bool
    /// The output form.
    public var format: Format

    /// Creates a request.
    public init(plist: String, config: String? = nil, setup: String? = nil, bundleIdentifier: String? = nil, strict: Bool = false, format: Format = .text) {
        self.plist = plist
        self.config = config
        self.setup = setup
        self.bundleIdentifier = bundleIdentifier
        self.strict = strict
        self.format = format
    }

    /// Exit status for input doctor cannot check (missing file, not a plist, bad configuration),
    /// distinct from 1, "problems found".
    public static let badInputStatus: Int32 = 2

    /// Reads the files, examines the Info.plist and renders the report.
    public func run() -> DoctorOutcome {
        do throws(DoctorInputError) {
            if config == nil, setup != nil {
                throw DoctorInputError(file: "--setup", message: "needs --config: it chooses one of the configuration's strategy setups")
            }
            let plist = try InfoPlist.load(contentsOf: URL(fileURLWithPath: self.plist), file: self.plist)
            let requirements = try config.map { path throws(DoctorInputError) in
                try ConfigurationFile.resolve(path, setup: setup)
            }
            let report = PlistDoctor.examine(plist, requirements: requirements, bundleIdentifier: bundleIdentifier)
            let output = format == .json ? report.json(strict: strict) : report.text(strict: strict)
            return DoctorOutcome(output: output, isError: false, status: report.status(strict: strict))
        } catch {
            return DoctorOutcome(output: render(error), isError: true, status: Self.badInputStatus)
        }
    }

    private func render(_ error: DoctorInputError) -> String {
        guard format == .json else { return "error: \(error.description)" }
        let document: [String: Any] = [
            "error": ["file": error.file, "field": error.field ?? NSNull(), "message": error.message] as [String: Any],
            "status": Int(Self.badInputStatus),
        ]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
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
