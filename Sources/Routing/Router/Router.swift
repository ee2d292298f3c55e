import Foundation
import HTTPCore

/// A request handler: the request and the captures of its route → a response.
/// - Throws: `HTTPError` for what the visitor should see; anything else is logged and becomes a `500`.
public typealias Handler = @Sendable (Request, RouteParameters) throws -> Response

/// A handler that runs on the event loop and may hand the rest of its work to a worker (`Reply`).
/// - Throws: as `Handler`.
public typealias ReplyingHandler = @Sendable (Request, RouteParameters) throws -> Reply

/// Dispatches requests to handlers by method and path pattern; a `Responder`, so `TestClient` runs it
/// as the server does.
///
/// - `HEAD` uses the `GET` handler when there is no `HEAD` route (the server drops the body).
/// - A path that matches with another method answers `405` with `Allow` (RFC 9110 §15.5.6);
///   a method outside RFC 9110's (`FOO`, lower-case `get`) answers `501`.
/// - A path with a trailing `/` that matches without it, for this method, answers `301` to that path,
///   query kept; a `GET` is never sent to a POST-only address.
/// - No match: `404`. Every error goes through `errorPage`, so the app renders its own pages.
public struct Router: Responder {
    /// A class, so looking routes up shares them instead of copying their fields.
    final class Route: Sendable {
        let method: Method
        let pattern: RoutePattern
        let runsOn: RunsOn
        let handler: ReplyingHandler

        init(method: Method, pattern: RoutePattern, runsOn: RunsOn, handler: @escaping ReplyingHandler) {
            self.method = method
            self.pattern = pattern
            self.runsOn = runsOn
            self.handler = handler
        }

        /// Whether this route answers `method`: its own, and `HEAD` for a `GET` route.
        func answers(_ method: Method) -> Bool {
            self.method == method || (method == .head && self.method == .get)
        }
    }

    private var routes: [Route] = []
    /// Indices into `routes`, in order, by the literal first segment of their pattern (`""` for `/`), so a
    /// request tries the few routes that can match instead of every one; `routesByAnyFirstSegment` holds
    /// those whose pattern starts with a capture.
    private var routesByFirstSegment: [String: [Int]] = [:]
    private var routesByAnyFirstSegment: [Int] = []
    /// When set, a form older than its limit is refused with `FormAge.refusal` right before its handler
    /// runs (on the worker, for a worker route: as late as possible). `nil`, the default: never.
    public var formAge: FormAge?
    private let errorPage: @Sendable (Request, HTTPError) -> Response
    private let unparsablePage: (@Sendable (ParseError, String) -> Response?)?
    private let translateError: @Sendable (any Error) -> HTTPError?
    private let logError: @Sendable (String) -> Void

    /// A router without routes.
    /// - Parameters:
    ///   - errorPage: renders an `HTTPError` for a request; defaults to a plain-text page.
    ///   - unparsablePage: renders the parser's error for bytes that never became a request, given the
    ///     start of their target as far as the parser read it (empty when it did not get that far);
    ///     without it, or on `nil`, the server sends its plain-text line. The status stays the parser's.
    ///   - translateError: turns a non-`HTTPError` a handler threw into one to show (a database that is
    ///     down → `503`), or `nil` for a logged `500`.
    ///   - logError: one line per unexpected error; the default blocks on standard error, so servers pass
    ///     a logger that does not.
    public init(
        logError: @escaping @Sendable (String) -> Void = Router.standardErrorLog,
        errorPage: @escaping @Sendable (Request, HTTPError) -> Response = Router.plainTextErrorPage,
        unparsablePage: (@Sendable (ParseError, String) -> Response?)? = nil,
        translateError: @escaping @Sendable (any Error) -> HTTPError? = { _ in nil }
    ) {
        self.errorPage = errorPage
        self.unparsablePage = unparsablePage
        self.translateError = translateError
        self.logError = logError
    }

    /// The app's page for a request the parser refused (`unparsablePage`), or `nil`.
    public func respond(toUnparsable error: ParseError) -> Response? {
        respond(toUnparsable: error, targetStart: "")
    }

    /// The app's page for a request the parser refused, given the start of its target
    /// (`RequestParser.targetStart`), or `nil`.
    public func respond(toUnparsable error: ParseError, targetStart: String) -> Response? {
        unparsablePage?(error, targetStart)
    }

