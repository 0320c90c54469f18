import Foundation

/// One file's tokens with the navigation the patterns need: matching brackets, call arguments,
/// Objective-C message arguments and method headers.
struct TokenizedSource {
    /// An Objective-C method header (`- (void)application:(UIApplication *)app performFetch…`).
    struct MethodHeader {
        /// The token range from the `-` or `+` to the token before `{` or `;`.
        var range: Range<Int>
        /// The selector's parts: `["application", "performFetchWithCompletionHandler"]`.
        var selector: [String]
        /// The index of the selector's first part, where a use is reported.
        var nameIndex: Int
        /// Whether a body follows (`{`): an implementation, not a declaration in an `@interface`.
        var isDefinition: Bool
    }

    /// Words before a name that make it a declaration of that name, not a use.
    private static let declarationWords: Set<String> = [
        "func", "var", "let", "case", "class", "struct", "enum", "protocol", "typealias", "actor", "associatedtype",
        "extension", "import", "@property", "@class", "@interface", "@implementation", "@protocol", "@selector",
    ]

    let file: String
    let language: SourceLanguage
    let tokens: [SourceToken]
    /// Objective-C method headers, in file order (none for Swift).
    let methodHeaders: [MethodHeader]
    /// For each token, whether it is inside an Objective-C method header.
    private let inMethodHeader: [Bool]
    /// Whether the file names `BGTaskScheduler` in code: what makes a bare `submit(_:)` a task submission.
    let mentionsTaskScheduler: Bool

    init(file: String, language: SourceLanguage, tokens: [SourceToken]) {
        self.file = file
        self.language = language
        self.tokens = tokens
        let headers = language == .objectiveC ? Self.methodHeaders(in: tokens) : []
        var marks = [Bool](repeating: false, count: language == .objectiveC ? tokens.count : 0)
        for header in headers { for index in header.range { marks[index] = true } }
        methodHeaders = headers
        inMethodHeader = marks
        mentionsTaskScheduler = tokens.contains { $0.isIdentifier("BGTaskScheduler") }
    }

    subscript(_ index: Int) -> SourceToken? { tokens.indices.contains(index) ? tokens[index] : nil }

    func isPunctuation(_ index: Int, _ text: String) -> Bool { self[index]?.isPunctuation(text) ?? false }

    func isIdentifier(_ index: Int, _ name: String) -> Bool { self[index]?.isIdentifier(name) ?? false }

    /// Whether the name at `index` is being declared (`func startUpdatingLocation`, `case voIP`,
    /// `@property … allowsBackgroundLocationUpdates`) rather than used.
    func isDeclared(_ index: Int) -> Bool {
        if language == .objectiveC, inMethodHeader[index] { return true }
        guard let previous = self[index - 1] else { return false }
        if previous.kind == .directive { return true }
        return previous.kind == .identifier && Self.declarationWords.contains(previous.text)
    }

    /// Whether the name at `index` is called: `name(` in Swift; in Objective-C a message's
    /// selector part (`[receiver name]`, `[receiver name:…]`), not its receiver, not `@selector(name)`.
    func isCall(_ index: Int) -> Bool {
        guard !isDeclared(index) else { return false }
        switch language {
        case .swift:
            return isPunctuation(index + 1, "(")
        case .objectiveC:
            guard isPunctuation(index + 1, "]") || isPunctuation(index + 1, ":") else { return false }
            guard let previous = self[index - 1] else { return false }
            return !(previous.isPunctuation("[") || previous.isPunctuation("("))
        }
    }

    /// Whether `.name` is a member access (Swift, or Objective-C dot syntax).
    func isMember(_ index: Int) -> Bool { isPunctuation(index - 1, ".") }

