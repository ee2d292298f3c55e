import AtlasCore

/// The body of `GET /v3/covid-19/all` as `JSONDecoder` sees it: the totals (odd fields `nil`), or the
/// kind of value found instead.
struct TotalsBody: Decodable {
    /// The totals; `nil` when the top level is not an object.
    let totals: WorldTotals?
    /// What the top level is when it is not an object, e.g. "an array".
    let foundKind: String

    init(from decoder: any Decoder) {
        guard let fields = LenientObject(decoder) else {
            totals = nil
            foundKind = TopLevelKind.describe(decoder)
            return
        }
        foundKind = "an object"
        totals = WorldTotals(updated: fields.timestamp("updated"), figures: fields.figures(Figure.allCases))
    }
}
