import AtlasCore
import AtlasStore
import HTTPCore
import Mustache
import Routing

/// The app's answer to every error, as `ResponseFormat` chooses: disease.sh's JSON (`{"message": …}`),
/// or the site's HTML page (4xx: what was wrong and what is allowed; 501, 505: what this server does
/// not do; 503: try again; other 5xx: an apology).
struct ErrorPages: Sendable {
    let site: SiteContext

    /// The error's response for `request`, in the format the request is answered in.
    func response(_ request: Request, _ error: HTTPError) -> Response {
        var response =
            switch ResponseFormat.preferred(by: request) {
            case .json: ErrorPages.json(error)
            case .html: page(error) ?? Router.plainTextErrorPage(request, error)
            }
        // JSON or HTML by Accept: a cache keeping a 404 must not hand one client's to another.
        if ResponseFormat.isNegotiated(request) { response.fields.addVary("Accept") }
        return response
    }

    /// The HTML page for an `HTTPError` without a request to go with it (bytes the parser refused), or
    /// `nil` should the page not render.
    func page(_ error: HTTPError) -> Response? {
        let context = error.context as? ErrorContext ?? ErrorContext()
        var values: [String: TemplateValue] = [
            "status": .string(String(error.status.code)),
            "reason": .string(error.status.reasonPhrase),
            "message": .string(error.message),
            "q": .string(context.search.echoed),
        ]
        if let quote = context.quote {
            values["quote"] = [
                "before": .string(quote.before), "value": .string(quote.value), "after": .string(quote.after),
            ]
        }
        if let invalid = context.invalidParameter {
            values["allowed"] = .array(
                invalid.choices.map {
                    ["value": .string($0.value), "href": $0.href.map(TemplateValue.string) ?? .null]
                })
            values["parameter"] = .string(invalid.name)
            values["hasAllowed"] = .bool(true)
        }
        // 501 and 505 say what the server does not do: nothing failed, and sending it again cannot help.
        let template =
            switch error.status.code {
            case 501, 505: "errors/not-supported"
            case 503: "errors/unavailable"
            case 500...: "errors/server-error"
            default: "errors/client-error"
            }
        return try? site.renderer.page(
            template, status: error.status, context: .object(values),
            layout: site.layout("\(error.status.reasonPhrase) — Covid Atlas", .none))
    }

    /// An error as disease.sh words them: `{"message": "..."}`, plus `"allowed"` (the valid values,
    /// comma-separated) for a parameter with a value it does not know.
    static func json(_ error: HTTPError) -> Response {
        JSONResponse.object(status: error.status) { writer in
            writer.field("message", error.message)
            if let invalid = (error.context as? ErrorContext)?.invalidParameter {
                writer.field("allowed", invalid.choices.map(\.value).joined(separator: ", "))
            }
        }
    }

    /// What a visitor sees for a store error that is not their fault and not a bug: the database busy
    /// or down (`503`, `Retry-After`), or the per-address limit on new visitors (`429`, `Retry-After`).
    /// Nothing was written in any of these cases. `nil` for every other error (a logged `500`).
    /// - Parameter newVisitors: the per-address limit, for its rule and `Retry-After` (seconds).
    static func httpError(for error: any Error, newVisitors: NewVisitorLimit) -> HTTPError? {
        guard let error = error as? StoreError else { return nil }
        var fields = Fields()
        switch error {
        case .newVisitorRefused:
            let retryAfter = newVisitors.retryAfterSeconds
            fields[.retryAfter] = String(retryAfter)
            return HTTPError(
                .tooManyRequests,
                "Too many new visitors came from your network address: each address may start "
                    + "\(newVisitors.ruleInWords). Nothing was stored for you; try again in \(retryAfter) s.",
                fields: fields)
        case .busy:
            fields[.retryAfter] = "1"
            return HTTPError(
                .serviceUnavailable,
                "The database is busy, so this page could not be shown. Nothing you sent was lost or "
                    + "half-stored: try again in a moment (a form can be sent again with Back).", fields: fields)
        case .unavailable:
            fields[.retryAfter] = "5"
            return HTTPError(
                .serviceUnavailable,
                "The database cannot be reached right now, so this page could not be shown and nothing "
                    + "was stored. Try again in a few seconds (a form can be sent again with Back).", fields: fields)
        default:
            return nil
        }
    }
}
