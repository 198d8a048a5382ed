/// A help page that is not a command, as `gh help environment` is: `kauth help NAME` prints it,
/// `kauth help` lists it, and the man page makes a section of it, so the three never disagree.
/// Each entry has a one-line summary, which command help pages reuse, and a detail for the page
/// itself.
struct HelpTopic: Sendable {
    struct Entry: Sendable {
        var term: String
        /// One line: what the entry is. Command help pages show this alone.
        var summary: Localized
        /// What else to know: precedence, defaults, what to do.
        var detail: Localized = .none

        /// The summary and the detail as one text.
        var text: Localized {
            detail.isEmpty ? summary : summary + Localized.verbatim(". ") + detail + Localized.verbatim(".")
        }
    }

    struct Group: Sendable {
        /// Empty for a topic of one group.
        var title: Localized
        /// Said once for every entry of the group.
        var note: Localized = .none
        var entries: [Entry]
    }

    var name: String
    var summary: Localized
    /// The man page section it becomes (`ENVIRONMENT`, `EXIT STATUS`).
    var manSection: Localized
    var introduction: Localized
    var groups: [Group]

    var entries: [Entry] { groups.flatMap(\.entries) }

    func entry(_ term: String) -> Entry? {
        entries.first { $0.term == term }
    }
}
