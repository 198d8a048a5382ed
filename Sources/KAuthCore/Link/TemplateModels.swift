#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The default message templates of Kakao Talk share and "send to me" (`spec/kakao-rest.md` §8.5,
// iOS `KakaoSDKTemplate/model/TemplateModels.swift`). Property names follow Swift; the coding keys
// are the snake_case wire names. `TemplateValidator` checks a JSON object against the same rules
// first, so that every problem is reported at once with its path, and then decodes these types.

/// The six default template types: the `object_type` of each.
package enum TemplateType: String, Sendable, CaseIterable, Codable {
    case feed, list, location, commerce, text, calendar
}

/// Where a tap leads (§8.5 Link). Every member is optional; the domains of the URLs must be
/// registered for the app in the Kakao console.
package struct TemplateLink: Codable, Sendable, Equatable {
    package var webURL: String?
    package var mobileWebURL: String?
    /// `key1=value1&key2=value2`, appended to the app's custom URL scheme on Android.
    package var androidExecutionParams: String?
    /// The same on iOS.
    package var iosExecutionParams: String?

    package init(webURL: String? = nil, mobileWebURL: String? = nil, androidExecutionParams: String? = nil, iosExecutionParams: String? = nil) {
        self.webURL = webURL
        self.mobileWebURL = mobileWebURL
        self.androidExecutionParams = androidExecutionParams
        self.iosExecutionParams = iosExecutionParams
    }

    enum CodingKeys: String, CodingKey {
        case webURL = "web_url"
        case mobileWebURL = "mobile_web_url"
        case androidExecutionParams = "android_execution_params"
        case iosExecutionParams = "ios_execution_params"
    }
}

/// A button under the message.
package struct TemplateButton: Codable, Sendable, Equatable {
    package var title: String
    package var link: TemplateLink

    package init(title: String, link: TemplateLink) {
        self.title = title
        self.link = link
    }
}

/// The main block of most templates: image, title, description and a link.
package struct TemplateContent: Codable, Sendable, Equatable {
    package var title: String?
    package var imageURL: String?
    package var imageWidth: Int?
    package var imageHeight: Int?
    package var description: String?
    package var link: TemplateLink

    package init(title: String? = nil, imageURL: String? = nil, imageWidth: Int? = nil, imageHeight: Int? = nil, description: String? = nil, link: TemplateLink) {
        self.title = title
        self.imageURL = imageURL
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
        self.description = description
        self.link = link
    }

    enum CodingKeys: String, CodingKey {
        case title, description, link
        case imageURL = "image_url"
        case imageWidth = "image_width"
        case imageHeight = "image_height"
    }
}

/// One line of an item list: a name and a value (a price, a date).
package struct TemplateItem: Codable, Sendable, Equatable {
    package var item: String
    package var itemOp: String

    package init(item: String, itemOp: String) {
        self.item = item
        self.itemOp = itemOp
    }

    enum CodingKeys: String, CodingKey {
        case item
        case itemOp = "item_op"
    }
}

/// The profile, title image and item list of a feed message.
package struct TemplateItemContent: Codable, Sendable, Equatable {
    package var profileText: String?
    package var profileImageURL: String?
    package var titleImageText: String?
    package var titleImageURL: String?
    package var titleImageCategory: String?
    /// At most five.
    package var items: [TemplateItem]?
    package var sum: String?
    package var sumOp: String?

    package init(
        profileText: String? = nil, profileImageURL: String? = nil, titleImageText: String? = nil, titleImageURL: String? = nil,
        titleImageCategory: String? = nil, items: [TemplateItem]? = nil, sum: String? = nil, sumOp: String? = nil
    ) {
        self.profileText = profileText
        self.profileImageURL = profileImageURL
        self.titleImageText = titleImageText
        self.titleImageURL = titleImageURL
        self.titleImageCategory = titleImageCategory
        self.items = items
        self.sum = sum
        self.sumOp = sumOp
    }

    enum CodingKeys: String, CodingKey {
        case items, sum
        case profileText = "profile_text"
        case profileImageURL = "profile_image_url"
        case titleImageText = "title_image_text"
        case titleImageURL = "title_image_url"
        case titleImageCategory = "title_image_category"
        case sumOp = "sum_op"
    }
}

