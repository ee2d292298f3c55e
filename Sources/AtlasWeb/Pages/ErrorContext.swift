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
    /// The message as a catalog key and its values: every page states it in its own language, and the
    /// JSON answer in English (the API's language), whichever address it was asked at.
    var catalogMessage: CatalogMessage? = nil

    /// A catalog key (`error.429.newVisitors`), the values of its placeholders, and the value the
    /// visitor sent that it quotes as its placeholder `{value}`, if any.
    struct CatalogMessage: Sendable, Equatable {
        let key: String
        let values: [String: String]
        /// The quoted value as shown (`String.shownInMessages`); `nil` for a message that quotes none.
        var quoted: String? = nil

        /// The message in `words`' language as one line of plain text, the value in curly quotes.
        func sentence(in words: PageWords) -> String {
            guard let quoted else { return words(key, values) }
            return words(key, values.merging(["value": "“" + quoted + "”"]) { _, new in new })
        }

        /// The message in `words`' language cut around its quoted value, for a page that sets the value
        /// apart (`<bdi>`); `nil` for a message that quotes none.
        func quote(in words: PageWords) -> Quote? {
            guard let quoted else { return nil }
            let parts = words.parts(key, around: "value", values)
            return Quote(before: parts.before, value: quoted, after: parts.after)
        }
    }
}

extension HTTPError {
    /// An error whose message is the catalog's `key` filled with `values`, in the language of the page
    /// that shows it and in English in JSON (`ErrorContext.catalogMessage`); `raw`, a value the visitor
    /// sent, fills `{value}`, set apart on the page.
    /// - Parameter words: the language of `message`, the text logs and tests read; without it the
    ///   message is `key` itself, as for an error raised where no language is known (a query parser).
    static func catalogued(
        _ status: StatusCode, _ key: String, _ values: [String: String] = [:], quoting raw: String? = nil,
        words: PageWords? = nil, context: ErrorContext = ErrorContext(), fields: Fields = Fields()
    ) -> HTTPError {
        var context = context
        let message = ErrorContext.CatalogMessage(key: key, values: values, quoted: raw?.shownInMessages)
        context.catalogMessage = message
        context.quote = nil
        return HTTPError(status, words.map { message.sentence(in: $0) } ?? key, fields: fields, context: context)
    }

    /// `catalogued` in `words`' language, quoting `raw` as `{value}`.
    static func quoting(
        _ status: StatusCode, _ words: PageWords, _ key: String, _ raw: String, _ values: [String: String] = [:],
        context: ErrorContext = ErrorContext()
    ) -> HTTPError {
        catalogued(status, key, values, quoting: raw, words: words, context: context)
    }

    /// `catalogued` in `words`' language.
    static func inWords(
        _ status: StatusCode, _ words: PageWords, _ key: String, _ values: [String: String] = [:],
        context: ErrorContext = ErrorContext(), fields: Fields = Fields()
    ) -> HTTPError {
        catalogued(status, key, values, words: words, context: context, fields: fields)
    }
}

extension HTTPError {
    /// A data address's error (JSON, CSV: the API's English, as disease.sh words them) whose message
    /// quotes `raw`, a value the visitor sent, as shown (`shownInMessages`), between `before` and
    /// `after`; sets `context.quote`. A page's errors are catalogued (`catalogued`) instead.
    static func quoting(
        _ status: StatusCode, _ before: String, _ raw: String, _ after: String, context: ErrorContext = ErrorContext()
    ) -> HTTPError {
        var context = context
        let quote = ErrorContext.Quote(before: before, value: raw.shownInMessages, after: after)
        context.quote = quote
        return HTTPError(status, quote.sentence, context: context)
    }
}
