import AtlasCore
import Foundation

/// Turns disease.sh response bodies (`GET /v3/covid-19/countries`, `GET /v3/covid-19/all`,
/// https://disease.sh/docs/#/COVID-19%3A%20Worldometers) into AtlasCore records.
///
/// Tolerant where upstream drifts (FIELD-CASES B03, B27), strict where the whole payload is wrong (B04):
/// - unknown keys are ignored; a `null` or missing counter becomes `nil`, never 0;
/// - counts accept integers and integral doubles (`1000000.0`) exactly; a fractional count is
///   rounded toward zero; a count outside `Int64`, a string or a boolean becomes `nil` for that field;
/// - ratios (`…PerOneMillion`, `one…PerPeople`) are `Double`;
/// - `countryInfo` may be `null` or hold `null`s (the cruise ships); an empty `iso2`/`iso3` is `nil`;
/// - an entry without a non-empty `country` string is skipped, the others survive;
/// - bytes that are not JSON, a top-level value of the wrong kind, or no usable entry throw `SourceError`.
public enum SnapshotDecoder {
    /// Decodes the body of `GET /v3/covid-19/countries`: a JSON array of country objects.
    /// - Parameter bytes: the response body, UTF-8 JSON.
    /// - Returns: the countries in upstream order, without the entries that have no `country` name.
    /// - Throws: `SourceError.notJSON` when the bytes are not JSON (HTML page, truncated, empty body);
    ///   `SourceError.malformedPayload` when the top level is not an array or no entry has a `country` name;
    ///   `SourceError.emptyPayload` for `[]`.
    public static func decodeCountries(_ bytes: [UInt8]) throws(SourceError) -> [Country] {
        let value = try parse(bytes)
        guard case .array(let elements) = value else {
            throw .malformedPayload("expected a JSON array of countries, got \(value.kindDescription)")
        }
        guard !elements.isEmpty else { throw .emptyPayload }
        let countries = elements.compactMap(country(from:))
        guard !countries.isEmpty else {
            throw .malformedPayload(
                "none of the \(elements.count) entries is an object with a \"country\" name")
        }
        return countries
    }

    /// Decodes the body of `GET /v3/covid-19/all`: one JSON object of worldwide totals.
    /// - Parameter bytes: the response body, UTF-8 JSON.
    /// - Returns: the totals; fields that are missing, `null` or of the wrong type are `nil`.
    /// - Throws: `SourceError.notJSON` when the bytes are not JSON;
    ///   `SourceError.malformedPayload` when the top level is not an object.
    public static func decodeTotals(_ bytes: [UInt8]) throws(SourceError) -> WorldTotals {
        let value = try parse(bytes)
        guard let fields = value.object else {
            throw .malformedPayload("expected a JSON object of worldwide totals, got \(value.kindDescription)")
        }
        return totals(from: fields)
    }

    /// Decodes both bodies of one fetch into a `Snapshot` (with `importedAt` left `nil` for the store to set).
    /// - Parameters:
    ///   - countries: the body of `GET /v3/covid-19/countries`.
    ///   - all: the body of `GET /v3/covid-19/all`.
    ///   - source: where the bytes came from, e.g. `https://disease.sh` or `file:data/disease-sh`.
    /// - Throws: the errors of `decodeCountries(_:)` and `decodeTotals(_:)`, countries first.
    public static func decodeSnapshot(countries: [UInt8], all: [UInt8], source: String) throws(SourceError)
        -> Snapshot
    {
        let decodedCountries = try decodeCountries(countries)
        let decodedTotals = try decodeTotals(all)
        return Snapshot(countries: decodedCountries, totals: decodedTotals, source: source)
    }

    /// Reads `countries.json` and `all.json` (saved disease.sh responses) from a folder and decodes them.
    /// - Parameter directory: the folder, e.g. `data/disease-sh`; the snapshot's `source` becomes
    ///   `file:` followed by this path.
    /// - Throws: `SourceError.unreadableFile(path, reason)` when a file is missing or unreadable;
    ///   otherwise the errors of `decodeSnapshot(countries:all:source:)`.
    public static func loadSnapshot(directory: String) throws(SourceError) -> Snapshot {
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        let countries = try readFile(folder.appendingPathComponent("countries.json").path)
        let all = try readFile(folder.appendingPathComponent("all.json").path)
        return try decodeSnapshot(countries: countries, all: all, source: "file:\(directory)")
    }

