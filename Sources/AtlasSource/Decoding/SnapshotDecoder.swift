import AtlasCore
import Foundation

/// Turns disease.sh bodies (`GET /v3/covid-19/countries`, `/all`,
/// https://disease.sh/docs/#/COVID-19%3A%20Worldometers) into AtlasCore records: tolerant of drift
/// field by field (docs/field-cases.md B03, B27; `LenientObject`), strict about a wrong payload (B04).
/// A `null`, missing or unreadable figure is `nil`, never 0; an entry without a `country` name is left
/// out and named (`LeftOutEntry`).
public enum SnapshotDecoder {
    /// Decodes the body of `GET /v3/covid-19/countries`, a JSON array of country objects.
    /// - Returns: the countries in upstream order, without entries lacking a `country` name.
    /// - Throws: `SourceError.notJSON` for bytes that are not JSON (HTML page, truncated, empty);
    ///   `.malformedPayload` when the top level is not an array or no entry has a `country` name;
    ///   `.emptyPayload` for `[]`.
    public static func decodeCountries(_ bytes: [UInt8]) throws(SourceError) -> [Country] {
        try decodeCountriesNamingTheLeftOut(bytes).countries
    }

    /// As `decodeCountries(_:)`, also returning the entries left out, for the import's report.
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

    /// Decodes the body of `GET /v3/covid-19/all`, one object of worldwide totals; odd fields are `nil`.
    /// - Throws: `SourceError.notJSON` for bytes that are not JSON; `.malformedPayload` when the top
    ///   level is not an object.
    public static func decodeTotals(_ bytes: [UInt8]) throws(SourceError) -> WorldTotals {
        let body = try decode(TotalsBody.self, from: bytes)
        guard let totals = body.totals else {
            throw .malformedPayload("expected a JSON object of worldwide totals, got \(body.foundKind)")
        }
        return totals
    }

    /// Decodes both bodies of one fetch into a `Snapshot`, `importedAt` left for the store.
    /// - Parameter source: where the bytes came from, e.g. `https://disease.sh` or `file:data/disease-sh`.
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

    /// Reads and decodes the saved `countries.json` and `all.json` in `directory`; `source` becomes
    /// `file:` and the path.
    /// - Throws: `SourceError.unreadableFile` when a file is missing or unreadable; otherwise as
    ///   `decodeSnapshot(countries:all:source:)`.
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

    /// The body types never throw, so an error means the bytes are not JSON.
    private static func decode<Body: Decodable>(_ type: Body.Type, from bytes: [UInt8]) throws(SourceError) -> Body {
        do {
            return try JSONDecoder().decode(Body.self, from: Data(bytes))
        } catch {
            throw .notJSON(reasonNotJSON(bytes))
        }
    }

    /// Why the bytes are not JSON, in words an operator can act on: an empty body, an HTML page, or broken
    /// JSON (`JSONDecoder` only says "not valid JSON").
    private static func reasonNotJSON(_ bytes: [UInt8]) -> String {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let text = bytes.starts(with: byteOrderMark) ? bytes.dropFirst(byteOrderMark.count) : bytes[...]
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard let first = text.first(where: { !whitespace.contains($0) }) else { return "the body is empty" }
        if first == UInt8(ascii: "<") { return "the body starts with '<', it looks like an HTML page" }
        return "the JSON is truncated or malformed (\(bytes.count) bytes)"
    }
}
