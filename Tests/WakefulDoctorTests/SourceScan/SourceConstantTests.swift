import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("String constants resolve to their literals", .watchdog, .cpuBound)
struct SourceConstantTests {
    static let register = #"BGTaskScheduler.shared.register(forTaskWithIdentifier: REF, using: nil) { _ in }"#

    /// A Swift definition and the reference that names it.
    static let swiftForms: [(String, String)] = [
        (#"let refreshID = "com.example.refresh""#, "refreshID"),
        (#"private let refreshID: String = "com.example.refresh""#, "refreshID"),
        (#"enum TaskIDs { static let refresh = "com.example.refresh" }"#, "TaskIDs.refresh"),
        (#"struct Tasks { static let refresh: String = "com.example.refresh"; func go() {} }"#, "Self.refresh"),
        (
            #"enum TaskID: String, CaseIterable { case refresh = "com.example.refresh", sync = "com.example.sync" }"#,
            "TaskID.refresh.rawValue"
        ),
        (
            #"enum TaskID: String { case sync = "com.example.sync"\n case refresh = "com.example.refresh" }"#,
            ".refresh.rawValue"
        ),
        (
            "enum ID: String { case refresh; var title: String { switch self { case .refresh: \"x\" } } }",
            "ID.refresh.rawValue"
        ),
    ]

    @Test("Swift constant forms", arguments: 0..<swiftForms.count)
    func swift(_ form: Int) {
        let (definition, reference) = Self.swiftForms[form]
        let evidence = swiftEvidence(definition + "\n" + Self.register.replacingOccurrences(of: "REF", with: reference))
        let expected = reference.hasPrefix("ID.") ? "refresh" : "com.example.refresh"
        #expect(evidence.identifiers(.taskRegister) == [.literal(expected)])
    }

    /// An Objective-C definition; the reference is always `kRefreshTaskID`.
    static let objcForms = [
        #"#define kRefreshTaskID @"com.example.refresh""#,
        #"#define kRefreshTaskID @"com.example." \#n  @"refresh""#.replacingOccurrences(of: "\n", with: "\\\n"),
        #"NSString *const kRefreshTaskID = @"com.example.refresh";"#,
        #"static NSString * const kRefreshTaskID = @"com.example.refresh";"#,
        #"NSString * const kRefreshTaskID = @"com.example." @"refresh";"#,
    ]

    @Test("Objective-C constant forms", arguments: objcForms)
    func objc(_ definition: String) {
        let code =
            definition
            + "\n@implementation A\n- (void)go {\n  [[BGTaskScheduler sharedScheduler] registerForTaskWithIdentifier:kRefreshTaskID usingQueue:nil launchHandler:nil];\n}\n@end\n"
        #expect(objcEvidence(code).identifiers(.taskRegister) == [.literal("com.example.refresh")])
    }

    @Test("constants resolve across files: a qualified name by its type, an unqualified one the file's own first")
    func acrossFiles() throws {
        let directory = try TemporaryDirectory()
        try directory.write("IDs.swift", #"enum IDs { static let refresh = "com.example.refresh" }"#)
        try directory.write("Other.swift", #"enum Other { static let sync = "com.example.other-sync" }"#)
        try directory.write(
            "Local.swift",
            """
            let sync = "com.example.local-sync"
            func go() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: IDs.refresh, using: nil) { _ in }
                BGTaskScheduler.shared.register(forTaskWithIdentifier: Other.sync, using: nil) { _ in }
                BGTaskScheduler.shared.register(forTaskWithIdentifier: sync, using: nil) { _ in }
            }
            """)
        let evidence = SourceScanner.scan(directories: [directory.url])
        #expect(
            evidence.identifiers(.taskRegister) == [
                .literal("com.example.refresh"), .literal("com.example.other-sync"), .literal("com.example.local-sync"),
            ])
    }

    @Test("a name with two values elsewhere resolves only through its qualifier; otherwise it stays dynamic")
    func ambiguous() throws {
        let directory = try TemporaryDirectory()
        try directory.write("A.swift", #"enum A { static let id = "com.example.a" }"#)
        try directory.write("B.swift", #"enum B { static let id = "com.example.b" }"#)
        try directory.write(
            "C.swift",
            "let r = BGAppRefreshTaskRequest(identifier: A.id)\nlet s = BGAppRefreshTaskRequest(identifier: id)")
        let evidence = SourceScanner.scan(directories: [directory.url])
        #expect(
            evidence.identifiers(.appRefreshRequest) == [
                .literal("com.example.a"), .dynamic(expression: "id", pattern: nil),
            ])
    }

    /// Two types of one file each define `id`; `Self.id` and a bare `id` inside one of them are its
    /// own, as Swift looks names up, where the file-wide lookup saw two values and gave up.
    @Test("an unqualified name inside a type is that type's constant first")
    func enclosingTypeFirst() throws {
        let directory = try TemporaryDirectory()
        try directory.write(
            "Tasks.swift",
            """
            enum Refresh {
                static let id = "com.example.refresh"
                static func register() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: Self.id, using: nil) { _ in }
                }
            }
            enum Cleanup {
                static let id = "com.example.cleanup"
                static func register() {
                    BGTaskScheduler.shared.register(forTaskWithIdentifier: id, using: nil) { _ in }
                }
            }
            """)
        let evidence = SourceScanner.scan(directories: [directory.url])
        #expect(
            evidence.identifiers(.taskRegister) == [.literal("com.example.refresh"), .literal("com.example.cleanup")])
    }

    @Test("a constant with something applied to its literal is not a constant")
    func notPlain() {
        let code = #"let id = "com.example." + suffix"# + "\nlet r = BGAppRefreshTaskRequest(identifier: id)"
        #expect(swiftEvidence(code).identifiers(.appRefreshRequest) == [.dynamic(expression: "id", pattern: nil)])
    }
}

@Suite("Qualified constant references", .watchdog, .cpuBound)
struct QualifiedConstantTests {
    @Test(
        "Constants.Values.refreshTaskId picks the definition inside Values in Constants when another type has a refreshTaskId too"
    )
    func qualifiedReferencePicksItsType() {
        let code = """
            enum Constants {
                enum Values {
                    static let refreshTaskId = "com.example.podcasts.Refresh"
                }
            }
            final class SyncManager {
                let refreshTaskId = "refresh"
            }
            func setUp() {
                BGTaskScheduler.shared.register(forTaskWithIdentifier: Constants.Values.refreshTaskId, using: nil) { _ in }
                BGTaskScheduler.shared.register(forTaskWithIdentifier: refreshTaskId, using: nil) { _ in }
            }
            """
        let identifiers = SourceScanner.scan(text: code, file: "A.swift", language: .swift).uses(of: .taskRegister).map(
            \.identifier)
        #expect(identifiers.first == .literal("com.example.podcasts.Refresh"))
        // Unqualified, the two definitions in the same file cannot be told apart: left unresolved.
        #expect(identifiers.last??.literal == nil)
    }

    @Test("an extension of the qualifying type counts as that type")
    func extensionScope() {
        let code = """
            enum Tasks {}
            extension Tasks { static let sync = "com.example.sync" }
            struct Other { static let sync = "other" }
            let request = BGProcessingTaskRequest(identifier: Tasks.sync)
            """
        let uses = SourceScanner.scan(text: code, file: "A.swift", language: .swift).uses(of: .processingRequest)
        #expect(uses.map(\.identifier) == [.literal("com.example.sync")])
    }
}
