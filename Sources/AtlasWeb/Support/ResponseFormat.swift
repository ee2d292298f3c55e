import HTTPCore

/// Whether a client is answered in JSON or HTML, errors included: the app's one rule for it.
///
/// JSON for the machine-readable addresses (`/api/…`, `/healthz`) and for a request whose `Accept`
/// weighs `application/json` above `text/html` (or alike and first; the profile editor's autosave
/// sends `Accept: application/json`); HTML for everything else, which is what a browser following a
/// link or submitting a form gets, and for `application/json;q=0` (RFC 9110 §12.4.2: not acceptable).
enum ResponseFormat: Sendable, Equatable {
    case html
    case json

    /// The format `request` should be answered in.
    static func preferred(by request: Request) -> ResponseFormat {
        let path = request.target.path
        if path.hasPrefix("/api/") || path == "/healthz" { return .json }
        guard let accept = request.fields[.accept] else { return .html }
        // Each named type's weight and place (RFC 9110 §12.5.1); wildcards name neither, so `*/*`
        // gets HTML, this site's default.
        var json: (quality: Double, position: Int)?
        var html: (quality: Double, position: Int)?
        for (position, element) in accept.split(separator: ",").enumerated() {
            let parts = element.split(separator: ";")
            guard let range = parts.first?.trimmingOptionalWhitespace().lowercased() else { continue }
            let named = (quality: QualityValue.weight(of: parts.dropFirst()), position: position)
            if range == "application/json", json == nil { json = named }
            if range == "text/html", html == nil { html = named }
        }
        guard let json, json.quality > 0 else { return .html }
        guard let html, html.quality > 0 else { return .json }
        // The heavier wins; of two alike, the first named.
        if json.quality != html.quality { return json.quality > html.quality ? .json : .html }
        return json.position < html.position ? .json : .html
    }
}
