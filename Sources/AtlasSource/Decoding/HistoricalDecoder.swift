import AtlasCore
import Foundation

/// Turns the body of disease.sh `GET /v3/covid-19/historical?lastdays=all` (JHU CSSE,
/// https://disease.sh/docs/#/COVID-19%3A%20JHUCSSE) into `HistoricalRow`s:
///
/// ```
/// [{"country": "France", "province": null,
///   "timeline": {"cases": {"1/22/20": 0, …}, "deaths": {…}, "recovered": {…}}}, …]
/// ```
///
/// Dates are `M/D/YY` keys read by hand (docs/field-cases.md B28); each row's three series must cover
/// the same consecutive days. Counts are kept as published; `HistoryValidation` judges them.
public enum HistoricalDecoder {
    /// Decodes the body into rows in upstream order.
    /// - Throws: `SourceError.notJSON` for bytes that are not JSON; `.malformedPayload` naming the row for
    ///   a top level that is not an array, a row without `country` or `timeline`, a key that is not
    ///   `M/D/YY`, days that are not consecutive, series covering other days than the row's cases, or a
    ///   count that is not whole; `.emptyHistory` for `[]`.
    public static func decode(_ bytes: [UInt8]) throws(SourceError) -> [HistoricalRow] {
        let body: [Entry]
        do {
            body = try JSONDecoder().decode([Entry].self, from: Data(bytes))
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                throw .notJSON(reason(bytes))
            }
            throw .malformedPayload("historical: \(describe(error))")
        } catch {
            throw .notJSON(reason(bytes))
        }
        guard !body.isEmpty else { throw .emptyHistory }
        var rows: [HistoricalRow] = []
        rows.reserveCapacity(body.count)
        for entry in body {
            rows.append(try row(entry))
        }
        return rows
    }

    /// Reads and decodes a saved `/historical?lastdays=all` answer, gunzipped when the name ends in `.gz`.
    /// - Throws: `SourceError.unreadableFile`; `.malformedPayload` for a damaged gzip member; otherwise as
    ///   `decode(_:)`.
    public static func loadShipped(path: String) throws(SourceError) -> [HistoricalRow] {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadableFile(
                path: path, reason: FileManager.default.fileExists(atPath: path) ? "unreadable" : "no such file")
        }
        return try decode(path.hasSuffix(".gz") ? try Gzip.decompress(bytes) : bytes)
    }

    private struct Entry: Decodable {
        let country: String
        let province: String?
        let timeline: Timeline
    }

    /// Counts read as `Double` (exact below 2⁵³), so a fraction is reported as such, not as bad JSON.
    private struct Timeline: Decodable {
        let cases: [String: Double]
        let deaths: [String: Double]
        let recovered: [String: Double]?
    }

    private static func row(_ entry: Entry) throws(SourceError) -> HistoricalRow {
        let name = entry.province.map { entry.country + "/" + $0 } ?? entry.country
        let cases = try series(entry.timeline.cases, of: "cases", in: name)
        let deaths = try series(entry.timeline.deaths, of: "deaths", in: name)
        // Without recovered (disease.sh sends {} for some) a row reports none: zeros, as published.
        var recovered: (firstDay: Int, values: [Int64]) = (
            cases.firstDay, Array(repeating: 0, count: cases.values.count)
        )
        if let published = entry.timeline.recovered, !published.isEmpty {
            recovered = try series(published, of: "recovered", in: name)
        }
        for (label, other) in [("deaths", deaths), ("recovered", recovered)]
        where other.firstDay != cases.firstDay || other.values.count != cases.values.count {
            throw .malformedPayload("historical: the \(label) of \"\(name)\" cover other days than its cases")
        }
        return HistoricalRow(
            country: entry.country, province: entry.province.flatMap { $0.isEmpty ? nil : $0 },
            firstDay: cases.firstDay, cases: cases.values, deaths: deaths.values, recovered: recovered.values)
    }

    /// One series in day order, placed by day (no sort), so a missing or repeated day is a hole the error
    /// names.
    private static func series(_ values: [String: Double], of label: String, in name: String) throws(SourceError)
        -> (firstDay: Int, values: [Int64])
    {
        guard !values.isEmpty else { throw .malformedPayload("historical: \"\(name)\" has no \(label)") }
        var days: [(day: Int, value: Int64)] = []
        days.reserveCapacity(values.count)
        var first = Int.max
        for (key, value) in values {
            guard let day = JHUDate.daysSinceEpoch(key) else {
                throw .malformedPayload("historical: \"\(key)\" in the \(label) of \"\(name)\" is not an M/D/YY date")
            }
            guard let count = Int64(exactly: value) else {
                throw .malformedPayload(
                    "historical: the \(label) of \"\(name)\" on \(key) is \(value), not a whole number")
            }
            first = min(first, day)
            days.append((day, count))
        }
        // With every day once, the days' distances from the first fill the array.
        var ordered = [Int64?](repeating: nil, count: values.count)
        var beyond = false
        for (day, value) in days {
            let index = day - first
            if index >= ordered.count {
                beyond = true
                continue
            }
            guard ordered[index] == nil else {
                // Two keys for one day (`1/2/21` and `01/02/21`).
                throw .malformedPayload(
                    "historical: the \(label) of \"\(name)\" have \(JHUDate.format(CalendarDate(daysSinceEpoch: day))) twice"
                )
            }
            ordered[index] = value
        }
        if beyond, let hole = ordered.firstIndex(where: { $0 == nil }) {
            let missing = CalendarDate(daysSinceEpoch: first + hole)
            throw .malformedPayload(
                "historical: the \(label) of \"\(name)\" skip \(JHUDate.format(missing)) (\(missing.iso)): "
                    + "the days must be consecutive")
        }
        return (first, ordered.map { $0! })
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "a row has no \"\(key.stringValue)\"\(where_(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "unexpected value\(where_(context)) (\(context.debugDescription))"
        @unknown default:
            return "unreadable"
        }
    }

    private static func where_(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
        return path.isEmpty ? "" : " at \(path)"
    }

    private static func reason(_ bytes: [UInt8]) -> String {
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            return "the body is empty"
        }
        if first == UInt8(ascii: "<") { return "the body starts with '<', it looks like an HTML page" }
        return "the JSON is truncated or malformed (\(bytes.count) bytes)"
    }
}

