import HTTPCore

/// How every JSON body leaves the app: `application/json; charset=utf-8`, `nosniff`, readable from any
/// origin (the data is public; the autosave's answers need the CSRF token).
public enum JSONResponse {
    /// A response carrying `text` (JSON) with `status`.
    public static func make(_ text: String, status: StatusCode = .ok) -> Response {
        var response = Response(status: status, contentType: "application/json; charset=utf-8", text: text)
        response.fields[.xContentTypeOptions] = "nosniff"
        response.fields["Access-Control-Allow-Origin"] = "*"
        return response
    }

    /// A response with one JSON object written by `members` (`writer.field(…)` calls).
    public static func object(status: StatusCode = .ok, _ members: (inout JSONWriter) -> Void) -> Response {
        var writer = JSONWriter()
        writer.beginObject()
        members(&writer)
        writer.endObject()
        return make(writer.output, status: status)
    }
}
