/// `SessionKeyStore` in the one-row PostgreSQL table `session_key`.
struct PostgreSQLSessionKeyStore: SessionKeyStore {
    let pool: PostgreSQLPool

    func sessionKey(storingIfMissing candidate: [UInt8]) throws -> [UInt8] {
        try pool.transaction { connection in
            try connection.query(
                """
                INSERT INTO session_key (id, key, created_at)
                VALUES (1, $1, (extract(epoch FROM now()) * 1000)::bigint) ON CONFLICT DO NOTHING
                """, [.bytes(candidate)])
            let rows = try connection.query("SELECT key FROM session_key WHERE id = 1")
            guard rows.count == 1, let key = rows.bytes(0, 0) else {
                throw StoreError.corruptRow("session_key: no key after storing one")
            }
            return key
        }
    }
}
