import Foundation

extension SourceLexer {
    /// A part of a string literal as written: text with its escapes still in it, or an
    /// interpolation (whose code is skipped: a value computed at run time is not evidence).
    enum StringPiece {
        case text([UInt8])
        case interpolation
    }

    /// How deeply strings may nest inside interpolations before the lexer gives up on the literal;
    /// real code nests two or three deep, and the limit keeps a hostile file from exhausting the stack.
    private static let maximumNesting = 32

    /// A Swift string literal at `index` (its first `#` or `"`), with `hashes` `#`s before the quote.
    mutating func lexSwiftString(hashes: Int) {
        let start = mark()
        index += hashes
        if let (pieces, multiline) = scanSwiftString(hashes: hashes, nesting: 0) {
            let literal = SourceStringDecoder.swift(pieces, hashes: hashes, multiline: multiline)
            emit(.string, text(start.offset..<index), from: start, literal: literal)
        } else {
            // A one-line string stops at the end of its line, where lexing resumes; a multi-line
            // one runs to the end of the file.
            report(line: start.line, "unterminated string literal")
            atLineStart = false
        }
    }

    /// Scans a Swift string from its opening quote to just past its closing delimiter; nil when
    /// the string is unterminated, with `index` on the newline that ended a one-line string.
    private mutating func scanSwiftString(hashes: Int, nesting: Int) -> ([StringPiece], Bool)? {
        let multiline = peek(1) == SourceByte.quote && peek(2) == SourceByte.quote
        index += multiline ? 3 : 1
        var pieces: [StringPiece] = []
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == SourceByte.lineFeed || byte == SourceByte.carriageReturn {
                guard multiline else { return nil }
                text.append(SourceByte.lineFeed)
                consumeNewline()
            } else if byte == SourceByte.quote,
                !multiline || (peek(1) == SourceByte.quote && peek(2) == SourceByte.quote),
                hashesFollow(at: index + (multiline ? 3 : 1), count: hashes)
            {
                index += (multiline ? 3 : 1) + hashes
                pieces.append(.text(text))
                return (pieces, multiline)
            } else if byte == SourceByte.backslash, hashesFollow(at: index + 1, count: hashes) {
                let escaped = index + 1 + hashes
                if escaped < bytes.count, bytes[escaped] == SourceByte.openParen {
                    pieces.append(.text(text))
                    text = []
                    index = escaped + 1
                    guard skipInterpolation(multiline: multiline, nesting: nesting) else { return nil }
                    pieces.append(.interpolation)
                } else {
                    // Kept raw for the decoder; the escaped byte is taken now so that `\"` does
                    // not close the string. A newline after `\` (a continuation) is counted above.
                    text.append(contentsOf: bytes[index..<escaped])
                    index = escaped
                    if index < bytes.count, !isNewline(at: index) {
                        text.append(bytes[index])
                        index += 1
                    }
                }
            } else {
                text.append(byte)
                index += 1
            }
        }
        return nil
    }

    private func hashesFollow(at position: Int, count: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        return bytes[position..<position + count].allSatisfy { $0 == SourceByte.hash }
    }

    /// Skips the code of `\( … )` up to its closing parenthesis, through nested parentheses,
    /// strings and comments. In a one-line string the interpolation must close on its line.
    private mutating func skipInterpolation(multiline: Bool, nesting: Int) -> Bool {
        var depth = 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case SourceByte.openParen:
                depth += 1
                index += 1
            case SourceByte.closeParen:
                depth -= 1
                index += 1
                if depth == 0 { return true }
            case SourceByte.lineFeed, SourceByte.carriageReturn:
                guard multiline else { return false }
                consumeNewline()
            case SourceByte.quote, SourceByte.hash:
                var end = index
                while end < bytes.count, bytes[end] == SourceByte.hash { end += 1 }
                guard end < bytes.count, bytes[end] == SourceByte.quote else {
                    index += 1
                    continue
                }
                guard nesting < Self.maximumNesting else { return false }
                let hashes = end - index
                index = end
                guard scanSwiftString(hashes: hashes, nesting: nesting + 1) != nil else { return false }
            case SourceByte.slash where peek(1) == SourceByte.star:
                skipBlockComment()
            default:
                index += 1
            }
        }
        return false
    }

    /// An Objective-C or C string: `"…"`, or `@"…"` when `prefix` is 1. A backslash before a
    /// newline continues the string on the next line, as in C.
    mutating func lexCString(prefix: Int) {
        let start = mark()
        index += prefix + 1
        var raw: [UInt8] = []
        while index < bytes.count, !isNewline(at: index) {
            let byte = bytes[index]
            if byte == SourceByte.quote {
                index += 1
                let literal = SourceStringDecoder.c(raw)
                emit(.string, text(start.offset..<index), from: start, literal: literal)
                return
            }
            if byte == SourceByte.backslash, isNewline(at: index + 1) {
                index += 1
                consumeNewline()
            } else if byte == SourceByte.backslash, index + 1 < bytes.count {
                raw.append(contentsOf: bytes[index...index + 1])
                index += 2
            } else {
                raw.append(byte)
                index += 1
            }
        }
        report(line: start.line, "unterminated string literal")
        atLineStart = false
    }

    /// A C character literal such as `'a'`, `'\''` or the four-character code `'abcd'`.
    mutating func lexCharacter() {
        let start = mark()
        index += 1
        while index < bytes.count, !isNewline(at: index) {
            let byte = bytes[index]
            if byte == SourceByte.apostrophe {
                index += 1
                emit(.character, text(start.offset..<index), from: start)
                return
            }
            index += byte == SourceByte.backslash && !isNewline(at: index + 1) ? 2 : 1
        }
        report(line: start.line, "unterminated character literal")
        atLineStart = false
    }
}
