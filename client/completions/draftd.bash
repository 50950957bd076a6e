# bash completion for draftd, the daemon (installed as share/bash-completion/completions/draftd).
_draftd() {
  local cur prev
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD-1]}
  case "$prev" in
    --target|--assistant) COMPREPLY=($(compgen -f -X '!*.gguf' -- "$cur") $(compgen -d -- "$cur")); return ;;
    --config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --chat-format) COMPREPLY=($(compgen -W "plain chatml llama2 llama3 zephyr phi3 gemma" -- "$cur")); return ;;
    --device|--address|--context|--queue-depth|--client-queue-depth|--job-timeout|--idle-unload) return ;;
  esac
  COMPREPLY=($(compgen -W "--target --assistant --config --device --address --context --chat-format --queue-depth
    --client-queue-depth --job-timeout --lazy --idle-unload --activated --verbose --list-devices --check --version --help" -- "$cur"))
}
complete -F _draftd draftd