    /// Adds a route; earlier routes win when several match. On the event loop (the default) `handler`
    /// must not block: it hands blocking work on with `.onWorker`.
    public mutating func add(
        _ method: Method, _ pattern: String, runsOn: RunsOn = .eventLoop, replying handler: @escaping ReplyingHandler
    ) {
        let route = Route(method: method, pattern: RoutePattern(pattern), runsOn: runsOn, handler: handler)
        switch route.pattern.components.first {
        case nil: routesByFirstSegment["", default: []].append(routes.count)
        case .literal(let first): routesByFirstSegment[first, default: []].append(routes.count)
        case .parameter, .rest: routesByAnyFirstSegment.append(routes.count)
        }
        routes.append(route)
    }

    /// The routes whose pattern can match `segments`, in the order they were added.
    private func candidates(for segments: [String]) -> [Int] {
        let keyed = routesByFirstSegment[segments.first ?? ""] ?? []
        guard !routesByAnyFirstSegment.isEmpty else { return keyed }
        return (keyed + routesByAnyFirstSegment).sorted()
    }

    /// Adds a route whose handler answers a response where it runs (`runsOn`).
    public mutating func add(
        _ method: Method, _ pattern: String, runsOn: RunsOn = .eventLoop, _ handler: @escaping Handler
    ) {
        add(
            method, pattern, runsOn: runsOn,
            replying: { request, parameters in .response(try handler(request, parameters)) })
    }

    /// Adds a `GET` route (which also answers `HEAD`); `runsOn` as in `add`.
    public mutating func get(_ pattern: String, runsOn: RunsOn = .eventLoop, _ handler: @escaping Handler) {
        add(.get, pattern, runsOn: runsOn, handler)
    }

    /// Adds a `GET` route whose handler may hand its rest to a worker (`Reply`).
    public mutating func get(_ pattern: String, replying handler: @escaping ReplyingHandler) {
        add(.get, pattern, replying: handler)
    }

    /// Adds a `POST` route; `runsOn` as in `add`.
    public mutating func post(_ pattern: String, runsOn: RunsOn = .eventLoop, _ handler: @escaping Handler) {
        add(.post, pattern, runsOn: runsOn, handler)
    }

    public func answer(_ request: Request) -> Answer {
        let reply: Reply
        do {
            reply = try EventLoopThread.running { try dispatch(request) }
        } catch {
            return .response(errorResponse(request, error))
        }
        switch reply {
        case .response(let response):
            return .response(response)
        case .onWorker(let work):
            return .onWorker {
                do {
                    return try work()
                } catch {
                    return errorResponse(request, error)
                }
            }
        }
    }

    public func respond(to request: Request) -> Response {
        switch answer(request) {
        case .response(let response): return response
        case .onWorker(let work): return work()
        }
    }

    /// An `HTTPError` as it is, another error translated (`translateError`), else a logged `500`.
    private func errorResponse(_ request: Request, _ error: any Error) -> Response {
        if let error = error as? HTTPError { return errorResponse(request, error) }
        if let translated = translateError(error) { return errorResponse(request, translated) }
        logError("500 \(request.method) \(request.target.path): \(error)")
        return errorResponse(request, HTTPError(.internalServerError, "Something went wrong on our side."))
    }

    /// The site's `503` page for a request no worker could take, with `Retry-After`.
    public func respondOverloaded(to request: Request, retryAfterSeconds: Int) -> Response {
        var fields = Fields()
        fields[.retryAfter] = String(retryAfterSeconds)
        return errorResponse(
            request,
            HTTPError(.serviceUnavailable, "The server is busy right now; try again in a moment.", fields: fields))
    }

    /// The methods of RFC 9110 §9 (and PATCH, RFC 5789); any other is answered `501`.
    /// An array, most common first: a method is a small string, so comparing it is cheaper than hashing
    /// it, and every request asks.
    static let knownMethods: [Method] = [.get, .head, .post, .put, .delete, .connect, .options, .trace, .patch]

