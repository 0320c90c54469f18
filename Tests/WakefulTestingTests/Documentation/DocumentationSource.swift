import Foundation

/// WakefulTesting's documentation as its source files hold it: the articles' and the doc
/// comments' fenced code blocks, for the tests that keep every example compiled and every quoted
/// message true.
enum DocumentationSource {
    /// A fenced code block.
    struct Block: CustomStringConvertible {
        /// The file, relative to the package's root.
        var file: String
        /// The line of the opening fence.
        var line: Int
        /// `swift`, or empty for a block without a language (a message, in the articles).
        var language: String
        var lines: [String]

        var description: String { "\(file):\(line)" }
    }

    /// The package's root folder, from this file's place in it (symbolic links resolved, so a
    /// package that links this folder finds the same root).
    static let root = URL(fileURLWithPath: "\(#filePath)").resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The articles of WakefulTesting's documentation catalogue.
    static var articles: [URL] { files(in: "Sources/WakefulTesting/WakefulTesting.docc", ending: ".md") }

    /// WakefulTesting's sources, whose doc comments hold examples.
    static var sources: [URL] { files(in: "Sources/WakefulTesting", ending: ".swift") }

    /// The test files, where every example must stand.
    static var tests: [URL] { files(in: "Tests/WakefulTestingTests", ending: ".swift") }

    /// The file's text; a test that cannot read it fails with the path.
    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// `path` relative to the root, for messages.
    static func relative(_ url: URL) -> String {
        String(url.path.dropFirst(root.path.count + 1))
    }

    /// The fenced blocks of a Markdown text.
    static func blocks(inMarkdown text: String, file: String) -> [Block] {
        fenced(
            text.components(separatedBy: "\n").enumerated().map { ($0.offset + 1, $0.element) }, file: file,
            defaultLanguage: "")
    }

    /// The fenced blocks of the `///` comments of a Swift source; DocC reads a block without a
    /// language there as Swift.
    static func blocks(inDocComments text: String, file: String) -> [Block] {
        let comment = text.components(separatedBy: "\n").enumerated().compactMap { index, line -> (Int, String)? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("///") else { return nil }
            let body = trimmed.dropFirst(3)
            return (index + 1, String(body.hasPrefix(" ") ? body.dropFirst() : body))
        }
        return fenced(comment, file: file, defaultLanguage: "swift")
    }

    /// The messages an article quotes (its blocks without a language), each unwrapped.
    static func quotedMessages(in article: String) throws -> [String] {
        let url = root.appendingPathComponent("Sources/WakefulTesting/WakefulTesting.docc/\(article)")
        return blocks(inMarkdown: try text(url), file: article).filter { $0.language.isEmpty }
            .map { unwrapped($0.lines.joined(separator: "\n")) }
    }

    /// The fenced blocks of every article.
    static func articleBlocks() throws -> [Block] {
        try articles.flatMap { url in blocks(inMarkdown: try text(url), file: relative(url)) }
    }

    /// The fenced blocks of the README's section on WakefulTesting, from its heading to the next
    /// section's.
    static func readmeTestingBlocks() throws -> [Block] {
        let lines = try text(root.appendingPathComponent("README.md")).components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.hasPrefix("## Testing your app's background behaviour") })
        else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return blocks(inMarkdown: lines.joined(separator: "\n"), file: "README.md").filter {
            $0.line > start && $0.line <= end
        }
    }

    /// The messages the README's section on WakefulTesting quotes, each unwrapped.
    static func readmeQuotedMessages() throws -> [String] {
        try readmeTestingBlocks().filter { $0.language.isEmpty }.map { unwrapped($0.lines.joined(separator: "\n")) }
    }

    /// The functions a block declares at its top level (`func name(` without indentation).
    static func topLevelFunctions(in block: Block) -> [String] {
        block.lines.compactMap { line in
            guard let range = line.range(of: "func "), !line.hasPrefix(" ") else { return nil }
            return line[range.upperBound...].prefix { $0 != "(" && $0 != "<" }.description
        }
    }

    /// Whether `block` stands in `lines` line for line, every line indented alike (a blank line
    /// matching a blank one).
    static func contains(_ lines: [String], _ block: [String]) -> Bool {
        guard let first = block.first, !block.isEmpty, lines.count >= block.count else { return false }
        for start in 0...(lines.count - block.count) where lines[start].hasSuffix(first) {
            let indent = lines[start].dropLast(first.count)
            guard indent.allSatisfy({ $0 == " " }) else { continue }
            let matches = zip(lines[start...], block).allSatisfy { line, expected in
                expected.isEmpty ? line.trimmingCharacters(in: .whitespaces).isEmpty : line == indent + expected
            }
            if matches { return true }
        }
        return false
    }

    /// Runs of white space as single spaces: a message as an article wraps it, compared with
    /// the message itself.
    static func unwrapped(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    private static func fenced(_ lines: [(Int, String)], file: String, defaultLanguage: String) -> [Block] {
        var blocks: [Block] = []
        var open: Block?
        for (number, line) in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = open {
                if trimmed == "```" {
                    blocks.append(block)
                    open = nil
                } else {
                    block.lines.append(line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
                    open = block
                }
            } else if trimmed.hasPrefix("```") {
                let language = trimmed.dropFirst(3).trimmingCharacters(in: .whitespaces)
                open = Block(
                    file: file, line: number, language: language.isEmpty ? defaultLanguage : language, lines: [])
            }
        }
        return blocks
    }

    private static func files(in folder: String, ending: String) -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix(ending) }
            .sorted { $0.path < $1.path }
    }
}