/// Like, comment, share, view and subscriber counts.
package struct TemplateSocial: Codable, Sendable, Equatable {
    package var likeCount: Int?
    package var commentCount: Int?
    package var sharedCount: Int?
    package var viewCount: Int?
    package var subscriberCount: Int?

    package init(likeCount: Int? = nil, commentCount: Int? = nil, sharedCount: Int? = nil, viewCount: Int? = nil, subscriberCount: Int? = nil) {
        self.likeCount = likeCount
        self.commentCount = commentCount
        self.sharedCount = sharedCount
        self.viewCount = viewCount
        self.subscriberCount = subscriberCount
    }

    enum CodingKeys: String, CodingKey {
        case likeCount = "like_count"
        case commentCount = "comment_count"
        case sharedCount = "shared_count"
        case viewCount = "view_count"
        case subscriberCount = "subscriber_count"
    }
}

/// A product's price block.
package struct TemplateCommerce: Codable, Sendable, Equatable {
    package var regularPrice: Int
    package var discountPrice: Int?
    /// Percent, 0–100.
    package var discountRate: Int?
    package var fixedDiscountPrice: Int?
    package var productName: String?
    package var currencyUnit: String?
    /// 0: the unit after the price, 1: before (Kakao's Korean documentation; the iOS English
    /// comment states it reversed).
    package var currencyUnitPosition: Int?

    package init(
        regularPrice: Int, discountPrice: Int? = nil, discountRate: Int? = nil, fixedDiscountPrice: Int? = nil,
        productName: String? = nil, currencyUnit: String? = nil, currencyUnitPosition: Int? = nil
    ) {
        self.regularPrice = regularPrice
        self.discountPrice = discountPrice
        self.discountRate = discountRate
        self.fixedDiscountPrice = fixedDiscountPrice
        self.productName = productName
        self.currencyUnit = currencyUnit
        self.currencyUnitPosition = currencyUnitPosition
    }

    enum CodingKeys: String, CodingKey {
        case regularPrice = "regular_price"
        case discountPrice = "discount_price"
        case discountRate = "discount_rate"
        case fixedDiscountPrice = "fixed_discount_price"
        case productName = "product_name"
        case currencyUnit = "currency_unit"
        case currencyUnitPosition = "currency_unit_position"
    }
}

/// `feed`: one content block, optional item list and social counts, up to two buttons.
package struct FeedTemplate: Codable, Sendable, Equatable {
    package var content: TemplateContent
    package var itemContent: TemplateItemContent?
    package var social: TemplateSocial?
    /// The label of the default button when `buttons` is not given.
    package var buttonTitle: String?
    package var buttons: [TemplateButton]?

    package init(content: TemplateContent, itemContent: TemplateItemContent? = nil, social: TemplateSocial? = nil, buttonTitle: String? = nil, buttons: [TemplateButton]? = nil) {
        self.content = content
        self.itemContent = itemContent
        self.social = social
        self.buttonTitle = buttonTitle
        self.buttons = buttons
    }

    enum CodingKeys: String, CodingKey {
        case content, social, buttons
        case itemContent = "item_content"
        case buttonTitle = "button_title"
    }
}

/// `list`: a header and two or three content blocks.
package struct ListTemplate: Codable, Sendable, Equatable {
    package var headerTitle: String
    package var headerLink: TemplateLink
    package var contents: [TemplateContent]
    package var buttonTitle: String?
    package var buttons: [TemplateButton]?

    package init(headerTitle: String, headerLink: TemplateLink, contents: [TemplateContent], buttonTitle: String? = nil, buttons: [TemplateButton]? = nil) {
        self.headerTitle = headerTitle
        self.headerLink = headerLink
        self.contents = contents
        self.buttonTitle = buttonTitle
        self.buttons = buttons
    }

    enum CodingKeys: String, CodingKey {
        case contents, buttons
        case headerTitle = "header_title"
        case headerLink = "header_link"
        case buttonTitle = "button_title"
    }
}

/// `location`: an address with a map button Kakao adds, so at most one button of one's own.
package struct LocationTemplate: Codable, Sendable, Equatable {
    package var address: String
    package var addressTitle: String?
    package var content: TemplateContent
    package var social: TemplateSocial?
    package var buttonTitle: String?
    package var buttons: [TemplateButton]?

    package init(address: String, addressTitle: String? = nil, content: TemplateContent, social: TemplateSocial? = nil, buttonTitle: String? = nil, buttons: [TemplateButton]? = nil) {
        self.address = address
        self.addressTitle = addressTitle
        self.content = content
        self.social = social
        self.buttonTitle = buttonTitle
        self.buttons = buttons
    }

    enum CodingKeys: String, CodingKey {
        case address, content, social, buttons
        case addressTitle = "address_title"
        case buttonTitle = "button_title"
    }
}

