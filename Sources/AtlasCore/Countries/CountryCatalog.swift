import Foundation

/// One snapshot's countries joined with their facts and indexed by id and search. Built once per data
/// version; immutable, so read without locks. A class: every page reads it through the current
/// snapshot, and as a struct each call from another module copied it out, retaining and releasing its
/// nine arrays and dictionaries, which every thread shares.
public final class CountryCatalog: Sendable {
    /// One entry of the snapshot with everything pages need about it. A class: per-request sorts move
    /// one reference, not every string.
    public final class Entry: Sendable {
        /// The canonical URL id: ISO2 in lower case (`kr`), or a name slug without one (`diamond-princess`).
        public let id: String
        /// The disease.sh record.
        public let country: Country
        /// Facts joined on ISO2 (never on names); `nil` for ships and codes mledoze lacks.
        public let facts: CountryFacts?
        /// The continent category, `nil` when the upstream value is empty or unknown.
        public let continent: Continent?
        /// The latest vaccination shares of the entry's OWID location (`VaccinationMapping`); `nil` when
        /// it has none or none were given to the catalog.
        public let vaccination: VaccinationLatest?
        /// The Korean name (`KoreanCountryNames`); `nil` when the catalog was given none.
        public let koreanName: String?
        let sortKey: String
        /// Folded names matched anywhere: disease.sh's, mledoze's common and official names, covered
        /// territories, each also with abbreviations spelled out.
        let searchKeys: [String]
        /// Folded other names (spellings, native names, translations, parts), matched from a word's start;
        /// each with a leading space.
        let otherKeys: [String]
        let isoCodes: [String]
        let compactKeys: [String]
        /// The folded Korean name and other names (`KoreanCountryNames.aliasesByCode`), without spaces:
        /// Korean writes compounds without spaces or with them (남아프리카공화국, 남아프리카 공화국).
        /// The name is matched anywhere, as a country's word often sits inside another (수단 in 남수단),
        /// unlike the word-start rule of `otherKeys`.
        let koreanNameKey: String?
        /// The other names only from their start, since the list never shows them (중국 would find
        /// 미합중국, the USA, for no reason a reader can see).
        let koreanOtherKeys: [String]

        init(
            id: String, country: Country, facts: CountryFacts?, continent: Continent?, sortKey: String,
            searchKeys: [String], otherKeys: [String] = [], isoCodes: [String], vaccination: VaccinationLatest? = nil,
            koreanName: String? = nil, koreanAliases: [String] = []
        ) {
            self.vaccination = vaccination
            self.koreanName = koreanName
            self.id = id
            self.country = country
            self.facts = facts
            self.continent = continent
            self.sortKey = sortKey
            self.searchKeys = searchKeys
            self.otherKeys = otherKeys.map { " " + $0 }
            self.compactKeys = searchKeys.map { $0.replacingOccurrences(of: " ", with: "") }
            let koreanKey = { (name: String) in TextFolding.searchKey(name).replacingOccurrences(of: " ", with: "") }
            self.koreanNameKey = koreanName.map(koreanKey)
            self.koreanOtherKeys = koreanAliases.map(koreanKey)
            self.isoCodes = isoCodes
        }

        /// Whether folded `key` is one or more whole words, in order, of one of the entry's names or
        /// other names (`vatican`, `korea`), the way an id typed in a URL is read; `hm` inside
        /// "Macedonia" is not. Search (`rank(for:)`) is looser: it finds text anywhere.
        public func namesWholeWords(_ key: String) -> Bool {
            guard !key.isEmpty else { return false }
            let padded = " " + key + " "
            return searchKeys.contains { (" " + $0 + " ").contains(padded) }
                || otherKeys.contains { ($0 + " ").contains(padded) }
        }

        /// Whether a folded search key matches (`rank(for:)`).
        public func matches(searchKey key: String) -> Bool { rank(for: SearchTerm(folded: key)) != nil }

