import Foundation

extension APIPatterns {
    /// `player.numberOfLoops = -1` (any negative count loops forever), `[player setNumberOfLoops:-1]`.
    mutating func matchLoopForever(at index: Int) {
        guard !source.isDeclared(index) else { return }
        var value = index + 1
        if source.tokens[index].text == "setNumberOfLoops" {
            guard isCall(index), source.isPunctuation(index + 1, ":") else { return }
            value = index + 2
        } else {
            // `= -1`; Swift reads `=-1` as the operator `=-` then `1`.
            if source.isPunctuation(value, "=-") {
                if source[value + 1]?.kind == .number { record(.loopForever, at: index) }
                return
            }
            guard source.isPunctuation(value, "=") else { return }
            value += 1
        }
        if source.isPunctuation(value, "-"), source[value + 1]?.kind == .number { record(.loopForever, at: index) }
    }

    /// `setCategory(.playback …)` / `(.playAndRecord …)` and `AVAudioSession.Category.playback`
    /// (any `Category.playback`); `.ambient` and `.soloAmbient` are not matched, nor `.playback` elsewhere.
    mutating func matchPlaybackCategory(at index: Int) {
        guard source.isMember(index) else { return }
        if source.isIdentifier(index - 2, "Category")
            || (source.isPunctuation(index - 2, "(") && source.isIdentifier(index - 3, "setCategory"))
        {
            record(.playbackCategory, at: index)
        }
    }

    /// Records the string literal at `index` when it names a silent audio file (see ``SilentAudioName``).
    mutating func matchSilentAudio(at index: Int) {
        guard let value = source.tokens[index].literal?.value else { return }
        if let name = SilentAudioName.fileName(value) {
            record(.silentAudioFile, at: index, identifier: .literal(name))
            return
        }
        guard source.isPunctuation(index - 1, ":"), let label = source[index - 2],
            ["forResource", "URLForResource", "pathForResource"].contains(label.text), SilentAudioName.isSilent(value)
        else { return }
        // The type follows within a few tokens: `, withExtension: "wav"` or ` withExtension:@"wav"`.
        for candidate in (index + 1)...(index + 3) {
            guard let name = source[candidate], ["withExtension", "ofType"].contains(name.text),
                source.isPunctuation(candidate + 1, ":"),
                let type = source[candidate + 2]?.literal?.value,
                SilentAudioName.audioExtensions.contains(type.lowercased())
            else { continue }
            record(.silentAudioFile, at: index, identifier: .literal("\(value).\(type)"))
            return
        }
    }
}
