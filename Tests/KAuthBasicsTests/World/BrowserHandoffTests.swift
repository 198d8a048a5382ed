import Foundation
import KAuthTestSupport
import Testing

@testable import KAuthBasics

/// The browser's command line carries only the path of a page other users cannot read.
@Suite struct BrowserHandoffTests {
    @Test func thePageIsReadableByItsOwnerAloneAndGoneAfterwards() throws {
        let base = TemporaryDirectory()
        defer { base.remove() }
        let pages = BrowserHandoff(environment: Environment(["TMPDIR": base.path]))
        let url = "http://127.0.0.1:4242/start/abc?x=1&y=\"2\""
        let path = try pages.write(forwardingTo: url)
        #expect(path.hasPrefix(base.path + "/kauth-") && path.hasSuffix("/open.html"))
        #expect(!path.contains("start"), "the path says nothing of the link")
        let file = try FileManager.default.attributesOfItem(atPath: path)
        let folder = try FileManager.default.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)
        #expect((file[.posixPermissions] as? Int) == 0o600)
        #expect((folder[.posixPermissions] as? Int) == 0o700)
        let page = try String(contentsOfFile: path, encoding: .utf8)
        #expect(page.contains(#"content="0;url=http://127.0.0.1:4242/start/abc?x=1&amp;y=&quot;2&quot;""#))
        pages.removeAll()
        #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
    }

    /// XDG_RUNTIME_DIR is used only when it is this user's private folder.
    @Test func theRuntimeFolderIsUsedOnlyWhenItIsPrivate() throws {
        let runtime = TemporaryDirectory()
        defer { runtime.remove() }
        chmod(runtime.path, 0o700)
        #expect(BrowserHandoff(environment: Environment(["XDG_RUNTIME_DIR": runtime.path])).base == runtime.path)
        chmod(runtime.path, 0o755)
        #expect(
            BrowserHandoff(environment: Environment(["XDG_RUNTIME_DIR": runtime.path, "TMPDIR": "/var/tmp"])).base
                == "/var/tmp")
    }

    @Test func snapAndFlatpakBrowsersAreNamedAsUnableToReadThePage() throws {
        #if os(Linux)
            let folder = "/run/user/1000"
            #expect(
                BrowserConfinement.reason(
                    environment: Environment(["BROWSER": "/snap/bin/firefox"]), pageFolder: folder)
                    == .confined(browser: "/snap/bin/firefox", sandbox: "snap", folder: folder))
            #expect(
                BrowserConfinement.reason(
                    environment: Environment(["BROWSER": "flatpak run org.mozilla.firefox"]), pageFolder: folder)
                    == .confined(browser: "flatpak", sandbox: "flatpak", folder: folder))
            #expect(
                BrowserConfinement.reason(
                    environment: Environment(["BROWSER": "/usr/bin/firefox --new-window"]), pageFolder: folder) == nil)
        #endif
        let list = """
            [Added Associations]
            text/html=editor.desktop;
            [Default Applications]
            x-scheme-handler/http=chromium.desktop
            text/html=firefox_firefox.desktop;org.gnome.Epiphany.desktop;
            """
        #expect(BrowserConfinement.defaultEntry(for: "text/html", in: list) == "firefox_firefox.desktop")
        #expect(BrowserConfinement.defaultEntry(for: "text/plain", in: list) == nil)
        let config = TemporaryDirectory()
        defer { config.remove() }
        try list.write(toFile: config.path + "/mimeapps.list", atomically: true, encoding: .utf8)
        #expect(
            BrowserConfinement.htmlHandler(environment: Environment(["XDG_CONFIG_HOME": config.path]))
                == "firefox_firefox.desktop")
    }
}
