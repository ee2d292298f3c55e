import HTTPCore

/// A CSV download (RFC 4180 `text/csv`): a header line, then one line per row, fields joined by commas;
/// shared by every cache and saved under `filename` rather than shown.
public enum CSVResponse {
    /// The cacheable page of the header and rows.
    /// - Parameters:
    ///   - rows: none may hold a comma, a quote or a line break (the app's fields are dates and numbers).
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
