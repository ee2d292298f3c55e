import AtlasCore
import HTTPCore
import Routing

/// JSON twins of the pages in the disease.sh shape (`/api/all`, `/api/countries`, `/api/countries/{id}`),
/// and `/healthz` for load balancers.
struct APIController: Sendable {
    let site: SiteContext

    /// `GET /api/all`: disease.sh `/v3/covid-19/all`.
    func all(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let current = site.snapshots.current()
        return site.cachedJSON(request, key: "/api/all", current) { writer in writer.totals(current.catalog.totals) }
    }

    /// `GET /api/countries?q=&continent=&sort=`: disease.sh `/v3/covid-19/countries`, filtered like the page.
    func countries(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let query = try QueryParameters.countryQuery(request.target)
        let current = site.snapshots.current()
        return site.cachedJSON(request, key: "/api" + Links.countryList(query), current) { writer in
            writer.beginArray()
            for entry in query.apply(to: current.catalog) { writer.country(entry.country) }
            writer.endArray()
        }
    }

    /// `GET /api/countries/{id}`: one country; other spellings `301` to the canonical id, words `302`.
    func country(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let current = site.snapshots.current()
        let resolution = current.catalog.resolve(parameters["id"])
        switch resolution {
        case .found(let entry):
            return site.cachedJSON(request, key: "/api" + Links.country(entry.id), current) { writer in
                writer.country(entry.country)
            }
        case .moved, .matched:
            let (canonicalID, status) = resolution.redirect!
            return Response.redirect(to: "/api" + Links.country(canonicalID), status: status)
        case .notFound:
            throw HTTPError(.notFound, Self.countryNotFoundMessage)
        }
    }

    /// disease.sh's message for an id it does not know (`GET /v3/covid-19/countries/zz`: 404).
    static let countryNotFoundMessage = "Country not found or doesn't have any cases"

    /// `GET /healthz`, for load balancers and people: `{"status":"ok"|"degraded","updated":ms,
    /// "dataAgeSeconds":s,"stale":bool,"countries":n,"snapshotVersion":v,"database":{"state":"up"|"down",
    /// "checkedAt":ms,"downSince":ms,"error":"…"}}`. Always `200` while the process serves: with the
    /// database down it still serves every page it has in memory ("degraded"). Never touches the
    /// database: its state is the last check's (`DataWatcher`, every `reloadCheckInterval`).
    func health(_ request: Request, _ parameters: RouteParameters) throws -> Response {
        let current = site.snapshots.current()
        let freshness = site.freshness(current)
        let database = site.health.current
        var response = JSONResponse.object { writer in
            writer.field("status", database.isUp ? "ok" : "degraded")
            writer.field("updated", current.catalog.dataUpdated)
            writer.field("dataAgeSeconds", freshness.isFromTheFuture ? nil : freshness.ageSeconds)
            writer.field("stale", freshness.isStale)
            writer.field("countries", Int64(current.catalog.entries.count))
            writer.field("snapshotVersion", current.version)
            writer.key("database")
            writer.beginObject()
            writer.field("state", database.isUp ? "up" : "down")
            writer.field("checkedAt", database.checkedAt)
            if let downSince = database.downSince { writer.field("downSince", downSince) }
            if let reason = database.reason { writer.field("error", reason) }
            writer.endObject()
        }
        CachePolicy.noStore.apply(to: &response)
        return response
    }
}
