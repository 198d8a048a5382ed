import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the share and talk endpoints remember for tests to read back through `/_sandbox/`:
/// visits to the sharer page, "send to me" messages, messages to friends, and uploaded images.
/// Kept in memory only (not in the state file), newest last, at most `capacity` of each.
struct SandboxShareRecords: Sendable {
    var sharerVisits: [JSONValue] = []
    var memos: [JSONValue] = []
    /// Messages sent to friends (`/v1/api/talk/friends/message/…`).
    var friendMessages: [JSONValue] = []
    /// Uploaded images by the URL the upload answered, so that scraping that URL answers the
    /// same image.
    var images: [String: SandboxImage] = [:]
    var imageOrder: [String] = []

    static let capacity = 1000

    mutating func addVisit(_ visit: JSONValue) {
        sharerVisits.append(visit)
        if sharerVisits.count > Self.capacity { sharerVisits.removeFirst() }
    }

    mutating func addMemo(_ memo: JSONValue) {
        memos.append(memo)
        if memos.count > Self.capacity { memos.removeFirst() }
    }

    mutating func addFriendMessage(_ message: JSONValue) {
        friendMessages.append(message)
        if friendMessages.count > Self.capacity { friendMessages.removeFirst() }
    }

    mutating func addImage(_ image: SandboxImage) {
        images[image.url] = image
        imageOrder.append(image.url)
        if imageOrder.count > Self.capacity { images[imageOrder.removeFirst()] = nil }
    }
}

/// An image as ImageUploadResult describes it.
struct SandboxImage: Sendable, Equatable {
    var url: String
    var contentType: String
    var length: Int
    var width: Int
    var height: Int

    var response: OrderedJSON {
        .object([
            (
                "infos",
                .object([
                    (
                        "original",
                        .object([
                            ("url", .string(url)),
                            ("content_type", .string(contentType)),
                            ("length", .int(length)),
                            ("width", .int(width)),
                            ("height", .int(height))
                        ])
                    )
                ])
            )
        ])
    }
}
