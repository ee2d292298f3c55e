import AtlasCore
import Routing

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
