import KAuthCore
import KakaoAPI

/// `kauth shipping select|new|edit ID`: Kakao's own shipping-address pages in the browser — choose
/// an address, add one, or edit one — and the address they come back with, as `kauth shipping`
/// shows it.
enum ShippingPickerCommand {
    static let discussion = ShippingPickerHelpWords.discussion

    /// `new` and `edit` are not offered to every app.
    static let editingDiscussion =
        discussion
        + ShippingPickerHelpWords.editingDiscussionAddition

    static let selectSpec = CommandSpec(
        name: "select",
        summary: ShippingPickerHelpWords.summary,
        discussion: discussion,
        options: Options.self,
        examples: [
            ("kauth shipping select", .none), ("kauth shipping select --json | jq .address_id", .none),
            ("kauth shipping select --no-browser", ShippingPickerHelpWords.exampleOverSSHPasteTheAddressBack)
        ],
        run: { context, options in try await run(context, options, .select) }
    )

    static let newSpec = CommandSpec(
        name: "new",
        summary: ShippingPickerHelpWords.newSummary,
        discussion: editingDiscussion,
        options: Options.self,
        examples: [("kauth shipping new", .none)],
        run: { context, options in try await run(context, options, .create) }
    )

    static let editSpec = CommandSpec(
        name: "edit",
        summary: ShippingPickerHelpWords.editSummary,
        discussion: editingDiscussion,
        options: Options.self,
        arguments: [
            ArgumentSpec(
                name: "ID",
                help: ShippingPickerHelpWords.editIDArgument,
                minimum: 1, maximum: 1)
        ],
        examples: [("kauth shipping edit 1234", .none)],
        run: { context, options in try await run(context, options, .edit(addressID: try addressID(context))) }
    )

    /// The `ID` of `edit`, a positive whole number.
    static func addressID(_ context: CommandContext) throws -> Int64 {
        let text = context.command.arguments.first ?? ""
        guard text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let id = Int64(text), id > 0 else {
            throw CommandError.usage(UserDataErrorWords.pickerAddressID(given: text).localized)
        }
        return id
    }

    static func run(_ context: CommandContext, _ options: Options, _ operation: AddressPickerOperation)
        async throws -> Int32
    {
        let timeout = options.timeout ?? 300
        let portFlag = options.port
        let client = try context.apiClient(requiring: .shippingAddresses)
        let port = portFlag ?? client.provider.redirectPort ?? 0
        let progress = LoginProgress(context: context, activity: .addressPicker)
        defer { progress.finish() }
        let result = try await AddressPicker(
            world: context.world, client: client, version: context.version, pages: AddressPickerPage.listenerPages
        )
        .run(
            operation, timeout: .seconds(timeout), port: port, openBrowser: !options.noBrowser,
            events: progress.pickerEvents)
        progress.finish()
        if context.json {
            // The address as Kakao sent it, under `response`, like every provider answer.
            context.printResponse(
                result.object, from: client,
                [
                    "operation": .string(result.operation.name),
                    "address_id": .number(Double(result.addressID))
                ])
        } else {
            context.out(ShippingCommand.table([result.address], in: context.language))
        }
        return 0
    }
}

extension ShippingPickerCommand {
    struct Options: CommandOptions {
        var timeout: Int?
        var port: UInt16?
        var noBrowser = false

        static let flags: [OptionFlag<Self>] = [
            .json,
            .integer(
                \.timeout, "timeout", "SECONDS",
                ShippingPickerHelpWords.timeoutFlag,
                range: 1...86_400),
            .port(\.port, SharedFlags.pickerPort),
            .toggle(\.noBrowser, "no-browser", ShippingPickerHelpWords.noBrowserFlag)
        ]
    }
}
