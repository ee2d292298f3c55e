import HTTPCore

/// Whether a client is answered in JSON or HTML, errors included: the app's one rule for it.
///
/// JSON for the machine-readable addresses (`/api/…`, `/healthz`) and for a request that asks for it
/// before HTML in `Accept` (the profile editor's autosave sends `Accept: application/json`); HTML for
/// everything else, which is what a browser following a link or submitting a form gets.
enum ResponseFormat: Sendable, Equatable {
    case html
    case json

    /// The format `request` should be answered in.
    static func preferred(by request: Request) -> ResponseFormat {
        let path = request.target.path
        if path.hasPrefix("/api/") || path == "/healthz" { return .json }
        guard let accept = request.fields[.accept]?.lowercased() else { return .html }
        // The first of the two named wins; q-values are not weighed (no client here sends both
        // with weights that would reverse their order).
        let json = accept.range(of: "application/json")
        let html = accept.range(of: "text/html")
        switch (json, html) {
        case (let json?, let html?): return json.lowerBound < html.lowerBound ? .json : .html
        case (.some, nil): return .json
        default: return .html
        }
    }
}
