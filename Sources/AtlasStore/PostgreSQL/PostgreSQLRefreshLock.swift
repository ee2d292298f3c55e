/// `RefreshLock` on PostgreSQL: `pg_try_advisory_lock` of `PostgreSQLLocks.refresh` on a connection
/// held for the whole refresh; the server releases it when that connection ends.
struct PostgreSQLRefreshLock: RefreshLock {
    let pool: PostgreSQLPool

    func whileHolding<T>(_ body: () throws -> T) throws -> T? {
        try pool.withConnection { connection in
            let taken = try connection.query("SELECT pg_try_advisory_lock($1)", [.integer(PostgreSQLLocks.refresh)])
            guard taken.bool(0, 0) == true else { return nil }
            defer { _ = try? connection.query("SELECT pg_advisory_unlock($1)", [.integer(PostgreSQLLocks.refresh)]) }
            return try body()
        }
    }
}
