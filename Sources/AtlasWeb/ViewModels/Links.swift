import AtlasCharts
import AtlasCore
import HTTPCore
import Localization

/// URLs of the app's pages, built in one place so every link keeps the same canonical form.
enum Links {
    /// `/countries/kr`.
    static func country(_ id: String) -> String { "/countries/" + PercentDecoding.encode(id) }

    /// The English address of the page `target` asked for, query kept as sent: what an error page links
    /// to in the other language, so a reader who cannot read it can read why. `/ko/countries/zz?x=1` →
    /// `/countries/zz?x=1`. The path is the one the page was found by (decoded, dot-segments removed,
    /// each segment encoded again), whatever form the target came in.
    /// - Returns: `nil` for the asterisk-form, for a path that would begin with `//` (`/ko//host/x`),
    ///   which a browser reads as another host (RFC 3986 §4.2, a network-path reference), and for a
    ///   data address or file (`/countries/kr/history.csv`, `/api/…`, `/flags/kr.svg`), which has no
    ///   Korean twin: its error page in the other language would be a 404 about another thing.
    static func englishAddress(of target: RequestTarget) -> String? {
        guard !target.isAsterisk, !isDataOrFile(target.pathSegments) else { return nil }
        let path = "/" + target.pathSegments.map { PercentDecoding.encode($0) }.joined(separator: "/")
        let english = Language.split(path + (target.query.map { "?" + $0 } ?? "")).target
        guard !path.hasPrefix("//"), !english.hasPrefix("//") else { return nil }
        return english
    }

    /// Whether a path's segments name a data address or a file, which are in no language (Routes): the
    /// API and `/healthz`, the CSV downloads, and the files (`/static/…`, `/flags/…`, `robots.txt`).
    private static func isDataOrFile(_ segments: [String]) -> Bool {
        let prefixed = Language.allCases.contains { $0 != .default && $0.rawValue == segments.first }
        let english = prefixed ? segments.dropFirst() : segments[...]
        return nonPageRoots.contains(english.first ?? "") || (english.last?.hasSuffix(".csv") ?? false)
    }

    /// The first segments of the addresses that are not pages.
    private static let nonPageRoots: Set<String> = [
        "api", "healthz", "static", "vendor", "flags", "geo", "favicon.ico", "robots.txt",
    ]

    /// `/countries?q=…&continent=…&sort=…&order=…&page=…`, leaving out defaults (page 1, and the
    /// sort's own direction, included) so the plain list stays `/countries`.
    static func countryList(_ query: CountryQuery, page: Int = 1) -> String {
        var pairs: [(name: String, value: String)] = []
        if !query.search.isEmpty { pairs.append(("q", query.search)) }
        if let continent = query.continent { pairs.append(("continent", continent.slug)) }
        if query.sort != .name { pairs.append(("sort", query.sort.rawValue)) }
        if query.direction != query.sort.defaultDirection { pairs.append(("order", query.direction.rawValue)) }
        if page != 1 { pairs.append(("page", String(page))) }
        return pairs.isEmpty ? "/countries" : "/countries?" + FormURLEncoding.encode(pairs)
    }

    /// A page with a history chart in the view `chart`: `/countries/kr?metric=deaths&time=2021-01-01..latest`,
    /// the parameters that differ from `defaults` in canonical order (`ChartQuery.pairs`).
    static func chart(_ path: String, _ chart: ChartQuery, defaults: ChartQuery = ChartQuery()) -> String {
        let pairs = chart.pairs(defaults: defaults)
        return pairs.isEmpty ? path : path + "?" + FormURLEncoding.encode(pairs)
    }

    /// `path` with `target`'s chart parameters as given (valid or not) and its date form's `from` and
    /// `to`, no other: what a redirect from another spelling of a page keeps.
    static func keepingChartParameters(_ path: String, from target: RequestTarget) -> String {
        let pairs = (ChartQuery.parameterNames + RangeForm.parameterNames).compactMap { name in
            target.queryValue(name).map { (name, $0) }
        }
        return pairs.isEmpty ? path : path + "?" + FormURLEncoding.encode(pairs)
    }

    /// The compare page's query of `ids`: `countries=kr,jp,us`, commas as they are (ids need no encoding;
    /// any other character is encoded).
    static func compareQuery(_ ids: [String]) -> String {
        "countries=" + ids.map { PercentDecoding.encode($0) }.joined(separator: ",")
    }

    /// `/compare?countries=kr,jp&metric=deaths`: `path` (`/compare`, `/compare.csv`, `/api/compare`)
    /// with the ids and the chart's parameters that differ from the compare page's defaults (per
    /// million); `path` alone for no ids.
    static func compare(_ ids: [String], _ chart: ChartQuery = CompareController.defaults, path: String = "/compare")
        -> String
    {
        let pairs = chart.pairs(defaults: CompareController.defaults)
        var query = ids.isEmpty ? [] : [compareQuery(ids)]
        if !pairs.isEmpty { query.append(FormURLEncoding.encode(pairs)) }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }

    /// The compare page (or `path`, a twin of it) of `ids` showing `view`: `compare(_:_:path:)` for a
    /// history view; for a vaccination one, `metric` first and the history parameters that differ from
    /// the compare page's defaults after it (`/compare?countries=kr,jp&metric=doses&per=total`).
    static func compare(
        _ ids: [String], _ view: VaccinationChartSection.Query, path: String = "/compare"
    ) -> String {
        guard let metric = view.metric else { return compare(ids, view.history, path: path) }
        let pairs = view.vaccinationPairs(metric, defaults: CompareController.defaults)
        return path + "?"
            + ((ids.isEmpty ? [] : [compareQuery(ids)]) + [FormURLEncoding.encode(pairs)])
            .joined(separator: "&")
    }

    /// A search for `search` (`COVID-19 pandemic in Germany`, `독일의 코로나19 범유행`) on the Wikipedia of
    /// `language`: always resolves, unlike guessed article titles.
    static func learnMore(_ search: String, in language: Language) -> String {
        "https://\(language.tag).wikipedia.org/wiki/Special:Search?search="
            + PercentDecoding.encode(search, spaceAsPlus: true)
    }
}
