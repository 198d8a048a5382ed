import KAuthCore
import KakaoAPI

/// `kauth shipping select|new|edit ID`: Kakao's own shipping-address pages in the browser — choose
/// an address, add one, or edit one — and the address they come back with, as `kauth shipping`
/// shows it.
enum ShippingPickerCommand {
    static let discussion =
        "Opens Kakao's page in the browser (BROWSER, else xdg-open or open) through a single-use link to a listener on 127.0.0.1, and waits for Kakao to send the browser back there. Needs the shipping_address consent (exit 4 until it is given: `kauth scopes request shipping_address`). When no browser can be opened, or with --no-browser, open the printed URL on any machine and paste back the address the browser was sent back to. Closing the page ends the wait only at --timeout (exit 6); an error from the page (KAE…) exits 1. Whether Kakao accepts a return URL on 127.0.0.1 is unconfirmed: if the page never comes back, see the message for the console setting to try."

    /// `new` and `edit` are not offered to every app.
    static let editingDiscussion =
        discussion + " Adding and editing addresses are offered to Kakao's own and affiliated apps; others get KAE101."

    static let selectSpec = CommandSpec(
        name: "select",
        summary: "choose a shipping address in Kakao's picker",
        discussion: discussion,
        options: Options.self,
        examples: [
            ("kauth shipping select", ""), ("kauth shipping select --json | jq .address_id", ""),
            ("kauth shipping select --no-browser", "over SSH: open the printed URL elsewhere, paste the address back")
        ],
        run: { context, options in try await run(context, options, .select) }
    )

    static let newSpec = CommandSpec(
        name: "new",
        summary: "add a shipping address on Kakao's page",
        discussion: editingDiscussion,
        options: Options.self,
        examples: [("kauth shipping new", "")],
        run: { context, options in try await run(context, options, .create) }
    )

    static let editSpec = CommandSpec(
        name: "edit",
        summary: "edit a shipping address on Kakao's page",
        discussion: editingDiscussion,
        options: Options.self,
        arguments: [
            ArgumentSpec(name: "ID", help: "the address to edit (its id in `kauth shipping`)", minimum: 1, maximum: 1)
        ],
        examples: [("kauth shipping edit 1234", "")],
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
                \.timeout, "timeout", "SECONDS", "how long to wait for the picker (default 300)", range: 1...86_400),
            .port(\.port, SharedFlags.pickerPort),
            .toggle(
                \.noBrowser, "no-browser",
                "do not open a browser; print the page's URL and accept the address it returns to on stdin")
        ]
    }
}
