import NIOCore

/// One flush at the end of the event-loop turn for everything a handler wrote during it, so a
/// burst of frames costs one TLS record and one system call instead of one per write.
final class FlushCoalescer {
    /// The handler's context while it is in the pipeline.
    var context: ChannelHandlerContext?
    private var scheduled = false

    /// Asks for a flush; several requests in one turn give one flush.
    func request() {
        guard !scheduled, let context else { return }
        scheduled = true
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.execute {
            let coalescer = bound.value
            coalescer.scheduled = false
            coalescer.context?.flush()
        }
    }
}
