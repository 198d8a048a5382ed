extension CompletionTree {
    /// The fish script: `__kauth_state` walks the words as the parser does; each command's
    /// subcommands, flags (with their help as descriptions) and values are `complete` lines
    /// under a condition on it. The descriptions fish shows are in `language`.
    func fish(language: Language) -> String {
        let steps = self.steps.map { fishQuoted("\($0.from) \($0.word)") }.joined(separator: " ")
        var out = """
            # fish completion for kauth; load it with: kauth completion fish | source
            # Names only kauth knows (providers, profiles, config keys, the named provider's prompts) come
            # from `kauth __complete KIND -- WORDS-SO-FAR`.

            # The command words so far, then how many arguments follow them.
            function __kauth_state
                set -l kpath kauth
                set -l nargs 0
                set -l skip 0
                for word in (commandline -opc)[2..-1]
                    if test $skip = 1
                        set skip 0
                        continue
                    end
                    switch $word
                        case \(valueFlagNames.joined(separator: " "))
                            set skip 1
                            continue
                        case '-*'
                            continue
                    end
                    if test $nargs = 0
                        switch "$kpath $word"
                            case \(steps)
                                set kpath "$kpath $word"
                                continue
                        end
                    end
                    set nargs (math $nargs + 1)
                end
                echo $kpath
                echo $nargs
            end

            function __kauth_at --argument-names want
                test (__kauth_state)[1] = "$want"
            end

            function __kauth_argument --argument-names want position
                set -l state (__kauth_state)
                test "$state[1]" = "$want"; and test "$state[2]" = "$position"
            end

            function __kauth_values --argument-names kind
                set -l kauth (commandline -opc)[1]
                if string match -q -- '~/*' $kauth
                    set kauth $HOME/(string sub -s 3 -- $kauth)
                end
                command $kauth __complete $kind -- (commandline -opc)[2..-1] 2>/dev/null
            end

            complete -c kauth -f
            complete -c kauth -s h -l help -d \(fishQuoted(HelpWords.showHelp.text(language)))

            """
        for node in nodes {
            let at = "-n " + fishQuoted("__kauth_at " + fishQuoted(node.key))
            for sub in node.visibleSubcommands {
                out +=
                    "complete -c kauth \(at) -a \(fishQuoted(sub.name)) -d \(fishQuoted(sub.summary.text(language)))\n"
            }
            for flag in node.flagSpecs {
                var line = "complete -c kauth \(at)"
                if let short = flag.short { line += " -s \(short)" }
                line += " -l \(flag.name)"
                if flag.takesValue { line += " " + fishValues(Action(flag.values), forFlag: true) }
                out += line + " -d \(fishQuoted(flag.help.text(language)))\n"
            }
            for (position, action) in node.argumentActions where action != .nothing {
                let condition =
                    position.map { "__kauth_argument \(fishQuoted(node.key)) \($0)" }
                    ?? "__kauth_at \(fishQuoted(node.key))"
                out += "complete -c kauth -n \(fishQuoted(condition)) \(fishValues(action, forFlag: false))\n"
            }
        }
        return out
    }

    /// The values to offer: after a flag, `-r` (it takes one) or `-x` (one, and not a file);
    /// `-F` for files, which `complete -c kauth -f` turns off everywhere else.
    private func fishValues(_ action: Action, forFlag: Bool) -> String {
        let value = forFlag ? "-x " : ""
        return switch action {
        case .nothing: "-x"
        case .words(let words): value + "-a " + fishQuoted(words.joined(separator: " "))
        case .files: (forFlag ? "-r " : "") + "-F"
        case .filesOrStandardInput: (forFlag ? "-r " : "") + "-F -a -"
        case .dynamic(let values): value + "-a " + fishQuoted("(__kauth_values \(values.rawValue))")
        }
    }

    /// A fish single-quoted string: only `\` and `'` need escaping inside.
    private func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
