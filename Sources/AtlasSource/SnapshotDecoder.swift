import AtlasCore
import Foundation

/// Turns disease.sh response bodies (`GET /v3/covid-19/countries`, `GET /v3/covid-19/all`,
/// https://disease.sh/docs/#/COVID-19%3A%20Worldometers) into AtlasCore records.
///
/// Tolerant where upstream drifts (docs/field-cases.md B03, B27), strict where the whole payload is wrong (B04):
/// - unknown keys are ignored; a `null` or missing counter becomes `nil`, never 0;
/// - counts accept integers and integral doubles (`1000000.0`) exactly; a fractional count is
///   rounded toward zero; a count outside `Int64`, a string or a boolean becomes `nil` for that field;
/// - ratios (`…PerOneMillion`, `one…PerPeople`) are `Double`;
/// - `countryInfo` may be `null` or hold `null`s (the cruise ships); an empty `iso2`/`iso3` is `nil`;
/// - an entry without a non-empty `country` string is left out (and named, `LeftOutEntry`), the others survive;
/// - bytes that are not JSON, a top-level value of the wrong kind, or no usable entry throw `SourceError`.
///
/// The JSON itself is parsed by Foundation's `JSONDecoder`; the leniency lives in `LenientObject`.
public enum SnapshotDecoder {
    /// Decodes the body of `GET /v3/covid-19/countries`: a JSON array of country objects.
    /// - Parameter bytes: the response body, UTF-8 JSON.
    /// - Returns: the countries in upstream order, without the entries that have no `country` name.
    /// - Throws: `SourceError.notJSON` when the bytes are not JSON (HTML page, truncated, empty body);
    ///   `SourceError.malformedPayload` when the top level is not an array or no entry has a `country` name;
    ///   `SourceError.emptyPayload` for `[]`.
    public static func decodeCountries(_ bytes: [UInt8]) throws(SourceError) -> [Country] {
        try decodeCountriesNamingTheLeftOut(bytes).countries
    }

    /// Decodes the body of `GET /v3/covid-19/countries` as `decodeCountries(_:)` does.
    /// - Returns: the countries, and the entries left out (each with its position, what identifies it
    ///   and why), for the import's report.
    /// - Throws: as `decodeCountries(_:)`.
    public static func decodeCountriesNamingTheLeftOut(_ bytes: [UInt8]) throws(SourceError) -> (
        countries: [Country], leftOut: [LeftOutEntry]
    ) {
        let body = try decode(CountriesBody.self, from: bytes)
        guard let entries = body.entries else {
            throw .malformedPayload("expected a JSON array of countries, got \(body.foundKind)")
        }
        guard !entries.isEmpty else { throw .emptyPayload }
        var countries: [Country] = []
        var leftOut: [LeftOutEntry] = []
        for entry in entries {
            switch entry {
            case .country(let country): countries.append(country)
            case .leftOut(let entry): leftOut.append(entry)
            }
        }
        guard !countries.isEmpty else {
            throw .malformedPayload(
                "none of the \(entries.count) entries is an object with a \"country\" name")
        }
        return (countries, leftOut)
    }

    /// Decodes the body of `GET /v3/covid-19/all`: one JSON object of worldwide totals.
    /// - Parameter bytes: the response body, UTF-8 JSON.
    /// - Returns: the totals; fields that are missing, `null` or of the wrong type are `nil`.
    /// - Throws: `SourceError.notJSON` when the bytes are not JSON;
    ///   `SourceError.malformedPayload` when the top level is not an object.
    public static func decodeTotals(_ bytes: [UInt8]) throws(SourceError) -> WorldTotals {
        let body = try decode(TotalsBody.self, from: bytes)
        guard let totals = body.totals else {
            throw .malformedPayload("expected a JSON object of worldwide totals, got \(body.foundKind)")
        }
        return totals
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
        let decodedCountries = try decodeCountriesNamingTheLeftOut(countries)
        let decodedTotals = try decodeTotals(all)
        var snapshot = Snapshot(countries: decodedCountries.countries, totals: decodedTotals, source: source)
        snapshot.leftOut = decodedCountries.leftOut
        return snapshot
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

    /// Runs Foundation's `JSONDecoder`; the body types never throw, so any error means the bytes are not JSON.
    private static func decode<Body: Decodable>(_ type: Body.Type, from bytes: [UInt8]) throws(SourceError) -> Body {
        do {
            return try JSONDecoder().decode(Body.self, from: Data(bytes))
        } catch {
            throw .notJSON(reasonNotJSON(bytes))
        }
    }

    /// Why `JSONDecoder` refused the bytes, in words an operator can act on. `JSONDecoder` only says
    /// "not valid JSON", so the two common causes (an empty body, an HTML error page) are told apart here.
    private static func reasonNotJSON(_ bytes: [UInt8]) -> String {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let text = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(byteOrderMark.count) : bytes[...]
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard let first = text.first(where: { !whitespace.contains($0) }) else { return "the body is empty" }
        if first == UInt8(ascii: "<") { return "the body starts with '<', it looks like an HTML page" }
        return "the JSON is truncated or malformed (\(bytes.count) bytes)"
    }
}
