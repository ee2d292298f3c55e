extension TemplateValue: ExpressibleByStringLiteral {
    /// Creates `.string(value)`.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension TemplateValue: ExpressibleByBooleanLiteral {
    /// Creates `.bool(value)`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension TemplateValue: ExpressibleByIntegerLiteral {
    /// Creates `.int(value)`.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension TemplateValue: ExpressibleByFloatLiteral {
    /// Creates `.double(value)`.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension TemplateValue: ExpressibleByNilLiteral {
    /// Creates `.null`.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension TemplateValue: ExpressibleByArrayLiteral {
    /// Creates `.array(elements)`.
    public init(arrayLiteral elements: TemplateValue...) {
        self = .array(elements)
    }
}

extension TemplateValue: ExpressibleByDictionaryLiteral {
    /// Creates `.object` from `key: value` pairs; when a key repeats, the last value wins.
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
