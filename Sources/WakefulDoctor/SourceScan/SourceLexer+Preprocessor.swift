import Foundation

extension SourceLexer {
    /// A directive at the start of a line. `#define` stays as tokens (a `directive`, the name and
    /// body, a `directiveEnd`) so that `#define kTaskID @"…"` can be resolved; the lines of an
    /// `#if 0` group are skipped, as the compiler skips them; every other directive (`#import`,
    /// `#include`, `#pragma`, `#ifdef` …) is dropped, and both branches of other conditionals are
    /// read, since doctor cannot know which configuration the app builds.
    mutating func lexDirective() {
        let start = mark()
        index += 1
        skipSpaces()
        let nameStart = index
        while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
        let name = text(nameStart..<index)
        switch name {
        case "define":
            emit(.directive, "#define", from: start)
            inDefine = true
        case "if":
            let condition = restOfDirectiveLine().trimmingCharacters(in: .whitespaces)
            if condition == "0" { skipInactiveGroup(from: start.line) }
        default:
            _ = restOfDirectiveLine()
        }
    }

    private mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == SourceByte.space || bytes[index] == SourceByte.tab { index += 1 }
    }

    /// The rest of a directive's logical line without its comments, leaving `index` on the newline.
    private mutating func restOfDirectiveLine() -> String {
        var kept: [UInt8] = []
        while index < bytes.count, !isNewline(at: index) {
            let byte = bytes[index]
            if byte == SourceByte.backslash, isNewline(at: index + 1) {
                index += 1
                consumeNewline()
            } else if byte == SourceByte.slash, peek(1) == SourceByte.star {
                skipBlockComment()
                kept.append(SourceByte.space)
            } else if byte == SourceByte.slash, peek(1) == SourceByte.slash {
                while index < bytes.count, !isNewline(at: index) { index += 1 }
            } else {
                kept.append(byte)
                index += 1
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// Skips the lines of an `#if 0` group up to its `#else`, `#elif` or `#endif`, counting nested
    /// conditionals. The skipped lines are not tokenized (as in the compiler, text there need not
    /// be valid code), so a comment opened there does not hide what follows the group.
    private mutating func skipInactiveGroup(from startLine: Int) {
        var depth = 0
        while index < bytes.count {
            if isNewline(at: index) { consumeNewline() }
            skipSpaces()
            if index < bytes.count, bytes[index] == SourceByte.hash {
                index += 1
                skipSpaces()
                let nameStart = index
                while index < bytes.count, Self.isIdentifierByte(bytes[index]) { index += 1 }
                switch text(nameStart..<index) {
                case "if", "ifdef", "ifndef":
                    depth += 1
                case "endif" where depth > 0:
                    depth -= 1
                case "endif", "else", "elif":
                    _ = restOfDirectiveLine()
                    return
                default:
                    break
                }
            }
            while index < bytes.count, !isNewline(at: index) { index += 1 }
        }
        report(line: startLine, "#if 0 without a matching #endif: the rest of the file is skipped")
    }
}
