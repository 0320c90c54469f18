import Foundation

/// A `BGTaskSchedulerPermittedIdentifiers` entry as written in the source Info.plist, where Xcode
/// build settings such as `$(PRODUCT_BUNDLE_IDENTIFIER).refresh` are still unexpanded.
///
/// Known settings are substituted; any other placeholder (and a trailing `*`, the iOS 26 wildcard
/// form claimed for continued-processing tasks, CONF-16) matches one or more characters, so the
/// check still works on a source file that Xcode has not processed.
public struct IdentifierPattern: Sendable, Hashable {
    enum Piece: Sendable, Hashable {
        case literal(String)
        case wildcard(String)
    }

    /// The entry as written.
    public var text: String
    let pieces: [Piece]

    /// Parses an entry, substituting the build settings given (`PRODUCT_BUNDLE_IDENTIFIER` …).
    ///
    /// `$(NAME)`, `${NAME}` and `$(NAME:modifier)` are placeholders; a modifier such as
    /// `rfc1034identifier` is ignored, as bundle identifiers already satisfy it.
    public init(_ text: String, settings: [String: String] = [:]) {
        self.init(text, settings: settings, starsAnywhere: false)
    }

    /// The shape of an identifier the app's code builds at run time, `*` standing for each
    /// interpolated part (`*.refresh`): every `*` matches one or more characters.
    init(runtimeShape shape: String) {
        self.init(shape, starsAnywhere: true)
    }

    private init(_ text: String, settings: [String: String] = [:], starsAnywhere: Bool) {
        self.text = text
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while let first = rest.first {
            if first == "$", let (name, written, after) = Self.placeholder(in: rest) {
                if let value = settings[name] {
                    literal += value
                } else {
                    if !literal.isEmpty { pieces.append(.literal(literal)) }
                    literal = ""
                    pieces.append(.wildcard(written))
                }
                rest = after
            } else if first == "*", starsAnywhere || rest.count == 1 {
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                pieces.append(.wildcard("*"))
                rest = rest.dropFirst()
            } else {
                literal.append(first)
                rest = rest.dropFirst()
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    /// The entry with known settings substituted; placeholders left as written.
    public var expanded: String {
        pieces.map { piece in
            switch piece {
            case .literal(let text), .wildcard(let text): text
            }
        }.joined()
    }

    /// The entry with every placeholder left expanded to nothing, as Xcode expands a build setting
    /// nobody defines.
    public var emptied: String {
        pieces.map { piece in
            switch piece {
            case .literal(let text): text
            case .wildcard(let text): text == "*" ? text : ""
            }
        }.joined()
    }

    /// Whether some part could not be substituted and matches as a pattern.
    public var isPattern: Bool { pieces.contains { if case .wildcard = $0 { true } else { false } } }

    /// Whether `identifier` is this entry, or fits it where the entry has placeholders.
    public func matches(_ identifier: String) -> Bool {
        Self.match(pieces[...], Substring(identifier))
    }

    private static func match(_ pieces: ArraySlice<Piece>, _ text: Substring) -> Bool {
        guard let piece = pieces.first else { return text.isEmpty }
        switch piece {
        case .literal(let literal):
            return text.hasPrefix(literal) && match(pieces.dropFirst(), text.dropFirst(literal.count))
        case .wildcard:
            // One or more characters: an empty build setting would leave a malformed identifier.
            guard !text.isEmpty else { return false }
            var index = text.index(after: text.startIndex)
            while true {
                if match(pieces.dropFirst(), text[index...]) { return true }
                guard index < text.endIndex else { return false }
                index = text.index(after: index)
            }
        }
    }

    /// `$(NAME)`, `$(NAME:modifier)` or `${NAME}` at the start of `text`: the name, the
    /// placeholder as written and what follows it.
    private static func placeholder(in text: Substring) -> (String, String, Substring)? {
        let afterDollar = text.dropFirst()
        guard let open = afterDollar.first, open == "(" || open == "{" else { return nil }
        let close: Character = open == "(" ? ")" : "}"
        guard let end = afterDollar.firstIndex(of: close) else { return nil }
        let inside = afterDollar[afterDollar.index(after: afterDollar.startIndex)..<end]
        let name = inside.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        let after = afterDollar[afterDollar.index(after: end)...]
        return (name, String(text[text.startIndex..<after.startIndex]), after)
    }
}
