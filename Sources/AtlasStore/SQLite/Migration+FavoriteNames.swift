extension Migration {
    /// Version 6: `favorites.name`, the disease.sh name when starred (`S. Korea`), so a star whose
    /// country leaves the data still says what it was. `NULL` for older stars.
    public static let favoriteNames = Migration(
        version: 6, name: "favourite names",
        sql: "ALTER TABLE favorites ADD COLUMN name TEXT")
}
