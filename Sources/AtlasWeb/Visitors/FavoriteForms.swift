import AtlasCharts
import Clocks
import Localization
import Routing

/// The favourite-star form of the detail pages (`partials/favorite-form`), rendered once per country,
/// language and starred state and kept as the bytes before and after the CSRF token, so a request joins three
/// arrays, the bytes rendering would give: the token's 64 hex digits need no escaping. Each event-loop
/// thread keeps its own forms (no lock), at most `entryLimit` countries, then starts over.
final class FavoriteForms: Sendable {
    /// One rendered form cut at the token's place.
    private struct Form {
        let beforeToken: [UInt8]
        let afterToken: [UInt8]
    }

    /// The most countries one thread keeps forms for.
    static let entryLimit = 4096
    /// Stands in for the token while rendering: control characters no template or escaped data contains.
    private static let placeholder = "\u{1}csrf-token\u{2}"

    /// Per thread: the forms by language tag and country id (`ko kr`), `[not starred, starred]`.
    private let forms = PerThread<[String: [Form?]]> { [:] }

    /// The form's bytes for `countryID`'s page in `language` with `csrfToken` (hex digits) and the starred
    /// state.
    /// - Parameter render: renders the partial for a token string (once per country, state and thread, or
    ///   every time should the placeholder not survive rendering).
    /// - Throws: what `render` throws.
    func bytes(
        countryID: String, language: Language, starred: Bool, csrfToken: [UInt8],
        render: (String) throws -> [UInt8]
    ) rethrows -> [UInt8] {
        let state = starred ? 1 : 0
        let key = language.tag + " " + countryID
        let form: Form
        if let cached = forms.withValue({ $0[key]?[state] }) {
            form = cached
        } else {
            guard let made = FavoriteForms.split(try render(FavoriteForms.placeholder)) else {
                return try render(String(decoding: csrfToken, as: UTF8.self))
            }
            form = made
            forms.withValue { forms in
                if forms[key] == nil, forms.count >= FavoriteForms.entryLimit { forms.removeAll() }
                forms[key, default: [nil, nil]][state] = made
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(form.beforeToken.count + csrfToken.count + form.afterToken.count)
        output.append(contentsOf: form.beforeToken)
        output.append(contentsOf: csrfToken)
        output.append(contentsOf: form.afterToken)
        return output
    }

    /// The rendered bytes cut at the only placeholder, or `nil` unless there is exactly one.
    private static func split(_ rendered: [UInt8]) -> Form? {
        let marker = Array(placeholder.utf8)
        var found: Int?
        var index = 0
        while index + marker.count <= rendered.count {
            if rendered[index] == marker[0], rendered[index..<index + marker.count].elementsEqual(marker) {
                guard found == nil else { return nil }
                found = index
                index += marker.count
            } else {
                index += 1
            }
        }
        guard let found else { return nil }
        return Form(
            beforeToken: Array(rendered[..<found]), afterToken: Array(rendered[(found + marker.count)...]))
    }
}
