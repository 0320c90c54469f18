import ArgumentParser
import WakefulSimulator

/// Loads `--scenario` for `simulate` and `compare`. A scenario that cannot be used is reported as its
/// error and one hint, then exit status 64: the usage text ArgumentParser adds to a validation error
/// is about options and would bury a message about a field of a file.
enum ScenarioLoading {
    /// The scenario named or stored at `nameOrPath`.
    static func load(_ nameOrPath: String) throws -> Scenario {
        do {
            return try BuiltinScenarios.resolve(nameOrPath)
        } catch {
            var stderr = StandardError()
            print("Error: \(error.description)", to: &stderr)
            print("Hint: \(hint(for: error))", to: &stderr)
            throw ExitCode(64)
        }
    }

    /// One thing to do next: a missing scenario needs a name or a path; a broken file needs the reference.
    static func hint(for error: ScenarioError) -> String {
        if error.file == "--scenario" {
            return
                "`wakeful simulate --list` names the built-in scenarios; anything else is read as a path to a JSON file."
        }
        return "every field, its type and its default are in the scenario file reference, "
            + "Sources/WakefulSimulator/WakefulSimulator.docc/ScenarioFiles.md."
    }
}
