import AtlasCore
import Formats

/// Writes disease.sh-shaped JSON by hand so keys keep the API's order and unknown values are
/// `null` (as disease.sh sends for ships' ISO codes), which `JSONEncoder` does not promise.
struct JSONWriter {
    private(set) var output = ""
    private var needsComma = [false]

    mutating func beginObject() { separator(); output += "{"; needsComma.append(false) }
    mutating func endObject() { output += "}"; needsComma.removeLast() }
    mutating func beginArray() { separator(); output += "["; needsComma.append(false) }
    mutating func endArray() { output += "]"; needsComma.removeLast() }

    mutating func key(_ name: String) {
        separator()
        string(name)
        output += ":"
        needsComma[needsComma.count - 1] = false
    }

    mutating func value(_ text: String?) { separator(); if let text { string(text) } else { output += "null" } }
    mutating func value(_ number: Int64?) { separator(); output += number.map(String.init) ?? "null" }
    mutating func value(_ flag: Bool) { separator(); output += flag ? "true" : "false" }
    mutating func value(_ number: Double?) {
        separator()
        guard let number, number.isFinite else { output += "null"; return }
        // Integral values print without ".0", as disease.sh sends them.
        if number == number.rounded(), abs(number) < 9.0e15 {
            output += String(Int64(number))
        } else {
            output += String(number)
        }
    }

    mutating func field(_ name: String, _ text: String?) { key(name); value(text) }
    mutating func field(_ name: String, _ number: Int64?) { key(name); value(number) }
    mutating func field(_ name: String, _ number: Double?) { key(name); value(number) }
    mutating func field(_ name: String, _ flag: Bool) { key(name); value(flag) }

    private mutating func separator() {
        if needsComma[needsComma.count - 1] { output += "," }
        needsComma[needsComma.count - 1] = true
    }

    private mutating func string(_ text: String) {
        output += JSONText.quoted(text)
    }
}

extension JSONWriter {
    /// A country in the field order of disease.sh `/v3/covid-19/countries`: the entry's own fields, its
    /// figures up to `population`, `continent`, then the remaining figures.
    mutating func country(_ c: Country) {
        beginObject()
        field("updated", c.updated)
        field("country", c.country)
        key("countryInfo")
        beginObject()
        field("_id", c.countryInfo._id.map(Int64.init))
        field("iso2", c.countryInfo.iso2)
        field("iso3", c.countryInfo.iso3)
        field("lat", c.countryInfo.lat)
        field("long", c.countryInfo.long)
        field("flag", c.countryInfo.flag)
        endObject()
        for figure in Figure.perCountry {
            figureField(figure, of: c.figures)
            if figure == .population { field("continent", c.continent) }
        }
        endObject()
    }

    /// Worldwide totals in the field order of disease.sh `/v3/covid-19/all`.
    mutating func totals(_ t: WorldTotals) {
        beginObject()
        field("updated", t.updated)
        for figure in Figure.allCases { figureField(figure, of: t.figures) }
        endObject()
    }

    private mutating func figureField(_ figure: Figure, of figures: Figures) {
        if figure.isRatio {
            field(figure.name, figures[ratio: figure])
        } else {
            field(figure.name, figures[figure])
        }
    }
}
