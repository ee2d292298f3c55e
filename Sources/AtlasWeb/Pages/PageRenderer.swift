import Foundation
import HTTPCore
import Localization
import Mustache
import Routing

/// Renders a page template into the shared layout and wraps it in a response with the site's
/// security fields. Every template it names is checked at start (`requiredTemplates`).
struct PageRenderer: Sendable {
    static let requiredTemplates = [
        "layout", "world", "countries/index", "countries/show", "countries/not-found",
        "errors/client-error", "errors/server-error", "errors/not-supported", "errors/unavailable", "profile/show",
        "profile/edit",
        "partials/favorite-form",
        "partials/starred-countries", "partials/history",
    ]

    let library: TemplateLibrary
    /// The `assets` object every template sees (`AssetLinks`).
    let assets: TemplateValue
    /// Where map pages load tiles from: written into their CSP.
    let tiles: TileSource
    /// A hash of every file under `Views/` (names and contents) and of the asset links the pages
    /// carry: part of every cached page's `ETag`, so a deploy that changes either changes the tags.
    let templateVersion: String

    /// Loads and parses every template under `viewsDirectory`.
    /// - Throws: `TemplateError` (file, line, column) for a broken template;
    ///   `AtlasStartupError.missingTemplate` for one the app needs that is missing.
    init(viewsDirectory: String, assets: AssetLinks, tiles: TileSource) throws {
        try self.init(
            library: try TemplateLibrary(directory: viewsDirectory), viewsDirectory: viewsDirectory, assets: assets,
            tiles: tiles)
    }

    /// - Parameters:
    ///   - viewsDirectory: where the templates were loaded from, to name a missing file.
    ///   - tiles: the map's tile source, whose host map pages' CSP allows.
    /// - Throws: `AtlasStartupError.missingTemplate` for a template the app needs that `Views/` lacks.
    init(library: TemplateLibrary, viewsDirectory: String, assets: AssetLinks? = nil, tiles: TileSource) throws {
        if let missing = PageRenderer.requiredTemplates.first(where: { !library.names.contains($0) }) {
            throw AtlasStartupError.missingTemplate(path: viewsDirectory + "/" + missing + ".mustache")
        }
        self.library = library
        self.assets = assets?.templateValue ?? [:]
        self.tiles = tiles
        templateVersion = PageRenderer.version(of: viewsDirectory, assets: assets)
    }

    private static func version(of directory: String, assets: AssetLinks?) -> String {
        var hasher = FNV1a()
        hasher.combine(assets?.summary ?? "")
        for file in (FileManager.default.subpaths(atPath: directory) ?? []).sorted() {
            guard let data = FileManager.default.contents(atPath: directory + "/" + file) else { continue }
            hasher.combine(file + "\u{0}")
            hasher.combine(data)
            hasher.combine("\u{0}")
        }
        return String(hasher.hex.prefix(8))
    }

    /// A complete HTML response rendered now, for pages that are not cached (errors, not-found).
    /// - Parameter layout: the title, navigation state, freshness line and whether the page loads Leaflet.
    /// - Throws: `TemplateError` only if a template vanished, which the start-up check prevents.
    func page(_ template: String, status: StatusCode = .ok, context: TemplateValue, layout: LayoutContext) throws
        -> Response
    {
        // Not through `render`: a page sent once is not worth compressing, as `SplicedContent` would.
        let (fields, html) = try html(template, context: context, layout: layout, markers: PageHoles(names: []))
        return Response(status: status, fields: fields, body: Array(html.utf8))
    }

    /// A page as the page cache keeps it: each name in `holes` (`{{{holes.name}}}`) renders as a marker
    /// and the HTML is cut there, so the page is rendered and compressed once and the holes filled per
    /// request.
    /// - Throws: `TemplateError` only if a template vanished, which the start-up check prevents.
    func render(
        _ template: String, status: StatusCode = .ok, context: TemplateValue, layout: LayoutContext,
        holes: [String] = []
    ) throws -> CacheablePage {
        let markers = PageHoles(names: holes)
        let (fields, html) = try html(template, context: context, layout: layout, markers: markers)
        return CacheablePage(status: status, fields: fields, content: markers.split(html))
    }

    /// `template` rendered inside the layout with `markers` for its holes, and the fields of an HTML page.
    private func html(_ template: String, context: TemplateValue, layout: LayoutContext, markers: PageHoles) throws
        -> (fields: Fields, html: String)
    {
        let words = layout.words.tree
        let content = try library.render(template, withAssets(markers.adding(to: context), words: words))
        let html = try library.render(
            "layout", withAssets(markers.adding(to: layout.templateValue(content: content)), words: words))
        var fields = Fields()
        fields[.contentType] = "text/html; charset=utf-8"
        // RFC 9110 §8.5: the language the page is written for.
        fields[.contentLanguage] = layout.words.language.tag
        SecurityFields.apply(to: &fields, mapTiles: layout.usesMap ? tiles : nil)
        CachePolicy.shared.apply(to: &fields)
        return (fields, html)
    }

