/// The schema history of the Covid Atlas database and the runner that applies it by `PRAGMA user_version`
/// (https://sqlite.org/pragma.html#pragma_user_version).
public enum Migrations {
    /// Every step, oldest first. Append new steps at the end with the next version; never edit old ones.
    public static let all: [Migration] = [
        .snapshotTables,
        .fetchValidators,
        .profileTables,
        .historyTable,
        .visitors,
        .favoriteNames,
    ]

    /// The version a fully migrated file has (`all.last.version`).
    public static var newestVersion: Int32 {
        all.last?.version ?? 0
    }

    /// Brings the file up to the newest version: each missing step runs in its own `BEGIN IMMEDIATE`
    /// transaction together with its `user_version` bump, so a crash leaves a whole number of steps.
    /// An up-to-date file is left untouched (a second start is a no-op); two processes starting at once
    /// are safe because each step re-reads the version under the write lock.
    /// - Parameters:
    ///   - database: the open database.
    ///   - migrations: the steps; defaults to `all` (tests pass their own, or each step's text as it
    ///     shipped, to build the file an older program left).
    ///   - target: the version of the last step to apply; `nil` (the default) for every step. A file
    ///     already past it is left as it is.
    /// - Throws: `StoreError.schemaTooNew` when the file is newer than the newest step of `migrations`,
    ///   whatever `target` is (nothing is run); `StoreError.invalidMigrations` when versions are not
    ///   1, 2, 3, …; a step's error (that step is rolled back).
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
    /// - Parameters:
    ///   - path: the SQLite file, e.g. `covid-atlas.sqlite`.
    ///   - busyTimeout: milliseconds a statement waits for another connection's lock.
    /// - Returns: a ready connection in WAL mode.
    /// - Throws: `StoreError.cannotOpen`; `StoreError.schemaTooNew` for a file from a newer program;
    ///   a migration step's `StoreError.sqlite`.
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
