extension Migration {
    /// Version 6: the name a starred country had when it was starred (`favorites.name`, the disease.sh
    /// name, e.g. `S. Korea`), so a star whose country later leaves the data still says what it was.
    /// `NULL` for stars from before this step.
    public static let favoriteNames = Migration(
        version: 6, name: "favourite names",
        sql: "ALTER TABLE favorites ADD COLUMN name TEXT")
}
