/// `FetchValidatorStore` on the pool's connections; `save` writes inside a `SQLiteDataStore`
/// transaction.
struct SQLiteFetchValidatorStore: FetchValidatorStore {
    let reads: SQLiteReadPool

    func validators(for url: String) throws -> FetchValidators? {
        try reads.read { database in try Self.validators(for: url, in: database) }
    }

    static func validators(for url: String, in database: Database) throws -> FetchValidators? {
        try database.withConnection { database in
            let select = try database.prepare(
                "SELECT etag, last_modified, fetched_at FROM fetch_validators WHERE url = ?")
            defer { select.reset() }
            try select.bind(url, at: 1)
            guard try select.step() else { return nil }
            return FetchValidators(
                entityTag: select.string(at: 0), lastModified: select.string(at: 1), fetchedAt: select.int64(at: 2) ?? 0
            )
        }
    }

    static func save(_ validators: FetchValidators, for url: String, in database: Database) throws {
        try database.withConnection { database in
            let upsert = try database.prepare(
                """
                INSERT INTO fetch_validators (url, etag, last_modified, fetched_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (url) DO UPDATE SET
                    etag = excluded.etag, last_modified = excluded.last_modified, fetched_at = excluded.fetched_at
                """)
            try upsert.bind(url, at: 1)
            try upsert.bind(validators.entityTag, at: 2)
            try upsert.bind(validators.lastModified, at: 3)
            try upsert.bind(validators.fetchedAt, at: 4)
            try upsert.run()
        }
    }
}
