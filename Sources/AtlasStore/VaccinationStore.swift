import AtlasCore

/// Reads of the stored Our World in Data vaccinations, written only through `DataStore.update(_:)`.
public protocol VaccinationStore: Sendable {
    /// Every stored location and day, as one `Vaccinations` (about 60,000 rows, a few MB: read once per
    /// data version).
    /// - Returns: `nil` when none was ever stored.
    /// - Throws: `StoreError` when the store cannot be read.
    func vaccinations() throws -> Vaccinations?
}

/// The vaccination table's figure columns, named as OWID's headers, in `VaccinationFigure.allCases`
/// order (the schema steps spell them out literally; this list must match them).
enum VaccinationColumns {
    static let figures = VaccinationFigure.allCases.map(\.rawValue)
    /// Every column of a row, key first.
    static let all = ["iso_code", "day", "location"] + figures
}
