# bash completion for draft, the client of draftd (installed as
# share/bash-completion/completions/draft, which bash-completion loads on first use).
_draft_models() {
  # The models known by name (first column of `draft pull --list`), without a bus.
  draft pull --list 2>/dev/null | awk 'NR > 1 && $1 !~ /^-/ { print $1 }'
}

_draft() {
  local cur prev cmd i
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  cmd=""
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "${COMP_WORDS[i]}" in
      --address) ((i++)) ;;
      -*) ;;
      *) cmd=${COMP_WORDS[i]}; break ;;
    esac
  done
  local sampling="--max-tokens --temperature --top-p --top-k --min-p --seed --stop --force"
  case "$prev" in
    -i|--instruction) COMPREPLY=($(compgen -W "formal concise simple friendly" -- "$cur")); return ;;
    --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    --dialect) COMPREPLY=($(compgen -W "en-US en-GB en-CA en-AU en-ZA none" -- "$cur")); return ;;
    --path) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --assistant) COMPREPLY=($(compgen -W "none $(_draft_models)" -- "$cur")); return ;;
    --address|--conversation|-c|--stop|--seed|--temperature|--top-p|--top-k|--min-p|--max-tokens|-n) return ;;
  esac
  case "$cmd" in
    "") COMPREPLY=($(compgen -W "correct rewrite complete chat add-word status rules doctor pull models use lsp --address --help --version" -- "$cur")) ;;
    correct) if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "--diff --json --color --disable --dialect --path --suggestions --selection --help" -- "$cur")); else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
    rewrite) if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "-i --instruction --diff --json --color --help" -- "$cur")); else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
    complete) COMPREPLY=($(compgen -W "$sampling --help" -- "$cur")) ;;
    chat) COMPREPLY=($(compgen -W "$sampling --conversation --reset --help" -- "$cur")) ;;
    status|models|rules) COMPREPLY=($(compgen -W "--json --help" -- "$cur")) ;;
    pull) COMPREPLY=($(compgen -W "--list --help $(_draft_models)" -- "$cur")) ;;
    use) COMPREPLY=($(compgen -W "--assistant --help $(_draft_models)" -- "$cur")) ;;
    lsp) COMPREPLY=($(compgen -W "--stdio --help" -- "$cur")) ;;
  esac
}
complete -F _draft draft
