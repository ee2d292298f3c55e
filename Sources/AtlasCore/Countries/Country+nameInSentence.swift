extension Country {
    /// The entry's name as it reads inside a sentence: "in the USA", "for the Philippines", "in the
    /// Diamond Princess"; other names as they are ("in S. Korea"). Headings, lists and the data keep
    /// `country` as disease.sh spells it.
    public var nameInSentence: String { Country.nameInSentence(country) }

    /// `name` (disease.sh's spelling, which JHU's rows share) as it reads inside an English sentence:
    /// `UK` → `the UK`, `S. Korea` as it is.
    public static func nameInSentence(_ name: String) -> String {
        namesTakingThe.contains(name) ? "the " + name : name
    }

    /// disease.sh's names that English writes with "the" inside a sentence: abbreviations of a
    /// "United …" or "Democratic Republic", plurals (islands, the Netherlands) and names with "of".
    static let namesTakingThe: Set<String> = [
        "Bahamas", "British Virgin Islands", "Caribbean Netherlands", "Cayman Islands", "Central African Republic",
        "Channel Islands", "Comoros", "DRC", "Diamond Princess", "Dominican Republic", "Falkland Islands (Malvinas)",
        "Faroe Islands", "Gambia", "Holy See (Vatican City State)", "Isle of Man", "Lao People's Democratic Republic",
        "Maldives", "Marshall Islands", "MS Zaandam", "Netherlands", "Philippines", "Solomon Islands",
        "Syrian Arab Republic", "Turks and Caicos Islands", "UAE", "UK", "USA",
    ]
}
