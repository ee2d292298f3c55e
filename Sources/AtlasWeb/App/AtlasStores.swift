import AtlasCore
import AtlasRefresh
import AtlasStore
import Clocks
import Foundation
import Routing

/// Every store the app uses, opened in one place from the configuration (`Stores.open`).
struct AtlasStores: Sendable {
    let stores: Stores
    /// Profiles, drafts and favourites, for request handlers (on workers only: `SiteContext.runsOnWorker`).
    var profiles: any ProfileStore { stores.profiles }

    /// Opens (creating and migrating when needed) the database of `configuration`. A database that
    /// cannot be reached (`StoreError.unavailable`: down, still starting) is tried again with a back-off
    /// (`DatabaseWait`) for up to `configuration.databaseWaitSeconds`, so no start order is needed; one
    /// line on `logError` says it is waiting, one that it answered.
    /// - Throws: `StoreError` when it cannot be opened or migrated, or, once the wait is over, reached
    ///   (`.unavailable`, its message saying how long it waited).
    static func open(_ configuration: AtlasConfiguration) throws -> AtlasStores {
        var wait = DatabaseWait(limitSeconds: configuration.databaseWaitSeconds)
        let startedAt = MonotonicClock.nanoseconds()
        var elapsed: Double { Double(MonotonicClock.nanoseconds() - startedAt) / 1e9 }
        while true {
            do {
                let stores = try Stores.open(configuration.database, options: configuration.storeOptions)
                if wait.attempts > 0 {
                    configuration.logError(
                        "covid-atlas: the database answered after \(Int(elapsed.rounded())) s; starting")
                }
                return AtlasStores(stores: stores)
            } catch StoreError.unavailable(let reason) {
                guard let delay = wait.nextDelay(elapsedSeconds: elapsed) else {
                    guard wait.attempts > 0 else { throw StoreError.unavailable(reason) }
                    throw StoreError.unavailable(
                        "\(reason) (waited \(Int(elapsed.rounded())) s, the --database-wait limit)")
                }
                if wait.attempts == 1 {
                    configuration.logError(
                        "covid-atlas: the database cannot be reached (\(reason)); waiting up to "
                            + "\(Int(configuration.databaseWaitSeconds)) s for it, retrying with back-off")
                }
                Thread.sleep(forTimeInterval: delay)
            }
        }
    }

    /// The most times a start asks again for the write lock another starting process holds while it
    /// imports the shipped data, half a second apart: a minute.
    static let shippedImportAttempts = 120

    /// Imports the shipped data the store lacks (`DataImporter.importShippedDataWhereMissing`). On a new
    /// database several processes may start together; one imports, holding the write lock for seconds
    /// (the history and the vaccinations), longer than a request waits for it. The others wait for it
    /// here, then find the data there, rather than fail their start.
    /// - Returns: what this process imported, `nil` when nothing was missing.
    /// - Throws: `StoreError.busy` once the lock stayed held for `shippedImportAttempts` tries; what
    ///   the import throws.
    func importShippedDataWaitingForOthers(from dataDirectory: String, now: Int64) throws -> RefreshReport? {
        var attempt = 1
        while true {
            do {
                return try DataImporter.importShippedDataWhereMissing(into: stores, from: dataDirectory, now: now)
            } catch StoreError.busy(let reason) {
                guard attempt < Self.shippedImportAttempts else { throw StoreError.busy(reason) }
                attempt += 1
                usleep(500_000)
            }
        }
    }

    /// The key session ids are signed with, created in the store on the first start.
    /// - Throws: `StoreError`.
    func sessionSigner() throws -> SessionSigner {
        SessionSigner(
            key: try stores.sessionKeys.sessionKey(storingIfMissing: Crypto.randomBytes(SessionSigner.keyLength)))
    }

    /// Closes every connection; call once no request runs any more.
    func close() {
        stores.close()
    }
}

/// The back-off of a start that waits for its database: 0.5 s after the first failed attempt,
/// doubling up to `maxDelaySeconds`, never past `limitSeconds` in all.
struct DatabaseWait: Sendable {
    /// The longest the start waits in all, in seconds; 0: not at all.
    let limitSeconds: Double
    /// The longest pause between two attempts, in seconds.
    static let maxDelaySeconds: Double = 5
    /// The first pause, in seconds.
    static let firstDelaySeconds: Double = 0.5
    /// Failed attempts so far.
    private(set) var attempts = 0
    private var delay = DatabaseWait.firstDelaySeconds

    init(limitSeconds: Double) {
        self.limitSeconds = limitSeconds
    }

    /// Counts a failed attempt and says how long to pause before the next one.
    /// - Parameter elapsedSeconds: seconds since the first attempt began.
    /// - Returns: the pause in seconds, cut so the wait ends at `limitSeconds`; `nil` once it is over.
    mutating func nextDelay(elapsedSeconds: Double) -> Double? {
        let left = limitSeconds - elapsedSeconds
        guard left > 0 else { return nil }
        attempts += 1
        defer { delay = min(delay * 2, Self.maxDelaySeconds) }
        return min(delay, left)
    }
}
