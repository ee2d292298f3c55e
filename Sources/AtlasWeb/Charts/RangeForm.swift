import AtlasCharts
import AtlasCore
import HTTPCore
import Routing

/// The chart's date form sends `from` and `to` (two date inputs; a GET form cannot join them into
/// one parameter); the page answers with its canonical address, where they are one `time`.
enum RangeForm {
    /// The form's parameters, which a redirect from another spelling of the page keeps too: its two
    /// sides and the Vaccination chart's hidden `form` (`vaccinationForm`), without which the sides
    /// would be clamped to the other chart's days.
    static let parameterNames = ["from", "to", "form"]

    /// The hidden field (`form=vaccination`) of the Vaccination chart's date form on a page that also
    /// has a History chart: the two share `time`, but an untouched side of a form means its own chart's
    /// first or last day (`earliest`, `latest`), so the redirect clamps to that chart's days.
    static let vaccinationForm = (name: "form", value: "vaccination")

    /// Whether `target` was sent by the Vaccination chart's date form.
    static func isVaccinationForm(_ target: RequestTarget) -> Bool {
        target.queryValue(vaccinationForm.name) == vaccinationForm.value
    }

    /// A `302` to `path` with `time=FROM..TO` and the target's other chart parameters when it has `from`
    /// or `to`, else `nil`. An empty side, or one at or beyond the data's first (last) day, is `earliest`
    /// (`latest`), so the form sent untouched gives the preset's address; two sides in reverse order
    /// (dates, or `from=latest`) are swapped; other chart values are left for the page at the new address to judge.
    /// - Parameters:
    ///   - keeping: the page's own encoded parameters, written first (the compare page's `countries=kr,jp`).
    ///   - trailing: the page's own parameters written last (the front page's `map=deaths`).
    ///   - available: the data's days (since the epoch), read only when the form was sent.
    ///   - words: the page's, for the error's message.
    /// - Throws: `HTTPError(400)` quoting a side that is neither empty nor a day (`2021-02-30`, `abc`),
    ///   before anything is read, with the page's days as they were as the way back.
    static func redirect(
        _ target: RequestTarget, path: String, keeping: String? = nil, trailing: String? = nil, words: PageWords,
        available: () throws -> ClosedRange<Int>? = { nil }
    ) throws -> Response? {
        let from = target.queryValue("from")
        let to = target.queryValue("to")
        guard from != nil || to != nil else { return nil }
        /// The page with `pairs` of the chart's parameters between the page's own.
        func address(_ pairs: [(name: String, value: String)]) -> String {
            let query =
                ([keeping].compactMap { $0 } + (pairs.isEmpty ? [] : [FormURLEncoding.encode(pairs)])
                + [trailing].compactMap { $0 }).joined(separator: "&")
            return query.isEmpty ? path : path + "?" + query
        }
        for (label, name, value) in [(words("chart.form.from"), "from", from), (words("chart.form.to"), "to", to)] {
            guard let value, !value.isEmpty, CalendarDate(iso: value) == nil, value != "earliest", value != "latest"
            else { continue }
            let unchanged = ChartQuery.parameterNames.compactMap { name in
                target.queryValue(name).map { (name: name, value: $0) }
            }
            throw HTTPError.quoting(
                .badRequest, words, "chart.form.notADay", value, ["side": label],
                context: ErrorContext(
                    invalidParameter: .init(
                        name: name,
                        choices: [
                            .init(value: "YYYY-MM-DD", href: nil),
                            .init(value: words("chart.form.daysShownBefore"), href: address(unchanged)),
                        ])))
        }
        let days = try available()
        var start = from.flatMap { $0.isEmpty ? nil : $0 } ?? "earliest"
        var end = to.flatMap { $0.isEmpty ? nil : $0 } ?? "latest"
        // Two sides the wrong way round (`from` after `to`, `from=latest`) mean the days between them: a
        // form filled in from the end is no mistake worth a 400.
        func position(_ side: String) -> Int {
            side == "earliest" ? .min : side == "latest" ? .max : CalendarDate(iso: side)?.daysSinceEpoch ?? 0
        }
        if position(start) > position(end) { (start, end) = (end, start) }
        if let days {
            if let date = CalendarDate(iso: start), date.daysSinceEpoch <= days.lowerBound { start = "earliest" }
            if let date = CalendarDate(iso: end), date.daysSinceEpoch >= days.upperBound { end = "latest" }
        }
        var pairs = ChartQuery.parameterNames.filter { $0 != "time" }.compactMap { name in
            target.queryValue(name).map { (name: name, value: $0) }
        }
        if start != "earliest" || end != "latest" { pairs.append(("time", start + ".." + end)) }
        return Response.redirect(to: address(pairs), status: .found)
    }
}
