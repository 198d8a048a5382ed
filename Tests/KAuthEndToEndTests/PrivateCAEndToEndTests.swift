import Foundation
import KAuthCore
import KAuthTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A provider behind a private CA, one that demands a client certificate, and one reached
/// through a proxy: the sandbox behind a real TLS server (socat with OpenSSL) on 127.0.0.1, with
/// a CA, server and client certificates the test makes with the openssl command.
@Suite(.serialized) struct PrivateCAEndToEndTests {
    @Test(.enabled(if: TLSFront.available, "socat and openssl are not installed (Tests/Scripts/deps.sh installs them)"))
    func aPrivateCAIsTrustedOnlyWhenNamedAndAWrongOneNamesTheCertificateProblem() async throws {
        let setup = try await Fronted(requireClientCertificate: false)
        defer { setup.stop() }
        let (env, pki, front) = (setup.env, setup.pki, setup.front)
        let api = ["KAUTH_KAKAO_API_URL": front.url]

        // The system's CAs do not know the private one: a certificate problem, not a network one.
        let untrusted = try await env.run(["me", "--field", "id"], extra: api)
        #expect(untrusted.code == 1, "\(untrusted.err)")
        #expect(untrusted.err.contains("certificate"), "\(untrusted.err)")
        #expect(untrusted.err.contains("provider.NAME.ca_file") && untrusted.err.contains("KAUTH_CA_FILE"))
        #expect(!untrusted.err.contains("check your network"))
        let json = try await env.run(["me", "--json"], extra: api)
        #expect(try parseJSON(json.out).value(at: "error.code") == .string("tls_error"))

        // KAUTH_CA_FILE for every provider.
        let trusted = try await env.run(
            ["me", "--field", "id"], extra: api.merging(["KAUTH_CA_FILE": pki.caFile]) { $1 })
        #expect(trusted.code == 0, "\(trusted.err)")
        #expect(trusted.out == "4242424242\n")

        // A provider's own ca_file wins over KAUTH_CA_FILE: a wrong one fails, naming the file.
        #expect(try await env.run(["config", "set", "provider.kakao.ca_file", pki.otherCAFile]).code == 0)
        let wrong = try await env.run(["me", "--field", "id"], extra: api.merging(["KAUTH_CA_FILE": pki.caFile]) { $1 })
        #expect(wrong.code == 1, "\(wrong.err)")
        #expect(wrong.err.contains("certificate"), "\(wrong.err)")
        #expect(wrong.err.contains(pki.otherCAFile), "\(wrong.err)")
        #expect(try await env.run(["config", "set", "provider.kakao.ca_file", pki.caFile]).code == 0)
        #expect(try await env.run(["me", "--field", "id"], extra: api).code == 0)

        // A CA file that is not there fails too; it never means "no verification".
        #expect(try await env.run(["config", "set", "provider.kakao.ca_file", pki.folder + "/missing.pem"]).code == 0)
        let missing = try await env.run(["me", "--field", "id"], extra: api)
        #expect(missing.code == 1, "\(missing.err)")
        #expect(missing.err.contains("missing.pem"), "\(missing.err)")
    }

    @Test(.enabled(if: TLSFront.available, "socat and openssl are not installed (Tests/Scripts/deps.sh installs them)"))
    func aServerThatDemandsAClientCertificateGetsTheConfiguredOne() async throws {
        let setup = try await Fronted(requireClientCertificate: true)
        defer { setup.stop() }
        let (env, pki, front) = (setup.env, setup.pki, setup.front)
        let api = ["KAUTH_KAKAO_API_URL": front.url, "KAUTH_CA_FILE": pki.caFile]

        let without = try await env.run(["me", "--field", "id"], extra: api)
        #expect(without.code == 1, "\(without.err)")
        #expect(without.err.contains("TLS connection") && without.err.contains("client_cert"), "\(without.err)")

        #expect(try await env.run(["config", "set", "provider.kakao.client_cert", pki.clientCertificate]).code == 0)
        #expect(try await env.run(["config", "set", "provider.kakao.client_key", pki.clientKey]).code == 0)
        let with = try await env.run(["me", "--field", "id"], extra: api)
        #expect(with.code == 0, "\(with.err)")
        #expect(with.out == "4242424242\n")
    }

