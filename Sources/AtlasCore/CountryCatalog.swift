import Foundation

/// The countries of one snapshot joined with their facts and indexed for lookup by id and search.
/// Built once per data version; immutable, so every event loop can read it without locks.
public struct CountryCatalog: Sendable {
    /// One entry of the snapshot with everything pages need about it.
    ///
    /// A class: lists are filtered and sorted per request, and moving a reference costs one retain
    /// where moving this many fields cost one per string (a sort by cases took 2 ms as a struct).
    public final class Entry: Sendable {
        /// The canonical URL id: ISO2 in lower case (`kr`), or a name slug when there is no ISO code
        /// (`diamond-princess`).
        public let id: String
        /// The disease.sh record.
        public let country: Country
        /// Facts joined on ISO2 (never on names); `nil` for ships and codes mledoze lacks.
        public let facts: CountryFacts?
        /// The continent category, `nil` when the upstream value is empty or unknown.
        public let continent: Continent?
        /// Folded name used to order lists.
        let sortKey: String
        /// Folded names a search matches anywhere inside: the disease.sh name, mledoze's English
        /// common and official names, the territories the entry covers (each also with its
        /// abbreviations spelled out, `TextFolding.spellingOutAbbreviations`).
        let searchKeys: [String]
        /// Folded other names, matched from the start of a word: alternative spellings, native names
        /// and translations (mledoze/countries, `data/country-names.json`) and names of its parts
        /// (`CountryCatalog.namesOfParts`), each with a space in front (` deutschland`).
        let otherKeys: [String]
        /// ISO2 and ISO3, lower case.
        let isoCodes: [String]
        /// `searchKeys` without spaces.
        let compactKeys: [String]

        init(
            id: String, country: Country, facts: CountryFacts?, continent: Continent?, sortKey: String,
            searchKeys: [String], otherKeys: [String] = [], isoCodes: [String]
        ) {
            self.id = id
            self.country = country
            self.facts = facts
            self.continent = continent
            self.sortKey = sortKey
            self.searchKeys = searchKeys
            self.otherKeys = otherKeys.map { " " + $0 }
            self.compactKeys = searchKeys.map { $0.replacingOccurrences(of: " ", with: "") }
            self.isoCodes = isoCodes
        }

        /// Whether a folded search key (see `TextFolding.searchKey`) matches (`rank(for:)`).
        public func matches(searchKey key: String) -> Bool { rank(for: SearchTerm(folded: key)) != nil }

        /// How well `term` matches, best first, in any of its spellings:
        /// - 0, exactly: it is the ISO2 or ISO3 code, or a whole name (`us`, `usa`, `holland`);
        /// - 1, as a prefix: a name starts with it (`united` for United States);
        /// - 2, elsewhere: an English name contains it (`ivory`), or all its words in any order
        ///   (`korea republic of`), or contains it once spaces are ignored (`viet nam`), or another
        ///   name has it at the start of a word (`martin` in `collectivity of saint martin`);
        /// - `nil`: no match.
        public func rank(for term: SearchTerm) -> Int? {
            var best: Int?
            for variant in term.variants {
                guard let rank = rank(variant) else { continue }
                if rank == 0 { return 0 }
                best = min(best ?? rank, rank)
            }
            return best
        }

        private func rank(_ variant: SearchTerm.Variant) -> Int? {
            let key = variant.key
            if isoCodes.contains(key) || searchKeys.contains(key) || compactKeys.contains(variant.compact) {
                return 0
            }
            if otherKeys.contains(variant.atWordStart) { return 0 }
            if searchKeys.contains(where: { $0.hasPrefix(key) })
                || otherKeys.contains(where: { $0.hasPrefix(variant.atWordStart) })
            {
                return 1
            }
            if searchKeys.contains(where: { $0.contains(key) }) { return 2 }
            if variant.words.count > 1,
                searchKeys.contains(where: { name in variant.words.allSatisfy { name.contains($0) } })
            {
                return 2
            }
            if compactKeys.contains(where: { $0.contains(variant.compact) }) { return 2 }
            if otherKeys.contains(where: { $0.contains(variant.atWordStart) }) { return 2 }
            return nil
        }
    }

    /// What an id from a URL refers to.
    public enum Resolution: Sendable {
        /// The id is canonical.
        case found(Entry)
        /// Another spelling (upper case, ISO3, a name slug): redirect permanently to this canonical id.
        case moved(canonicalID: String)
        /// Not a spelling, but the words match exactly one entry (`vatican`, `holy-see`): redirect
        /// temporarily, since a later snapshot could make the words ambiguous.
        case matched(canonicalID: String)
        /// Nothing matches; `suggestions` are near matches, best first (at most 5).
        case notFound(suggestions: [Entry])
    }

