import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which of Kakao's shipping-address pages to open.
package enum AddressPickerOperation: Sendable, Equatable {
    /// Choose one of the user's addresses (the SDK's `selectShippingAddress`).
    case select
    /// Add an address (`createShippingAddress`).
    case create
    /// Edit the address with this id (`updateShippingAddress`).
    case edit(addressID: Int64)

    /// The command's word, and `operation` in `--json`.
    package var name: String {
        switch self {
        case .select: "select"
        case .create: "new"
        case .edit: "edit"
        }
    }

    /// The page's path on the apps host.
    package var path: String {
        switch self {
        case .select: "/user/address"
        case .create: "/user/address/create"
        case .edit: "/user/address/edit"
        }
    }
}

/// What happens while the picker is open, for the command line to show. The flow never prints.
package enum AddressPickerEvent: Sendable, Equatable {
    /// The browser is being opened on the single-use start link, which leads on to Kakao's page;
    /// it works once, and only on this machine.
    case openingBrowser(startURL: String)
    /// No browser could be opened (or it cannot read the page it would be given); the paste path
    /// is offered next.
    case browserFailed(BrowserError)
    /// Open `pageURL` (Kakao's page, through kpidt) in any browser, then paste the address it is
    /// sent back to, which starts with `returnOrigin`.
    case pasteExpected(pageURL: String, returnOrigin: String)
    /// A pasted line was not the picker's return address.
    case pastedURLRejected
    case waiting(timeout: Duration)
    /// Nothing came back after a while: what usually causes that.
    case stillWaiting(AddressPickerHint)
    /// A request reached the listener without ending the wait.
    case ignoredRequest(ListenerNotice)
}

/// The address the picker came back with, as Kakao then describes it.
package struct AddressPickerResult: Sendable, Equatable {
    package var operation: AddressPickerOperation
    package var addressID: Int64
    package var address: ShippingAddress
    /// Kakao's address object, as sent.
    package var object: JSONValue
}

