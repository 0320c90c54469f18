import NIOCore
import NIOHTTP2

/// Inbound flow-control credit for an endpoint that reads frames on the connection channel, as a
/// stream multiplexer would otherwise return it: WINDOW_UPDATE for the connection and for a stream
/// once half a default window (32 KiB) of DATA has been consumed (RFC 9113 §6.9).
struct InboundCredit {
    /// Credit is returned once this many bytes are consumed.
    static let threshold = 32 * 1024

    private var connection = 0
    private var streams: [HTTP2StreamID: Int] = [:]

    /// Notes a DATA frame; returns the WINDOW_UPDATE frames to write now.
    ///
    /// - Parameter open: whether the stream may still receive DATA (false once it ended: no
    ///   stream credit is due, only the connection's).
    mutating func received(_ data: HTTP2Frame.FramePayload.Data, on streamID: HTTP2StreamID, open: Bool) -> [HTTP2Frame]
    {
        // Padding and its length byte count against flow control too (RFC 9113 §6.1).
        let bytes = data.data.readableBytes + (data.paddingBytes.map { $0 + 1 } ?? 0)
        guard bytes > 0 else { return [] }
        var updates: [HTTP2Frame] = []
        connection += bytes
        if connection >= Self.threshold {
            updates.append(HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: connection)))
            connection = 0
        }
        guard open, !data.endStream else {
            streams[streamID] = nil
            return updates
        }
        let consumed = streams[streamID, default: 0] + bytes
        if consumed >= Self.threshold {
            updates.append(HTTP2Frame(streamID: streamID, payload: .windowUpdate(windowSizeIncrement: consumed)))
            streams[streamID] = 0
        } else {
            streams[streamID] = consumed
        }
        return updates
    }

    /// Forgets a stream that ended another way (reset, answered, expired).
    mutating func forget(_ streamID: HTTP2StreamID) {
        streams[streamID] = nil
    }
}
