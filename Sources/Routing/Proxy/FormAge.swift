import HTTPCore

/// How old a form (a request that changes something: not `GET`, `HEAD`, `OPTIONS` or `TRACE`) may be
/// when its handler is about to run, by the time the proxy in front passed it on (`X-Request-Start:
/// t=SECONDS`, nginx's `$msec`).
///
/// A proxy that waited longer than its read timeout answers `504`, and the visitor takes the form as not
/// sent; a process that was stopped meanwhile (`SIGSTOP`, a stalled machine) must then not apply it
/// when it wakes. With `maxAgeSeconds` below the proxy's read timeout for forms, the process refuses
/// such a form (`503`) while the proxy still waits, so the visitor learns it was not applied.
/// A request without the field is never refused; a client that sets it can only refuse its own form,
/// so the field needs no trust.
public struct FormAge: Sendable {
    /// The oldest a form may be, in seconds; 0: no limit.
    public var maxAgeSeconds: Double
    /// The wall clock, in milliseconds since the epoch.
    public var now: @Sendable () -> Int64

    /// - Parameters:
    ///   - maxAgeSeconds: the oldest a form may be, in seconds; 0 for no limit.
    ///   - now: the wall clock in milliseconds since the epoch.
    public init(maxAgeSeconds: Double, now: @escaping @Sendable () -> Int64) {
        self.maxAgeSeconds = maxAgeSeconds
        self.now = now
    }

    /// The time `request` was passed on by the proxy, in milliseconds since the epoch, or `nil` when
    /// its `X-Request-Start` is missing or is not `t=` and a number of seconds (fraction allowed).
    public static func startMilliseconds(of request: Request) -> Int64? {
        guard var value = request.fields[.xRequestStart]?.trimmingOptionalWhitespace() else { return nil }
        if value.hasPrefix("t=") { value = value.dropFirst(2) }
        guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds < 1e11 else { return nil }
        return Int64((seconds * 1000).rounded())
    }

    /// Whether `request` changes something and is older than `maxAgeSeconds`.
    public func isTooOld(_ request: Request) -> Bool {
        guard maxAgeSeconds > 0, !Self.safeMethods.contains(request.method),
            let start = Self.startMilliseconds(of: request)
        else { return false }
        return Double(now() - start) > maxAgeSeconds * 1000
    }

    /// Safe methods (RFC 9110 §9.2.1): nothing changes, so nothing to refuse.
    static let safeMethods: Set<Method> = [.get, .head, .options, .trace]

    /// What a form refused for its age gets: `503` with `Retry-After: 1`, saying it was not applied.
    public static var refusal: HTTPError {
        var fields = Fields()
        fields[.retryAfter] = "1"
        return HTTPError(
            .serviceUnavailable, "The server took too long to take up this form, so it was not applied. Send it again.",
            fields: fields)
    }
}
