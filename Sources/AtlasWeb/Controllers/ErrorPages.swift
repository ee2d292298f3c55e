import AtlasCore
import AtlasStore
import HTTPCore
import Localization
import Mustache
import Routing

/// The app's answer to every error, as `ResponseFormat` chooses: disease.sh's JSON (`{"message": …}`),
/// or the site's HTML page (4xx: what was wrong and what is allowed; 501, 505: what this server does
/// not do; 503: try again; other 5xx: an apology).
struct ErrorPages: Sendable {
    let site: SiteContext

    /// The error's response for `request`, in the format the request is answered in, and in the
    /// language of its address (`/ko/…`: Korean).
    func response(_ request: Request, _ error: HTTPError) -> Response {
        let language = Language.split(request.target.path).language
        var response =
            switch ResponseFormat.preferred(by: request) {
            case .json: json(error)
            case .html:
                page(
                    error, language: language, method: request.method,
                    englishTarget: Links.englishAddress(of: request.target))
                    ?? Router.plainTextErrorPage(request, error)
            }
        // JSON or HTML by Accept: a cache keeping a 404 must not hand one client's to another.
        if ResponseFormat.isNegotiated(request) { response.fields.addVary("Accept") }
        return response
    }

    /// The HTML page for an `HTTPError` in `language`, also without a request to go with it (bytes the
    /// parser refused), or `nil` should the page not render. A message from the catalog
    /// (`ErrorContext.catalogMessage`) is said in the page's language. Any other message (a data
    /// address's, in the API's English) an English page says as it is, and a Korean page says what its
    /// status means instead (`error.<status>.message`; for a `405` or `501` the request's `method` and
    /// what the address takes), the value it quotes and the valid values.
    /// - Parameter englishTarget: the address asked for, as the English page has it, for the language
    ///   switch (`Links.englishAddress(of:)`); `nil` without a request or an address to link.
    func page(_ error: HTTPError, language: Language = .en, method: Method? = nil, englishTarget: String? = nil)
        -> Response?
    {
        let words = site.languages[language]
        let context = error.context as? ErrorContext ?? ErrorContext()
        let code = String(error.status.code)
        let reason = language == .en ? error.status.reasonPhrase : words.title(ofStatus: error.status.code)
        var values: [String: TemplateValue] = [
            "status": .string(code),
            "statusLine": .string(words("error.status", ["status": code])),
            "reason": .string(reason),
            "message": .string(
                context.catalogMessage.map { $0.sentence(in: words) }
                    ?? (language == .en ? error.message : ErrorPages.message(of: error, method: method, words: words))),
            "q": .string(context.search.echoed),
            "homeHref": .string(language.target(forEnglish: "/")),
            "countriesHref": .string(language.target(forEnglish: "/countries")),
            "searchAction": .string(language.target(forEnglish: "/countries")),
        ]
        let quote =
            if let catalogMessage = context.catalogMessage {
                catalogMessage.quote(in: words)
            } else if let quote = context.quote, language != .en {
                // An English message quoting a value: the other language says it cannot use the value.
                {
                    let parts = words.parts("error.quotedValue", around: "value", [:])
                    return ErrorContext.Quote(before: parts.before, value: quote.value, after: parts.after)
                }()
            } else {
                context.quote
            }
        if let quote {
            values["quote"] = [
                "before": .string(quote.before), "value": .string(quote.value), "after": .string(quote.after),
            ]
        }
        if let invalid = context.invalidParameter {
            let valid = words.parts("error.validValues", around: "parameter", [:])
            values["allowed"] = .array(
                invalid.choices.map {
                    [
                        "value": .string($0.value),
                        // English addresses get the page's prefix; one already in a language keeps its own.
                        "href": $0.href.map { href in
                            .string(
                                href.hasPrefix("/") && Language.split(href).language == .en
                                    ? language.target(forEnglish: href) : href)
                        } ?? .null,
                    ]
                })
            values["parameter"] = .string(invalid.name)
            values["validBefore"] = .string(valid.before)
            values["validAfter"] = .string(valid.after)
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
            layout: site.layout(
                words("layout.titleSuffix", ["title": reason]), .none, language: language,
                englishTarget: englishTarget))
    }

    /// What `error` means in `words`' language when its message is English: for a `405` the method
    /// and the methods the address takes (its `Allow`), for a `501` the method; otherwise its status's
    /// meaning.
    static func message(of error: HTTPError, method: Method?, words: PageWords) -> String {
        switch (error.status, method) {
        case (.methodNotAllowed, let method?):
            return words(
                "error.405.detail", ["method": method.rawValue, "allowed": error.fields[.allow] ?? "GET, HEAD"])
        case (.notImplemented, let method?):
            return words("error.501.detail", ["method": method.rawValue])
        default:
            return words.message(ofStatus: error.status.code)
        }
    }

    /// An error as disease.sh words them: `{"message": "..."}`, plus `"allowed"` (the valid values,
    /// comma-separated) for a parameter with a value it does not know. The message is English at every
    /// address (JSON is not translated): a catalogued one from the English catalog.
    func json(_ error: HTTPError) -> Response {
        let context = error.context as? ErrorContext
        return JSONResponse.object(status: error.status) { writer in
            writer.field("message", context?.catalogMessage?.sentence(in: site.languages[.en]) ?? error.message)
            if let invalid = context?.invalidParameter {
                writer.field("allowed", invalid.choices.map(\.value).joined(separator: ", "))
            }
        }
    }

    /// What a visitor sees for bytes the parser refused: its status, and what was wrong in the catalog's
    /// words (`error.request.<case>`, e.g. `error.request.invalidPercentEncoding`; for a part too large,
    /// what its status says, `error.414.message`).
    static func httpError(for error: ParseError) -> HTTPError {
        switch error {
        case .requestLineTooLong, .headerSectionTooLarge, .bodyTooLarge:
            .catalogued(error.status, "error.\(error.status.code).message")
        default:
            .catalogued(error.status, "error.request.\(error)")
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
            return .catalogued(
                .tooManyRequests, "error.429.newVisitors",
                [
                    "perMinute": String(newVisitors.perMinute), "interval": newVisitors.intervalSeconds,
                    "seconds": String(retryAfter),
                ], fields: fields)
        case .busy:
            fields[.retryAfter] = "1"
            return .catalogued(.serviceUnavailable, "error.503.busy", fields: fields)
        case .unavailable:
            fields[.retryAfter] = "5"
            return .catalogued(.serviceUnavailable, "error.503.unreachable", fields: fields)
        default:
            return nil
        }
    }
}
