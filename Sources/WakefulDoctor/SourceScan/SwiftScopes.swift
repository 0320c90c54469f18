import Foundation

/// The Swift types enclosing each token of a file, followed token by token: `enum Values` inside
/// `enum Constants` gives `["Constants", "Values"]`, and `extension Constants.Values` the same,
/// so a qualified reference can find the constant it names.
struct SwiftScopes {
    /// A brace that is open: the type names it opened (empty for a function body, a closure …).
    private var open: [[String]] = []
    /// Names read after `enum`/`struct`/… and waiting for their `{`.
    private var pending: [String]?

    /// The keywords that open a type's scope; checked for every token of a file, so a set made once.
    private static let typeKeywords: Set<String> = ["enum", "struct", "class", "actor", "extension", "protocol"]
    /// What may follow `class` in a member declaration.
    private static let memberKeywords: Set<String> = ["func", "var", "let", "subscript"]

    /// The enclosing type names, outermost first.
    var names: [String] { open.flatMap { $0 } }

    /// Takes in the token at `index`.
    mutating func advance(over index: Int, in source: TokenizedSource) {
        let token = source.tokens[index]
        switch token.kind {
        case .identifier where Self.typeKeywords.contains(token.text):
            // `class func` and `class var` declare members, not a type.
            guard let name = source[index + 1], name.kind == .identifier, !Self.memberKeywords.contains(name.text)
            else { return }
            pending = dottedName(from: index + 1, in: source)
        case .punctuation where token.text == "{":
            open.append(pending ?? [])
            pending = nil
        case .punctuation where token.text == "}":
            if !open.isEmpty { open.removeLast() }
        case .punctuation where token.text == ";":
            pending = nil
        default:
            break
        }
    }

    /// `A.B.C` starting at `index`.
    private func dottedName(from index: Int, in source: TokenizedSource) -> [String] {
        var names: [String] = []
        var cursor = index
        while let token = source[cursor], token.kind == .identifier {
            names.append(token.text)
            guard source.isPunctuation(cursor + 1, ".") else { break }
            cursor += 2
        }
        return names
    }
}

extension Array where Element == String {
    /// Whether the last elements are `suffix`.
    func ends(with suffix: [String]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
