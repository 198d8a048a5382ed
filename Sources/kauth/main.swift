import Foundation
import KAuthCLI
import KAuthCore

// The only place that reads the process: build the live world, run, exit with the code.
let code = await CLI.run(Array(CommandLine.arguments.dropFirst()), world: .live(environment: ProcessInfo.processInfo.environment))
exit(code)
