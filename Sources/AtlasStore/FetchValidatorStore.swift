/// The `ETag` / `Last-Modified` values of the last successful fetch of one URL (RFC 9110 §8.8), as
/// received.
public struct FetchValidators: Sendable, Equatable {
    /// The `ETag` field value as received.
    public var entityTag: String?
    /// The `Last-Modified` field value as received.
    public var lastModified: String?
    /// When the fetch that received them was made, ms since the epoch (0 when unknown).
    public var fetchedAt: Int64

    /// Validators from field values.
    public init(entityTag: String?, lastModified: String?, fetchedAt: Int64 = 0) {
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.fetchedAt = fetchedAt
    }
}

/// Reads of the stored fetch validators by URL, written only through `DataTransaction` with the data
/// they validate.
public protocol FetchValidatorStore: Sendable {
    /// The stored validators of `url`; `nil` when none are stored.
    /// - Throws: `StoreError` when the store cannot be read.
    func validators(for url: String) throws -> FetchValidators?
}
