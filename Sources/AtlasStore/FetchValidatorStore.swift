/// The `ETag` / `Last-Modified` values of the last successful fetch per URL, in the table of
/// `Migration.fetchValidators`. Plain strings, so the store knows nothing of HTTP.
public struct FetchValidatorStore: Sendable {
    /// The validators of one URL; each `nil` when the response had none.
    public struct Validators: Sendable, Equatable {
        /// The `ETag` field value as received.
        public var entityTag: String?
        /// The `Last-Modified` field value as received.
        public var lastModified: String?

        /// Validators from field values.
        public init(entityTag: String?, lastModified: String?) {
            self.entityTag = entityTag
            self.lastModified = lastModified
        }
    }

    private let database: Database

    /// A store on a migrated database.
    public init(database: Database) {
        self.database = database
    }

    /// The stored validators of `url`; `nil` when none are stored.
    /// - Throws: `StoreError` when the database cannot be read.
    public func validators(for url: String) throws -> Validators? {
        try database.withConnection { database in
            let select = try database.prepare("SELECT etag, last_modified FROM fetch_validators WHERE url = ?")
            defer { select.reset() }
            try select.bind(url, at: 1)
            guard try select.step() else { return nil }
            return Validators(entityTag: select.string(at: 0), lastModified: select.string(at: 1))
        }
    }

    /// Stores `validators` for `url` (replacing any), or deletes the row when both are `nil`.
    /// Call inside the transaction that stores the data they validate, so the two never disagree.
    /// - Parameter fetchedAt: ms since the epoch.
    /// - Throws: `StoreError` when the write fails.
    public func save(_ validators: Validators, for url: String, fetchedAt: Int64) throws {
        try database.withConnection { database in
            if validators.entityTag == nil && validators.lastModified == nil {
                let delete = try database.prepare("DELETE FROM fetch_validators WHERE url = ?")
                try delete.bind(url, at: 1)
                try delete.run()
                return
            }
            let upsert = try database.prepare(
                """
                INSERT INTO fetch_validators (url, etag, last_modified, fetched_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (url) DO UPDATE SET
                    etag = excluded.etag, last_modified = excluded.last_modified, fetched_at = excluded.fetched_at
                """)
            try upsert.bind(url, at: 1)
            try upsert.bind(validators.entityTag, at: 2)
            try upsert.bind(validators.lastModified, at: 3)
            try upsert.bind(fetchedAt, at: 4)
            try upsert.run()
        }
    }

    /// Forgets every stored validator: after an import from files the stored data no longer matches
    /// what any upstream validator describes, so the next refresh must fetch in full.
    /// - Throws: `StoreError` when the write fails.
    public func removeAll() throws {
        try database.execute("DELETE FROM fetch_validators")
    }
}
