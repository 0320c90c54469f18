import Foundation
import Testing
import Wakeful
import WakefulDoctor

/// The Info.plist and configuration files under `Fixtures/`, written for these tests.
enum Fixture {
    /// The path of `Fixtures/<kind>/<name>` in the test bundle's resources.
    static func path(_ name: String, in kind: String = "plists", sourceLocation: SourceLocation = #_sourceLocation)
        throws -> String
    {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures/\(kind)"),
            "no fixture Fixtures/\(kind)/\(name)", sourceLocation: sourceLocation)
        return url.path
    }

    /// A parsed Info.plist fixture.
    static func plist(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> InfoPlist {
        try InfoPlist.load(contentsOf: URL(fileURLWithPath: try path(name, sourceLocation: sourceLocation)))
    }

    /// A configuration fixture's requirements.
    static func requirements(_ name: String, setup: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> AppRequirements
    {
        try ConfigurationFile.load(
            contentsOf: URL(fileURLWithPath: try path(name, in: "configs", sourceLocation: sourceLocation)),
            setup: setup)
    }

    /// `plists/<plist>` examined against `configs/<config>`, or on its own.
    static func report(
        _ plist: String, config: String? = nil, setup: String? = nil, bundleID: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> DoctorReport {
        let requirements = try config.map { try Fixture.requirements($0, setup: setup, sourceLocation: sourceLocation) }
        return PlistDoctor.examine(
            try Fixture.plist(plist, sourceLocation: sourceLocation), requirements: requirements,
            bundleIdentifier: bundleID)
    }
}

extension DoctorReport {
    /// The findings of one check.
    func findings(_ check: Finding.Check) -> [Finding] { findings.filter { $0.check == check } }

    /// Errors and warnings: what a clean file must not have.
    var problems: [Finding] { findings.filter { $0.severity != .note } }
}
