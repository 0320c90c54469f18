import Foundation

extension SourceLexer {
    /// Swift's operator characters: a run of them is one operator (`==`, `->`, `??`), so `==` is
    /// never read as the assignment `=`.
    private static let swiftOperatorBytes: Set<UInt8> = Set("/=-+!*%<>&|^~?".utf8)

    /// C's multi-character punctuators, longest first; everything else is one character.
    private static let cPunctuators: [[UInt8]] = [
        "<<=", ">>=", "...", "->*", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=",
        "/=", "%=", "&=", "|=", "^=", "::", "##",
    ].map { Array($0.utf8) }

    mutating func lexPunctuation() {
        let start = mark()
        if language == .swift {
            lexSwiftOperator()
        } else if let match = Self.cPunctuators.first(where: { bytes[index...].starts(with: $0) }) {
            index += match.count
        } else {
            index += 1
        }
        emit(.punctuation, text(start.offset..<index), from: start)
    }

    /// A Swift operator: a run of operator characters; `.` joins only a run that starts with `.`
    /// (`...`, `..<`), so `x?.y` is `?` then `.`.
    private mutating func lexSwiftOperator() {
        let first = bytes[index]
        index += 1
        let dotted = first == SourceByte.dot
        guard dotted ? peek(0) == SourceByte.dot : Self.swiftOperatorBytes.contains(first) else { return }
        while index < bytes.count {
            let byte = bytes[index]
            guard Self.swiftOperatorBytes.contains(byte) || (dotted && byte == SourceByte.dot) else { return }
            // A comment starts here, not more operator.
            if byte == SourceByte.slash, peek(1) == SourceByte.slash || peek(1) == SourceByte.star { return }
            index += 1
        }
    }

    /// `#`: an Objective-C directive at the start of a line, a Swift raw string (`#"…"#`), a Swift
    /// keyword such as `#selector` or `#if` (an identifier with its `#`), or punctuation.
    mutating func lexHash() {
        if language == .objectiveC {
            if atLineStart, !inDefine {
                lexDirective()
            } else {
                lexPunctuation()
            }
            return
        }
        var end = index
        while end < bytes.count, bytes[end] == SourceByte.hash { end += 1 }
        if end < bytes.count, bytes[end] == SourceByte.quote {
            lexSwiftString(hashes: end - index)
        } else if let next = peek(1), Self.isIdentifierStart(next) {
            lexIdentifier(prefix: 1)
        } else {
            lexPunctuation()
        }
    }
}