/// JHU's date keys, `M/D/YY` without leading zeros, years of the 2000s (`1/22/20`), parsed by hand.
public enum JHUDate {
    /// The date `text` names, or `nil` for anything but `M/D/YY` naming a real day.
    public static func parse(_ text: String) -> CalendarDate? {
        daysSinceEpoch(text).map { CalendarDate(daysSinceEpoch: $0) }
    }

    /// The day `text` names, days since 1970-01-01; `nil` for anything but `M/D/YY` naming a real day.
    /// Byte by byte: a history has a key per day and series.
    public static func daysSinceEpoch(_ text: String) -> Int? {
        var fields = (0, 0, 0)
        var digits = (0, 0, 0)
        var field = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "/") {
                field += 1
                guard field < 3 else { return nil }
                continue
            }
            guard byte >= 48, byte <= 57 else { return nil }
            let digit = Int(byte - 48)
            switch field {
            case 0: fields.0 = fields.0 * 10 + digit; digits.0 += 1
            case 1: fields.1 = fields.1 * 10 + digit; digits.1 += 1
            default: fields.2 = fields.2 * 10 + digit; digits.2 += 1
            }
        }
        guard field == 2, (1...2).contains(digits.0), (1...2).contains(digits.1), digits.2 == 2,
            let date = CalendarDate(year: 2000 + fields.2, month: fields.0, day: fields.1)
        else { return nil }
        return date.daysSinceEpoch
    }

    /// `M/D/YY` for `date`, as disease.sh writes its keys.
    public static func format(_ date: CalendarDate) -> String {
        let year = date.year % 100
        return "\(date.month)/\(date.day)/\(year < 10 ? "0" : "")\(year)"
    }
}
