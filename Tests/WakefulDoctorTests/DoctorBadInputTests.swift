import ArgumentParser
import Foundation
import Testing
@testable import WakefulCLI
import WakefulDoctor
import WakefulTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `wakeful doctor` given what it cannot check: each gets a message that says what it was given,
/// and usage errors end with 64, as `--help` documents.
@Suite("wakeful doctor: bad input and usage errors", .watchdog, .cpuBound)
struct DoctorBadInputTests {
    /// The request `wakeful doctor ARGUMENTS` parses to.
    private func request(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> DoctorRequest
    {
        let parsed = try WakefulCommand.parseAsRoot(["doctor"] + arguments)
        return try #require(parsed as? Doctor, "parsed as \(type(of: parsed))", sourceLocation: sourceLocation).request
    }

    /// The error `wakeful doctor ARGUMENTS` fails to parse with; nil when it parses.
    private func parseError(_ arguments: [String]) -> (any Error)? {
        do {
            _ = try WakefulCommand.parseAsRoot(["doctor"] + arguments)
            return nil
        } catch {
            return error
        }
    }

    /// The exit status a parse error ends with.
    private func usageStatus(_ arguments: [String]) -> Int32? {
        parseError(arguments).map { WakefulCommand.exitCode(for: $0).rawValue }
    }

    @Test("a directory, a FIFO and /dev/null: status 2 and a message naming what each is")
    func wrongKinds() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.url.appendingPathComponent("Info.plist").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let expected = [
            (folder.url.path, "is a directory; expected an Info.plist file"),
            (fifo, "is a FIFO (named pipe)"),
            ("/dev/null", "is a device, not a file"),
        ]
        for (path, message) in expected {
            // A FIFO opened for reading would block until a writer came: the run must return.
            let outcome = try request(["--plist", path]).run()
            #expect(outcome.status == 2, "\(path)")
            #expect(outcome.isError)
            #expect(outcome.output.hasPrefix("error: \(path): \(message)"), "\(outcome.output)")
        }
    }

    @Test("usage errors end with 64: an empty --bundle-id, neither --plist nor --project, both")
    func usageErrors() throws {
        let plist = try Fixture.path("chat.plist")
        #expect(usageStatus(["--plist", plist, "--bundle-id", ""]) == 64)
        #expect(usageStatus(["--plist", plist, "--bundle-id", "  "]) == 64)
        #expect(usageStatus([]) == 64)
        #expect(usageStatus(["--plist", plist, "--project", "App.xcodeproj"]) == 64)
        #expect(usageStatus(["--plist", plist, "--target", "App"]) == 64)
        #expect(usageStatus(["--plist", plist]) == nil)
        let message = parseError(["--plist", plist, "--bundle-id", ""]).map { WakefulCommand.message(for: $0) } ?? ""
        #expect(message.hasPrefix("--bundle-id is empty; pass the app's bundle identifier"), "\(message)")
    }

    @Test("- reads the Info.plist from standard input")
    func standardInput() throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(try Data(contentsOf: URL(fileURLWithPath: try Fixture.path("chat.plist"))))
        try pipe.fileHandleForWriting.close()
        let outcome = try request(["--plist", "-", "--format", "json"]).run(standardInput: pipe.fileHandleForReading)
        #expect(!outcome.isError, "\(outcome.output)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        #expect(object["plist"] as? String == InfoPlist.standardInputName)
        #expect(object["declaredModes"] as? [String] == ["remote-notification"])
    }

    @Test("a 63 MB Info.plist with 200,000 copies of one mode: one finding that says how many")
    func hugeRepeatedMode() throws {
        let folder = try TemporaryFolder()
        let copies = 200_000
        // Each copy padded as a generator that indents deeply would write it, to the 63 MB.
        let item = "\t\t<string>fetch</string>" + String(repeating: " ", count: 290) + "\n"
        var text =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>UIBackgroundModes</key>\n\t<array>\n"
        text += String(repeating: item, count: copies)
        text += "\t</array>\n</dict>\n</plist>\n"
        let path = try folder.write("Info.plist", text)
        #expect(text.utf8.count > 63_000_000)

        // Its time is not asserted (a busy machine stretches any bound); a quadratic pass over the
        // copies would still show, as a test that outlives its time limit.
        let outcome = try request(["--plist", path, "--format", "json"]).run()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let duplicates = findings.filter { $0["check"] as? String == "duplicate" }
        #expect(duplicates.count == 1)
        #expect((duplicates.first?["message"] as? String)?.hasPrefix("fetch is listed 200000 times") == true)
        #expect((duplicates.first?["related"] as? [Any])?.count == 20, "the related places are capped")
    }
}
