import KAuthBasics
import KAuthCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The only place that reads the process: build the live world, run, exit with the code.
// The environment is read from `environ` directly: Foundation's ProcessInfo costs a noticeable
// part of a `kauth token` start-up.
var environment: [String: String] = [:]
var entry = environ
while let pointer = entry.pointee {
    let pair = String(cString: pointer)
    if let equals = pair.firstIndex(of: "=") {
        environment[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    entry += 1
}
// On this thread: a `kauth token` that needs no network then never starts Swift's thread pool.
// Run as `git-credential-kauth` or `docker-credential-kauth` (links to kauth), it is that helper.
let arguments = CLI.arguments(
    program: CommandLine.arguments.first ?? "", Array(CommandLine.arguments.dropFirst()))
let world = World.live(environment: environment)
let code = MainThreadExecutor.run { await CLI.run(arguments, world: world) }
exit(code)
