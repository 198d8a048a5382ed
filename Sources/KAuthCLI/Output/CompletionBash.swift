extension CompletionTree {
    /// The bash script. It walks the words before the cursor as the parser does (flags and their
    /// values skipped, subcommands followed, arguments counted), then offers a flag's values, an
    /// argument's values, or the command's subcommands and flags. bash 3.2 (macOS) works too:
    /// no `mapfile`, and `compopt` only where it exists.
    func bash() -> String {
        let valueFlags = valueFlagNames.joined(separator: "|")
        var steps = ""
        for step in self.steps {
            steps += "        \"\(step.from) \(step.word)\") kpath=\"$kpath $word\"; continue ;;\n"
        }
        var flagValues = ""
        for (action, patterns) in flagValueCases {
            flagValues += "        \(patterns.map { "\"\($0)\"" }.joined(separator: "|"))) \(bashReply(action)) ;;\n"
        }
        var argumentValues = ""
        for (action, positions) in argumentCases {
            let patterns = positions.map { entry in
                entry.position.map { "\"\(entry.path) \($0)\"" } ?? "\"\(entry.path) \"*"
            }
            argumentValues += "      \(patterns.joined(separator: "|"))) \(bashReply(action)); return ;;\n"
        }
        var words = ""
        for node in nodes {
            let subcommands = node.subcommands.joined(separator: " ")
            words +=
                "    \"\(node.key)\") subcommands=\"\(subcommands)\"; flags=\"\(node.flags.joined(separator: " "))\" ;;\n"
        }
        return """
            # bash completion for kauth; load it with: source <(kauth completion bash)
            # Names only kauth knows (providers, profiles, config keys, the named provider's prompts) come
            # from `kauth __complete KIND -- WORDS-SO-FAR`.

            # Offers $2 by kind $1 (words, files, stdin, dynamic, nothing) for the word $cur; $kauth
            # and $pre (a `--flag=` the word started with) come from _kauth.
            _kauth_reply() {
              local line n
              COMPREPLY=()
              case "$1" in
                words) while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -W "$2" -- "$cur") ;;
                dynamic) while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -W "$("$kauth" __complete "$2" -- "${COMP_WORDS[@]:1:COMP_CWORD-1}" 2>/dev/null)" -- "$cur") ;;
                files | stdin)
                  compopt -o filenames 2>/dev/null
                  while IFS= read -r line; do COMPREPLY+=("$line"); done < <(compgen -f -- "$cur")
                  if [[ $1 == stdin && ( -z $cur || $cur == - ) ]]; then COMPREPLY+=(-); fi ;;
              esac
              if [[ -n $pre ]]; then
                for ((n = 0; n < ${#COMPREPLY[@]}; n++)); do COMPREPLY[n]="$pre${COMPREPLY[n]}"; done
              fi
            }

            _kauth() {
              local cur="${COMP_WORDS[COMP_CWORD]}" prev="" flag="" pre="" kpath="kauth" word i nargs=0 skip=0
              local kauth="${COMP_WORDS[0]}" subcommands="" flags=""
              if [[ $kauth == "~/"* ]]; then kauth="$HOME/${kauth#"~/"}"; fi
              for ((i = 1; i < COMP_CWORD; i++)); do
                word="${COMP_WORDS[i]}"
                if ((skip)); then skip=0; continue; fi
                case "$word" in
                  \(valueFlags))
                    # bash splits `--flag=value` at the `=`: the value is the word after it.
                    if [[ ${COMP_WORDS[i + 1]} == "=" ]]; then i=$((i + 1)); fi
                    skip=1; continue ;;
                  -* | =) continue ;;
                esac
                if ((nargs == 0)); then
                  case "$kpath $word" in
            \(steps)      esac
                fi
                nargs=$((nargs + 1))
              done

              if ((COMP_CWORD > 1)); then prev="${COMP_WORDS[COMP_CWORD - 1]}"; fi
              if [[ $cur == "=" ]]; then
                flag="$prev"; cur=""
              elif [[ $prev == "=" ]] && ((COMP_CWORD > 2)); then
                flag="${COMP_WORDS[COMP_CWORD - 2]}"
              elif [[ $cur == --*=* ]]; then
                flag="${cur%%=*}"; pre="$flag="; cur="${cur#*=}"
              else
                flag="$prev"
              fi
              case "$flag" in
                \(valueFlags))
                  case "$kpath $flag" in
            \(flagValues)        *) COMPREPLY=() ;;
                  esac
                  return ;;
              esac
              pre=""

              if [[ $cur != -* ]]; then
                case "$kpath $nargs" in
            \(argumentValues)    esac
              fi
              case "$kpath" in
            \(words)  esac
              if ((nargs > 0)); then subcommands=""; fi
              _kauth_reply words "$subcommands $flags"
            }
            complete -F _kauth kauth

            """
    }

    private func bashReply(_ action: Action) -> String {
        switch action {
        case .nothing: "COMPREPLY=()"
        case .words(let words): "_kauth_reply words \"\(words.joined(separator: " "))\""
        case .files: "_kauth_reply files"
        case .filesOrStandardInput: "_kauth_reply stdin"
        case .dynamic(let values): "_kauth_reply dynamic \(values.rawValue)"
        }
    }
}