/// `commerce`: a content block and a price.
package struct CommerceTemplate: Codable, Sendable, Equatable {
    package var content: TemplateContent
    package var commerce: TemplateCommerce
    package var buttonTitle: String?
    package var buttons: [TemplateButton]?

    package init(content: TemplateContent, commerce: TemplateCommerce, buttonTitle: String? = nil, buttons: [TemplateButton]? = nil) {
        self.content = content
        self.commerce = commerce
        self.buttonTitle = buttonTitle
        self.buttons = buttons
    }

    enum CodingKeys: String, CodingKey {
        case content, commerce, buttons
        case buttonTitle = "button_title"
    }
}

/// `text`: up to 200 characters and a link.
package struct TextTemplate: Codable, Sendable, Equatable {
    package var text: String
    package var link: TemplateLink
    package var buttonTitle: String?
    package var buttons: [TemplateButton]?

    package init(text: String, link: TemplateLink, buttonTitle: String? = nil, buttons: [TemplateButton]? = nil) {
        self.text = text
        self.link = link
        self.buttonTitle = buttonTitle
        self.buttons = buttons
    }

    enum CodingKeys: String, CodingKey {
        case text, link, buttons
        case buttonTitle = "button_title"
    }
}

/// `calendar`: an event or calendar of the app's linked Talk channel.
package struct CalendarTemplate: Codable, Sendable, Equatable {
    package enum IDType: String, Codable, Sendable, CaseIterable {
        case event, calendar
    }

    package var id: String
    package var idType: IDType
    package var content: TemplateContent
    package var buttons: [TemplateButton]?

    package init(id: String, idType: IDType, content: TemplateContent, buttons: [TemplateButton]? = nil) {
        self.id = id
        self.idType = idType
        self.content = content
        self.buttons = buttons
    }

    enum CodingKeys: String, CodingKey {
        case id, content, buttons
        case idType = "id_type"
    }
}

/// A default template of any type: what `template_object` carries.
package enum DefaultTemplate: Sendable, Equatable {
    case feed(FeedTemplate)
    case list(ListTemplate)
    case location(LocationTemplate)
    case commerce(CommerceTemplate)
    case text(TextTemplate)
    case calendar(CalendarTemplate)

    package var type: TemplateType {
        switch self {
        case .feed: return .feed
        case .list: return .list
        case .location: return .location
        case .commerce: return .commerce
        case .text: return .text
        case .calendar: return .calendar
        }
    }

    /// The buttons given (not counting the default button or Kakao's location button).
    package var buttons: [TemplateButton] {
        switch self {
        case .feed(let template): return template.buttons ?? []
        case .list(let template): return template.buttons ?? []
        case .location(let template): return template.buttons ?? []
        case .commerce(let template): return template.buttons ?? []
        case .text(let template): return template.buttons ?? []
        case .calendar(let template): return template.buttons ?? []
        }
    }

    /// The wire object, `object_type` included: the `template_object` parameter.
    package var json: JSONValue {
        func encoded<T: Encodable>(_ value: T) -> [String: JSONValue] {
            let encoder = JSONEncoder()
            guard let data = try? encoder.encode(value),
                  case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: data)
            else { return [:] }
            return members
        }
        var members: [String: JSONValue]
        switch self {
        case .feed(let template): members = encoded(template)
        case .list(let template): members = encoded(template)
        case .location(let template): members = encoded(template)
        case .commerce(let template): members = encoded(template)
        case .text(let template): members = encoded(template)
        case .calendar(let template): members = encoded(template)
        }
        members["object_type"] = .string(type.rawValue)
        return .object(members)
    }

    /// Decodes a wire object whose `object_type` names the type. Use `TemplateValidator.validate`
    /// for input from people: it reports every problem, this only the first.
    package init(json: JSONValue) throws {
        guard let name = json["object_type"]?.stringValue, let type = TemplateType(rawValue: name) else {
            throw TemplateDecodingError(message: "object_type must be one of \(TemplateType.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        let data = Data(json.jsonText().utf8)
        let decoder = JSONDecoder()
        do {
            switch type {
            case .feed: self = .feed(try decoder.decode(FeedTemplate.self, from: data))
            case .list: self = .list(try decoder.decode(ListTemplate.self, from: data))
            case .location: self = .location(try decoder.decode(LocationTemplate.self, from: data))
            case .commerce: self = .commerce(try decoder.decode(CommerceTemplate.self, from: data))
            case .text: self = .text(try decoder.decode(TextTemplate.self, from: data))
            case .calendar: self = .calendar(try decoder.decode(CalendarTemplate.self, from: data))
            }
        } catch {
            throw TemplateDecodingError(message: "\(error)")
        }
    }
}

/// A wire object that does not decode as the template its `object_type` names.
package struct TemplateDecodingError: Error, Sendable, Equatable {
    package var message: String
}
