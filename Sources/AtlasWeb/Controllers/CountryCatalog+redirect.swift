import AtlasCore
import HTTPCore

extension CountryCatalog.Resolution {
    /// Where an id that is not canonical redirects, and how: `301` for another spelling of the same
    /// entry (`KR`, `kor`, `s-korea`), `302` for words that match one entry today (`vatican`), since a
    /// later snapshot could make them ambiguous (RFC 9110 §15.4.2, §15.4.3). `nil` for `.found` and
    /// `.notFound`.
    var redirect: (canonicalID: String, status: StatusCode)? {
        switch self {
        case .moved(let id): return (id, .movedPermanently)
        case .matched(let id): return (id, .found)
        case .found, .notFound: return nil
        }
    }
}
