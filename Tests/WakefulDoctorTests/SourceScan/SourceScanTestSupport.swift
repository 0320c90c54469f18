import Foundation
import Testing
import WakefulDoctor

/// The app source trees under `Fixtures/apps/`, written for the source-scan tests.
enum SourceFixture {
    /// The folder `Fixtures/apps/<name>` in the test bundle's resources.
    static func directory(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/apps"),
            "no fixture Fixtures/apps/\(name)", sourceLocation: sourceLocation)
    }

    /// The evidence from scanning `Fixtures/apps/<name>`.
    static func scan(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> SourceEvidence {
        SourceScanner.scan(directories: [try directory(name, sourceLocation: sourceLocation)])
    }
}

/// The evidence from Swift code given as text.
func swiftEvidence(_ code: String) -> SourceEvidence {
    SourceScanner.scan(text: code, file: "Test.swift", language: .swift)
}

/// The evidence from Objective-C code given as text.
func objcEvidence(_ code: String) -> SourceEvidence {
    SourceScanner.scan(text: code, file: "Test.m", language: .objectiveC)
}

extension SourceEvidence {
    /// The kinds of API found, without repeats, in `SourceAPI` order.
    var apis: [SourceAPI] { SourceAPI.allCases.filter(contains) }

    /// The identifiers of every use of `api`, in order.
    func identifiers(_ api: SourceAPI) -> [SourceIdentifier?] { uses(of: api).map(\.identifier) }
}

/// The texts of the tokens of `code`.
func tokenTexts(_ code: String, _ language: SourceLanguage = .swift) -> [String] {
    SourceLexer.tokenize(code, language: language).tokens.map(\.text)
}
