import KAuthBasics
import KAuthCore

/// The six default template types of Kakao Talk share and "send to me": the `object_type` of each.
package enum TemplateType: String, Sendable, CaseIterable, Codable {
    case feed, list, location, commerce, text, calendar
}

/// A default template that `TemplateValidator` accepted: its type and the wire object
/// (`template_object`) exactly as given. The validator's rules are the one description of the
/// templates' shape; nothing here repeats them.
package struct DefaultTemplate: Sendable, Equatable {
    package let type: TemplateType
    /// The wire object, `object_type` included.
    package let json: JSONValue

    /// Only `TemplateValidator.validate` makes these, after every rule passed.
    init(type: TemplateType, json: JSONValue) {
        self.type = type
        self.json = json
    }

    /// The buttons given (not counting the default button or Kakao's location button).
    package var buttons: [JSONValue] {
        if case .array(let items)? = json["buttons"] { return items }
        return []
    }
}
