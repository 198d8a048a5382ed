extension CompletionTree {
    /// The zsh script: the same walk as the bash one, with zsh's own `compadd`, `_files` and
    /// `compset` (for `--flag=value`). It works both from a folder on `$fpath` (as `_kauth`, the
    /// way `make install` puts it) and sourced after `compinit`.
    func zsh() -> String {
        let valueFlags = valueFlagNames.joined(separator: "|")
        let steps = self.steps.map { "\"\($0.from) \($0.word)\"" }
        var flagValues = ""
        for (action, patterns) in flagValueCases {
            flagValues += "        (\(patterns.map { "\"\($0)\"" }.joined(separator: "|"))) \(zshReply(action)) ;;\n"
        }
        var argumentValues = ""
        for (action, positions) in argumentCases {
            let patterns = positions.map { entry in
                entry.position.map { "\"\(entry.path) \($0)\"" } ?? "\"\(entry.path) \"*"
            }
            argumentValues += "      (\(patterns.joined(separator: "|"))) \(zshReply(action)); return ;;\n"
        }
        var words = ""
        for node in nodes {
            words +=
                "    (\"\(node.key)\") subcommands=(\(node.subcommands.joined(separator: " "))); flags=(\(node.flags.joined(separator: " "))) ;;\n"
        }
        return """
            #compdef kauth
            # zsh completion for kauth: save it as _kauth in a folder on $fpath, or load it with
            # source <(kauth completion zsh) after compinit.
            # Names only kauth knows (providers, profiles, config keys, the named provider's prompts) come
            # from `kauth __complete KIND -- WORDS-SO-FAR`.

            # Offers $2 by kind $1 (words, files, stdin, dynamic); $kauth comes from _kauth.
            _kauth_reply() {
              case $1 in
                (words) compadd -- ${=2} ;;
                (dynamic) compadd -- ${(f)"$($kauth __complete $2 -- ${words[2,CURRENT-1]} 2>/dev/null)"} ;;
                (files) _files ;;
                (stdin) compadd -- -; _files ;;
              esac
            }

            _kauth() {
              local kpath=kauth word flag prev i nargs=0 skip=0
              local kauth=${words[1]} cur=${words[CURRENT]}
              local -a subcommands flags
              if [[ $kauth == '~/'* ]]; then kauth=$HOME/${kauth#'~/'}; fi
              for (( i = 2; i < CURRENT; i++ )); do
                word=${words[i]}
                if (( skip )); then skip=0; continue; fi
                case $word in
                  (\(valueFlags)) skip=1; continue ;;
                  (-*) continue ;;
                esac
                if (( nargs == 0 )); then
                  case "$kpath $word" in
                    (\(steps.joined(separator: "|"))) kpath="$kpath $word"; continue ;;
                  esac
                fi
                nargs=$(( nargs + 1 ))
              done

              if (( CURRENT > 2 )); then prev=${words[CURRENT-1]}; fi
              if [[ $cur == --*=* ]]; then
                flag=${cur%%=*}
                compset -P '*='
              else
                flag=$prev
              fi
              case $flag in
                (\(valueFlags))
                  case "$kpath $flag" in
            \(flagValues)      esac
                  return ;;
              esac

              if [[ $cur != -* ]]; then
                case "$kpath $nargs" in
            \(argumentValues)    esac
              fi
              case $kpath in
            \(words)  esac
              if (( nargs > 0 )); then subcommands=(); fi
              compadd -- $subcommands $flags
            }

            if [[ $funcstack[1] == _kauth ]]; then _kauth "$@"; else compdef _kauth kauth; fi

            """
    }

    private func zshReply(_ action: Action) -> String {
        switch action {
        case .nothing: ":"
        case .words(let words): "_kauth_reply words \"\(words.joined(separator: " "))\""
        case .files: "_kauth_reply files"
        case .filesOrStandardInput: "_kauth_reply stdin"
        case .dynamic(let values): "_kauth_reply dynamic \(values.rawValue)"
        }
    }
}
