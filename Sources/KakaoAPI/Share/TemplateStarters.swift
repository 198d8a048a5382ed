/// The starter templates of `kauth link template new TYPE`: the examples of Kakao's iOS share
/// guide, with comments that say what each member does and its limits. Every comment
/// has a line of its own, so dropping the lines that start with `//` leaves plain JSON, and
/// kauth reads them with the comments left in.
package enum TemplateStarters {
    package static func text(for type: TemplateType) -> String {
        switch type {
        case .feed: return feed
        case .list: return list
        case .location: return location
        case .commerce: return commerce
        case .text: return textTemplate
        case .calendar: return calendar
        }
    }

    /// The starter without its comment lines.
    package static func plain(for type: TemplateType) -> String {
        text(for: type).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingWhitespace().hasPrefix("//") }
            .joined(separator: "\n")
    }

    static let feed = """
        // A feed message: one image and text block, an optional item list and social counts.
        // Send it: kauth link default --template feed.json   (or: kauth talk memo --template feed.json)
        // URLs must be on a domain registered for the app (Kakao console > Platform > Web).
        {
          "object_type": "feed",
          // Required. The link is where a tap on the image or text goes.
          "content": {
            "title": "Strawberry Cheese Cake",
            "description": "#Cake #Strawberry #Sampyeong-dong #Cafe #Vibe #BlindDate",
            "image_url": "https://mud-kage.kakao.com/dn/Q2iNx/btqgeRgV54P/VLdBs9cvyn8BJXB3o7N8UK/kakaolink40_original.png",
            // Optional, in pixels.
            "image_width": 640,
            "image_height": 640,
            "link": {
              "web_url": "https://developers.kakao.com",
              "mobile_web_url": "https://developers.kakao.com"
            }
          },
          // Optional: a profile, a title image and at most 5 items with a sum.
          "item_content": {
            "profile_text": "Kakao",
            "profile_image_url": "https://mud-kage.kakao.com/dn/Q2iNx/btqgeRgV54P/VLdBs9cvyn8BJXB3o7N8UK/kakaolink40_original.png",
            "title_image_url": "https://mud-kage.kakao.com/dn/Q2iNx/btqgeRgV54P/VLdBs9cvyn8BJXB3o7N8UK/kakaolink40_original.png",
            "title_image_text": "Cheese cake",
            "title_image_category": "Cake",
            "items": [
              { "item": "Cake1", "item_op": "1000 won" },
              { "item": "Cake2", "item_op": "2000 won" },
              { "item": "Cake3", "item_op": "3000 won" },
              { "item": "Cake4", "item_op": "4000 won" },
              { "item": "Cake5", "item_op": "5000 won" }
            ],
            "sum": "Total",
            "sum_op": "15000 won"
          },
          // Optional counts, whole numbers.
          "social": {
            "like_count": 286,
            "comment_count": 45,
            "shared_count": 845
          },
          // At most 2 buttons; without any, one "View details" button (label: "button_title").
          "buttons": [
            {
              "title": "View on Web",
              "link": {
                "web_url": "https://developers.kakao.com",
                "mobile_web_url": "https://developers.kakao.com"
              }
            },
            {
              "title": "View on App",
              "link": {
                // Appended to the app's URL scheme: kakao{NATIVE_APP_KEY}://kakaolink?key1=value1&key2=value2
                "android_execution_params": "key1=value1&key2=value2",
                "ios_execution_params": "key1=value1&key2=value2"
              }
            }
          ]
        }

        """

    static let list = """
        // A list message: a header and 2 or 3 content blocks.
        // Send it: kauth link default --template list.json
        {
          "object_type": "list",
          // Required, at most 200 characters.
          "header_title": "WEEKLY MAGAZINE",
          // Required: where a tap on the header goes.
          "header_link": {
            "web_url": "https://developers.kakao.com",
            "mobile_web_url": "https://developers.kakao.com"
          },
          // Required: 2 or 3 of them, each with its own link.
          "contents": [
            {
              "title": "My hobby, Table tennis",
              "description": "Sports",
              "image_url": "https://mud-kage.kakao.com/dn/bDPMIb/btqgeoTRQvd/49BuF1gNo6UXkdbKecx600/kakaolink40_original.png",
              "link": {
                "web_url": "https://developers.kakao.com",
                "mobile_web_url": "https://developers.kakao.com"
              }
            },
            {
              "title": "Understanding coffee with cream",
              "description": "Food",
              "image_url": "https://mud-kage.kakao.com/dn/QPeNt/btqgeSfSsCR/0QJIRuWTtkg4cYc57n8H80/kakaolink40_original.png",
              "link": {
                "web_url": "https://developers.kakao.com",
                "mobile_web_url": "https://developers.kakao.com"
              }
            },
            {
              "title": "Emotional atmosphere",
              "description": "Photo",
              "image_url": "https://mud-kage.kakao.com/dn/c7MBX4/btqgeRgWhBy/ZMLnndJFAqyUAnqu4sQHS0/kakaolink40_original.png",
              "link": {
                "web_url": "https://developers.kakao.com",
                "mobile_web_url": "https://developers.kakao.com"
              }
            }
          ],
          // At most 2 buttons.
          "buttons": [
            {
              "title": "View on Web",
              "link": {
                "web_url": "https://developers.kakao.com",
                "mobile_web_url": "https://developers.kakao.com"
              }
            },
            {
              "title": "View on App",
              "link": {
                "android_execution_params": "key1=value1&key2=value2",
                "ios_execution_params": "key1=value1&key2=value2"
              }
            }
          ]
        }

        """

    static let location = """
        // A location message: a content block and an address; Kakao adds a map button.
        // Send it: kauth link default --template location.json
        {
          "object_type": "location",
          // Required: the address the map button shows.
          "address": "235, Pangyoyeok-ro, Bundang-gu, Seongnam-si, Gyeonggi-do",
          // Optional: a name for the place.
          "address_title": "Kakao Pangyo Office Cafe Talk",
          // Required.
          "content": {
            "title": "New menu release❤️ Cherry Blossom Latte",
            "description": "Cherry blossom latte 1+1 for this week",
            "image_url": "https://mud-kage.kakao.com/dn/bSbH9w/btqgegaEDfW/vD9KKV0hEintg6bZT4v4WK/kakaolink40_original.png",
            "link": {
              "web_url": "https://developers.kakao.com",
              "mobile_web_url": "https://developers.kakao.com"
            }
          },
          // Optional counts.
          "social": {
            "like_count": 286,
            "comment_count": 45,
            "shared_count": 845
          },
          // At most 1 button besides the map button.
          "buttons": [
            {
              "title": "View on Web",
              "link": {
                "web_url": "https://developers.kakao.com",
                "mobile_web_url": "https://developers.kakao.com"
              }
            }
          ]
        }

        """

    static let commerce = """
        // A commerce message: a product image and its price.
        // Send it: kauth link default --template commerce.json
        {
          "object_type": "commerce",
          // Required.
          "content": {
            "title": "Ivory long dress (4 Colors)",
            "image_url": "https://mud-kage.kakao.com/dn/RY8ZN/btqgOGzITp3/uCM1x2xu7GNfr7NS9QvEs0/kakaolink40_original.png",
            "link": {
              "web_url": "https://developers.kakao.com",
              "mobile_web_url": "https://developers.kakao.com"
            }
          },
          // Required: regular_price; prices are whole numbers, discount_rate a percentage (0-100).
          "commerce": {
            "product_name": "Ivory long dress",
            "regular_price": 208800,
            "discount_price": 146160,
            "discount_rate": 30,
            // Optional: the currency after (0) or before (1) the price.
            "currency_unit": "won",
            "currency_unit_position": 0
          },
          // At most 2 buttons.
          "buttons": [
            {
              "title": "Purchase",
              "link": {
                "web_url": "https://developers.kakao.com",
                "mobile_web_url": "https://developers.kakao.com"
              }
            },
            {
              "title": "Share",
              "link": {
                "android_execution_params": "key1=value1&key2=value2",
                "ios_execution_params": "key1=value1&key2=value2"
              }
            }
          ]
        }

        """

    static let textTemplate = """
        // A text message: up to 200 characters and a link.
        // Send it: kauth link default --template text.json   (or: kauth talk memo --template text.json)
        {
          "object_type": "text",
          // Required, at most 200 characters.
          "text": "The text template holds up to 200 characters, a default button and, if you like, one more button.",
          // Required: where the default button goes.
          "link": {
            "web_url": "https://developers.kakao.com",
            "mobile_web_url": "https://developers.kakao.com"
          },
          // Optional: the default button's label.
          "button_title": "Check it out"
        }

        """

    static let calendar = """
        // A calendar message: an event or a calendar of the Talk channel linked to the app.
        // Send it: kauth link default --template calendar.json
        {
          "object_type": "calendar",
          // Required: "event" or "calendar", and the ID from the Talk channel's calendar.
          "id_type": "event",
          "id": "replace-with-your-event-id",
          // Required.
          "content": {
            "title": "Kakao Developers meet-up",
            "description": "Talk calendar event shared from kauth",
            "image_url": "https://mud-kage.kakao.com/dn/Q2iNx/btqgeRgV54P/VLdBs9cvyn8BJXB3o7N8UK/kakaolink40_original.png",
            "link": {
              "web_url": "https://developers.kakao.com",
              "mobile_web_url": "https://developers.kakao.com"
            }
          },
          // At most 1 button besides Kakao's add-to-calendar button.
          "buttons": [
            {
              "title": "Event page",
              "link": {
                "web_url": "https://developers.kakao.com",
                "mobile_web_url": "https://developers.kakao.com"
              }
            }
          ]
        }

        """
}