    /// HTTPS_PROXY is libcurl's: the request for a provider's host goes through a CONNECT tunnel,
    /// and the private CA still decides whether the server at its end is trusted.
    @Test(.enabled(if: TLSFront.available, "socat and openssl are not installed (Tests/Scripts/deps.sh installs them)"))
    func anHTTPSProxyCarriesTheRequests() async throws {
        let setup = try await Fronted(requireClientCertificate: false)
        defer { setup.stop() }
        let (env, pki, front) = (setup.env, setup.pki, setup.front)
        let proxy = try ConnectProxy(upstreamPort: front.port)
        defer { proxy.stop() }
        // A name only the proxy knows how to reach: without it, nothing would.
        let extra = [
            "KAUTH_KAKAO_API_URL": "https://\(TestPKI.proxiedHost)", "KAUTH_CA_FILE": pki.caFile,
            "HTTPS_PROXY": "http://127.0.0.1:\(proxy.port)"
        ]
        let me = try await env.run(["me", "--field", "id"], extra: extra)
        #expect(me.code == 0, "\(me.err)")
        #expect(me.out == "4242424242\n")
        #expect(proxy.targets.contains("\(TestPKI.proxiedHost):443"), "\(proxy.targets)")
    }
}

/// A sandbox with a login, behind a TLS front with certificates of a test CA.
struct Fronted {
    let sandbox: SandboxProcess
    let env: TestEnvironment
    let pki: TestPKI
    let front: TLSFront

    init(requireClientCertificate: Bool) async throws {
        sandbox = try await SandboxProcess()
        env = try await loggedIn(sandbox)
        pki = try TestPKI()
        front = try await TLSFront(
            pki: pki, upstream: sandbox.baseURL, requireClientCertificate: requireClientCertificate)
    }

    func stop() {
        front.stop()
        env.remove()
        sandbox.stop()
    }
}

/// A CA, another CA, a server certificate for 127.0.0.1 and `proxiedHost`, and two client
/// certificates from the same CA with different subjects, made with the openssl command in a
/// folder of their own.
struct TestPKI {
    static let proxiedHost = "kapi.kauth-proxied.test"
    let folder = TemporaryDirectory().path
    var caFile: String { folder + "/ca.pem" }
    var otherCAFile: String { folder + "/other-ca.pem" }
    var serverCertificate: String { folder + "/server.pem" }
    var serverKey: String { folder + "/server.key" }
    var clientCertificate: String { folder + "/client.pem" }
    var clientKey: String { folder + "/client.key" }
    /// The client certificate's subject, in RFC 4514's form.
    static let clientSubject = "CN=kauth test client,O=kauth tests"
    /// Another client's certificate, from the same CA.
    var otherClientCertificate: String { folder + "/other-client.pem" }
    var otherClientKey: String { folder + "/other-client.key" }

    init() throws {
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try openssl(
            ["req", "-x509"] + key + [
                "-keyout", folder + "/ca.key", "-out", caFile, "-days", "2", "-subj", "/CN=kauth test CA"
            ])
        try openssl(
            ["req", "-x509"] + key + [
                "-keyout", folder + "/other-ca.key", "-out", otherCAFile, "-days", "2", "-subj", "/CN=kauth other CA"
            ])
        try "subjectAltName=IP:127.0.0.1,DNS:\(Self.proxiedHost)\n".write(
            toFile: folder + "/server.ext", atomically: true, encoding: .utf8)
        try "extendedKeyUsage=clientAuth\n".write(toFile: folder + "/client.ext", atomically: true, encoding: .utf8)
        try "extendedKeyUsage=clientAuth\n".write(
            toFile: folder + "/other-client.ext", atomically: true, encoding: .utf8)
        for (name, subject) in [
            ("server", "/CN=127.0.0.1"), ("client", "/O=kauth tests/CN=kauth test client"),
            ("other-client", "/O=kauth tests/CN=kauth other client")
        ] {
            try openssl(
                ["req"] + key + ["-keyout", folder + "/\(name).key", "-out", folder + "/\(name).csr", "-subj", subject])
            try openssl([
                "x509", "-req", "-in", folder + "/\(name).csr", "-CA", caFile, "-CAkey", folder + "/ca.key",
                "-CAcreateserial",
                "-out", folder + "/\(name).pem", "-days", "2", "-extfile", folder + "/\(name).ext"
            ])
        }
    }

