import Foundation

/// String constants defined in the scanned sources, so `register(forTaskWithIdentifier: Self.refreshID)`
/// and `kRefreshTaskID` resolve to their literals.
///
/// Recognised definitions:
/// - Swift `let NAME = "lit"`, `static let NAME = "lit"`, `let NAME: String = "lit"` (any access
///   level, at any scope); an interpolated value is kept as a pattern (`*.refresh`).
/// - Swift `case NAME = "lit"` and `case NAME` (whose raw value is its name) directly inside an
///   `enum X: String`, referenced as `X.NAME.rawValue` or `.NAME.rawValue`.
/// - Objective-C `#define NAME @"lit"`, `NSString *const NAME = @"lit";`,
///   `static NSString * const NAME = @"lit";` (adjacent literals are joined, as the compiler does).
///
/// A qualified reference (`Constants.Values.refreshTaskId`) first looks among the definitions
/// whose enclosing types end with its qualifier (`enum Values` inside `enum Constants`, or inside
/// an `extension Constants`), so two types may each have a `refreshTaskId`. An unqualified one
/// (`Self.refreshID`, `refreshID`) first looks in the types that enclose it, innermost first, as
/// Swift's name lookup does. Otherwise a reference resolves by its last name component alone
/// (`Self.refreshID`, `TaskIDs.refreshID` and `refreshID` are all `refreshID`), first among the
/// definitions in the same file, then among all files scanned. Names defined with different values that this cannot tell apart do not resolve:
/// a wrong identifier is worse than none.
struct SourceConstants {
    /// What a constant holds.
    enum Value: Hashable {
        /// A plain string.
        case literal(String)
        /// An interpolated string, as a pattern with `*` for each interpolation.
        case pattern(String)
    }

    /// One definition found in a file.
    struct Definition: Hashable {
        var name: String
        /// Whether it is an enum case's raw value (`X.NAME.rawValue`) rather than a constant.
        var isRawValue: Bool
        var value: Value
        var file: String
        /// The Swift types it is declared in, outermost first (`["Constants", "Values"]`); for an
        /// enum case, ending with the enum.
        var scope: [String] = []
    }

    private struct Key: Hashable {
        var name: String
        var isRawValue: Bool
    }

    private var definitions: [Key: [Definition]] = [:]

    /// A table of the definitions from every file.
    init(_ definitions: [Definition]) {
        for definition in definitions {
            self.definitions[Key(name: definition.name, isRawValue: definition.isRawValue), default: []].append(
                definition)
        }
    }

    /// The value `name` has, for a reference in `file` qualified by `qualifier` (the names before
    /// it, `["Constants", "Values"]`; empty when unqualified) and written inside the types
    /// `enclosedBy` (outermost first): its only value among definitions in types ending with the
    /// qualifier; for an unqualified reference, among those in the innermost enclosing type that
    /// has one; else its only value in `file`, else its only value anywhere.
    func value(
        of name: String, qualifier: [String] = [], isRawValue: Bool, in file: String, enclosedBy scope: [String] = []
    ) -> Value? {
        guard let all = definitions[Key(name: name, isRawValue: isRawValue)] else { return nil }
        func only(_ candidates: [Definition]) -> Value? {
            let values = Set(candidates.map(\.value))
            return values.count == 1 ? values.first : nil
        }
        if !qualifier.isEmpty, let qualified = only(all.filter { $0.scope.ends(with: qualifier) }) { return qualified }
        if qualifier.isEmpty {
            // `Self.id` inside `enum B` is B's id, even when `enum A` in the same file has one too.
            for depth in stride(from: scope.count, to: 0, by: -1) {
                let enclosing = Array(scope[..<depth])
                let inType = all.filter { $0.scope == enclosing }
                if !inType.isEmpty { return only(inType) }
            }
        }
        let local = all.filter { $0.file == file }
        return local.isEmpty ? only(all) : only(local)
    }

