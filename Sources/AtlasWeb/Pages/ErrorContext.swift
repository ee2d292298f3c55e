import HTTPCore
import Routing

/// What an error page may show beside the message (`HTTPError.context`): the visitor's search (kept in
/// the search box), the values a wrong parameter takes (links keeping the rest of the query), and the
/// quoted value, set apart from the words around it.
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

    /// A message that quotes what the visitor sent, in its three parts: the page shows the value in
    /// a `<bdi>`, so neither a right-to-left value nor a direction control reorders the sentence.
    struct Quote: Sendable, Equatable {
        /// The words before the quoted value, e.g. `There is no continent called `.
        let before: String
        /// The value as shown (`String.shownInMessages`: direction and control characters visible).
        let value: String
        /// The words after it, e.g. `.`.
        let after: String

        /// The whole sentence, with the value in curly quotes: the `HTTPError` message.
        var sentence: String { before + "“" + value + "”" + after }
    }

    /// The search text to show again; empty for none.
    var search = ""
    /// The parameter that was wrong, when that is what the error is about.
    var invalidParameter: InvalidParameter? = nil
    /// The message in parts, when it quotes a value the visitor sent.
    var quote: Quote? = nil
    /// Whether the `HTTPError`'s message is in the language of the page asked for (from its catalog),
    /// so a page in a language other than English shows it rather than what its status means.
    var isInPageLanguage = false
    /// The message as a catalog key and its values, for an error made where the page's language is
    /// not known (a store error): every page states it in its own language.
    var catalogMessage: CatalogMessage? = nil

    /// A catalog key (`error.429.newVisitors`) and the values of its placeholders.
    struct CatalogMessage: Sendable, Equatable {
        let key: String
        let values: [String: String]
    }
}

extension HTTPError {
    /// An error in the page's language whose message, `words(key, values)`, quotes `raw` (a value the
    /// visitor sent) as its placeholder `{value}`: its parts around it set `context.quote`.
    static func quoting(
        _ status: StatusCode, _ words: PageWords, _ key: String, _ raw: String, _ values: [String: String] = [:],
        context: ErrorContext = ErrorContext()
    ) -> HTTPError {
        var context = context
        let parts = words.parts(key, around: "value", values)
        let quote = ErrorContext.Quote(before: parts.before, value: raw.shownInMessages, after: parts.after)
        context.quote = quote
        context.isInPageLanguage = true
        return HTTPError(status, quote.sentence, context: context)
    }

    /// An error whose message is `words(key, values)`: in the language of the page asked for, which its
    /// error page then shows as it is (`ErrorContext.isInPageLanguage`).
    static func inWords(
        _ status: StatusCode, _ words: PageWords, _ key: String, _ values: [String: String] = [:],
        context: ErrorContext = ErrorContext(), fields: Fields = Fields()
    ) -> HTTPError {
        var context = context
        context.isInPageLanguage = true
        return HTTPError(status, words(key, values), fields: fields, context: context)
    }
}

extension HTTPError {
    /// An error whose message quotes `raw`, a value the visitor sent, as shown (`shownInMessages`), between
    /// `before` and `after`; sets `context.quote`.
    static func quoting(
        _ status: StatusCode, _ before: String, _ raw: String, _ after: String, context: ErrorContext = ErrorContext()
    ) -> HTTPError {
        var context = context
        let quote = ErrorContext.Quote(before: before, value: raw.shownInMessages, after: after)
        context.quote = quote
        return HTTPError(status, quote.sentence, context: context)
    }
}
