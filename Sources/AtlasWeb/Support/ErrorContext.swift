/// What an error page may show beside the message, carried in `HTTPError.context`: the search the
/// visitor had typed (kept in the page's search box) and, for a parameter with a value the page does
/// not know, the values it takes, each a link that keeps the rest of the visitor's query.
struct ErrorContext: Sendable, Equatable {
    /// A value a parameter takes, and the page it leads to with the rest of the query kept (`nil` for
    /// a form of value rather than a value, such as `YYYY-MM-DD..YYYY-MM-DD`).
    struct Choice: Sendable, Equatable {
        let value: String
        let href: String?
    }

    /// A query parameter whose value was not one of `choices`.
    struct InvalidParameter: Sendable, Equatable {
        /// The parameter's name, e.g. `sort`.
        let name: String
        let choices: [Choice]
    }

    /// The search text to show again; empty for none.
    var search = ""
    /// The parameter that was wrong, when that is what the error is about.
    var invalidParameter: InvalidParameter? = nil
}
