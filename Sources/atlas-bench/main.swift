import AtlasCore
import AtlasSource
import AtlasStore
import Foundation

let gz = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "data/disease-sh/historical.json.gz")))
let snapshot = try SnapshotDecoder.loadSnapshot(directory: "data/disease-sh")
for _ in 0..<3 {
    let path = NSTemporaryDirectory() + "bench-\(UUID().uuidString).sqlite"
    let database = try Database.open(path: path)
    try SQLiteCountryStore(database: database).replaceSnapshot(snapshot)
    var t = Date()
    let rows = try HistoricalDecoder.decode(try Gzip.decompress(gz))
    let decode = Date().timeIntervalSince(t)
    t = Date()
    let mapped = HistoryMapping.map(rows, onto: snapshot.countries)
    let map = Date().timeIntervalSince(t)
    t = Date()
    var series = mapped.series
    series[HistoryKey.world] = mapped.world
    try SQLiteHistoryStore(database: database).replaceHistory(series)
    let store = Date().timeIntervalSince(t)
    t = Date()
    let fr = try SQLiteHistoryStore(database: database).history("fr")
    let read = Date().timeIntervalSince(t)
    print("decode \(decode) map \(map) store \(store) read \(read) days \(fr?.count ?? 0)")
    database.close()
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}