    private func openssl(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TLSFront.tool("openssl")!)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: ["openssl": arguments])
        }
    }
}

/// socat terminating TLS on 127.0.0.1 in front of the sandbox: a real OpenSSL server, with a
/// client certificate demanded when asked.
final class TLSFront: @unchecked Sendable {
    static func tool(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/"].map { $0 + name }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static var available: Bool { tool("socat") != nil && tool("openssl") != nil }

    let port: UInt16
    private let spawned: Spawned
    var url: String { "https://127.0.0.1:\(port)" }

    /// - Parameter passSubject: the verified client certificate's subject goes to the upstream
    ///   in `X-SSL-Client-S-DN`, as a provider's own TLS front passes it on
    ///   (Tests/Scripts/client-cert-header.py relays each connection).
    init(
        pki: TestPKI, upstream: String, requireClientCertificate: Bool, port chosen: UInt16? = nil,
        passSubject: Bool = false
    ) async throws {
        let upstreamPort = try #require(URLComponents(string: upstream)?.port)
        let port = try chosen ?? freePort()
        self.port = port
        var listen =
            "OPENSSL-LISTEN:\(port),bind=127.0.0.1,reuseaddr,fork,cert=\(pki.serverCertificate),key=\(pki.serverKey)"
        listen += requireClientCertificate ? ",verify=1,cafile=\(pki.caFile)" : ",verify=0"
        let relay = "python3 '\(packageRoot)/Tests/Scripts/client-cert-header.py' \(upstreamPort)"
        spawned = try Spawned(
            [listen, passSubject ? "SYSTEM:\(relay)" : "TCP:127.0.0.1:\(upstreamPort)"],
            environment: passSubject ? ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"] : [:],
            executable: Self.tool("socat")!)
        let deadline = ContinuousClock.now + .seconds(10)
        while RawConnection.open(port: port, timeout: .milliseconds(200)) == nil {
            guard ContinuousClock.now < deadline else { throw URLError(.cannotConnectToHost) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    func stop() {
        // SIGKILL: processes started from the test runner inherit its blocked SIGTERM.
        kill(spawned.process.processIdentifier, SIGKILL)
    }
}

/// An HTTP CONNECT proxy on 127.0.0.1 that tunnels every request to one local port, whatever
/// host it names, and records the targets it was asked for.
final class ConnectProxy: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let upstreamPort: UInt16
    private let lock = NSLock()
    private var asked: [String] = []
    var targets: [String] { lock.withLock { asked } }

    init(upstreamPort: UInt16) throws {
        self.upstreamPort = upstreamPort
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw URLError(.cannotConnectToHost) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        Thread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 { return }
                Thread { self.serve(client) }.start()
            }
        }.start()
    }

    private func serve(_ client: Int32) {
        var head = [UInt8]()
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]), read(client, &byte, 1) == 1 { head.append(byte) }
        let words = String(decoding: head, as: UTF8.self).split(separator: "\r\n").first?.split(separator: " ") ?? []
        guard words.count >= 2, words[0] == "CONNECT", let upstream = RawConnection.open(port: upstreamPort) else {
            _ = "HTTP/1.1 400 Bad Request\r\n\r\n".withCString { write(client, $0, strlen($0)) }
            close(client)
            return
        }
        lock.withLock { asked.append(String(words[1])) }
        _ = "HTTP/1.1 200 Connection established\r\n\r\n".withCString { write(client, $0, strlen($0)) }
        let server = dup(upstream.descriptor)
        let done = DispatchGroup()
        for (from, to) in [(client, server), (server, client)] {
            done.enter()
            Thread {
                var buffer = [UInt8](repeating: 0, count: 16384)
                while true {
                    let count = read(from, &buffer, buffer.count)
                    if count <= 0 || write(to, buffer, count) != count { break }
                }
                shutdown(to, Int32(SHUT_WR))
                done.leave()
            }.start()
        }
        done.wait()
        close(client)
        close(server)
        _ = upstream
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
