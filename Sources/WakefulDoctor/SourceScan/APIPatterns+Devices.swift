import Foundation

extension APIPatterns {
    /// `locationManager.startMonitoring(for: region)`.
    mutating func matchStartMonitoring(at index: Int) {
        guard source.language == .swift, isCall(index), source.arguments(open: index + 1).first?.label == "for" else {
            return
        }
        record(.regionMonitoring, at: index)
    }

    /// `manager.allowsBackgroundLocationUpdates = true` (`YES`), `[manager setAllowsBackgroundLocationUpdates:YES]`;
    /// `= false` and `var allowsBackgroundLocationUpdates = true` (a declaration) do not count.
    mutating func matchBackgroundLocation(at index: Int) {
        guard !source.isDeclared(index) else { return }
        if source.tokens[index].text == "setAllowsBackgroundLocationUpdates" {
            if isCall(index), let value = messageValue(at: index), isTrue(value) {
                record(.backgroundLocationUpdates, at: index)
            }
        } else if source.isPunctuation(index + 1, "="), isTrue((index + 2)..<(index + 3)), endsExpression(index + 3) {
            record(.backgroundLocationUpdates, at: index)
        }
    }

    /// `CBCentralManagerOptionRestoreIdentifierKey` in code, with the value after it in a
    /// dictionary literal (`[Key: "id"]`, `@{Key: @"id"}`) as the identifier.
    mutating func matchRestoreKey(_ api: SourceAPI, at index: Int) {
        guard !source.isDeclared(index) else { return }
        var identifier: SourceIdentifier?
        if source.isPunctuation(index + 1, ":") {
            var end = index + 2
            var depth = 0
            while let token = source[end] {
                if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") { depth += 1 }
                if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") {
                    if depth == 0 { break }
                    depth -= 1
                }
                if depth == 0, token.isPunctuation(",") { break }
                end += 1
            }
            identifier = expression.identifier((index + 2)..<end)
        }
        record(api, at: index, identifier: identifier)
    }

    /// Whether the expression ends at `index`: nothing more is applied to the value before it.
    func endsExpression(_ index: Int) -> Bool {
        guard let token = source[index], token.kind == .punctuation else { return true }
        return [";", "}", ")", ","].contains(token.text)
    }
}
