/// Opens every PostgreSQL store on one database, through one bounded pool.
enum PostgreSQLStores {
    static func open(uri: String, options: StoreOptions) throws -> Stores {
        let info = try PostgreSQLConnectionInfo(uri: uri)
        // The refresh lock holds one connection for a whole refresh, whose transaction needs another.
        var options = options
        options.maxConnections = max(2, options.maxConnections)
        let pool = PostgreSQLPool(uri: uri, options: options)
        do {
            try PostgreSQLMigrations.migrate(pool)
        } catch {
            pool.close()
            throw error
        }
        return Stores(
            location: .postgreSQL(uri: info.uri), countries: PostgreSQLCountryStore(pool: pool),
            histories: PostgreSQLHistoryStore(pool: pool),
            vaccinations: PostgreSQLVaccinationStore(pool: pool), validators: PostgreSQLFetchValidatorStore(pool: pool),
            data: PostgreSQLDataStore(pool: pool),
            profiles: PostgreSQLProfileStore(pool: pool, remembered: RememberedProfileStates()),
            sessionKeys: PostgreSQLSessionKeyStore(pool: pool), refreshLock: PostgreSQLRefreshLock(pool: pool),
            close: { pool.close() })
    }
}
