#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The standard streams: data goes to `writeOut`, everything meant for people to `writeErr`.
public struct Terminal: Sendable {
    /// Writes to standard output (data only: tokens, JSON, tables).
    public var writeOut: @Sendable (_ text: String) -> Void
    /// Writes to standard error (progress, prompts, warnings, errors).
    public var writeErr: @Sendable (_ text: String) -> Void
    /// Reads one line from standard input without its newline; nil at end of input.
    public var readLine: @Sendable () -> String?
    /// Whether standard error is a terminal (colour and interactive hints only then).
    public var stderrIsTerminal: Bool
    /// Whether standard input is a terminal.
    public var stdinIsTerminal: Bool
    /// Width used to wrap help text.
    public var columns: Int

    public init(
        writeOut: @escaping @Sendable (String) -> Void,
        writeErr: @escaping @Sendable (String) -> Void,
        readLine: @escaping @Sendable () -> String?,
        stderrIsTerminal: Bool,
        stdinIsTerminal: Bool,
        columns: Int
    ) {
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.readLine = readLine
        self.stderrIsTerminal = stderrIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.columns = columns
    }

    /// The process's real standard streams.
    public static func live() -> Terminal {
        Terminal(
            writeOut: { text in
                fputs(text, stdout)
                fflush(stdout)
            },
            writeErr: { text in
                fputs(text, stderr)
                fflush(stderr)
            },
            readLine: { Swift.readLine(strippingNewline: true) },
            stderrIsTerminal: isatty(2) == 1,
            stdinIsTerminal: isatty(0) == 1,
            columns: 80
        )
    }
}
