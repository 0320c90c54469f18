import Foundation

/// Turns the expression given for an identifier into a ``SourceIdentifier``: a literal when every
/// part is a literal or a resolvable constant, otherwise the expression as written with a pattern
/// (`*` for each unknown part) when part of it is known.
///
/// Understood shapes: string literals (adjacent Objective-C literals joined), constant references
/// (`kID`, `Self.refreshID`, `TaskID.refresh.rawValue`), Swift `+` concatenation,
/// `String(format:…)` and `[NSString stringWithFormat:…]` (each conversion such as `%@` is `*`),
/// and `[x stringByAppendingString:y]`. Anything else is dynamic with no pattern.
struct SourceExpression {
    private enum Part {
        case text(String)
        case pattern(String)
        case unknown
    }

    let source: TokenizedSource
    let constants: SourceConstants

    /// The identifier given by the tokens in `range`; nil when the range is empty.
    func identifier(_ range: Range<Int>) -> SourceIdentifier? {
        let range = unwrapped(range)
        guard !range.isEmpty else { return nil }
        let parts = split(range).map(evaluate)
        var known = ""
        var pattern = ""
        var isLiteral = true
        for part in parts {
            switch part {
            case .text(let text):
                known += text
                pattern += text
            case .pattern(let text):
                isLiteral = false
                pattern += text
            case .unknown:
                isLiteral = false
                if !pattern.hasSuffix("*") { pattern += "*" }
            }
        }
        if isLiteral { return .literal(known) }
        let shape = pattern.replacingOccurrences(of: "**", with: "*")
        return .dynamic(expression: source.written(range), pattern: shape == "*" ? nil : shape)
    }

    /// The Swift types enclosing the token at `index`, outermost first. Followed from the file's
    /// start on each call: only identifier arguments are evaluated, a few per file.
    private static func enclosingTypes(of index: Int, in source: TokenizedSource) -> [String] {
        var scopes = SwiftScopes()
        for earlier in 0..<index { scopes.advance(over: earlier, in: source) }
        return scopes.names
    }

    /// The range without enclosing parentheses.
    private func unwrapped(_ range: Range<Int>) -> Range<Int> {
        var range = range
        while range.count >= 2, source.isPunctuation(range.lowerBound, "("),
            source.closing(of: range.lowerBound) == range.upperBound - 1
        {
            range = (range.lowerBound + 1)..<(range.upperBound - 1)
        }
        return range
    }

