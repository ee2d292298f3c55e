extension Language {
    /// A request target in origin form (`/ko/countries?q=kr`, RFC 9112 §3.2.1) split into the language its
    /// path names and the target the English page has: `("/ko/countries?q=kr")` → `(.ko, "/countries?q=kr")`.
    ///
    /// The prefix is a whole first segment: `/ko`, `/ko/` and `/ko?x` are the Korean front page (`/`,
    /// `/?x`), while `/korea` and `/kor/x` are English addresses. The query is kept byte for byte. The
    /// target is compared as sent, before percent-decoding: `/%6Bo/` is no prefix, as no link writes it.
    /// - Returns: the language and the target without its prefix; `(.en, target)` when there is none.
    public static func split(_ target: String) -> (language: Language, target: String) {
        let pathEnd = target.firstIndex(of: "?") ?? target.endIndex
        let path = target[..<pathEnd]
        let query = target[pathEnd...]
        for language in allCases where language != .default {
            let prefix = language.pathPrefix
            guard path.hasPrefix(prefix) else { continue }
            let rest = path.dropFirst(prefix.count)
            if rest.isEmpty { return (language, "/" + query) }
            if rest.hasPrefix("/") { return (language, String(rest) + query) }
        }
        return (.default, target)
    }

    /// The address of the page at English `target` in this language, query kept:
    /// `Language.ko.target(forEnglish: "/countries?q=kr")` → `"/ko/countries?q=kr"`, `"/"` → `"/ko/"`;
    /// English returns `target` unchanged.
    /// - Parameter target: an origin-form target of an English page, starting with `/`.
    public func target(forEnglish target: String) -> String {
        self == .default ? target : pathPrefix + target
    }

    /// The same page in every language, for `<link rel="alternate" hreflang="…">` and the language
    /// switch: one `(hreflang, target)` per language in `allCases` order, then `("x-default", English)`.
    /// - Parameter target: the page's address in any language (`/ko/compare?countries=kr,jp`).
    public static func alternates(of target: String) -> [(hreflang: String, target: String)] {
        let english = split(target).target
        return allCases.map { ($0.tag, $0.target(forEnglish: english)) } + [("x-default", english)]
    }
}
