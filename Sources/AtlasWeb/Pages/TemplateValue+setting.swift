import Mustache

extension TemplateValue {
    /// Sets `key` of an object value (a view model's context) to `value`; other values are left alone.
    mutating func set(_ key: String, _ value: TemplateValue) {
        guard case .object(var fields) = self else { return }
        fields[key] = value
        self = .object(fields)
    }
}
