import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("What doctor is given to read", .watchdog, .cpuBound)
struct InfoPlistInputTests {
    private static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>UIBackgroundModes</key>
        \t<array>
        \t\t<string>fetch</string>
        \t</array>
        </dict>
        </plist>
        """

    private func error(_ path: String) throws -> DoctorInputError {
        try #require(throws: DoctorInputError.self) { try InfoPlist.load(path: path) }
    }

    @Test("a regular file is read, through load(contentsOf:) too")
    func regularFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("Info.plist", Self.plist)
        #expect(try InfoPlist.load(path: path)["UIBackgroundModes"]?.array == [.string("fetch")])
        #expect(
            try InfoPlist.load(contentsOf: URL(fileURLWithPath: path), file: "Info.plist").location(
                ofKey: "UIBackgroundModes") == Finding.Location(file: "Info.plist", line: 4, column: 2))
    }

    @Test("a built .app folder is read through its Info.plist")
    func appBundle() throws {
        let folder = try TemporaryFolder()
        try folder.write("Build/Wakeful.app/Info.plist", Self.plist)
        let plist = try InfoPlist.load(path: folder.url.path + "/Build/Wakeful.app")
        #expect(plist.file == folder.url.path + "/Build/Wakeful.app/Info.plist")
        #expect(plist["UIBackgroundModes"] != nil)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Empty.app"), withIntermediateDirectories: true)
        #expect(
            try error(folder.url.path + "/Empty.app").message.hasPrefix("is an app bundle with no Info.plist inside"))
    }

    @Test("directories: an .xcodeproj points at --project, others say a file was expected")
    func directories() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        let project = try error(folder.url.path + "/App.xcodeproj")
        #expect(
            project.message
                == "is an Xcode project; pass it with --project \(folder.url.path)/App.xcodeproj to read its build settings and Info.plist"
        )
        let plain = try error(folder.url.path)
        #expect(
            plain.description
                == "\(folder.url.path): is a directory; expected an Info.plist file (or pass --project App.xcodeproj)")
    }

    @Test("a FIFO is refused without being opened (opening it would block)")
    func fifo() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("pipe.plist").path
        #expect(mkfifo(path, 0o600) == 0)
        let error = try error(path)
        #expect(error.file == path)
        #expect(error.message.hasPrefix("is a FIFO (named pipe); expected an Info.plist file"))
    }

    @Test("a device such as /dev/null is refused")
    func device() throws {
        #expect(try error("/dev/null").description == "/dev/null: is a device, not a file; expected an Info.plist file")
    }

    #if os(Linux)
        @Test("a socket is refused")
        func socket() throws {
            // Short: a socket path must fit in sun_path (108 bytes).
            let path = "/tmp/doctor-\(UUID().uuidString.prefix(8)).sock"
            defer { unlink(path) }
            let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            #expect(descriptor >= 0)
            defer { close(descriptor) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                for (offset, byte) in path.utf8.enumerated() { buffer[offset] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            #expect(bound == 0)
            #expect(try error(path).message.hasPrefix("is a socket, not a file"))
        }
    #endif

    @Test("a missing file and a dangling link say so")
    func missing() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.path + "/Nope.plist"
        #expect(
            try error(path).message
                == "does not exist; expected an Info.plist file, a built .app folder, or - for standard input")
        let link = folder.url.path + "/link.plist"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(try error(link).message.hasPrefix("is a symbolic link to a file that does not exist"))
    }

    @Test("an unreadable file gets a permission message naming it", .enabled(if: getuid() != 0, "root reads any file"))
    func unreadable() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("Info.plist", Self.plist)
        #expect(chmod(path, 0) == 0)
        #expect(try error(path).message == "cannot be read (permission denied); expected a readable Info.plist file")
    }

    @Test("- reads standard input, named as such in messages")
    func standardInput() throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data(Self.plist.utf8))
        try pipe.fileHandleForWriting.close()
        let plist = try InfoPlist.load(path: "-", standardInput: pipe.fileHandleForReading)
        #expect(plist.file == "standard input")
        #expect(
            plist.location(ofKey: "UIBackgroundModes") == Finding.Location(file: "standard input", line: 4, column: 2))
        let empty = Pipe()
        try empty.fileHandleForWriting.close()
        let error = try #require(throws: DoctorInputError.self) {
            try InfoPlist.load(path: "-", standardInput: empty.fileHandleForReading)
        }
        #expect(error.description.hasPrefix("standard input: is empty"))
    }
}