    /// A fragment for a page's hole (a partial such as `partials/favorite-form`) rendered on its own.
    /// - Returns: the fragment's UTF-8 bytes.
    /// - Throws: `TemplateError` only if the template vanished, which the start-up check prevents.
    func fragment(_ template: String, context: TemplateValue) throws -> [UInt8] {
        Array(try library.render(template, withAssets(context)).utf8)
    }

    /// `context` with the `assets` every template sees and, for a page, its language's `words`.
    private func withAssets(_ context: TemplateValue, words: TemplateValue? = nil) -> TemplateValue {
        guard case .object(var values) = context else { return context }
        values["assets"] = assets
        if let words { values["words"] = words }
        return .object(values)
    }
}

/// What the layout shows around every page, in the page's language.
struct LayoutContext: Sendable {
    /// Where the page sits in the main navigation: the world page, the country list itself, a page
    /// inside the countries section (a detail page: its nav link is `aria-current="true"`, not "page"),
    /// the compare page's form or a comparison, the profile, or a page inside it (the editor).
    enum Section: String, Sendable { case world, countries, inCountries, compare, inCompare, profile, inProfile, none }

    var title: String
    var section: Section
    var freshness: Freshness?
    /// The page's language and its words (`<html lang>`, `Content-Language`, the navigation).
    var words: PageWords
    /// The page's address as the English page has it (`/countries?q=kr`), when the page exists in every
    /// language: the layout then names each version (`hreflang`) and links to the other. `nil` for a
    /// page only one language has yet (docs/i18n.md).
    var englishTarget: String?
    var usesMap = false
    /// The page's `<meta name="description">`; `nil`: the site's own (`layout.description`).
    var description: String?
    /// Scripts of this page under `/static/js/`, e.g. `profile-editor.js` (CSP: `script-src 'self'`).
    var scripts: [String] = []

    func templateValue(content: String) -> TemplateValue {
        let language = words.language
        var alternates: TemplateValue = .null
        var languageSwitch: TemplateValue = .null
        if let englishTarget {
            alternates = .array(
                Language.alternates(of: englishTarget).map {
                    ["hreflang": .string($0.hreflang), "href": .string($0.target)]
                })
            let other = Language.allCases.first { $0 != language }!
            languageSwitch = [
                "href": .string(other.target(forEnglish: englishTarget)), "lang": .string(other.tag),
                "name": .string(other.nativeName),
            ]
        }
        return [
            "lang": .string(language.tag),
            "alternates": alternates,
            "languageSwitch": languageSwitch,
            "homeHref": .string(language.target(forEnglish: "/")),
            "countriesHref": .string(language.target(forEnglish: "/countries")),
            "compareHref": .string(language.target(forEnglish: "/compare")),
            "profileHref": .string(language.target(forEnglish: "/profile")),
            "title": .string(title),
            "description": .string(description ?? words("layout.description")),
            "content": .string(content),
            "usesMap": .bool(usesMap),
            "scripts": .array(scripts.map { .string("/static/js/" + $0) }),
            "navWorld": .bool(section == .world),
            "navCountries": .bool(section == .countries),
            "navInCountries": .bool(section == .inCountries),
            "navCompare": .bool(section == .compare),
            "navInCompare": .bool(section == .inCompare),
            "navProfile": .bool(section == .profile),
            "navInProfile": .bool(section == .inProfile),
            "freshness": freshness?.templateValue(words) ?? .null,
        ]
    }
}

/// Response fields every HTML page carries.
enum SecurityFields {
    /// Sets `Content-Security-Policy` (no inline script; tile-host images only on map pages),
    /// `Referrer-Policy: strict-origin-when-cross-origin` (OSM blocks tile requests without a referrer,
    /// docs/field-cases.md B08), `nosniff` and frame denial; caching is `CachePolicy`'s.
    static func apply(to fields: inout Fields, mapTiles: TileSource?) {
        let images = mapTiles.map { "'self' data: \($0.cspSource)" } ?? "'self' data:"
        fields[.contentSecurityPolicy] =
            "default-src 'self'; img-src \(images); script-src 'self'; style-src 'self'; "
            + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        fields[.referrerPolicy] = "strict-origin-when-cross-origin"
        fields[.xContentTypeOptions] = "nosniff"
        fields["X-Frame-Options"] = "DENY"
    }
}
