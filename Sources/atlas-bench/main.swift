import AtlasCharts
import AtlasCore
import AtlasSource
import AtlasStore
import AtlasWeb
import Clocks
import Formats
import Foundation
import Localization
import Routing

// Micro-benchmarks of what a first start and a cache miss cost, run by `script/bench` on a release
// build: each figure is the median of several runs, in milliseconds, with what it measured.

/// The median of `runs` timings of `body`, in milliseconds.
func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var timings: [Double] = []
    for _ in 0..<runs {
        let start = MonotonicClock.nanoseconds()
        try body()
        timings.append(Double(MonotonicClock.nanoseconds() - start) / 1e6)
    }
    return timings.sorted()[timings.count / 2]
}

func line(_ name: String, _ milliseconds: Double, _ note: String) {
    print(
        name.padding(toLength: 44, withPad: " ", startingAt: 0) + NumberText.fixed(milliseconds, decimals: 2)
            + " ms  " + note)
}

let data = CommandLine.arguments.dropFirst().first ?? "data"
let snapshot = try SnapshotDecoder.loadSnapshot(directory: data + "/disease-sh")
let historyPath = data + "/disease-sh/historical.json.gz"
let compressed = [UInt8](try Data(contentsOf: URL(fileURLWithPath: historyPath)))

// The history import of a first start: gunzip, decode, map onto the snapshot, store in SQLite.
var rows: [HistoricalRow] = []
let decode = try median(runs: 5) { rows = try HistoricalDecoder.decode(try Gzip.decompress(compressed)) }
var mapped = HistoryMapping.map(rows, onto: snapshot.countries)
let map = median(runs: 5) { mapped = HistoryMapping.map(rows, onto: snapshot.countries) }
var series = mapped.series
series[HistoryKey.world] = mapped.world
var store: [Double] = []
for _ in 0..<5 {
    let path = NSTemporaryDirectory() + "atlas-bench-\(UUID().uuidString).sqlite"
    let stores = try Stores.open(.sqlite(path: path))
    try stores.data.update { try $0.replaceSnapshot(snapshot) }
    store.append(try median(runs: 1) { try stores.data.update { try $0.replaceHistory(series, storedAt: 0) } })
    stores.close()
    for suffix in ["", "-wal", "-shm", ".refresh-lock", ".visitor-changes"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
    }
}
let stored = store.sorted()[store.count / 2]
line("history import: gunzip + decode", decode, "\(rows.count) JHU rows, \(compressed.count) bytes gzipped")
line("history import: map onto the entries", map, "\(mapped.series.count) series and the world")
line("history import: store in SQLite", stored, "\(series.values.reduce(0) { $0 + $1.count }) rows")
line("history import: in all", decode + map + stored, "(the budget: under 1,000 ms)")

// A cold chart: from a stored series to the SVG's values, for the default view of France (662 days,
// a correction below zero) and a log view of the world.
// The chart's words, from the repository's catalogs (script/bench runs from the repository's root).
let chartWords = ChartWords(try Catalogs.load(directory: "Catalogs")[.en])
for (key, place, query) in [
    ("fr", "France", ChartQuery()),
    (
        HistoryKey.world, "the world",
        {
            var query = ChartQuery(); query.scale = .log; query.interval = .cumulative; return query
        }()
    ),
] {
    let history = series[key]!
    var bytes = 0
    let render = median(runs: 51) {
        let days = query.days(within: history.firstDay...history.lastDay)!
        let chart = ChartSeries(
            history, metric: query.metric, interval: query.interval, per: query.per, population: 1, days: days)!
        let model = ChartModel(chart, query: query, place: place, words: chartWords)!
        bytes = model.barsPath.utf8.count + model.negativeBarsPath.utf8.count + model.linePath.utf8.count
    }
    line(
        "cold chart: \(place), \(key == "fr" ? "daily, linear" : "cumulative, log")", render,
        "\(history.count) days, \(bytes) bytes of path data (the budget: under 5 ms)")
}

// The catalog every data version builds (names folded for search, the n-gram index, every order), and
// searches through it: each a different text, as the list renders them on a cache miss.
let shipped = try ShippedData.load(from: data)
var catalog = CountryCatalog(snapshot: snapshot, facts: shipped.facts, otherNames: shipped.otherNames)
let build = median(runs: 5) {
    catalog = CountryCatalog(snapshot: snapshot, facts: shipped.facts, otherNames: shipped.otherNames)
}
line(
    "catalog: build for a data version", build,
    "\(catalog.entries.count) entries, \(shipped.otherNames.count) name lists")
let searches = catalog.entries.flatMap { entry in
    [String(entry.country.country.prefix(2)), String(entry.country.country.prefix(4)), entry.country.country]
}
var found = 0
let search =
    median(runs: 5) {
        found = 0
        for text in searches { found += CountryQuery(search: text).apply(to: catalog).count }
    } / Double(searches.count)
line("search: one query", search, "\(searches.count) queries (2 and 4 letters, whole names), \(found) rows")

// A cold page: a country page with its chart rendered on a cache miss (the series read from SQLite,
// the chart, the templates, gzip), each run a range not asked for before.
let directory = NSTemporaryDirectory() + "atlas-bench-\(UUID().uuidString)"
try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
let app = try AtlasApp.build(
    AtlasConfiguration(
        database: .sqlite(path: directory + "/bench.sqlite"), dataDirectory: data, logError: { _ in }))
let client = TestClient(app.responder)
_ = try client.get("/countries/fr")
var end = CalendarDate(iso: "2021-11-13")!
var pageBytes = 0
let page = try median(runs: 31) {
    end = end.adding(days: -1)
    let response = try client.get("/countries/fr?time=earliest.." + end.iso)
    pageBytes = response.body.count
}
line("cold page: /countries/fr?time=…", page, "\(pageBytes) bytes of HTML with the chart, gzipped too")
app.close()
try? FileManager.default.removeItem(atPath: directory)
