import AtlasCharts
import AtlasCore
import HTTPCore

/// The countries a comparison asks for, resolved against a catalog: `countries=kr,jp,us` (canonical:
/// canonical ids in the order given, no duplicates), and the forms leading to it: repeated `country=`
/// (the list's checkboxes) and `add=` (names or codes typed into a "Compare" form). Pure.
struct CompareSelection {
    /// The most countries one comparison shows: more lines than this are a tangle, not a comparison.
    static let maximum = ComparisonChart.colours
    /// The most different entries (as spelled, ignoring case) read before resolving: a longer list is
    /// refused without an edit-distance search per unknown entry. Twice `maximum`, so a full list in two
    /// spellings each is still read and redirected.
    static let maximumRead = 2 * maximum

    /// An entry of the request that names no country, with the near matches to offer instead.
    struct Unknown {
        /// As received.
        let raw: String
        let suggestions: [CountryCatalog.Entry]
    }

    /// What is wrong with a request's list.
    struct Problem {
        /// The entries that name no country, in the order given.
        var unknown: [Unknown] = []
        /// How many different countries the list names, when that is more than `maximum`.
        var tooMany: Int?
        /// The countries that were fine, in order (at most `maximum`): the comparison to offer.
        var fine: [CountryCatalog.Entry] = []
    }

    enum Outcome {
        /// No country named: the page that helps pick some.
        case empty
        /// The canonical list.
        case canonical([CountryCatalog.Entry])
        /// Another spelling of a list of these ids: `301`, `302` when a name matched (a later snapshot
        /// could make it ambiguous, as the country pages do), `303` for a form's fields.
        case redirect(ids: [String], status: StatusCode)
        case invalid(Problem)
    }

    /// Reads and resolves the list of `target`.
    static func read(_ target: RequestTarget, catalog: CountryCatalog) -> Outcome {
        if let entries = canonicalList(target, catalog) { return .canonical(entries) }
        // `countries` given twice is one list, written once at the canonical address.
        let lists = target.queryItems.filter { $0.name == "countries" }
        let listed = lists.map(\.value).joined(separator: ",").split(separator: ",", omittingEmptySubsequences: false)
            .map(String.init)
        let fields = target.queryItems.filter { $0.name == "country" }.map(\.value)
        let added = target.queryItems.filter { $0.name == "add" }.flatMap {
            $0.value.split(separator: ",").map(String.init)
        }
        let isForm = !fields.isEmpty || target.queryItems.contains { $0.name == "add" }
        let trimmed = Self.trimmingSpaces
        let requested = (listed.map(trimmed) + fields.map(trimmed)).filter { !$0.isEmpty }
        let typed = added.map(trimmed).filter { !$0.isEmpty }
        let count = Set((requested + typed).map { $0.lowercased() }).count
        guard count > 0 else {
            // `countries=` with nothing in it, or `countries=,`: the plain page is the canonical form.
            if isForm || target.queryValue("countries") != nil { return .redirect(ids: [], status: .seeOther) }
            return .empty
        }
        guard count <= maximumRead else { return .invalid(Problem(tooMany: count)) }
        var ids: [String] = []
        var entries: [CountryCatalog.Entry] = []
        var problem = Problem()
        var matched = false
        func keep(_ id: String) {
            guard !ids.contains(id), let entry = catalog.entry(id: id) else { return }
            ids.append(id)
            entries.append(entry)
        }
        // Each entry once (as the limit above counts them): a list that repeats one unknown entry
        // thousands of times is resolved, and listed as unknown, once.
        var seen = Set<String>()
        for (index, raw) in (requested + typed).enumerated() where seen.insert(raw.lowercased()).inserted {
            switch catalog.resolve(raw) {
            case .found(let entry): keep(entry.id)
            case .moved(let id): keep(id)
            case .matched(let id):
                matched = true
                keep(id)
            case .notFound(let suggestions):
                // A typed name of a country the data lacks (north korea) is not its namesake.
                if index >= requested.count, catalog.absentCountry(named: raw) == nil,
                    let entry = bestMatch(raw, in: catalog)
                {
                    keep(entry.id)
                } else {
                    problem.unknown.append(Unknown(raw: raw, suggestions: suggestions))
                }
            }
        }
        if ids.count > maximum { problem.tooMany = ids.count }
        if !problem.unknown.isEmpty || problem.tooMany != nil {
            problem.fine = Array(entries.prefix(maximum))
            return .invalid(problem)
        }
        if isForm { return .redirect(ids: ids, status: .seeOther) }
        if ids == listed && lists.count == 1 { return .canonical(entries) }
        return .redirect(ids: ids, status: matched ? .found : .movedPermanently)
    }

    /// The entries of a canonical list (one `countries` of distinct canonical ids, at most `maximum`, and
    /// no `country` or `add`), read without the sets, case folding and name search of the general path,
    /// which gives the same `.canonical` for it; `nil` for any other request. Every link of the site
    /// leads to this form, so it is most requests.
    private static func canonicalList(_ target: RequestTarget, _ catalog: CountryCatalog) -> [CountryCatalog.Entry]? {
        var list: String?
        for item in target.queryItems {
            switch item.name {
            case "countries":
                guard list == nil else { return nil }
                list = item.value
            case "country", "add": return nil
            default: continue
            }
        }
        guard let list, !list.isEmpty else { return nil }
        var entries: [CountryCatalog.Entry] = []
        for id in list.split(separator: ",", omittingEmptySubsequences: false) {
            guard entries.count < maximum, let entry = catalog.entry(id: String(id)), entry.id == id,
                !entries.contains(where: { $0.id == entry.id })
            else { return nil }
            entries.append(entry)
        }
        return entries
    }

    /// `text` without the spaces and tabs at either end: what Foundation's `trimmingCharacters(in:
    /// .whitespaces)` gives (Unicode's space separators, Zs, and U+0009), without its bridge to
    /// `NSString` and `CharacterSet`, a tenth of a compare page's request (docs/performance-log.md).
    static func trimmingSpaces(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, isSpace(first) || isSpace(last) else { return text }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !isSpace($0) })!
        return String(scalars[start...end])
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// What a name typed into a form means when it is no id: the one entry that matches it exactly
    /// (rank 0: a code or a whole name, `korea` for S. Korea), else the one that matches it at all.
    static func bestMatch(_ text: String, in catalog: CountryCatalog) -> CountryCatalog.Entry? {
        guard let term = SearchTerm(text) else { return nil }
        let ranked = catalog.entries.compactMap { entry in entry.rank(for: term).map { (rank: $0, entry: entry) } }
        let exact = ranked.filter { $0.rank == 0 }
        if exact.count == 1 { return exact[0].entry }
        return ranked.count == 1 ? ranked[0].entry : nil
    }
}
