extension Migration {
    /// Version 7: `vaccinations`, one row per Our World in Data location and reported day: `iso_code`
    /// is OWID's key (`KOR`, `OWID_WRL`), `day` counts days since 1970-01-01, `location` is OWID's
    /// name, and each figure column (named as OWID's header) holds the cell's published text, so the
    /// CSV twin gives back what OWID published, or `NULL` where the cell was empty (not reported).
    public static let vaccinations = Migration(
        version: 8, name: "vaccinations",
        sql: """
            CREATE TABLE vaccinations (
                iso_code TEXT NOT NULL,
                day INTEGER NOT NULL,
                location TEXT NOT NULL,
                total_vaccinations TEXT,
                people_vaccinated TEXT,
                people_fully_vaccinated TEXT,
                total_boosters TEXT,
                daily_vaccinations_raw TEXT,
                daily_vaccinations TEXT,
                total_vaccinations_per_hundred TEXT,
                people_vaccinated_per_hundred TEXT,
                people_fully_vaccinated_per_hundred TEXT,
                total_boosters_per_hundred TEXT,
                daily_vaccinations_per_million TEXT,
                PRIMARY KEY (iso_code, day)
            ) STRICT, WITHOUT ROWID;
            """)
}
