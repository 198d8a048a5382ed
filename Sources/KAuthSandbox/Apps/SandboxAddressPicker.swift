import KAuthBasics
import KAuthCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The shipping-address picker pages of the apps host: select `/user/address`, create
/// `/user/address/create`, edit `/user/address/edit`, each with query `app_key`, `return_url`,
/// `ka`, `enable_back_button` (and `address_id` to edit), reached through `/auth/kpidt`. What the
/// simulated user does there is `SandboxConfiguration.pickerOutcome`; the answer is a plain 302
/// to `return_url` with `status=ok&address_id=N` or `status=error&error_code=KAE…&error_msg=…`
/// (no JavaScript), or, when the user "closes the window", a page and nothing else.
/// UNCONFIRMED for real Kakao; the sandbox emulates exactly this.
extension SandboxEngine {
    enum PickerPage: String {
        case select, create, edit

        init?(path: String) {
            switch path {
            case "/user/address": self = .select
            case "/user/address/create": self = .create
            case "/user/address/edit": self = .edit
            default: return nil
            }
        }
    }

    mutating func addressPicker(_ request: HTTPServerRequest, _ entry: inout SandboxLogEntry) -> HTTPServerResponse {
        guard request.method == "GET" else { return .text(405, "use GET\n") }
        guard let page = PickerPage(path: request.path) else { return .text(404, "not found\n") }
        let query = request.query
        let appKey = query.first(named: "app_key")
        entry.clientID = appKey
        let visit = AppsVisit(page: page.rawValue, time: now, query: query)

        if let problem = appKeyProblem(appKey) {
            return appsErrorPage(problem, visit: visit, &entry)
        }
        guard let returnURL = query.first(named: "return_url"), Self.isLoopbackReturnURL(returnURL) else {
            return appsErrorPage(
                "return_url must be http://127.0.0.1:PORT/… or http://localhost:PORT/…", visit: visit, &entry)
        }
        let key = KpidtSession.key(query)
        guard
            let index = apps.sessions.firstIndex(where: {
                $0.path == request.path && $0.query == key && $0.clientID == appKey
            })
        else {
            return appsFailure(
                returnURL, code: "KAE205", message: "no session: open this page through /auth/kpidt with a fresh agt",
                visit: visit, &entry)
        }
        let session = apps.sessions.remove(at: index)
        guard let userIndex = state.users.firstIndex(where: { $0.id == session.userID }) else {
            return appsFailure(returnURL, code: "KAE205", message: "the session's user is gone", visit: visit, &entry)
        }
        var addresses = shippingAddresses(of: state.users[userIndex])

        var editing: Int?
        if page == .edit {
            guard let text = query.first(named: "address_id"), let id = Int64(text),
                let found = addresses.firstIndex(where: { $0.id == id })
            else {
                return appsFailure(
                    returnURL, code: "KAE206",
                    message: "the user has no shipping address \(query.first(named: "address_id") ?? "(none given)")",
                    visit: visit, &entry)
            }
            editing = found
        }

        switch configuration.pickerOutcome {
        case .close:
            var visit = visit
            visit.outcome = "closed"
            visit.status = 200
            apps.addVisit(visit.json)
            return .html(200, Self.pickerHTML(page, addresses))
        case .fail(let code, let message):
            return appsFailure(returnURL, code: code, message: message, visit: visit, &entry)
        case .choose(let chosen, let detail):
            let id: Int64
            switch page {
            case .select:
                guard let pick = chosen ?? SandboxShipping.ordered(addresses).default?.id ?? addresses.first?.id,
                    addresses.contains(where: { $0.id == pick })
                else {
                    return appsFailure(
                        returnURL, code: "KAE206",
                        message: "the user has no shipping address \(chosen.map(String.init) ?? "to choose")",
                        visit: visit, &entry)
                }
                id = pick
            case .create:
                let created = SandboxShipping.created(
                    id: (addresses.map(\.id).max() ?? 7_100_000) + 1,
                    receiver: state.users[userIndex].name,
                    detail: detail ?? "Created in the kauth sandbox picker",
                    isDefault: addresses.isEmpty,
                    updatedAt: Int64(now.timeIntervalSince1970)
                )
                addresses.append(created)
                state.users[userIndex].shippingAddresses = addresses
                id = created.id
            case .edit:
                let found = editing!
                addresses[found].detailAddress = detail ?? addresses[found].detailAddress + " (edited)"
                addresses[found].updatedAt = Int64(now.timeIntervalSince1970)
                state.users[userIndex].shippingAddresses = addresses
                id = addresses[found].id
            }
            var visit = visit
            visit.outcome = "ok"
            visit.status = 302
            visit.addressID = id
            apps.addVisit(visit.json)
            return Self.redirect(to: returnURL, [("status", "ok"), ("address_id", String(id))])
        }
    }

    /// The page a user who closes the window leaves behind: the addresses, and no way on.
    static func pickerHTML(_ page: PickerPage, _ addresses: [SandboxShippingAddress]) -> String {
        let title =
            switch page {
            case .select: "Choose a shipping address"
            case .create: "Add a shipping address"
            case .edit: "Edit a shipping address"
            }
        let items = addresses.map {
            "<li>\($0.id): \(HTML.escape($0.name)), \(HTML.escape($0.baseAddress)) \(HTML.escape($0.detailAddress))</li>"
        }
        return appsHTML(
            title: title,
            body:
                "<ul>\n\(items.joined(separator: "\n"))\n</ul>\n<p>The sandbox is set to play a user who closes this window: nothing happens from here.</p>"
        )
    }
}
