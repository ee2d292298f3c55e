/// The database's schema history and the runner that applies it by `PRAGMA user_version`
/// (https://sqlite.org/pragma.html#pragma_user_version).
public enum Migrations {
    /// Every step, oldest first; new steps go at the end with the next version.
    public static let all: [Migration] = [
        .snapshotTables,
        .fetchValidators,
        .profileTables,
        .historyTable,
        .visitors,
        .favoriteNames,
        .historyRows,
        .vaccinations,
    ]

    /// The version a fully migrated file has (`all.last.version`).
    public static var newestVersion: Int32 {
        all.last?.version ?? 0
    }

    /// Brings the file up to the newest version: each missing step runs in its own `BEGIN IMMEDIATE`
    /// transaction with its `user_version` bump, so a crash leaves whole steps; each re-reads the version
    /// under the write lock, so two processes may start at once.
    /// - Parameters:
    ///   - migrations: the steps; `all` by default (tests pass the steps as shipped, to build an old file).
    ///   - target: the last version to apply; `nil` for all. A file already past it is left as it is.
    /// - Throws: `StoreError.schemaTooNew` when the file is newer than `migrations` (nothing runs);
    ///   `.invalidMigrations` when versions are not 1, 2, 3, …; a step's error (that step rolled back).
    public static func migrate(_ database: Database, migrations: [Migration] = all, upTo target: Int32? = nil) throws {
        for (offset, migration) in migrations.enumerated() where migration.version != Int32(offset + 1) {
            throw StoreError.invalidMigrations(
                "step \"\(migration.name)\" has version \(migration.version), expected \(offset + 1)")
        }
        let newest = migrations.last?.version ?? 0
        let current = try database.userVersion()
        if current > newest { throw StoreError.schemaTooNew(found: current, newestKnown: newest) }
        for migration in migrations where migration.version > current && migration.version <= target ?? newest {
            try database.transaction { database in
                let version = try database.userVersion()
                if version > newest { throw StoreError.schemaTooNew(found: version, newestKnown: newest) }
                guard version < migration.version else { return }
                try migration.apply(database)
                try database.execute("PRAGMA user_version = \(migration.version)")
            }
        }
    }
}

extension Database {
    /// Opens (creating if needed) the database at `path` and migrates it to `Migrations.newestVersion`.
    /// - Parameter busyTimeout: milliseconds a statement waits for another connection's lock.
    /// - Throws: `StoreError.cannotOpen`; `.schemaTooNew` for a file from a newer program; a step's
    ///   `StoreError.sqlite`.
    public static func open(path: String, busyTimeout: Int32 = 5000) throws -> Database {
        let database = try Database(path: path, busyTimeout: busyTimeout)
        do {
            try Migrations.migrate(database)
        } catch {
            database.close()
            throw error
        }
        return database
    }
}
