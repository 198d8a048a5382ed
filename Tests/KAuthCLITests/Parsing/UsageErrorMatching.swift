import Testing

@testable import KAuthCLI

/// A usage error as the English tests state it: its message in English, its command and its
/// "did you mean" lines.
struct EnglishUsage: Equatable, CustomStringConvertible {
    var message: String
    var commandPath: [String]
    var suggestions: [String] = []

    var description: String { "\(message) [\(commandPath.joined(separator: " "))] \(suggestions)" }
}

extension UsageError {
    var english: EnglishUsage {
        EnglishUsage(message: message.english, commandPath: commandPath, suggestions: suggestions)
    }
}

/// Expects `body` to stop with the usage error `expected` (compared in English).
func expectUsage(
    _ expected: EnglishUsage, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("no usage error; expected \(expected)", sourceLocation: sourceLocation)
    } catch let error as UsageError {
        #expect(error.english == expected, sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(error); expected \(expected)", sourceLocation: sourceLocation)
    }
}