    /// The string constants `source` defines.
    static func definitions(in source: TokenizedSource) -> [Definition] {
        var found: [Definition] = []
        var scopes = SwiftScopes()
        for index in source.tokens.indices {
            let token = source.tokens[index]
            if source.language == .swift { scopes.advance(over: index, in: source) }
            switch (source.language, token.kind, token.text) {
            case (.swift, .identifier, "let"):
                if let (name, value) = swiftLet(at: index, in: source) {
                    found.append(
                        Definition(name: name, isRawValue: false, value: value, file: source.file, scope: scopes.names))
                }
            case (.swift, .identifier, "enum"):
                let enumName = source[index + 1]?.text ?? ""
                for (name, value) in stringEnumCases(at: index, in: source) {
                    found.append(
                        Definition(
                            name: name, isRawValue: true, value: .literal(value), file: source.file,
                            scope: scopes.names + [enumName]))
                }
            case (.objectiveC, .directive, _):
                if let (name, value) = define(at: index, in: source) {
                    found.append(Definition(name: name, isRawValue: false, value: value, file: source.file))
                }
            case (.objectiveC, .punctuation, "="):
                if let (name, value) = stringPointer(at: index, in: source) {
                    found.append(Definition(name: name, isRawValue: false, value: value, file: source.file))
                }
            default:
                break
            }
        }
        return found
    }

    /// `let NAME = "lit"` or `let NAME: String = "lit"`, with nothing applied to the literal after it.
    private static func swiftLet(at index: Int, in source: TokenizedSource) -> (String, Value)? {
        guard let name = source[index + 1], name.kind == .identifier else { return nil }
        var equals = index + 2
        if source.isPunctuation(equals, ":") {
            guard source.isIdentifier(equals + 1, "String") else { return nil }
            equals += 2
        }
        guard source.isPunctuation(equals, "="), let literal = source[equals + 1]?.literal else { return nil }
        // `"a" + suffix`, `"a".uppercased()`: not a plain constant.
        if let after = source[equals + 2], after.kind == .punctuation, ![";", "}", ","].contains(after.text) {
            return nil
        }
        return (name.text, value(of: literal))
    }

    /// The cases of `enum NAME: String { … }` at `index` with their raw values.
    private static func stringEnumCases(at index: Int, in source: TokenizedSource) -> [(String, String)] {
        guard source[index + 1]?.kind == .identifier, source.isPunctuation(index + 2, ":") else { return [] }
        var open = index + 3
        var isString = false
        while let token = source[open], !token.isPunctuation("{") {
            if token.isIdentifier("String") { isString = true }
            open += 1
        }
        guard isString, source[open] != nil, let close = source.closing(of: open) else { return [] }
        var cases: [(String, String)] = []
        var depth = 0
        var cursor = open + 1
        while cursor < close {
            let token = source.tokens[cursor]
            if token.isPunctuation("{") || token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
            if token.isPunctuation("}") || token.isPunctuation(")") || token.isPunctuation("]") { depth -= 1 }
            guard depth == 0, token.isIdentifier("case") else {
                cursor += 1
                continue
            }
            // `case a = "x", b, c = "y"`
            cursor += 1
            while let name = source[cursor], name.kind == .identifier {
                if source.isPunctuation(cursor + 1, "="), let value = source[cursor + 2]?.literal?.value {
                    cases.append((name.text, value))
                    cursor += 3
                } else {
                    cases.append((name.text, name.text))
                    cursor += 1
                }
                guard source.isPunctuation(cursor, ",") else { break }
                cursor += 1
            }
        }
        return cases
    }

    /// `#define NAME @"lit"` (or `"lit"`, or several adjacent literals).
    private static func define(at index: Int, in source: TokenizedSource) -> (String, Value)? {
        guard let name = source[index + 1], name.kind == .identifier else { return nil }
        var cursor = index + 2
        var literals: [SourceStringLiteral] = []
        while let token = source[cursor], let literal = token.literal {
            literals.append(literal)
            cursor += 1
        }
        guard !literals.isEmpty, source[cursor]?.kind == .directiveEnd else { return nil }
        return (name.text, .literal(literals.compactMap(\.value).joined()))
    }

    /// `NSString *const NAME = @"lit";`, `static NSString * const NAME = @"lit";`, `NSString *NAME = @"lit";`
    /// with the `=` at `index`.
    private static func stringPointer(at index: Int, in source: TokenizedSource) -> (String, Value)? {
        guard let name = source[index - 1], name.kind == .identifier else { return nil }
        var back = index - 2
        while back >= 0, source.isIdentifier(back, "const") || source.isPunctuation(back, "*") { back -= 1 }
        guard back < index - 2, source.isIdentifier(back, "NSString") else { return nil }
        var cursor = index + 1
        var literals: [SourceStringLiteral] = []
        while let token = source[cursor], let literal = token.literal {
            literals.append(literal)
            cursor += 1
        }
        guard !literals.isEmpty, source.isPunctuation(cursor, ";") else { return nil }
        return (name.text, .literal(literals.compactMap(\.value).joined()))
    }

    private static func value(of literal: SourceStringLiteral) -> Value {
        literal.value.map(Value.literal) ?? .pattern(literal.pattern)
    }
}