    private static func readFile(_ path: String) throws(SourceError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadableFile(path: path, reason: reason(for: error, path: path))
        }
    }

    private static func reason(for error: any Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return "no such file"
        }
        if isDirectory.boolValue { return "it is a directory" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return (error as NSError).localizedDescription
    }

    private static func parse(_ bytes: [UInt8]) throws(SourceError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw .notJSON(error.reason)
        }
    }

    private static func country(from value: JSONValue) -> Country? {
        guard let fields = value.object,
            let name = fields["country"]?.string,
            !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        else { return nil }
        return Country(
            updated: fields["updated"]?.count,
            country: name,
            countryInfo: countryInfo(from: fields["countryInfo"]?.object ?? [:]),
            cases: fields["cases"]?.count,
            todayCases: fields["todayCases"]?.count,
            deaths: fields["deaths"]?.count,
            todayDeaths: fields["todayDeaths"]?.count,
            recovered: fields["recovered"]?.count,
            todayRecovered: fields["todayRecovered"]?.count,
            active: fields["active"]?.count,
            critical: fields["critical"]?.count,
            casesPerOneMillion: fields["casesPerOneMillion"]?.ratio,
            deathsPerOneMillion: fields["deathsPerOneMillion"]?.ratio,
            tests: fields["tests"]?.count,
            testsPerOneMillion: fields["testsPerOneMillion"]?.ratio,
            population: fields["population"]?.count,
            continent: fields["continent"]?.string ?? "",
            oneCasePerPeople: fields["oneCasePerPeople"]?.ratio,
            oneDeathPerPeople: fields["oneDeathPerPeople"]?.ratio,
            oneTestPerPeople: fields["oneTestPerPeople"]?.ratio,
            activePerOneMillion: fields["activePerOneMillion"]?.ratio,
            recoveredPerOneMillion: fields["recoveredPerOneMillion"]?.ratio,
            criticalPerOneMillion: fields["criticalPerOneMillion"]?.ratio
        )
    }

    private static func countryInfo(from fields: [String: JSONValue]) -> CountryInfo {
        CountryInfo(
            _id: fields["_id"]?.count.flatMap { Int(exactly: $0) },
            iso2: nonEmpty(fields["iso2"]?.string),
            iso3: nonEmpty(fields["iso3"]?.string),
            lat: fields["lat"]?.ratio,
            long: fields["long"]?.ratio,
            flag: fields["flag"]?.string
        )
    }

    private static func totals(from fields: [String: JSONValue]) -> WorldTotals {
        WorldTotals(
            updated: fields["updated"]?.count,
            cases: fields["cases"]?.count,
            todayCases: fields["todayCases"]?.count,
            deaths: fields["deaths"]?.count,
            todayDeaths: fields["todayDeaths"]?.count,
            recovered: fields["recovered"]?.count,
            todayRecovered: fields["todayRecovered"]?.count,
            active: fields["active"]?.count,
            critical: fields["critical"]?.count,
            casesPerOneMillion: fields["casesPerOneMillion"]?.ratio,
            deathsPerOneMillion: fields["deathsPerOneMillion"]?.ratio,
            tests: fields["tests"]?.count,
            testsPerOneMillion: fields["testsPerOneMillion"]?.ratio,
            population: fields["population"]?.count,
            oneCasePerPeople: fields["oneCasePerPeople"]?.ratio,
            oneDeathPerPeople: fields["oneDeathPerPeople"]?.ratio,
            oneTestPerPeople: fields["oneTestPerPeople"]?.ratio,
            activePerOneMillion: fields["activePerOneMillion"]?.ratio,
            recoveredPerOneMillion: fields["recoveredPerOneMillion"]?.ratio,
            criticalPerOneMillion: fields["criticalPerOneMillion"]?.ratio,
            affectedCountries: fields["affectedCountries"]?.count
        )
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