    /// Every entry, in upstream order.
    public let entries: [Entry]
    /// The worldwide totals of the same snapshot.
    public let totals: WorldTotals
    /// When the data was updated, in ms since the epoch (`Snapshot.dataUpdated`: the totals' time first).
    public let dataUpdated: Int64?
    private let byID: [String: Int]
    private let byAlias: [String: Int]
    /// The n-gram index over every entry's search strings.
    let searchIndex: SearchIndex
    /// Entry positions in each list order and direction, computed once per data version.
    let orders: [CountryQuery.OrderKey: [Int32]]

    /// Joins `snapshot` with `facts` and `otherNames` (both keyed by upper-case ISO2; the other names
    /// are `data/country-names.json`'s alternative spellings, native names and translations).
    public init(snapshot: Snapshot, facts: [String: CountryFacts], otherNames: [String: [String]] = [:]) {
        let ids = CountryCatalog.canonicalIDs(of: snapshot.countries)
        var entries: [Entry] = []
        var byID: [String: Int] = [:]
        var byAlias: [String: Int] = [:]
        for (country, id) in zip(snapshot.countries, ids) {
            let iso2 = country.countryInfo.iso2?.uppercased()
            let iso3 = country.countryInfo.iso3?.uppercased()
            let coverage = CountryCatalog.entriesCoveringSeveralTerritories[country.country]
            // Facts of the code's territory would describe only part of such an entry.
            let countryFacts = coverage == nil ? iso2.flatMap { facts[$0] } : nil
            var names = [country.country]
            if let countryFacts { names += [countryFacts.name.common, countryFacts.name.official] }
            names += coverage ?? []
            let others =
                coverage == nil
                ? (iso2.flatMap { otherNames[$0] } ?? []) + (iso2.flatMap { CountryCatalog.namesOfParts[$0] } ?? [])
                : []
            let entry = Entry(
                id: id, country: country, facts: countryFacts, continent: Continent(country.continent),
                sortKey: TextFolding.searchKey(country.country),
                searchKeys: CountryCatalog.foldedWithSpelledOutForms(names),
                otherKeys: CountryCatalog.foldedWithSpelledOutForms(others),
                isoCodes: [iso2, iso3].compactMap { $0?.lowercased() })
            let index = entries.count
            entries.append(entry)
            byID[id] = index
            for alias in entry.isoCodes + names.map(TextFolding.slug) where byAlias[alias] == nil {
                byAlias[alias] = index
            }
        }
        self.entries = entries
        self.byID = byID
        self.byAlias = byAlias
        searchIndex = SearchIndex(
            strings: entries.map {
                $0.searchKeys + $0.compactKeys + $0.isoCodes + $0.otherKeys.map { String($0.dropFirst()) }
            })
        let present = Set(snapshot.countries.compactMap { $0.countryInfo.iso2?.uppercased() })
        absentCountries = facts.keys.sorted().filter { !present.contains($0) }.map { code in
            let fact = facts[code]!
            let names = [fact.name.common, fact.name.official] + (otherNames[code] ?? [])
            return AbsentCountry(
                iso2: code, name: fact.name.common, flag: fact.flag,
                keys: Set(names.map { TextFolding.searchKey($0) }.filter { !$0.isEmpty }))
        }
        var orders: [CountryQuery.OrderKey: [Int32]] = [:]
        for sort in CountryQuery.Sort.allCases {
            for direction in CountryQuery.Direction.allCases {
                let query = CountryQuery(sort: sort, direction: direction)
                orders[CountryQuery.OrderKey(sort: sort, direction: direction)] = entries.indices.sorted {
                    query.isOrdered(entries[$0], before: entries[$1])
                }.map { Int32($0) }
            }
        }
        self.orders = orders
        self.totals = snapshot.totals
        self.dataUpdated = snapshot.dataUpdated
    }

    /// Folded `names`, each followed by its spelled-out form when it has one (`st barth`, `saint barth`),
    /// without repeats or empty keys.
    static func foldedWithSpelledOutForms(_ names: [String]) -> [String] {
        var keys: [String] = []
        var seen = Set<String>()
        for name in names {
            let key = TextFolding.searchKey(name)
            guard !key.isEmpty else { continue }
            if seen.insert(key).inserted { keys.append(key) }
            let spelledOut = TextFolding.spellingOutAbbreviations(key)
            if spelledOut != key, seen.insert(spelledOut).inserted { keys.append(spelledOut) }
        }
        return keys
    }

    /// Names people use for a part of an entry that no source lists as another name of it: searching
    /// `England` finds the UK (mledoze lists `Great Britain`, not the four countries of the union).
    public static let namesOfParts: [String: [String]] = [
        "GB": ["England", "Scotland", "Wales", "Northern Ireland"]
    ]

    /// The countries the facts know but the snapshot has no entry for (disease.sh has none for North
    /// Korea or Turkmenistan), by ISO2, for pages to say so instead of suggesting a namesake.
    public let absentCountries: [AbsentCountry]

