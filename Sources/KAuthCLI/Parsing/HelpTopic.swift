/// A help page that is not a command, as `gh help environment` is: `kauth help NAME` prints it,
/// `kauth help` lists it, and the man page makes a section of it, so the three never disagree.
/// Each entry has a one-line summary, which command help pages reuse, and a detail for the page
/// itself.
struct HelpTopic: Sendable {
    struct Entry: Sendable {
        var term: String
        /// One line: what the entry is. Command help pages show this alone.
        var summary: String
        /// What else to know: precedence, defaults, what to do.
        var detail: String = ""

        /// The summary and the detail as one text.
        var text: String { detail.isEmpty ? summary : summary + ". " + detail + "." }
    }

    struct Group: Sendable {
        /// Empty for a topic of one group.
        var title: String
        /// Said once for every entry of the group.
        var note: String = ""
        var entries: [Entry]
    }

    var name: String
    var summary: String
    /// The man page section it becomes (`ENVIRONMENT`, `EXIT STATUS`).
    var manSection: String
    var introduction: String
    var groups: [Group]

    var entries: [Entry] { groups.flatMap(\.entries) }

    func entry(_ term: String) -> Entry? {
        entries.first { $0.term == term }
    }
}
