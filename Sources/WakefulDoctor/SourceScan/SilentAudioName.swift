import Foundation

/// Decides whether a string literal names a silent audio file: the one place where a literal's
/// content, not code, is evidence (playing silence to stay awake is what App Review rejects for the
/// `audio` mode).
///
/// A literal counts when it is a file name (its last path component, without spaces) with an audio extension whose
/// base name has the word `silence`, `silent`, `blank`, `mute` or `empty`, digits after it allowed
/// (words split at punctuation and camelCase: `silence.mp3`, `Sounds/blank_loop.wav`,
/// `emptyTrack.m4a`, `silence1s.caf`; not `commute.mp3` nor an alert named `ChimeMuted.caf`, whose
/// word `Muted` describes a real sound); or when it is the resource name in `forResource: "silent", withExtension: "wav"`,
/// `URLForResource:@"silent" withExtension:@"wav"` or `pathForResource:ofType:` with an audio type.
enum SilentAudioName {
    /// Extensions of audio files an app plays.
    static let audioExtensions: Set<String> = [
        "mp3", "m4a", "m4b", "wav", "caf", "aac", "aif", "aiff", "aifc", "flac", "mp4",
    ]

    private static let silentWords: Set<String> = ["silence", "silent", "blank", "mute", "empty"]

    /// The file name a literal names when it is a silent audio file with its extension.
    static func fileName(_ literal: String) -> String? {
        let name = literal.split(separator: "/").last.map(String.init) ?? literal
        // A sentence that ends in "silence.mp3" is text, not a file name.
        guard !name.contains(where: \.isWhitespace), let dot = name.lastIndex(of: "."),
            audioExtensions.contains(name[name.index(after: dot)...].lowercased()),
            isSilent(String(name[..<dot]))
        else { return nil }
        return name
    }

    /// Whether a base name (no extension) says the file is silent.
    static func isSilent(_ base: String) -> Bool {
        var words: [String] = []
        var word = ""
        var previousIsLower = false
        for character in base {
            guard character.isLetter || character.isNumber else {
                words.append(word)
                word = ""
                previousIsLower = false
                continue
            }
            if character.isUppercase, previousIsLower {
                words.append(word)
                word = ""
            }
            word.append(character)
            previousIsLower = character.isLowercase
        }
        words.append(word)
        // Whole words only: a prefix also matched ordinary names (`Muted`, `Silencer`).
        return words.contains { word in
            let letters = word.lowercased().prefix { $0.isLetter }
            let rest = word.dropFirst(letters.count)
            return silentWords.contains(String(letters)) && (rest.first?.isNumber ?? true)
        }
    }
}