    /// The index of the bracket closing the one at `open` (any of `(`, `[`, `{`).
    func closing(of open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    depth -= 1
                    if depth == 0 { return index }
                default: break
                }
            }
            index += 1
        }
        return nil
    }

    /// A Swift call's arguments from its `(` at `open`: each with its label (`identifier:`) and
    /// the range of its value.
    func arguments(open: Int) -> [(label: String?, value: Range<Int>)] {
        guard let close = closing(of: open) else { return [] }
        var arguments: [(String?, Range<Int>)] = []
        var start = open + 1
        var depth = 0
        for index in (open + 1)...close {
            let token = tokens[index]
            guard token.kind == .punctuation else { continue }
            let isOpening = token.text == "(" || token.text == "[" || token.text == "{"
            let isClosing = token.text == ")" || token.text == "]" || token.text == "}"
            if isOpening { depth += 1 }
            if isClosing, depth > 0 { depth -= 1 }
            // An argument ends at a comma between arguments or at the call's `)`.
            guard depth == 0, token.text == "," || index == close else { continue }
            if start < index {
                let labelled = tokens[start].kind == .identifier && isPunctuation(start + 1, ":") && start + 1 < index
                arguments.append(labelled ? (tokens[start].text, (start + 2)..<index) : (nil, start..<index))
            }
            start = index + 1
        }
        return arguments
    }

    /// The value of a labelled argument of the Swift call whose `(` is at `open`.
    func argument(_ label: String, open: Int) -> Range<Int>? {
        arguments(open: open).first { $0.label == label }?.value
    }

    /// An Objective-C message argument after the `:` at `colon`: up to the next selector part
    /// (`name:`), the message's `]`, or the end of the statement.
    func messageArgument(colon: Int) -> Range<Int> {
        var depth = 0
        var conditionals = 0
        var index = colon + 1
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}":
                    if depth == 0 { return (colon + 1)..<index }
                    depth -= 1
                case ";" where depth == 0: return (colon + 1)..<index
                case "?" where depth == 0: conditionals += 1
                case ":" where depth == 0 && conditionals > 0: conditionals -= 1
                default: break
                }
            } else if depth == 0, token.kind == .identifier, isPunctuation(index + 1, ":"), conditionals == 0,
                index > colon + 1
            {
                return (colon + 1)..<index
            }
            index += 1
        }
        return (colon + 1)..<index
    }

    /// The tokens of `range` as written, one space wherever the source had whitespace or a comment.
    func written(_ range: Range<Int>) -> String {
        var text = ""
        for index in range {
            if index > range.lowerBound, tokens[index - 1].offset + tokens[index - 1].length < tokens[index].offset {
                text += " "
            }
            text += tokens[index].text
        }
        return text
    }

    /// Objective-C method headers: a `-` or `+` that starts a line outside any braces, up to the
    /// `{` of its body or the `;` of a declaration.
    private static func methodHeaders(in tokens: [SourceToken]) -> [MethodHeader] {
        var headers: [MethodHeader] = []
        var depth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation("}") { depth = max(0, depth - 1) }
            let startsLine = index == 0 || tokens[index - 1].line < token.line
            guard depth == 0, startsLine, token.isPunctuation("-") || token.isPunctuation("+") else {
                index += 1
                continue
            }
            var parentheses = 0
            var keywords: [Int] = []
            var firstName: Int?
            var end = index + 1
            while end < tokens.count {
                let part = tokens[end]
                if part.isPunctuation("(") { parentheses += 1 }
                if part.isPunctuation(")") { parentheses -= 1 }
                if parentheses == 0, part.isPunctuation("{") || part.isPunctuation(";") { break }
                // Outside the parenthesized types, a name before `:` is a selector part; the first
                // other name is the selector of a method without arguments (later ones are
                // parameter names and trailing macros).
                if parentheses == 0, part.kind == .identifier {
                    if end + 1 < tokens.count, tokens[end + 1].isPunctuation(":") {
                        keywords.append(end)
                    } else if firstName == nil {
                        firstName = end
                    }
                }
                end += 1
            }
            if let nameIndex = keywords.first ?? firstName {
                let selector = keywords.isEmpty ? [tokens[nameIndex].text] : keywords.map { tokens[$0].text }
                let isDefinition = end < tokens.count && tokens[end].isPunctuation("{")
                headers.append(
                    MethodHeader(
                        range: index..<end, selector: selector, nameIndex: nameIndex, isDefinition: isDefinition))
            }
            index = end
        }
        return headers
    }
}