        /// How well `term` matches, in any of its spellings: 0 exactly (ISO2, ISO3 or a whole name: `us`,
        /// `holland`); 1 as a name's prefix (`united`); 2 elsewhere (`ivory`, all words in any order, ignoring
        /// spaces, or at a word start in another name); `nil` for no match.
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
            if koreanNameKey?.contains(variant.compact) == true
                || koreanOtherKeys.contains(where: { $0.hasPrefix(variant.compact) })
            {
                return 2
            }
            if otherKeys.contains(where: { $0.contains(variant.atWordStart) }) { return 2 }
            return nil
        }
    }

    /// What an id from a URL refers to.
    public enum Resolution: Sendable {
        /// The id is canonical.
        case found(Entry)
        /// Another spelling (upper case, ISO3, a name slug): redirect permanently to this id.
        case moved(canonicalID: String)
        /// The words are whole words of exactly one entry's names (`vatican`): redirect temporarily, since a
        /// later snapshot could make them ambiguous.
        case matched(canonicalID: String)
        /// Nothing matches; near matches, best first (at most 5).
        case notFound(suggestions: [Entry])
    }

    /// Every entry, in upstream order.
    public let entries: [Entry]
    /// The worldwide totals of the same snapshot.
    public let totals: WorldTotals
    /// When the data was updated, ms since the epoch (`Snapshot.dataUpdated`).
    public let dataUpdated: Int64?
    private let byID: [String: Int]
    private let byAlias: [String: Int]
    let searchIndex: SearchIndex
    /// Entry positions in each order and direction, computed once per data version.
    let orders: [CountryQuery.OrderKey: [Int32]]
    /// Entry positions by Korean name (`KoreanOrder`), computed once per data version.
    let koreanNameOrder: [Int32]

    /// Joins `snapshot` with `facts` and `otherNames`, both keyed by upper-case ISO2 (`otherNames`:
    /// `data/country-names.json`), with the latest shares of `vaccinations` by ISO3, and with
    /// `koreanNames`, which the search also matches from a word's start, as it does `otherNames`; an
    /// other name that is another entry's Korean name is left out.
    public init(
        snapshot: Snapshot, facts: [String: CountryFacts], otherNames: [String: [String]] = [:],
        vaccinations: Vaccinations? = nil, koreanNames: KoreanCountryNames = KoreanCountryNames()
    ) {
        let ids = CountryCatalog.canonicalIDs(of: snapshot.countries)
        var entries: [Entry] = []
        var byID: [String: Int] = [:]
        var byAlias: [String: Int] = [:]
        // Whose Korean name each folded Korean name is: another source's name that is a different
        // entry's Korean name is that source's mistake (mledoze calls Dominica 도미니카 공화국).
        var koreanNameOwners: [String: String] = [:]
        for country in snapshot.countries {
            if let name = koreanNames.name(of: country) {
                koreanNameOwners[TextFolding.searchKey(name)] = country.country
            }
        }
        for (country, id) in zip(snapshot.countries, ids) {
            let iso2 = country.countryInfo.iso2?.uppercased()
            let iso3 = country.countryInfo.iso3?.uppercased()
            let coverage = CountryCatalog.entriesCoveringSeveralTerritories[country.country]
            // The code's territory's facts would describe only part of such an entry.
            let countryFacts = coverage == nil ? iso2.flatMap { facts[$0] } : nil
            var names = [country.country]
            if let countryFacts { names += [countryFacts.name.common, countryFacts.name.official] }
            names += coverage ?? []
            let koreanName = koreanNames.name(of: country)
            let others =
                (coverage == nil
                ? (iso2.flatMap { otherNames[$0] } ?? []) + (iso2.flatMap { CountryCatalog.namesOfParts[$0] } ?? [])
                : []).filter { (koreanNameOwners[TextFolding.searchKey($0)] ?? country.country) == country.country }
                + [koreanName].compactMap { $0 }
            let entry = Entry(
                id: id, country: country, facts: countryFacts, continent: Continent(country.continent),
                sortKey: TextFolding.searchKey(country.country),
                searchKeys: CountryCatalog.foldedWithSpelledOutForms(names),
                otherKeys: CountryCatalog.foldedWithSpelledOutForms(others),
                isoCodes: [iso2, iso3].compactMap { $0?.lowercased() },
                vaccination: VaccinationLatest(
                    VaccinationMapping.isoCode(of: country).flatMap { vaccinations?.series[$0] }),
                koreanName: koreanName, koreanAliases: koreanNames.aliases(of: country))
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
                $0.searchKeys + $0.compactKeys + [$0.koreanNameKey].compactMap { $0 } + $0.koreanOtherKeys + $0.isoCodes
                    + $0.otherKeys.map { String($0.dropFirst()) }
            })
        let present = Set(snapshot.countries.compactMap { $0.countryInfo.iso2?.uppercased() })
        absentCountries = facts.keys.sorted().filter { !present.contains($0) }.map { code in
            let fact = facts[code]!
            let koreanName = koreanNames.byCode[code]
            let names =
                [fact.name.common, fact.name.official] + (otherNames[code] ?? []) + [koreanName].compactMap { $0 }
            // Its codes name it too: `/countries/kp` and `prk` say "not in the data".
            let codes = [code, fact.cca3].compactMap { $0?.lowercased() }
            return AbsentCountry(
                iso2: code, name: fact.name.common, koreanName: koreanName, flag: fact.flag,
                keys: Set((names.map { TextFolding.searchKey($0) } + codes).filter { !$0.isEmpty }))
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
        koreanNameOrder = entries.indices.sorted {
            KoreanOrder.precedes(entries[$0], entries[$1])
        }.map { Int32($0) }
        self.totals = snapshot.totals
        self.dataUpdated = snapshot.dataUpdated
    }

    /// Folded `names`, each followed by its spelled-out form (`st barth`, `saint barth`), without repeats.
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

    /// Names of an entry's parts that no source lists: `England` finds the UK.
    public static let namesOfParts: [String: [String]] = [
        "GB": ["England", "Scotland", "Wales", "Northern Ireland"]
    ]

    /// Countries the facts know but the snapshot lacks (North Korea, Turkmenistan), by ISO2.
    public let absentCountries: [AbsentCountry]

    /// The absent country `text` names exactly (a name in any language, or its flag emoji), if any.
    public func absentCountry(named text: String) -> AbsentCountry? {
        let flags = TextFolding.regionCodes(inFlags: text)
        if flags.count == 1 { return absentCountries.first { $0.iso2.lowercased() == flags[0] } }
        let key = TextFolding.searchKey(text.replacingOccurrences(of: "-", with: " "))
        guard !key.isEmpty else { return nil }
        return absentCountries.first { $0.keys.contains(key) }
    }

    /// Each entry's canonical URL id, in order: ISO2 in lower case (`kr`), or a name slug
    /// (`diamond-princess`); a taken or empty id gets the position (`entry-7`).
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

    /// disease.sh entries whose ISO code names one of several territories they cover, with their names:
    /// `Channel Islands` carries Jersey's code but counts Guernsey too (data/README.md).
    public static let entriesCoveringSeveralTerritories: [String: [String]] = [
        "Channel Islands": ["Jersey", "Guernsey"]
    ]

    /// The entry whose canonical id, ISO code or name slug is `id` (an earlier snapshot's id); `nil` when
    /// there is none.
    public func entry(id: String) -> Entry? {
        (byID[id] ?? byAlias[id]).map { entries[$0] }
    }

    /// Resolves an id as typed in a URL: `KR`, `kor`, `s-korea`, `S.%20Korea` move to `kr`; anything
    /// else is not found, with suggestions.
    public func resolve(_ rawID: String) -> Resolution {
        if let index = byID[rawID] { return .found(entries[index]) }
        // Nothing valid is near this long; folding an 8 KB one took seconds.
        guard rawID.count <= CountryCatalog.longestQuery else { return .notFound(suggestions: []) }
        // A flag emoji alone names its country, as in a search.
        let flags = TextFolding.regionCodes(inFlags: rawID)
        if flags.count == 1, rawID.unicodeScalars.allSatisfy({ (0x1F1E6...0x1F1FF).contains($0.value) }) {
            if let index = byID[flags[0]] ?? byAlias[flags[0]] { return .moved(canonicalID: entries[index].id) }
            return .notFound(suggestions: [])
        }
        // Control characters and an encoded `/` are never in an id (`kr%00` must not redirect to `kr`).
        if rawID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == "/" }) {
            return .notFound(suggestions: [])
        }
        let lowered = rawID.lowercased()
        if let index = byID[lowered] ?? byAlias[lowered] ?? byAlias[TextFolding.slug(rawID)] {
            return .moved(canonicalID: entries[index].id)
        }
        // A country the data lacks is named as such by the caller (`absentCountry(named:)`), never
        // answered with a namesake: `kp` is not a word of any entry.
        if absentCountry(named: rawID) != nil { return .notFound(suggestions: []) }
        // Only whole words name an entry: `gs` (South Georgia) is inside "Hong Kong"'s folded names
        // and must not open it.
        let key = TextFolding.searchKey(rawID.replacingOccurrences(of: "-", with: " "))
        let matching = key.isEmpty ? [] : entries.filter { $0.namesWholeWords(key) }
        if matching.count == 1 { return .matched(canonicalID: matching[0].id) }
        return .notFound(suggestions: suggestions(for: rawID))
    }

    /// The longest text, in characters, that `resolve` and `suggestions` look into: no name is longer
    /// (`Country.longestName`), and matching stays cheap.
    public static let longestQuery = Country.longestName

    /// Near matches, best first, at most `limit`: entries matching the words, else names (or their words)
    /// closest by edit distance, one edit per three characters up to three, so `zzz` suggests nothing.
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
