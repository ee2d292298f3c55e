import HTTPCore
import Routing

/// The chart's date form sends `from` and `to` (two date inputs; a GET form cannot join them into
/// one parameter); the page answers with its canonical address, where they are one `time`.
enum RangeForm {
    /// A `302` to `path` with `time=FROM..TO` (an empty side is `earliest` or `latest`) and the
    /// target's other chart parameters, when the target has `from` or `to`; otherwise `nil`. The
    /// values are not judged here: the page at the new address says what is wrong with them.
    static func redirect(_ target: RequestTarget, path: String) -> Response? {
        let from = target.queryValue("from")
        let to = target.queryValue("to")
        guard from != nil || to != nil else { return nil }
        let start = from.flatMap { $0.isEmpty ? nil : $0 } ?? "earliest"
        let end = to.flatMap { $0.isEmpty ? nil : $0 } ?? "latest"
        var pairs = ChartQuery.parameterNames.filter { $0 != "time" }.compactMap { name in
            target.queryValue(name).map { (name: name, value: $0) }
        }
        if start != "earliest" || end != "latest" { pairs.append(("time", start + ".." + end)) }
        let location = pairs.isEmpty ? path : path + "?" + FormURLEncoding.encode(pairs)
        return Response.redirect(to: location, status: .found)
    }
}
