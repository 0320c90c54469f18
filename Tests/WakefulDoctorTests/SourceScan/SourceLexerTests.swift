import Foundation
import Testing
import WakefulDoctor
import WakefulTestSupport

@Suite("Source lexer: comments, strings and the preprocessor", .watchdog, .cpuBound)
struct SourceLexerTests {
    @Test("Swift block comments nest; the code after the outer one is read")
    func nestedSwiftComments() {
        let code = "/* outer /* inner */ manager.startUpdatingLocation() */ real()"
        #expect(tokenTexts(code) == ["real", "(", ")"])
    }

    @Test("Objective-C block comments do not nest: the first */ ends them")
    func flatObjCComments() {
        #expect(tokenTexts("/* a /* b */ x */", .objectiveC) == ["x", "*", "/"])
    }

    @Test("// inside a string is not a comment")
    func slashesInString() {
        let tokens = SourceLexer.tokenize(#"let url = "https://example.com/a//b"; next()"#, language: .swift).tokens
        #expect(tokens.map(\.text) == ["let", "url", "=", #""https://example.com/a//b""#, ";", "next", "(", ")"])
        #expect(tokens[3].literal?.value == "https://example.com/a//b")
    }

    @Test("a quote inside a comment does not open a string", arguments: [SourceLanguage.swift, .objectiveC])
    func quoteInComment(_ language: SourceLanguage) {
        let code = "// say \"hi\n first()\n/* \" */ second()\n"
        #expect(tokenTexts(code, language) == ["first", "(", ")", "second", "(", ")"])
    }

    @Test("multi-line strings keep quotes and comment markers, and lose their indentation")
    func multilineString() throws {
        let code = """
            let text = \"\""
                first "quoted" // not a comment
                  \\"\"" indented
                \"\""
            after()
            """
        let result = SourceLexer.tokenize(code, language: .swift)
        #expect(result.problems.isEmpty)
        let string = try #require(result.tokens.first { $0.kind == .string })
        #expect(string.literal?.value == "first \"quoted\" // not a comment\n  \"\"\" indented")
        let after = try #require(result.tokens.first { $0.text == "after" })
        #expect(after.line == 5 && after.column == 1)
    }

    @Test("raw strings end only at a quote followed by their number of #")
    func rawStrings() throws {
        let code = ###"a = #"say "hi" \n # "#; b = ##"x"#y"##; c = #"""\###n  """ "#\#n\###n"""#; d()"###
        let result = SourceLexer.tokenize(code, language: .swift)
        #expect(result.problems.isEmpty)
        let strings = result.tokens.filter { $0.kind == .string }.compactMap(\.literal?.value)
        #expect(strings == [#"say "hi" \n # "#, ##"x"#y"##, "  \"\"\" \"#\n"])
        #expect(result.tokens.suffix(3).map(\.text) == ["d", "(", ")"])
    }

    @Test("raw interpolation \\#( is an interpolation; \\( in a raw string is text")
    func rawInterpolation() throws {
        let tokens = SourceLexer.tokenize(##"x = #"a\#(id)b"#; y = #"a\(id)b"#"##, language: .swift).tokens
        let literals = tokens.compactMap(\.literal)
        #expect(literals.count == 2)
        #expect(literals[0].value == nil && literals[0].pattern == "a*b")
        #expect(literals[1].value == #"a\(id)b"#)
    }

    @Test("interpolations may hold strings, parentheses and closing quotes")
    func interpolation() throws {
        let code = #"let s = "a\(f("b)\"", (1 + g(")"))))c\(x)"; next()"#
        let result = SourceLexer.tokenize(code, language: .swift)
        #expect(result.problems.isEmpty)
        let literal = try #require(result.tokens.compactMap(\.literal).first)
        #expect(literal.isInterpolated)
        #expect(literal.pattern == "a*c*")
        #expect(result.tokens.suffix(4).map(\.text) == [";", "next", "(", ")"])
    }

    @Test("escapes are decoded")
    func escapes() {
        let swift = SourceLexer.tokenize(#""a\tb\u{41}\"\\""#, language: .swift).tokens
        #expect(swift.first?.literal?.value == "a\tbA\"\\")
        let objc = SourceLexer.tokenize(#"@"a\"b\x41\101\n""#, language: .objectiveC).tokens
        #expect(objc.first?.literal?.value == "a\"bAA\n")
    }

    @Test("Objective-C: @\"…\" strings, @keywords, character literals")
    func objcTokens() {
        let result = SourceLexer.tokenize(
            "@interface A\nchar q = '\"'; char e = '\\''; NSString *s = @\"x'y\"; @end", language: .objectiveC)
        #expect(result.problems.isEmpty)
        #expect(
            result.tokens.map(\.text) == [
                "@interface", "A", "char", "q", "=", "'\"'", ";", "char", "e", "=", "'\\''", ";", "NSString", "*", "s",
                "=", "@\"x'y\"", ";",
                "@end",
            ])
        #expect(result.tokens[5].kind == .character)
        #expect(result.tokens[16].literal?.value == "x'y")
    }

    @Test("#if 0 groups are skipped, with nesting; #else and other conditionals are read")
    func ifZero() {
        let code = """
            #if 0
            [m startUpdatingLocation]; /* unclosed
            #ifdef X
            #endif
            #else
            kept();
            #endif
            #ifdef DEBUG
            debug();
            #endif
            #import "Header.h"
            """
        #expect(tokenTexts(code, .objectiveC) == ["kept", "(", ")", ";", "debug", "(", ")", ";"])
    }

    @Test("#define keeps its tokens up to the end of its logical line")
    func define() {
        let result = SourceLexer.tokenize("#define kID \\\n  @\"com.example.refresh\"\nnext();", language: .objectiveC)
        #expect(
            result.tokens.map(\.kind) == [
                .directive, .identifier, .string, .directiveEnd, .identifier, .punctuation, .punctuation, .punctuation,
            ])
        #expect(result.tokens[2].literal?.value == "com.example.refresh")
        #expect(result.tokens[4].line == 3)
    }

    @Test(
        "an unterminated string is reported with its line; the next lines are still read",
        arguments: [SourceLanguage.swift, .objectiveC])
    func unterminatedString(_ language: SourceLanguage) {
        let code = "a();\nlet s = \(language == .swift ? "" : "@")\"open\nmanager.startUpdatingLocation();\n"
        let result = SourceLexer.tokenize(code, language: language, file: "F")
        #expect(result.problems == [SourceProblem(file: "F", line: 2, message: "unterminated string literal")])
        #expect(result.tokens.contains { $0.text == "startUpdatingLocation" && $0.line == 3 })
    }

    @Test("an unterminated block comment or multi-line string is reported with the line it starts on")
    func unterminatedBlock() {
        let comment = SourceLexer.tokenize("a()\n/* open /* nested */\nb()", language: .swift)
        #expect(comment.problems.map(\.line) == [2])
        #expect(comment.tokens.map(\.text) == ["a", "(", ")"])
        let string = SourceLexer.tokenize("a()\nlet s = \"\"\"\nb()", language: .swift)
        #expect(string.problems.map(\.line) == [2])
    }

    @Test("tokens carry 1-based lines and UTF-8 columns, across CRLF and CR line ends")
    func positions() {
        let tokens = SourceLexer.tokenize("a\r\n  bé c\rd", language: .swift).tokens
        #expect(tokens.map { [$0.line, $0.column] } == [[1, 1], [2, 3], [2, 7], [3, 1]])
    }

    @Test("operators are whole: == is not =, and ?. splits")
    func operators() {
        #expect(
            tokenTexts("a == b; c?.d = -1; e ..< f") == [
                "a", "==", "b", ";", "c", "?", ".", "d", "=", "-", "1", ";", "e", "..<", "f",
            ])
        #expect(tokenTexts("a == b; c->d", .objectiveC) == ["a", "==", "b", ";", "c", "->", "d"])
    }

    @Test("backticked names, #keywords and @attributes are identifiers")
    func specialIdentifiers() {
        let tokens = SourceLexer.tokenize("@objc func `default`() { #selector(x) }", language: .swift).tokens
        #expect(tokens.filter { $0.kind == .identifier }.map(\.text) == ["@objc", "func", "default", "#selector", "x"])
    }
}

@Suite("Source lexer on arbitrary input", .watchdog, .cpuBound)
struct SourceLexerRobustnessTests {
    /// Pieces that stress the lexer's states: openers without closers, escapes, directives.
    static let pieces = [
        "\"", "\"\"\"", "#\"", "\"#", "\\(", "\\#(", "(", ")", "/*", "*/", "//", "\n", "\r\n", "@", "@\"", "'", "`",
        "#if 0\n", "#endif\n",
        "#define X ", "\\\n", "\\", "abc", "12.5e-3", " ", "é", "\u{FFFD}", ".", "==", "-", "[", "]", "{", "}",
    ]

    @Test(
        "random piece sequences never trap or hang, and tokens stay in order inside the text",
        arguments: SourceLanguage.allCases)
    func random(_ language: SourceLanguage) {
        // A fixed linear congruential generator: the same inputs on every run.
        var state: UInt64 = 0x5EED
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<40 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += Self.pieces[Int(state >> 33) % Self.pieces.count]
            }
            let tokens = SourceLexer.tokenize(text, language: language).tokens
            let size = text.utf8.count
            var previousEnd = 0
            for token in tokens {
                #expect(token.offset >= previousEnd && token.offset + token.length <= size, "\(text.debugDescription)")
                previousEnd = token.offset + token.length
            }
        }
    }
}
