import HTTPCore

/// A CSV download (RFC 4180's `text/csv`), the one way the app sends one: a header line, one line per
/// row, fields joined by commas; shared by every cache (`CachePolicy.shared`) and saved under
/// `filename` rather than shown.
public enum CSVResponse {
    /// The cacheable page of `lines`.
    /// - Parameters:
    ///   - header: the field names of the first line.
    ///   - rows: the fields of each further line; none may hold a comma, a quote or a line break (the
    ///     app's fields are dates and numbers).
    ///   - filename: the name the browser saves it under, without quotes or slashes.
    public static func page(header: [String], rows: [[String]], filename: String) -> CacheablePage {
        var text = header.joined(separator: ",") + "\n"
        for row in rows { text += row.joined(separator: ",") + "\n" }
        var fields = Fields()
        fields[.contentType] = "text/csv; charset=utf-8"
        fields["Content-Disposition"] = "attachment; filename=\"\(filename)\""
        fields[.xContentTypeOptions] = "nosniff"
        CachePolicy.shared.apply(to: &fields)
        return CacheablePage(status: .ok, fields: fields, content: SplicedContent(Array(text.utf8)))
    }
}
