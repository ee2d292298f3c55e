import HTTPCore

/// Whether a client is answered in JSON or HTML, errors included: the app's one rule for it.
///
/// JSON for `/api/…` and `/healthz`, and for a request whose `Accept` weighs `application/json` above
/// `text/html` (or alike and named first); HTML otherwise, as a browser following a link gets, and for
/// `application/json;q=0` (RFC 9110 §12.4.2: not acceptable).
public enum ResponseFormat: Sendable, Equatable {
    case html
    case json

    /// The format `request` should be answered in.
    public static func preferred(by request: Request) -> ResponseFormat {
        guard isNegotiated(request) else { return .json }
        // Several Accept lines are one list (RFC 9110 §5.3).
        let lines = request.fields.values(for: .accept)
        guard !lines.isEmpty else { return .html }
        // Each named type's weight and place (RFC 9110 §12.5.1); wildcards name neither, so `*/*` gets HTML.
        // A range with parameters other than `q` and `charset=utf-8` (`text/html;level=1`) does not apply.
        var json: (quality: Double, position: Int)?
        var html: (quality: Double, position: Int)?
        let elements = lines.flatMap { $0.split(separator: ",") }
        for (position, element) in elements.enumerated() {
            let parts = element.split(separator: ";")
            guard let range = parts.first?.trimmingOptionalWhitespace().lowercased() else { continue }
            let parameters = parts.dropFirst()
            guard parameters.allSatisfy(Self.fitsWhatIsServed) else { continue }
            let named = (quality: QualityValue.weight(of: parameters), position: position)
            if range == "application/json", json == nil { json = named }
            if range == "text/html", html == nil { html = named }
        }
        guard let json, json.quality > 0 else { return .html }
        guard let html, html.quality > 0 else { return .json }
        // The heavier wins; of two alike, the first named.
        if json.quality != html.quality { return json.quality > html.quality ? .json : .html }
        return json.position < html.position ? .json : .html
    }

    /// Whether the format of `request`'s answer depends on its `Accept` (so a cache must keep the
    /// answers apart, `Vary: Accept`): everywhere but the JSON-only addresses.
    public static func isNegotiated(_ request: Request) -> Bool { isNegotiated(path: request.target.path) }

    /// Whether an address whose path is, or starts with, `path` answers in a negotiated format: `false`
    /// for the JSON-only `/api/…` and `/healthz`. Also given the start of a target the parser refused
    /// (`RequestParser.targetStart`, `/api/countries?`), whose client is answered JSON as well.
    public static func isNegotiated(path: some StringProtocol) -> Bool {
        !(path.hasPrefix("/api/") || path == "/healthz")
    }

    /// Whether a media-range parameter leaves the range covering this site's responses: the weight,
    /// or the charset they are in.
    private static func fitsWhatIsServed(_ parameter: Substring) -> Bool {
        let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingOptionalWhitespace().lowercased() }
        guard let name = pair.first else { return true }
        if name == "q" { return true }
        return name == "charset" && pair.count == 2 && ["utf-8", "\"utf-8\""].contains(pair[1])
    }
}
