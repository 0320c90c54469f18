import HTTPTypes
import Hummingbird

/// The name of a second `Host` line, which stays among the header fields; made once, not per request.
private let hostField = HTTPField.Name("Host")!

/// Answers 400 to a request without a `Host` header or with more than one, as RFC 9112 §3.2
/// requires ("A server MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request
/// message that lacks a Host header field and to any request message that contains more than one
/// Host header field line"). The HTTP/1 decoder puts the first `Host` in the request's authority
/// and leaves any further one among the header fields.
struct HostHeaderMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let authority = request.head.authority, !authority.isEmpty else {
            throw APIError.invalid(
                "Host", "missing; expected one Host header naming the server, e.g. Host: example.com")
        }
        guard !request.headers.contains(hostField) else {
            throw APIError.invalid("Host", "given more than once; expected exactly one Host header")
        }
        return try await next(request, context)
    }
}