/// Kakao's shipping-address picker from the command line, as its SDKs open it: an AGT for the
/// user's token → the browser on `{apps}/auth/kpidt?app_key&agt&continue`, where `continue` is the
/// picker page with `return_url` on kauth's loopback listener → the picker sends the browser back
/// with `status=ok&address_id=N` (or a `KAE…` error) → `GET /v1/user/shipping_address?address_id=N`.
///
/// The AGT never reaches the browser's command line, which every local user can read: the
/// browser gets the path of a page only this user can read, which forwards to a single-use link
/// to the listener, which redirects to the kpidt URL; a second use of the link ends the wait. The picker carries no state of its own, so `return_url`'s path is random
/// and requests to any other path are ignored.
package struct AddressPicker: Sendable {
    package var world: World
    /// The user's API client: its token makes the AGT, and it fetches the address.
    package var client: APIClient
    /// kauth's version, for the `ka` agent string.
    package var version: String
    /// What the listener shows the browser.
    package var pages: AddressPickerPages

    package init(world: World, client: APIClient, version: String, pages: @escaping AddressPickerPages) {
        self.world = world
        self.client = client
        self.version = version
        self.pages = pages
    }

    /// How long the picker may stay silent before the user hears what usually causes that.
    package static let silence: Duration = .seconds(30)

    /// - Parameter port: where the listener binds on 127.0.0.1; 0 asks for a free port.
    /// - Parameter openBrowser: false (`--no-browser`): print the page's URL and read the address
    ///   the browser was sent back to from standard input.
    package func run(
        _ operation: AddressPickerOperation, timeout: Duration = .seconds(300), port: UInt16 = 0,
        openBrowser: Bool = true,
        events: @escaping @Sendable (AddressPickerEvent) -> Void = { _ in }
    ) async throws -> AddressPickerResult {
        let provider = client.provider
        try provider.require(.shippingAddresses)
        let appKey = try provider.requireClientID()
        let apps = try provider.url(.apps)
        _ = try provider.url(.auth)

        let returnPath = "/address/" + Base64URL.encode(world.random.bytes(32))
        let startPath = openBrowser ? "/start/" + Base64URL.encode(world.random.bytes(16)) : nil
        let config = AddressPickerListenerConfig(
            port: port, path: returnPath, startPath: startPath, pages: pages(provider.displayName))
        let paste = PasteReader(terminal: world.terminal, judge: config.judge, path: returnPath) { _ in
            events(.pastedURLRejected)
        }
        let listener: RunningAddressPickerListener
        do {
            listener = try world.listener.start(config) { notice in
                events(.ignoredRequest(notice))
                if case .refusedPeer = notice { paste.offer() }
            }
        } catch LoopbackServerError.addressInUse(_, let busy, let listening) {
            throw KAuthError.portInUse(port: busy, redirectURI: "http://127.0.0.1:\(busy)", listening: listening)
        } catch let error as LoopbackServerError {
            throw KAuthError.listenerFailed(error)
        }
        defer { listener.close() }

        let origin = "http://127.0.0.1:\(listener.port)"
        // Only once the listener is up, so that a taken port spends no AGT.
        let agt = try await AgentToken.issue(client: client)
        let page = Self.pageURL(
            apps: apps, appKey: appKey, operation: operation, returnURL: origin + returnPath,
            agent: KakaoAgent.value(version: version))
        let kpidt = Self.kpidtURL(apps: apps, appKey: appKey, agt: agt, continueURL: page)
        listener.arm(kpidt)
        // The kpidt URL holds the AGT: it is shown on the terminal only, never on a command line.
        paste.connect(listener) { events(.pasteExpected(pageURL: kpidt, returnOrigin: origin)) }

        let browser = world.browser
        defer { browser.removePages() }
        let opening = browser.start(
            startPath.map { origin + $0 }, willOpen: { events(.openingBrowser(startURL: $0)) },
            failed: { events(.browserFailed($0)) }, offerPaste: { paste.offer() })
        events(.waiting(timeout: timeout))
        let hint = AddressPickerHint(
            provider: provider.displayName, returnOrigin: origin, fixedPort: port != 0,
            registration: KakaoAppsError.returnURLRegistration)
        let clock = world.clock
        let silence = Task {
            try? await clock.sleep(Self.silence)
            if !Task.isCancelled { events(.stillWaiting(hint)) }
        }
        let outcome = await listener.wait(timeout)
        silence.cancel()
        opening?.cancel()

        let id: Int64
        switch outcome {
        case .addressChosen(let chosen):
            id = chosen
        case .pickerFailed(let code, let message):
            throw KAuthError.addressPickerFailed(
                AddressPickerFailure(code: code, message: message, meaning: KakaoAppsError.meaning(of: code)))
        case .timedOut:
            throw KAuthError.addressPickerEnded(.timedOut(seconds: Int(timeout.components.seconds), hint: hint))
        case .interrupted:
            throw KAuthError.addressPickerEnded(.interrupted)
        case .takeover:
            throw KAuthError.addressPickerEnded(.takeover)
        }
        let result = try await client.send(ShippingAddressesRequest(addressID: id))
        return try Self.address(id, operation: operation, in: result.body)
    }

    /// `{apps}{page}?app_key&return_url&ka&enable_back_button=false[&address_id]`: the picker page,
    /// with no back button (there is nowhere to go back to).
    static func pageURL(
        apps: String, appKey: String, operation: AddressPickerOperation, returnURL: String, agent: String
    ) -> String {
        var pairs = [("app_key", appKey), ("return_url", returnURL), ("ka", agent), ("enable_back_button", "false")]
        if case .edit(let id) = operation { pairs.append(("address_id", String(id))) }
        return apps + operation.path + "?" + FormURLEncoding.encode(pairs)
    }

    /// `{apps}/auth/kpidt?app_key&agt&continue`: turns the AGT into the user's session on the apps
    /// host, then goes on to `continue`.
    static func kpidtURL(apps: String, appKey: String, agt: String, continueURL: String) -> String {
        apps + "/auth/kpidt?" + FormURLEncoding.encode([("app_key", appKey), ("agt", agt), ("continue", continueURL)])
    }

    /// The address `id` from a `/v1/user/shipping_address` answer (untrusted: it must be there).
    static func address(_ id: Int64, operation: AddressPickerOperation, in body: Data) throws -> AddressPickerResult {
        let json = try? JSONDecoder().decode(JSONValue.self, from: body)
        guard case .array(let items)? = json?["shipping_addresses"],
            let object = items.first(where: { $0["id"] == .number(Double(id)) }),
            let address = try? JSONDecoder().decode(ShippingAddress.self, from: Data(object.jsonText().utf8))
        else {
            throw KAuthError.addressPicker(.addressNotReturned(id: id))
        }
        return AddressPickerResult(operation: operation, addressID: id, address: address, object: object)
    }
}
