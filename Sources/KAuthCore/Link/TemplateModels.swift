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
public enum TemplateType: String, Sendable, CaseIterable, Codable {
    case feed, list, location, commerce, text, calendar
}

/// Where a tap leads (§8.5 Link). Every member is optional; the domains of the URLs must be
/// registered for the app in the Kakao console.
public struct TemplateLink: Codable, Sendable, Equatable {
    public var webURL: String?
    public var mobileWebURL: String?
    /// `key1=value1&key2=value2`, appended to the app's custom URL scheme on Android.
    public var androidExecutionParams: String?
    /// The same on iOS.
    public var iosExecutionParams: String?

    public init(webURL: String? = nil, mobileWebURL: String? = nil, androidExecutionParams: String? = nil, iosExecutionParams: String? = nil) {
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
public struct TemplateButton: Codable, Sendable, Equatable {
    public var title: String
    public var link: TemplateLink

    public init(title: String, link: TemplateLink) {
        self.title = title
        self.link = link
    }
}

/// The main block of most templates: image, title, description and a link.
public struct TemplateContent: Codable, Sendable, Equatable {
    public var title: String?
    public var imageURL: String?
    public var imageWidth: Int?
    public var imageHeight: Int?
    public var description: String?
    public var link: TemplateLink

    public init(title: String? = nil, imageURL: String? = nil, imageWidth: Int? = nil, imageHeight: Int? = nil, description: String? = nil, link: TemplateLink) {
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
public struct TemplateItem: Codable, Sendable, Equatable {
    public var item: String
    public var itemOp: String

    public init(item: String, itemOp: String) {
        self.item = item
        self.itemOp = itemOp
    }

    enum CodingKeys: String, CodingKey {
        case item
        case itemOp = "item_op"
    }
}

/// The profile, title image and item list of a feed message.
public struct TemplateItemContent: Codable, Sendable, Equatable {
    public var profileText: String?
    public var profileImageURL: String?
    public var titleImageText: String?
    public var titleImageURL: String?
    public var titleImageCategory: String?
    /// At most five.
    public var items: [TemplateItem]?
    public var sum: String?
    public var sumOp: String?

    public init(
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
public struct TemplateSocial: Codable, Sendable, Equatable {
    public var likeCount: Int?
    public var commentCount: Int?
    public var sharedCount: Int?
    public var viewCount: Int?
    public var subscriberCount: Int?

    public init(likeCount: Int? = nil, commentCount: Int? = nil, sharedCount: Int? = nil, viewCount: Int? = nil, subscriberCount: Int? = nil) {
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
public struct TemplateCommerce: Codable, Sendable, Equatable {
    public var regularPrice: Int
    public var discountPrice: Int?
    /// Percent, 0–100.
    public var discountRate: Int?
    public var fixedDiscountPrice: Int?
    public var productName: String?
    public var currencyUnit: String?
    /// 0: the unit after the price, 1: before (Kakao's Korean documentation; the iOS English
    /// comment states it reversed).
    public var currencyUnitPosition: Int?

    public init(
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
public struct FeedTemplate: Codable, Sendable, Equatable {
    public var content: TemplateContent
    public var itemContent: TemplateItemContent?
    public var social: TemplateSocial?
    /// The label of the default button when `buttons` is not given.
    public var buttonTitle: String?
    public var buttons: [TemplateButton]?

    public init(content: TemplateContent, itemContent: TemplateItemContent? = nil, social: TemplateSocial? = nil, buttonTitle: String? = nil, buttons: [TemplateButton]? = nil) {
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
public struct ListTemplate: Codable, Sendable, Equatable {
    public var headerTitle: String
    public var headerLink: TemplateLink
    public var contents: [TemplateContent]
    public var buttonTitle: String?
    public var buttons: [TemplateButton]?

    public init(headerTitle: String, headerLink: TemplateLink, contents: [TemplateContent], buttonTitle: String? = nil, buttons: [TemplateButton]? = nil) {
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
public struct LocationTemplate: Codable, Sendable, Equatable {
    public var address: String
    public var addressTitle: String?
    public var content: TemplateContent
    public var social: TemplateSocial?
    public var buttonTitle: String?
    public var buttons: [TemplateButton]?

    public init(address: String, addressTitle: String? = nil, content: TemplateContent, social: TemplateSocial? = nil, buttonTitle: String? = nil, buttons: [TemplateButton]? = nil) {
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
public struct CommerceTemplate: Codable, Sendable, Equatable {
    public var content: TemplateContent
    public var commerce: TemplateCommerce
    public var buttonTitle: String?
    public var buttons: [TemplateButton]?

    public init(content: TemplateContent, commerce: TemplateCommerce, buttonTitle: String? = nil, buttons: [TemplateButton]? = nil) {
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
public struct TextTemplate: Codable, Sendable, Equatable {
    public var text: String
    public var link: TemplateLink
    public var buttonTitle: String?
    public var buttons: [TemplateButton]?

    public init(text: String, link: TemplateLink, buttonTitle: String? = nil, buttons: [TemplateButton]? = nil) {
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
public struct CalendarTemplate: Codable, Sendable, Equatable {
    public enum IDType: String, Codable, Sendable, CaseIterable {
        case event, calendar
    }

    public var id: String
    public var idType: IDType
    public var content: TemplateContent
    public var buttons: [TemplateButton]?

    public init(id: String, idType: IDType, content: TemplateContent, buttons: [TemplateButton]? = nil) {
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
public enum DefaultTemplate: Sendable, Equatable {
    case feed(FeedTemplate)
    case list(ListTemplate)
    case location(LocationTemplate)
    case commerce(CommerceTemplate)
    case text(TextTemplate)
    case calendar(CalendarTemplate)

    public var type: TemplateType {
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
    public var buttons: [TemplateButton] {
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
    public var json: JSONValue {
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
    public init(json: JSONValue) throws {
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
public struct TemplateDecodingError: Error, Sendable, Equatable {
    public var message: String
}
