import KAuthBasics
import KAuthCore
import KakaoAPI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `kauth shipping [list]`: the user's shipping addresses, one page or all of them. Choosing,
/// adding and editing one on Kakao's pages are `ShippingPickerCommand`.
enum ShippingCommand {
    static let spec = CommandSpec(
        name: "shipping",
        summary: ShippingHelpWords.summary,
        discussion: ShippingHelpWords.discussion,
        options: Options.self,
        examples: [
            ("kauth shipping", .none), ("kauth shipping --all --json", .none), ("kauth shipping --id 1234", .none),
            ("kauth shipping select", ShippingHelpWords.exampleChooseOneInKakaosPicker)
        ],
        subcommands: [
            CommandSpec(
                name: "list", summary: ShippingHelpWords.listSummary,
                options: Options.self,
                examples: [("kauth shipping list --page-size 20", .none)], run: run),
            ShippingPickerCommand.selectSpec,
            ShippingPickerCommand.newSpec,
            ShippingPickerCommand.editSpec
        ],
        run: run
    )

    static func run(_ context: CommandContext, _ options: Options) async throws -> Int32 {
        let pageSize = options.pageSize
        var addressID: Int64?
        if let text = options.id {
            guard let id = Int64(text) else {
                throw CommandError.usage(UserDataErrorWords.addressID(given: text).localized)
            }
            addressID = id
        }
        if addressID != nil && (options.all || pageSize != nil) {
            throw CommandError.usage(UserDataErrorWords.addressIDAlone.localized)
        }
        let client = try context.apiClient(requiring: .shippingAddresses)
        if options.all {
            let all = try await ShippingAddressPages.all(pageSize: pageSize ?? 10) { try await client.send($0) }
            if context.json {
                // Every page joined into the shape of one: the provider's address objects as sent.
                let joined = JSONValue.object([
                    "user_id": all.userID.map { .number(Double($0)) } ?? .null,
                    "shipping_addresses": .array(all.objects)
                ])
                context.printResponse(joined, from: client)
            } else {
                context.out(table(all.addresses, in: context.language))
            }
            return 0
        }
        let result = try await client.send(ShippingAddressesRequest(addressID: addressID, pageSize: pageSize))
        if context.json {
            context.printResponse(result.body, from: client)
            return 0
        }
        let addresses = result.value.addresses ?? []
        context.out(table(addresses, in: context.language))
        if addressID == nil,
            result.value.hasMore == true || (result.value.hasMore == nil && addresses.count == (pageSize ?? 10))
        {
            context.err(context.words(ProductWords.moreAddresses))
        }
        return 0
    }

    /// One row per address (Kakao's are Korean), padded by display width.
    static func table(_ addresses: [ShippingAddress], in language: Language) -> String {
        TextTable.render(
            [.id, .name, .isDefault, .receiver, .zone, .address],
            addresses.map { address in
                [
                    String(address.id), (address.name ?? "").visible,
                    address.isDefault == true ? TableWords.yes.text(language) : "",
                    (address.receiverName ?? "").visible, (address.zoneNumber ?? address.zipCode ?? "").visible,
                    [address.baseAddress, address.detailAddress].compactMap { $0 }.joined(separator: " ").visible
                ]
            }, in: language
        )
    }
}

extension ShippingCommand {
    struct Options: CommandOptions {
        var id: String?
        var pageSize: Int?
        var all = false

        static let flags: [OptionFlag<Self>] = [
            .json,
            .option(\.id, "id", "N", ShippingHelpWords.idFlag),
            .integer(
                \.pageSize, "page-size", "N",
                ShippingHelpWords.pageSizeFlag,
                range: 2...1000),
            .toggle(\.all, "all", FlagHelpWords.allPagesFlag)
        ]
    }
}
