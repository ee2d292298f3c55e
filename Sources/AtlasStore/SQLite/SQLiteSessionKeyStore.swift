/// `SessionKeyStore` in the one-row table `session_key` of `Migration.visitors`.
struct SQLiteSessionKeyStore: SessionKeyStore {
    let writer: Database

    func sessionKey(storingIfMissing candidate: [UInt8]) throws -> [UInt8] {
        try writer.transaction { database in
            let insert = try database.prepare(
                "INSERT INTO session_key (id, key, created_at) VALUES (1, ?1, unixepoch() * 1000) ON CONFLICT DO NOTHING"
            )
            try insert.bind(candidate, at: 1)
            try insert.run()
            let select = try database.prepare("SELECT key FROM session_key WHERE id = 1")
            defer { select.reset() }
            guard try select.step(), let key = select.blob(at: 0) else {
                throw StoreError.corruptRow("session_key: no key after storing one")
            }
            return key
        }
    }
}
