import HTTPCore
import Mustache

/// Renders a page template into the shared layout and wraps it in a response with the site's
/// security fields. Every template it names is checked at start (`requiredTemplates`).
struct PageRenderer: Sendable {
    static let requiredTemplates = [
        "layout", "world", "countries/index", "countries/show", "countries/not-found",
        "errors/client-error", "errors/server-error",
    ]

    let library: TemplateLibrary
    /// Where map pages load tiles from: written into their CSP.
    let tiles: TileSource

    /// - Parameters:
    ///   - viewsDirectory: where the templates were loaded from, to name a missing file.
    ///   - tiles: the map's tile source, whose host map pages' CSP allows.
    /// - Throws: `AtlasStartupError.missingTemplate` naming the file of a template the app needs
    ///   that `Views/` lacks.
    init(library: TemplateLibrary, viewsDirectory: String, tiles: TileSource) throws {
        if let missing = PageRenderer.requiredTemplates.first(where: { !library.names.contains($0) }) {
            throw AtlasStartupError.missingTemplate(path: viewsDirectory + "/" + missing + ".mustache")
        }
        self.library = library
        self.tiles = tiles
    }

    /// A complete HTML response.
    /// - Parameters:
    ///   - template: the content template, e.g. `countries/show`.
    ///   - context: the content template's values.
    ///   - layout: the title, navigation state, freshness line and whether the page loads Leaflet.
    /// - Throws: `TemplateError` only if a template vanished, which the start-up check prevents.
    func page(_ template: String, status: StatusCode = .ok, context: TemplateValue, layout: LayoutContext) throws
        -> Response
    {
        let content = try library.render(template, context)
        let html = try library.render("layout", layout.templateValue(content: content))
        var response = Response(status: status, contentType: "text/html; charset=utf-8", text: html)
        SecurityFields.apply(to: &response.fields, mapTiles: layout.usesMap ? tiles : nil)
        return response
    }
}

/// What the layout shows around every page.
struct LayoutContext: Sendable {
    /// Where the page sits in the main navigation: the world page, the country list itself, a page
    /// inside the countries section (a detail page: its nav link is `aria-current="true"`, not "page").
    enum Section: String, Sendable { case world, countries, inCountries, none }

    var title: String
    var section: Section
    var freshness: Freshness?
    var usesMap = false
    var description = "COVID-19 statistics by country: cases, deaths, recoveries and tests."

    func templateValue(content: String) -> TemplateValue {
        [
            "title": .string(title),
            "description": .string(description),
            "content": .string(content),
            "usesMap": .bool(usesMap),
            "navWorld": .bool(section == .world),
            "navCountries": .bool(section == .countries),
            "navInCountries": .bool(section == .inCountries),
            "freshness": freshness?.templateValue ?? .null,
        ]
    }
}

/// Response fields every HTML page carries.
enum SecurityFields {
    /// Sets `Content-Security-Policy` (no inline script; images from the tile host only on map
    /// pages, `mapTiles` set), `Referrer-Policy: strict-origin-when-cross-origin` (OSM blocks tile
    /// requests without a referrer, FIELD-CASES B08), `X-Content-Type-Options: nosniff`, and frame denial.
    static func apply(to fields: inout Fields, mapTiles: TileSource?) {
        let images = mapTiles.map { "'self' data: \($0.cspSource)" } ?? "'self' data:"
        fields[.contentSecurityPolicy] =
            "default-src 'self'; img-src \(images); script-src 'self'; style-src 'self'; "
            + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        fields[.referrerPolicy] = "strict-origin-when-cross-origin"
        fields[.xContentTypeOptions] = "nosniff"
        fields["X-Frame-Options"] = "DENY"
        fields[.cacheControl] = "no-cache"
    }
}
