import KAuthBasics
import KAuthCore
import KakaoAPI

/// The examples of Kakao's iOS share guide, as JSON.
package enum ShareGuideTemplates {
    package static let link: JSONValue = .object([
        "web_url": .string("https://developers.kakao.com"), "mobile_web_url": .string("https://developers.kakao.com")
    ])
    static let appLink: JSONValue = .object([
        "android_execution_params": .string("key1=value1&key2=value2"),
        "ios_execution_params": .string("key1=value1&key2=value2")
    ])
    package static let buttons: JSONValue = .array([
        .object(["title": .string("View on Web"), "link": link]),
        .object(["title": .string("View on App"), "link": appLink])
    ])
    package static func content(_ title: String) -> JSONValue {
        .object([
            "title": .string(title), "description": .string("about \(title)"),
            "image_url": .string("https://mud-kage.kakao.com/dn/x/kakaolink40_original.png"), "link": link
        ])
    }
    package static let social: JSONValue = .object([
        "comment_count": .number(45), "like_count": .number(286), "shared_count": .number(845)
    ])

    package static let feed: JSONValue = .object([
        "object_type": .string("feed"),
        "content": content("Strawberry Cheese Cake"),
        "item_content": .object([
            "profile_text": .string("Kakao"),
            "title_image_text": .string("Cheese cake"),
            "title_image_category": .string("cake"),
            "items": .array(
                (1...5).map { .object(["item": .string("cake\($0)"), "item_op": .string("\($0)000 won")]) }),
            "sum": .string("total"),
            "sum_op": .string("15000 won")
        ]),
        "social": social,
        "buttons": buttons
    ])
    package static let list: JSONValue = .object([
        "object_type": .string("list"),
        "header_title": .string("WEEKLY MAGAZINE"),
        "header_link": link,
        "contents": .array([
            content("My hobby, Table tennis"), content("Understanding coffee with cream"),
            content("Emotional atmosphere")
        ]),
        "buttons": buttons
    ])
    package static let location: JSONValue = .object([
        "object_type": .string("location"),
        "address_title": .string("Kakao Pangyo Office Cafe Talk"),
        "address": .string("235, Pangyoyeok-ro, Bundang-gu, Seongnam-si, Gyeonggi-do"),
        "content": content("New menu release❤️ Cherry Blossom Latte"),
        "social": social
    ])
    package static let commerce: JSONValue = .object([
        "object_type": .string("commerce"),
        "commerce": .object([
            "product_name": .string("Ivory long dress"), "regular_price": .number(208800),
            "discount_price": .number(146160), "discount_rate": .number(30)
        ]),
        "content": content("Ivory long dress (4 Colors)"),
        "buttons": .array([
            .object(["title": .string("Purchase"), "link": link]), .object(["title": .string("Share"), "link": appLink])
        ])
    ])
    package static let text: JSONValue = .object([
        "object_type": .string("text"),
        "text": .string("Text up to 200 characters."),
        "link": link,
        "button_title": .string("Check it out")
    ])
    package static let calendar: JSONValue = .object([
        "object_type": .string("calendar"),
        "id_type": .string("event"),
        "id": .string("event-1"),
        "content": content("Meet-up"),
        "buttons": .array([.object(["title": .string("Event page"), "link": link])])
    ])

    package static func of(_ type: TemplateType) -> JSONValue {
        switch type {
        case .feed: return feed
        case .list: return list
        case .location: return location
        case .commerce: return commerce
        case .text: return text
        case .calendar: return calendar
        }
    }
}

extension JSONValue {
    /// The value with `path` (dotted, indexes as numbers) set to `value`; nil removes it.
    package func setting(_ path: String, _ value: JSONValue?) -> JSONValue {
        let parts = path.split(separator: ".").map(String.init)
        func set(_ current: JSONValue, _ rest: ArraySlice<String>) -> JSONValue {
            guard let head = rest.first else { return value ?? .null }
            switch current {
            case .array(var items):
                let index = Int(head)!
                if rest.count == 1, value == nil {
                    items.remove(at: index)
                } else if index == items.count {
                    items.append(set(.object([:]), rest.dropFirst()))
                } else {
                    items[index] = set(items[index], rest.dropFirst())
                }
                return .array(items)
            case .object(var members):
                if rest.count == 1 {
                    members[head] = value
                } else {
                    members[head] = set(members[head] ?? .object([:]), rest.dropFirst())
                }
                return .object(members)
            default:
                return current
            }
        }
        return set(self, parts[...])
    }
}
