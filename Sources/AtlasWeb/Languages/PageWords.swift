import AtlasCharts
import AtlasCore
import Formats
import Localization
import Mustache

/// One language's words for a page (docs/i18n.md): the catalog's texts by key, the same texts as the
/// templates' `words` tree, and the dates and ages as that language writes them. Built once per
/// language at start (`PageLanguages`); immutable. A class, so each request shares it rather than
/// copying (and retaining) its catalog, tree and chart words.
final class PageWords: Sendable {
    let language: Language
    let catalog: Catalog
    /// `Catalog.tree` as template values: `{{words.nav.countries}}`.
    let tree: TemplateValue
    /// The same catalog as the charts' words (`AtlasCharts`): titles, descriptions, dates in sentences.
    let chart: ChartWords
    /// The facts' languages and currencies in this language; empty for English, which uses the facts' own.
    let factNames: FactNames

    init(_ catalog: Catalog, factNames: FactNames = FactNames()) {
        language = catalog.language
        self.catalog = catalog
        tree = TemplateValue(catalog.tree)
        chart = ChartWords(catalog)
        self.factNames = factNames
    }

    /// A language of the country facts by its ISO 639-3 `code`, `english` (the facts' name) when this
    /// language has no name for it.
    func languageName(code: String, english: String) -> String {
        factNames.languages[code] ?? english
    }

    /// A currency of the country facts by its ISO 4217 `code`, `english` when this language has no name
    /// for it.
    func currencyName(code: String, english: String) -> String {
        factNames.currencies[code] ?? english
    }

    /// The text under `key`. The catalogs were checked against each other at start, and
    /// `PageWordsTests` checks that every key the code names is in them; a missing one shows as `⟦key⟧`,
    /// which the page tests look for, rather than stopping a page.
    func callAsFunction(_ key: String) -> String {
        catalog.text(key) ?? "⟦\(key)⟧"
    }

    /// The text under `key` with its placeholders filled by `values` (plain text).
    func callAsFunction(_ key: String, _ values: [String: String]) -> String {
        (try? catalog.text(key, filling: values)) ?? "⟦\(key)⟧"
    }

    /// The text under `key` cut around its placeholder `split`, the others filled by `values`: the
    /// parts before and after, for a template that wraps the split value in an element (`<time>`)
    /// while the words around it follow the language's order.
    func parts(_ key: String, around split: String, _ values: [String: String]) -> (before: String, after: String) {
        let pieces = segments(key, marking: [split], values)
        let cut = pieces.firstIndex { $0.mark != nil } ?? pieces.count
        return (
            pieces[..<cut].map(\.text).joined(),
            pieces[min(cut + 1, pieces.count)...].map(\.text).joined()
        )
    }

    /// The text under `key` as pieces in the language's own order: plain text, and each placeholder in
    /// `marks` as a piece of its own (`mark`, empty text) where the template puts an element (`<code>`,
    /// a link); the other placeholders filled by `values`.
    func segments(_ key: String, marking marks: [String], _ values: [String: String]) -> [(text: String, mark: String?)]
    {
        let markers = Dictionary(
            uniqueKeysWithValues: marks.enumerated().map { (String(UnicodeScalar(UInt8(1 + $0.offset))), $0.element) })
        var filled = values
        for (marker, name) in markers { filled[name] = marker }
        var pieces: [(text: String, mark: String?)] = []
        var text = ""
        for character in self(key, filled) {
            if let mark = markers[String(character)] {
                pieces.append((text, nil))
                pieces.append(("", mark))
                text = ""
            } else {
                text.append(character)
            }
        }
        pieces.append((text, nil))
        return pieces.filter { !$0.text.isEmpty || $0.mark != nil }
    }

    /// A name as the last segment of a catalog key: a UN region as mledoze names it (`Eastern Asia` →
    /// `easternAsia`, `region.easternAsia`), a map outline's (`N. Cyprus` → `nCyprus`).
    static func keySegment(_ name: String) -> String {
        let words = name.split { !$0.isLetter }.map(String.init)
        guard let first = words.first else { return "unknown" }
        return first.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A day as this language writes it: `14 Nov 2021`, `2021년 11월 14일` (UTC).
    func date(millisecondsSinceEpoch ms: Int64) -> String {
        switch language {
        case .en: return Formatting.shortDate(millisecondsSinceEpoch: ms)
        case .ko: return KoreanDates.date(UTCTime(millisecondsSinceEpoch: ms))
        }
    }

    /// A day in full, as forms and the profile write it: `10 May 2026`, `2026년 5월 10일`.
    func readableDate(_ date: CalendarDate) -> String {
        switch language {
        case .en: return date.readable
        case .ko: return KoreanDates.date(year: date.year, month: date.month, day: date.day)
        }
    }

    /// A moment to the minute: `14 November 2021, 05:11 UTC`, `2021년 11월 14일 05:11 UTC`.
    func dateTime(millisecondsSinceEpoch ms: Int64) -> String {
        switch language {
        case .en: return Formatting.readableDateTime(millisecondsSinceEpoch: ms)
        case .ko: return KoreanDates.dateTime(UTCTime(millisecondsSinceEpoch: ms))
        }
    }

    /// A coarse age without "ago" (`3 minutes`, `3분`), the same thresholds in both (`ElapsedTime`).
    func age(seconds: Int64) -> String {
        switch language {
        case .en: return Formatting.age(seconds: seconds)
        case .ko: return KoreanDates.age(ElapsedTime(seconds: seconds))
        }
    }

    /// The title of an error page for status `code` (`error.404.title`, `Not Found`, `페이지를 찾을 수
    /// 없음`); `error.4xx.title` or `error.5xx.title` for a status without its own.
    func title(ofStatus code: Int) -> String {
        catalog.text("error.\(code).title") ?? self(code < 500 ? "error.4xx.title" : "error.5xx.title")
    }

    /// What status `code` means, for a page in a language the controllers' messages are not written in
    /// (`error.404.message`); `error.4xx.message` or `error.5xx.message` for a status without its own.
    func message(ofStatus code: Int) -> String {
        catalog.text("error.\(code).message") ?? self(code < 500 ? "error.4xx.message" : "error.5xx.message")
    }

    /// A whole figure, grouped the same in both languages (`47,138,921`); unknown → `stat.notAvailable`.
    func grouped(_ value: Int64?) -> String {
        value.map(NumberText.grouped) ?? self("stat.notAvailable")
    }
}

/// Every language's `PageWords`, from the catalogs read at start.
struct PageLanguages: Sendable {
    private let english: PageWords
    private let korean: PageWords

    /// - Parameter koreanFactNames: the facts' languages and currencies in Korean.
    init(_ catalogs: Catalogs, koreanFactNames: FactNames = FactNames()) {
        english = PageWords(catalogs[.en])
        korean = PageWords(catalogs[.ko], factNames: koreanFactNames)
    }

    subscript(language: Language) -> PageWords {
        switch language {
        case .en: return english
        case .ko: return korean
        }
    }
}
