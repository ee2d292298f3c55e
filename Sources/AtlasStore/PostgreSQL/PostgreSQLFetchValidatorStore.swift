/// `FetchValidatorStore` on PostgreSQL; the static functions also serve `PostgreSQLDataStore`
/// transactions.
struct PostgreSQLFetchValidatorStore: FetchValidatorStore {
    let pool: PostgreSQLPool

    func validators(for url: String) throws -> FetchValidators? {
        try pool.withConnection { connection in try Self.validators(for: url, on: connection) }
    }

    static func validators(for url: String, on connection: PostgreSQLConnection) throws -> FetchValidators? {
        let rows = try connection.query(
            "SELECT etag, last_modified, fetched_at FROM fetch_validators WHERE url = $1", [.text(url)])
        guard rows.count > 0 else { return nil }
        return FetchValidators(
            entityTag: rows.string(0, 0), lastModified: rows.string(0, 1), fetchedAt: rows.int64(0, 2) ?? 0)
    }

    static func save(_ validators: FetchValidators, for url: String, on connection: PostgreSQLConnection) throws {
        try connection.query(
            """
            INSERT INTO fetch_validators (url, etag, last_modified, fetched_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (url) DO UPDATE SET
                etag = excluded.etag, last_modified = excluded.last_modified, fetched_at = excluded.fetched_at
            """,
            [.text(url), .text(validators.entityTag), .text(validators.lastModified), .integer(validators.fetchedAt)])
    }
}
