import Foundation

/// Reads one source file as UTF-8 bytes, turning what cannot be read into problems.
enum SourceFileReader {
    /// A file's bytes, or why there are none, plus problems that did not stop the read.
    struct Result {
        var bytes: [UInt8]?
        var problems: [SourceProblem]
    }

    /// How many leading bytes are searched for a NUL, the sign of a binary file.
    private static let binaryProbeLength = 8192

    /// Reads `url`, shown as `file`. Files over `maximumSize` bytes and binary files are skipped
    /// with a problem; invalid UTF-8 is reported with the line it starts on and then read with
    /// replacement characters, so a Latin-1 comment does not hide the file's code.
    static func read(_ url: URL, as file: String, maximumSize: Int) -> Result {
        if let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize, size > maximumSize {
            return Result(problems: [
                SourceProblem(
                    file: file, line: nil,
                    message: "larger than \(maximumSize / (1 << 20)) MB (\(size) bytes): not scanned")
            ])
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return Result(problems: [
                SourceProblem(file: file, line: nil, message: "could not be read: \(error.localizedDescription)")
            ])
        }
        if data.prefix(binaryProbeLength).contains(0) {
            return Result(problems: [
                SourceProblem(file: file, line: nil, message: "binary file (it contains NUL bytes): not scanned")
            ])
        }
        let bytes = [UInt8](data)
        guard let badLine = firstInvalidLine(bytes) else { return Result(bytes: bytes, problems: []) }
        return Result(
            bytes: Array(String(decoding: bytes, as: UTF8.self).utf8),
            problems: [
                SourceProblem(
                    file: file, line: badLine,
                    message: "not valid UTF-8 from this line: read with replacement characters")
            ])
    }

    /// The line of the first byte that is not valid UTF-8, or nil when all of it is.
    static func firstInvalidLine(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: return nil
            case .error: return line
            }
        }
    }
}
