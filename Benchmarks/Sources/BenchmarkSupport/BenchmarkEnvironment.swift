import Foundation

/// Sizes of the benchmarks, read from environment variables: a default small enough for CI, and a
/// way to ask for the README's figures (`WAKEFUL_BENCH_PAGING_RECORDS=1000000`, say).
///
/// A value that is set but wrong fails the benchmark that reads it, with a message naming the
/// variable, what it held and the expected form.
public enum BenchmarkEnvironment {
    /// The whole number in `name`, or `defaultValue` when it is unset or empty.
    ///
    /// - Parameters:
    ///   - name: The environment variable, such as `WAKEFUL_BENCH_STORE_RECORDS`.
    ///   - defaultValue: The value when the variable is unset.
    ///   - range: The values allowed.
    /// - Returns: The number.
    /// - Throws: ``BenchmarkEnvironmentError`` when the value is not a whole number in `range`.
    public static func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = value(name) else { return defaultValue }
        guard let number = Int(text.replacingOccurrences(of: "_", with: "")), range.contains(number) else {
            throw BenchmarkEnvironmentError(
                name: name, value: text, expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// The comma-separated whole numbers in `name` (such as `200,1000`), or `defaultValue`.
    ///
    /// - Throws: ``BenchmarkEnvironmentError`` when a part is not a whole number in `range`.
    public static func integers(_ name: String, default defaultValue: [Int], in range: ClosedRange<Int>) throws -> [Int]
    {
        guard let text = value(name) else { return defaultValue }
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        guard numbers.allSatisfy({ $0.map(range.contains) ?? false }) else {
            throw BenchmarkEnvironmentError(
                name: name, value: text,
                expected:
                    "whole numbers from \(range.lowerBound) to \(range.upperBound) separated by commas, such as 200,1000"
            )
        }
        return numbers.compactMap { $0 }
    }

    /// One of `choices` in `name`, or `defaultValue`.
    ///
    /// - Throws: ``BenchmarkEnvironmentError`` when the value is not one of `choices`.
    public static func choice(_ name: String, default defaultValue: String, among choices: [String]) throws -> String {
        guard let text = value(name) else { return defaultValue }
        guard choices.contains(text) else {
            throw BenchmarkEnvironmentError(
                name: name, value: text, expected: "one of \(choices.joined(separator: ", "))")
        }
        return text
    }

    /// Whether `name` is `1` (on) rather than `0` or unset (off).
    ///
    /// - Throws: ``BenchmarkEnvironmentError`` for any other value.
    public static func flag(_ name: String) throws -> Bool {
        try choice(name, default: "0", among: ["0", "1"]) == "1"
    }

    private static func value(_ name: String) -> String? {
        guard let text = ProcessInfo.processInfo.environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty
        else { return nil }
        return text
    }
}

/// An environment variable a benchmark reads holds something it cannot use.
public struct BenchmarkEnvironmentError: Error, CustomStringConvertible {
    /// The variable.
    public var name: String
    /// What it held.
    public var value: String
    /// What it should hold.
    public var expected: String

    public var description: String { "\(name)=\(value): expected \(expected)" }
}
