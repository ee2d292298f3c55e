/// Names the kind of a JSON value for error messages: "an object", "an array", "a string", "null", …
enum TopLevelKind {
    static func describe(_ decoder: any Decoder) -> String {
        if (try? decoder.container(keyedBy: LenientObject.MemberName.self)) != nil { return "an object" }
        if (try? decoder.unkeyedContainer()) != nil { return "an array" }
        guard let value = try? decoder.singleValueContainer() else { return "an unreadable value" }
        if value.decodeNil() { return "null" }
        if (try? value.decode(Bool.self)) != nil { return "a boolean" }
        if (try? value.decode(String.self)) != nil { return "a string" }
        if (try? value.decode(Double.self)) != nil { return "a number" }
        return "an unreadable value"
    }
}
