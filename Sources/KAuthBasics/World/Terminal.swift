#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The standard streams: data goes to `writeOut`, everything meant for people to `writeErr`.
package struct Terminal: Sendable {
    /// Writes to standard output (data only: tokens, JSON, tables).
    package var writeOut: @Sendable (_ text: String) -> Void
    /// Writes to standard error (progress, prompts, warnings, errors).
    package var writeErr: @Sendable (_ text: String) -> Void
    /// Reads one line from standard input without its newline; nil at end of input.
    package var readLine: @Sendable () -> String?
    /// Whether standard error is a terminal (colour and interactive hints only then).
    package var stderrIsTerminal: Bool
    /// Whether standard input is a terminal.
    package var stdinIsTerminal: Bool
    /// Whether standard output is a terminal: data for a person's eyes (indented, coloured JSON)
    /// rather than for a pipe, which gets it as it came.
    package var stdoutIsTerminal: Bool
    /// Width used to wrap help text.
    package var columns: Int

    package init(
        writeOut: @escaping @Sendable (String) -> Void,
        writeErr: @escaping @Sendable (String) -> Void,
        readLine: @escaping @Sendable () -> String?,
        stderrIsTerminal: Bool,
        stdinIsTerminal: Bool,
        columns: Int,
        stdoutIsTerminal: Bool = false
    ) {
        self.writeOut = writeOut
        self.writeErr = writeErr
        self.readLine = readLine
        self.stderrIsTerminal = stderrIsTerminal
        self.stdinIsTerminal = stdinIsTerminal
        self.columns = columns
        self.stdoutIsTerminal = stdoutIsTerminal
    }

    /// The process's real standard streams.
    package static func live() -> Terminal {
        Terminal(
            writeOut: { writeAll(1, $0) },
            writeErr: { writeAll(2, $0) },
            readLine: { Swift.readLine(strippingNewline: true) },
            stderrIsTerminal: isatty(2) == 1,
            stdinIsTerminal: isatty(0) == 1,
            columns: 80,
            stdoutIsTerminal: isatty(1) == 1
        )
    }
}

/// Writes the whole text to a file descriptor, unbuffered, so stdout and stderr interleave in order.
private func writeAll(_ descriptor: Int32, _ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeMutableBytes { buffer in
            write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        }
        if written < 0 {
            if errno == EINTR { continue }
            return
        }
        offset += written
    }
}
