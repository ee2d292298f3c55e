extension Migration {
    /// Version 7: `history_rows`, the JHU rows each stored series sums, in JHU's order (`position` from
    /// 0): `series` as in `history`; `country` and `province` as disease.sh names the row (`province`
    /// `NULL` for a country's own row); `recovered_last_day` the last day the row reported recoveries,
    /// days since 1970-01-01, `NULL` when it never did. Written with `history`, in its transaction. A
    /// series stored before this step has no rows until the next import or refresh stores it again.
    public static let historyRows = Migration(
        version: 7, name: "history rows",
        sql: """
            CREATE TABLE history_rows (
                series TEXT NOT NULL,
                position INTEGER NOT NULL,
                country TEXT NOT NULL,
                province TEXT,
                recovered_last_day INTEGER,
                PRIMARY KEY (series, position)
            ) STRICT, WITHOUT ROWID;
            """)
}
