import CompressNIO
import HTTPTypes
import NIOCore

/// The `Content-Encoding` of a request body: none (`identity`) or `gzip`, which uploads may use to
/// save radio time (reference §10.3: accept gzip).
///
/// A gzip body is inflated no further than the body limit, so a small "zip bomb" costs at most the
/// limit in memory and time before its 413; a stream that does not inflate, is cut short or carries
/// bytes after its end is 400 naming the header.
enum RequestContentEncoding: Sendable, Equatable {
    case identity
    case gzip

    /// The codings the server accepts, as 415 answers and the OpenAPI document list them.
    static let accepted = "gzip, identity"

    /// Reads the header (absent means identity); `x-gzip` is gzip (RFC 9110 §8.4.1.3).
    ///
    /// - Throws: 415 for any other coding, listing the accepted ones.
    init(header: String?) throws(APIError) {
        let codings = (header ?? "").split(separator: ",").map { $0.trimmingWhitespace().lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        switch codings {
        case []: self = .identity
        case ["gzip"], ["x-gzip"]: self = .gzip
        default:
            throw APIError(
                .unsupportedMediaType, "unsupported_encoding",
                "Content-Encoding \"\(header ?? "")\" is not supported; expected one of: \(Self.accepted)",
                field: "Content-Encoding")
        }
    }

    /// The body as sent by the client, decoded.
    ///
    /// - Throws: 413 when the decoded body is over `limit` bytes; 400 when a gzip stream is corrupt.
    func decode(_ body: ByteBuffer, limit: Int) throws(APIError) -> ByteBuffer {
        guard self == .gzip else { return body }
        // 10 bytes of header, at least 2 of deflate data, 8 of trailer.
        guard body.readableBytes >= 20 else { throw Self.corrupt("the body is too short for a gzip stream") }
        var input = body
        // One byte over the limit tells "over" from "exactly at"; the allocator may round the
        // capacity up, which only moves where inflating stops.
        var output = ByteBufferAllocator().buffer(capacity: limit + 1)
        do {
            let inflater = try ZlibDecompressor(algorithm: .gzip)
            try inflater.inflate(from: &input, to: &output)
        } catch let error as CompressNIOError where error == .bufferOverflow {
            throw Self.tooLarge(limit)
        } catch {
            throw Self.corrupt("the body is not a valid gzip stream")
        }
        guard output.readableBytes <= limit else { throw Self.tooLarge(limit) }
        guard input.readableBytes == 0 else { throw Self.corrupt("bytes follow the end of the gzip stream") }
        // zlib checks the trailer (CRC-32 and size) when the stream ends; a stream cut short ends
        // without one, so its last four bytes are not the inflated size.
        guard
            body.getInteger(at: body.readerIndex + body.readableBytes - 4, endianness: .little, as: UInt32.self)
                == UInt32(truncatingIfNeeded: output.readableBytes)
        else { throw Self.corrupt("the gzip stream is cut short") }
        return output
    }

    private static func tooLarge(_ limit: Int) -> APIError {
        APIError.tooLarge("the body inflates to more than \(limit) bytes; send fewer records per request")
    }

    private static func corrupt(_ message: String) -> APIError {
        APIError(.badRequest, "invalid_encoding", "Content-Encoding: gzip: \(message)", field: "Content-Encoding")
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (header list elements).
    fileprivate func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
