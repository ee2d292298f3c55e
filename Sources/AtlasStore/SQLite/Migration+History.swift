extension Migration {
    /// Version 4: `history`, one row per series and day: `series` is the entry's canonical id (`kr`) or
    /// `@world`; `day` counts days since 1970-01-01; `cases` and `deaths` are cumulative as published
    /// (they may fall on a correction); `recovered` is `NULL` on days it was not reported.
    public static let historyTable = Migration(
        version: 4, name: "history",
        sql: """
            CREATE TABLE history (
                series TEXT NOT NULL,
                day INTEGER NOT NULL,
                cases INTEGER NOT NULL,
                deaths INTEGER NOT NULL,
                recovered INTEGER,
                PRIMARY KEY (series, day)
            ) STRICT, WITHOUT ROWID;
            """)
}
