import AtlasCharts
import AtlasCore
import Foundation

/// The data files the app ships beside its snapshot (`data/README.md`): the country facts, the other
/// names countries go by, their Korean names, and the country outlines, read once at start.
public struct ShippedData: Sendable {
    /// mledoze/countries facts by upper-case ISO2 (`countries-facts.json`).
    public let facts: [String: CountryFacts]
    /// mledoze/countries' alternative spellings, native names and translations by upper-case ISO2
    /// (`country-names.json`, made by `script/make-country-names`), for search.
    public let otherNames: [String: [String]]
    /// The countries' Korean names (`country-names-ko.json`, made by `script/make-korean-names`).
    public let koreanNames: KoreanCountryNames
    /// The Korean names of the facts' languages and currencies (`fact-names-ko.json`, made by
    /// `script/make-fact-names-ko`).
    let koreanFactNames: FactNames
    /// Natural Earth outlines (`geo/countries.geojson`), reduced for the map's background.
    public let outlines: CountryOutlines
    /// When the outlines file was last modified, ms since the epoch: their `Last-Modified`, the same in
    /// every process started from the same files.
    public let outlinesModifiedAt: Int64
    /// The outlines projected and simplified for the front page's map, once at start.
    public let worldMap: WorldMapGeometry

    /// Reads the four files from the data folder.
    /// - Throws: `AtlasStartupError.unreadableData` naming the file and what is wrong with it.
    public static func load(from directory: String) throws -> ShippedData {
        let factsPath = directory + "/countries-facts.json"
        let outlinesPath = directory + "/geo/countries.geojson"
        let namesPath = directory + "/country-names.json"
        let facts = try decode(factsPath, reason: { _ in "not the expected JSON object keyed by ISO2" }) {
            try CountryFacts.decodeAll($0)
        }
        let otherNames = try decode(
            namesPath, reason: { _ in "not the expected JSON object of name lists keyed by ISO2" }
        ) {
            try JSONDecoder().decode([String: [String]].self, from: $0)
        }
        let koreanNames = try decode(
            directory + "/country-names-ko.json", reason: { _ in "not the expected byCode and byEntry name tables" }
        ) {
            try KoreanCountryNames(json: $0)
        }
        let koreanFactNames = try decode(
            directory + "/fact-names-ko.json", reason: { _ in "not the expected languages and currencies tables" }
        ) {
            try JSONDecoder().decode(FactNames.self, from: $0)
        }
        let outlines = try decode(outlinesPath, reason: { String(describing: $0) }) {
            try CountryOutlines(naturalEarth: $0)
        }
        let modified = (try? FileManager.default.attributesOfItem(atPath: outlinesPath)[.modificationDate]) as? Date
        return ShippedData(
            facts: facts, otherNames: otherNames, koreanNames: koreanNames, koreanFactNames: koreanFactNames,
            outlines: outlines,
            outlinesModifiedAt: Int64(((modified ?? Date()).timeIntervalSince1970 * 1000).rounded(.down)),
            worldMap: WorldMapGeometry(outlines: outlines))
    }

    private static func decode<Value>(
        _ path: String, reason: (any Error) -> String, _ body: (Data) throws -> Value
    ) throws -> Value {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AtlasStartupError.unreadableData(path: path, reason: "file missing or unreadable")
        }
        do {
            return try body(data)
        } catch {
            throw AtlasStartupError.unreadableData(path: path, reason: reason(error))
        }
    }
}
