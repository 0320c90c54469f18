import Logging
import Testing
import WakefulServer
import WakefulTestSupport

@Suite("PostgresDatabaseURL", .hangLimit, .watchdog)
struct PostgresDatabaseURLTests {
    @Test("every part of a postgres:// or postgresql:// URL is read; the defaults fill the rest")
    func parsing() throws {
        let full = try PostgresDatabaseURL("postgresql://app%40corp:p%3Ass@db.internal:6543/events?sslmode=require")
        #expect(
            full
                == PostgresDatabaseURL(
                    host: "db.internal", port: 6543, user: "app@corp", password: "p:ss", database: "events",
                    tls: .require))
        let bare = try PostgresDatabaseURL("postgres://wakeful@localhost")
        #expect(
            bare
                == PostgresDatabaseURL(
                    host: "localhost", port: 5432, user: "wakeful", password: nil, database: "wakeful", tls: .prefer))
        #expect(try PostgresDatabaseURL("postgres://u@h/d?sslmode=disable").tls == .disable)
        #expect(try PostgresDatabaseURL("postgres://u@h/d?sslmode=verify-full").tls == .verifyFull)
    }

    @Test(
        "a URL that cannot be used is refused naming the part at fault, never the password",
        arguments: [
            ("mysql://u:hunter2@h/d", "scheme"), ("postgres://:hunter2@h/d", "no user"),
            ("postgres://u:hunter2@/d", "no host"),
            ("postgres://u:hunter2@h/d?sslmode=allow", "sslmode=allow"),
            ("postgres://u:hunter2@h/d?pool=3", "parameter \"pool\""),
            ("postgres://u:hunter2@h/d/e", "database"), ("not a url", "expected a URL"),
        ])
    func refused(text: String, naming part: String) {
        let error = #expect(throws: PostgresDatabaseURLError.self) { try PostgresDatabaseURL(text) }
        #expect(error?.description.contains(part) == true, "\(String(describing: error))")
        #expect(error?.description.contains("hunter2") == false)
    }

    @Test("the description hides the password")
    func redaction() throws {
        let url = try PostgresDatabaseURL("postgres://wakeful:hunter2@db:5432/wakeful")
        #expect(url.description == "postgres://wakeful:***@db:5432/wakeful?sslmode=prefer")
        #expect(
            "\(try PostgresDatabaseURL("postgres://wakeful@db/w"))" == "postgres://wakeful@db:5432/w?sslmode=prefer")
    }

    @Test("a start with nothing listening names the URL without its password and what to check")
    func nothingListening() async throws {
        let url = PostgresDatabaseURL(
            host: "127.0.0.1", port: 1, user: "wakeful", password: "hunter2", database: "wakeful", tls: .disable)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let error = await #expect(throws: PostgresStorageStartError.self) {
            _ = try await PostgresServerStorage(url: url, logger: logger)
        }
        let message = try #require(error).description
        #expect(
            message.hasPrefix(
                "cannot connect to PostgreSQL at postgres://wakeful:***@127.0.0.1:1/wakeful?sslmode=disable: "))
        #expect(message.contains("pg_isready -h 127.0.0.1 -p 1"))
        #expect(!message.contains("hunter2"))
    }
}
