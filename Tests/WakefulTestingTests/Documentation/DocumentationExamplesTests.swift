import Foundation
import Testing
import WakefulTestSupport

/// Every Swift example of WakefulTesting's articles and doc comments stands, word for word, in a
/// test file, where it compiles and runs: an example changed in one place and not the other fails
/// here, naming the block.
@Suite("Documentation examples are tests", .watchdog, .cpuBound)
struct DocumentationExamplesTests {
    static func testLines() throws -> [[String]] {
        try DocumentationSource.tests.map { try DocumentationSource.text($0).components(separatedBy: "\n") }
    }

    /// Expects each of `blocks` to stand in a test file.
    static func expectInTestFiles(_ blocks: [DocumentationSource.Block]) throws {
        let tests = try testLines()
        for block in blocks {
            #expect(
                tests.contains { DocumentationSource.contains($0, block.lines) },
                "\(block) stands in no test file:\n\(block.lines.joined(separator: "\n"))")
        }
    }

    @Test func everySwiftBlockOfTheArticlesIsInATestFile() throws {
        let blocks = try DocumentationSource.articleBlocks().filter { $0.language == "swift" }
        #expect(blocks.count >= 12, "the articles' Swift blocks were not found under \(DocumentationSource.root.path)")
        try Self.expectInTestFiles(blocks)
    }

    @Test func everyExampleOfTheDocCommentsIsInATestFile() throws {
        let blocks = try DocumentationSource.sources.flatMap { url in
            DocumentationSource.blocks(
                inDocComments: try DocumentationSource.text(url), file: DocumentationSource.relative(url))
        }
        #expect(blocks.count >= 8, "the doc comments' examples were not found under \(DocumentationSource.root.path)")
        for block in blocks {
            #expect(block.language == "swift", "\(block) is not Swift; the doc comments' examples are code")
        }
        try Self.expectInTestFiles(blocks)
    }

    @Test func everySwiftBlockOfTheReadmesTestingSectionIsInATestFile() throws {
        let blocks = try DocumentationSource.readmeTestingBlocks().filter { $0.language == "swift" }
        #expect(blocks.count >= 2, "the README's WakefulTesting section was not found")
        try Self.expectInTestFiles(blocks)
    }

    /// An app team copies the README's example and the article's into one test target: none of
    /// their top-level functions may clash.
    @Test func theReadmeAndTheArticlesDeclareNoFunctionTwice() throws {
        let readme = try DocumentationSource.readmeTestingBlocks().flatMap(DocumentationSource.topLevelFunctions)
        let articles = try DocumentationSource.articleBlocks().flatMap(DocumentationSource.topLevelFunctions)
        #expect(!readme.isEmpty && articles.count >= 10)
        let all = readme + articles
        #expect(Set(all).count == all.count, "declared twice: \(all.sorted())")
    }

    // MARK: The check itself

    @Test func aBlockMatchesAtAnyIndentationButOnlyWordForWord() {
        let file = [
            "struct S {", "    @Test func t() {", "        run.openApp()", "", "        run.pressHome()", "    }", "}",
        ]
        #expect(
            DocumentationSource.contains(
                file, ["@Test func t() {", "    run.openApp()", "", "    run.pressHome()", "}"]))
        #expect(!DocumentationSource.contains(file, ["@Test func t() {", "    run.openApp()", "    run.pressHome()"]))
        #expect(!DocumentationSource.contains(file, ["run.openApp()", "run.lock()"]))
        #expect(!DocumentationSource.contains(file, ["@Test func t() {", "run.openApp()"]))  // indented unlike the file
    }

    @Test func blocksAreReadFromMarkdownAndFromDocComments() {
        let markdown = "Text\n\n```swift\nlet a = 1\n```\n\n```\nA message.\n```\n"
        let blocks = DocumentationSource.blocks(inMarkdown: markdown, file: "A.md")
        #expect(blocks.map(\.language) == ["swift", ""])
        #expect(blocks.map(\.lines) == [["let a = 1"], ["A message."]])
        #expect(blocks.map(\.line) == [3, 7])
        let source =
            "/// Summary.\n///\n/// ```swift\n/// run.openApp()\n///     run.lock()\n/// ```\nfunc f() {}\n    /// ```\n    /// x()\n    /// ```\n"
        let comments = DocumentationSource.blocks(inDocComments: source, file: "A.swift")
        #expect(comments.map(\.lines) == [["run.openApp()", "    run.lock()"], ["x()"]])
        #expect(comments.map(\.language) == ["swift", "swift"])
    }
}
