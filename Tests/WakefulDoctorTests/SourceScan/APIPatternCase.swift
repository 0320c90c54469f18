import Testing
import WakefulDoctor

/// A snippet and the API kind it must show, with the identifier it must carry, if any.
struct APIPatternCase: Sendable, CustomTestStringConvertible {
    var api: SourceAPI
    var code: String
    var identifier: SourceIdentifier?

    init(_ api: SourceAPI, _ code: String, identifier: String? = nil) {
        self.api = api
        self.code = code
        self.identifier = identifier.map(SourceIdentifier.literal)
    }

    var testDescription: String { "\(api.rawValue): \(code.prefix(60))" }
}