    /// Swift `a + b + c` at the top level, as separate parts.
    private func split(_ range: Range<Int>) -> [Range<Int>] {
        guard source.language == .swift else { return [range] }
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        var depth = 0
        for index in range {
            let token = source.tokens[index]
            guard token.kind == .punctuation else { continue }
            switch token.text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case "+" where depth == 0:
                parts.append(start..<index)
                start = index + 1
            default: break
            }
        }
        parts.append(start..<range.upperBound)
        return parts.filter { !$0.isEmpty }
    }

    private func evaluate(_ range: Range<Int>) -> Part {
        let range = unwrapped(range)
        guard !range.isEmpty else { return .unknown }
        let literals = range.compactMap { source.tokens[$0].literal }
        if literals.count == range.count {
            let values = literals.compactMap(\.value)
            return values.count == literals.count ? .text(values.joined()) : .pattern(literals.map(\.pattern).joined())
        }
        if let (name, qualifier, isRawValue) = reference(range) {
            let scope = source.language == .swift ? Self.enclosingTypes(of: range.lowerBound, in: source) : []
            switch constants.value(
                of: name, qualifier: qualifier, isRawValue: isRawValue, in: source.file, enclosedBy: scope)
            {
            case .literal(let value): return .text(value)
            case .pattern(let pattern): return .pattern(pattern)
            case nil: return .unknown
            }
        }
        if let format = formatString(range) { return .pattern(Self.pattern(ofFormat: format)) }
        if let (receiver, argument) = appending(range) {
            return Self.join(evaluate(receiver), evaluate(argument))
        }
        return .unknown
    }

    /// `name`, `a.b.name`, `.name`, `X.name.rawValue`, with `!` or `?` after any part: the last
    /// name, the type names before it (`Self` left out) and whether `.rawValue` followed it.
    private func reference(_ range: Range<Int>) -> (String, [String], Bool)? {
        var names: [String] = []
        for index in range {
            let token = source.tokens[index]
            if token.kind == .identifier, !token.text.hasPrefix("@"), !token.text.hasPrefix("#") {
                guard index == range.lowerBound || !(source.tokens[index - 1].kind == .identifier) else { return nil }
                names.append(token.text)
            } else if !(token.isPunctuation(".") || token.isPunctuation("!") || token.isPunctuation("?")) {
                return nil
            }
        }
        let isRawValue = names.count >= 2 && names.last == "rawValue"
        if isRawValue { names.removeLast() }
        guard let last = names.popLast() else { return nil }
        return (last, names.filter { $0 != "Self" && $0 != "self" }, isRawValue)
    }

    /// The format literal of `String(format: "…", …)` or `[NSString stringWithFormat:@"…", …]`.
    private func formatString(_ range: Range<Int>) -> String? {
        let first = range.lowerBound
        switch source.language {
        case .swift:
            guard source.isIdentifier(first, "String"), source.isPunctuation(first + 1, "("),
                source.isIdentifier(first + 2, "format"), source.isPunctuation(first + 3, ":")
            else { return nil }
            return source[first + 4]?.literal?.value
        case .objectiveC:
            guard source.isPunctuation(first, "["), source.isIdentifier(first + 1, "NSString"),
                source.isIdentifier(first + 2, "stringWithFormat"), source.isPunctuation(first + 3, ":")
            else { return nil }
            return source[first + 4]?.literal?.value
        }
    }

    /// `[receiver stringByAppendingString:argument]` as its two ranges.
    private func appending(_ range: Range<Int>) -> (Range<Int>, Range<Int>)? {
        guard source.language == .objectiveC, source.isPunctuation(range.lowerBound, "["),
            source.closing(of: range.lowerBound) == range.upperBound - 1
        else { return nil }
        var depth = 0
        for index in (range.lowerBound + 1)..<(range.upperBound - 1) {
            let token = source.tokens[index]
            if token.isPunctuation("[") || token.isPunctuation("(") { depth += 1 }
            if token.isPunctuation("]") || token.isPunctuation(")") { depth -= 1 }
            if depth == 0, token.isIdentifier("stringByAppendingString"), source.isPunctuation(index + 1, ":") {
                return ((range.lowerBound + 1)..<index, (index + 2)..<(range.upperBound - 1))
            }
        }
        return nil
    }

    private static func join(_ first: Part, _ second: Part) -> Part {
        switch (first, second) {
        case (.text(let a), .text(let b)): .text(a + b)
        case (.unknown, .unknown): .unknown
        default: .pattern(patternText(first) + patternText(second))
        }
    }

    private static func patternText(_ part: Part) -> String {
        switch part {
        case .text(let text), .pattern(let text): text
        case .unknown: "*"
        }
    }

    /// A printf-style format with each conversion (`%@`, `%d`, `%02ld` …) as `*` and `%%` as `%`.
    static func pattern(ofFormat format: String) -> String {
        var result = ""
        var characters = format[...]
        while let character = characters.popFirst() {
            guard character == "%" else {
                result.append(character)
                continue
            }
            if characters.first == "%" {
                characters.removeFirst()
                result.append("%")
                continue
            }
            // Flags, width, precision and length modifiers, then the conversion letter or `@`.
            while let next = characters.first, "-+ #0123456789.*'$".contains(next) { characters.removeFirst() }
            while let next = characters.first, "hlqLzjt".contains(next) { characters.removeFirst() }
            if let next = characters.first, next.isLetter || next == "@" { characters.removeFirst() }
            result.append("*")
        }
        return result
    }
}
