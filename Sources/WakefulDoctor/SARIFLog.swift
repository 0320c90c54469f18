import Foundation

/// The part of SARIF 2.1.0 doctor writes, as Encodable values: optional properties that are nil
/// are left out, and keys are sorted when encoded, so the same report gives the same bytes.
struct SARIFLog: Encodable {
    /// The OASIS schema the log follows (the errata 01 schema, which GitHub's documentation links).
    var schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case version, runs
    }

    /// Pretty-printed, sorted keys, slashes unescaped, final newline.
    func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, integers, booleans, arrays and dictionaries of them cannot fail to encode.
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    struct Run: Encodable {
        var tool: Tool
        var invocations: [Invocation]
        var originalUriBaseIds: [String: ArtifactLocation]
        /// Nil when no analysis happened (bad input), which SARIF distinguishes from "no results".
        var results: [Result]?
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name = "wakeful doctor"
        var informationUri: String?
        var semanticVersion: String?
        var rules: [Rule]

        init(options: SARIFOptions, rules: [Rule]) {
            informationUri = options.informationURI
            semanticVersion = options.toolVersion
            self.rules = rules
        }
    }

    struct Rule: Encodable {
        var id: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var defaultConfiguration: Configuration
        var properties: [String: PropertyValue]

        init(_ check: Finding.Check) {
            let rule = check.rule
            id = check.rawValue
            shortDescription = Message(text: rule.short)
            fullDescription = Message(text: rule.full)
            help = Message(text: rule.help)
            defaultConfiguration = Configuration(level: rule.level.rawValue)
            // GitHub shows tags on the alert and filters by them.
            properties = ["tags": .strings(["ios", "info-plist"])]
        }
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct Message: Encodable {
        var text: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]
        var properties: [String: PropertyValue]
        var suppressions: [Suppression]?
    }

    struct Location: Encodable {
        var id: Int?
        var physicalLocation: PhysicalLocation
        var message: Message?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String?
        var uriBaseId: String?
        var description: Message?

        init(uri: String? = nil, uriBaseId: String? = nil, description: Message? = nil) {
            self.uri = uri
            self.uriBaseId = uriBaseId
            self.description = description
        }
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }

    struct Suppression: Encodable {
        var kind: String
        var status: String
        var justification: String
    }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var exitCode: Int
        var toolConfigurationNotifications: [Notification]?
        var toolExecutionNotifications: [Notification]?
    }

    struct Notification: Encodable {
        var level: String
        var message: Message
        var locations: [Location]?
    }

    /// A property bag value: doctor's bags hold strings and lists of strings.
    enum PropertyValue: Encodable {
        case string(String)
        case strings([String])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .strings(let list): try container.encode(list)
            }
        }
    }
}