    private func dispatch(_ request: Request) throws -> Reply {
        // RFC 9110 §9.1: a method the server does not recognise is 501, not 405.
        guard Router.knownMethods.contains(request.method) else {
            throw HTTPError(
                .notImplemented,
                "The request used the method \(request.method.rawValue), which this server does not implement: "
                    + "it answers \(routedMethods.map(\.rawValue).joined(separator: ", ")).")
        }
        // `OPTIONS *` asks about the server as a whole (RFC 9110 §9.3.7): name every method it routes.
        if request.target.isAsterisk {
            return .response(
                Response(status: .noContent, fields: [.allow: routedMethods.map(\.rawValue).joined(separator: ", ")]))
        }
        let segments = request.target.pathSegments
        var allowed: [Method] = []
        for index in candidates(for: segments) {
            let route = routes[index]
            guard let parameters = route.pattern.match(segments) else { continue }
            if route.answers(request.method) {
                let handler = route.handler
                let formAge = formAge
                switch route.runsOn {
                case .eventLoop:
                    if formAge?.isTooOld(request) == true { throw FormAge.refusal }
                    do {
                        return try handler(request, parameters)
                    } catch is MovesToWorker {
                        // A build too slow for the loop (`EventLoopThread.leave()`): all of it again, on a worker.
                        return .onWorker { try handler(request, parameters).response() }
                    }
                case .worker:
                    return .onWorker {
                        if formAge?.isTooOld(request) == true { throw FormAge.refusal }
                        return try handler(request, parameters).response()
                    }
                }
            }
            allowed.append(route.method)
        }
        if !allowed.isEmpty {
            if allowed.contains(.get) && !allowed.contains(.head) { allowed.append(.head) }
            var fields = Fields()
            fields[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
            throw HTTPError(
                .methodNotAllowed, "This address does not accept \(request.method.rawValue) requests.",
                fields: fields)
        }
        // Only to an address that answers this method: a GET is never sent on to a POST-only form target.
        // A form's method and body go along only with 308 (RFC 9110 §15.4.9): after a 301 a browser
        // sends a POST on as a GET, which the form's address would answer 405.
        if segments.count > 1, segments.last == "",
            routes.contains(where: { route in
                route.answers(request.method) && route.pattern.match(Array(segments.dropLast())) != nil
            })
        {
            let trimmed = "/" + segments.dropLast().map { PercentDecoding.encode($0) }.joined(separator: "/")
            return .response(
                Response.redirect(
                    to: trimmed + (request.target.query.map { "?" + $0 } ?? ""),
                    status: request.method == .get || request.method == .head ? .movedPermanently : .permanentRedirect))
        }
        throw HTTPError(.notFound, "There is no page at this address.")
    }

    private var routedMethods: [Method] {
        var methods: [Method] = []
        for route in routes where !methods.contains(route.method) { methods.append(route.method) }
        if methods.contains(.get) && !methods.contains(.head) { methods.append(.head) }
        return methods
    }

    private func errorResponse(_ request: Request, _ error: HTTPError) -> Response {
        var response = errorPage(request, error)
        response.status = error.status
        for field in error.fields { response.fields[field.name] = field.value }
        return response
    }

    /// The default error page: the status line and message as plain text.
    public static let plainTextErrorPage: @Sendable (Request, HTTPError) -> Response = { _, error in
        Response(
            status: error.status, contentType: "text/plain; charset=utf-8", text: "\(error.status)\n\(error.message)\n")
    }

    /// Writes a line to standard error.
    public static let standardErrorLog: @Sendable (String) -> Void = { line in
        try? FileHandle.standardError.write(contentsOf: Data((line + "\n").utf8))
    }
}

extension Reply {
    /// The response, running the worker part here, if any (on a worker already); rethrows its error.
    func response() throws -> Response {
        switch self {
        case .response(let response): return response
        case .onWorker(let work): return try work()
        }
    }
}

extension Response {
    /// A redirect with `Location` and a tiny plain-text body naming the target.
    /// - Parameters:
    ///   - location: an absolute path (with query) or URL, already percent-encoded.
    ///   - status: `301`, `302`, `303`, `307` or `308`.
    public static func redirect(to location: String, status: StatusCode) -> Response {
        var response = Response(
            status: status, contentType: "text/plain; charset=utf-8", text: "Moved to \(location)\n")
        response.fields[.location] = location
        return response
    }
}