    /// The country absent from the data that `text` names exactly (a name in any of its languages, or
    /// its flag emoji), when there is one.
    public func absentCountry(named text: String) -> AbsentCountry? {
        let flags = TextFolding.regionCodes(inFlags: text)
        if flags.count == 1 { return absentCountries.first { $0.iso2.lowercased() == flags[0] } }
        let key = TextFolding.searchKey(text.replacingOccurrences(of: "-", with: " "))
        guard !key.isEmpty else { return nil }
        return absentCountries.first { $0.keys.contains(key) }
    }

    /// The canonical URL id of each entry, in order: ISO2 in lower case (`kr`), or a name slug for an
    /// entry without one (`diamond-princess`); an id taken already (or empty) gets the entry's position
    /// (`entry-7`), so every entry has its own.
    public static func canonicalIDs(of countries: [Country]) -> [String] {
        var taken = Set<String>()
        var ids: [String] = []
        for country in countries {
            var id = country.countryInfo.iso2?.lowercased() ?? TextFolding.slug(country.country)
            if id.isEmpty || taken.contains(id) { id = "\(id.isEmpty ? "entry" : id)-\(ids.count + 1)" }
            taken.insert(id)
            ids.append(id)
        }
        return ids
    }

    /// disease.sh entries whose ISO code names only one of the territories they cover, with the
    /// territories' names (searchable aliases). `Channel Islands` carries Jersey's code JE but counts
    /// Jersey and Guernsey together (data/README.md).
    public static let entriesCoveringSeveralTerritories: [String: [String]] = [
        "Channel Islands": ["Jersey", "Guernsey"]
    ]

    /// The entry with the canonical id `id`, or whose ISO code or name slug `id` is (an id stored by an
    /// earlier snapshot); `nil` when the data has no such entry.
    public func entry(id: String) -> Entry? {
        (byID[id] ?? byAlias[id]).map { entries[$0] }
    }

    /// Resolves an id as typed in a URL: canonical ids are found; `KR`, `kor`, `KOR`, `s-korea`,
    /// `south-korea`, `S.%20Korea` move to `kr`; anything else is not found, with suggestions.
    public func resolve(_ rawID: String) -> Resolution {
        if let index = byID[rawID] { return .found(entries[index]) }
        // No id, alias or name is near this long; folding and matching an 8 KB one took seconds.
        guard rawID.count <= CountryCatalog.longestQuery else { return .notFound(suggestions: []) }
        // A flag emoji alone (🇰🇷) names its country, as it does in a search.
        let flags = TextFolding.regionCodes(inFlags: rawID)
        if flags.count == 1, rawID.unicodeScalars.allSatisfy({ (0x1F1E6...0x1F1FF).contains($0.value) }) {
            if let index = byID[flags[0]] ?? byAlias[flags[0]] { return .moved(canonicalID: entries[index].id) }
            return .notFound(suggestions: [])
        }
        // Control characters and an encoded `/` are never part of an id; folding them away would
        // turn `kr%00` into a redirect to `kr`.
        if rawID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "/" }) {
            return .notFound(suggestions: [])
        }
        let lowered = rawID.lowercased()
        if let index = byID[lowered] ?? byAlias[lowered] ?? byAlias[TextFolding.slug(rawID)] {
            return .moved(canonicalID: entries[index].id)
        }
        let key = TextFolding.searchKey(rawID)
        let matching = key.isEmpty ? [] : entries.filter { $0.matches(searchKey: key) }
        if matching.count == 1 { return .matched(canonicalID: matching[0].id) }
        return .notFound(suggestions: suggestions(for: rawID))
    }

    /// The longest text, in characters, that `resolve` and `suggestions` look into: no name is longer
    /// (`Country.longestName`), and matching stays cheap.
    public static let longestQuery = Country.longestName

    /// Near matches for a mistyped id or name: entries whose names match the words, else the names
    /// (or words of names) closest by edit distance, best first, at most `limit`. Short inputs allow
    /// fewer edits (one per three characters, at most three), so `zzz` suggests nothing rather than `UK`.
    public func suggestions(for text: String, limit: Int = 5) -> [Entry] {
        guard text.count <= CountryCatalog.longestQuery else { return [] }
        let key = TextFolding.searchKey(text.replacingOccurrences(of: "-", with: " "))
        guard !key.isEmpty else { return [] }
        let containing = entries.filter { $0.matches(searchKey: key) }
        if !containing.isEmpty { return Array(containing.prefix(limit)) }
        let allowed = min(3, max(1, key.count / 3))
        let scored = entries.compactMap { entry -> (Int, Entry)? in
            let candidates = entry.searchKeys + entry.searchKeys.flatMap { $0.split(separator: " ").map(String.init) }
            let best = candidates.map { EditDistance.between(key, $0, limit: allowed) }.min() ?? Int.max
            return best <= allowed ? (best, entry) : nil
        }
        return scored.sorted { $0.0 < $1.0 }.prefix(limit).map(\.1)
    }
}
