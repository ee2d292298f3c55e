import AtlasCore
import HTTPCore
import Routing

/// JSON twins of the pages in the disease.sh shape (`/api/all`, `/api/countries`, `/api/countries/{id}`),
/// and `/healthz` for load balancers.
struct APIController: Sendable {
    let cache: SnapshotCache
    let pages: PageCache
    let configuration: AtlasConfiguration

    /// `GET /api/all`: disease.sh `/v3/covid-19/all`.
    func all(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let current = cache.current()
        return cached(request, key: "/api/all", current) { writer in writer.totals(current.catalog.totals) }
    }

    /// `GET /api/countries?q=&continent=&sort=`: disease.sh `/v3/covid-19/countries`, filtered like the page.
    func countries(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let query = try QueryParameters.countryQuery(request.target)
        let current = cache.current()
        return cached(request, key: "/api" + Links.countryList(query), current) { writer in
            writer.beginArray()
            for entry in query.apply(to: current.catalog) { writer.country(entry.country) }
            writer.endArray()
        }
    }

    /// `GET /api/countries/{id}`: one country; other spellings `301` to the canonical id.
    func country(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let current = cache.current()
        switch current.catalog.resolve(parameters["id"]) {
        case .found(let entry):
            return cached(request, key: "/api" + Links.country(entry.id), current) { writer in
                writer.country(entry.country)
            }
        case .moved(let canonicalID):
            return Response.redirect(to: "/api" + Links.country(canonicalID), status: .movedPermanently)
        case .matched(let canonicalID):
            return Response.redirect(to: "/api" + Links.country(canonicalID), status: .found)
        case .notFound:
            throw HTTPError(.notFound, "Country not found or doesn't have any cases")
        }
    }

    /// `GET /healthz`: `{"status":"ok","updated":ms,"dataAgeSeconds":s,"stale":bool,"countries":n,"snapshotVersion":v}`.
    func health(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let current = cache.current()
        let freshness = Freshness(
            updated: current.catalog.dataUpdated, now: configuration.now(),
            staleAfterSeconds: configuration.staleAfterSeconds)
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("status", "ok")
        writer.field("updated", current.catalog.dataUpdated)
        writer.field("dataAgeSeconds", freshness.isFromTheFuture ? nil : freshness.ageSeconds)
        writer.field("stale", freshness.isStale)
        writer.field("countries", Int64(current.catalog.entries.count))
        writer.field("snapshotVersion", current.version)
        writer.endObject()
        var response = APIController.json(writer.output)
        response.fields[.cacheControl] = "no-store"
        return response
    }

    /// A JSON body that depends only on the data version, from the page cache.
    private func cached(
        _ request: Request, key: String, _ current: SnapshotCache.Current, write: (inout JSONWriter) -> Void
    ) -> Response {
        pages.response(
            for: request, key: key, version: current.version, loadedAt: current.loadedAt, freshness: { nil }
        ) {
            var writer = JSONWriter()
            write(&writer)
            let response = APIController.json(writer.output)
            return CacheablePage(
                status: response.status, fields: response.fields, content: SplicedContent(response.body))
        }
    }

    /// An error as disease.sh words them: `{"message": "..."}`.
    static func errorBody(_ error: HTTPError) -> Response {
        var writer = JSONWriter()
        writer.beginObject()
        writer.field("message", error.message)
        if let allowed = error.details["allowed"] { writer.field("allowed", allowed) }
        writer.endObject()
        return json(writer.output, status: error.status)
    }

    static func json(_ text: String, status: StatusCode = .ok) -> Response {
        var response = Response(status: status, contentType: "application/json; charset=utf-8", text: text)
        response.fields[.xContentTypeOptions] = "nosniff"
        response.fields["Access-Control-Allow-Origin"] = "*"
        return response
    }
}
