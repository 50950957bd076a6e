# fish completion for draft, the client of draftd (installed as
# share/fish/vendor_completions.d/draft.fish).
set -l commands correct rewrite complete chat add-word status rules doctor pull models use lsp
function __draft_models
    draft pull --list 2>/dev/null | awk 'NR > 1 && $1 !~ /^-/ { print $1 }'
end
complete -c draft -f
complete -c draft -n "not __fish_seen_subcommand_from $commands" -l address -r -d 'the D-Bus bus draftd serves'
complete -c draft -n "not __fish_seen_subcommand_from $commands" -l version -d 'print the version'
complete -c draft -s h -l help -d 'show the help'
complete -c draft -n "not __fish_seen_subcommand_from $commands" -a correct -d 'correct grammar and spelling'
complete -c draft -n "not __fish_seen_subcommand_from $commands" -a rewrite -d 'rewrite text'
complete -c draft -n "not __fish_seen_subcommand_from $commands" -a complete -d 'continue text'
complete -c draft -n "not __fish_seen_subcommand_from $commands" -a chat -d 'one chat turn'
complete -c draft -n "not __fish_seen_subcommand_from $commands" -a add-word -d 'never flag these words as misspelt'
complete -c draft -n "not __fish_seen_subcommand_from $commands" -a status -d 'the daemon, its models and statistics'
complete -c draft -n "not __fish_seen_subcommand_from $commands" -a rules -d 'every rule id, its kind and what it catches'
complete -c draft -n "not __fish_seen_subcommand_from $commands" -a doctor -d 'check what draftd needs'
complete -c draft -n "not __fish_seen_subcommand_from $commands" -a pull -d 'download a model from the Hugging Face Hub'
complete -c draft -n "not __fish_seen_subcommand_from $commands" -a models -d 'the models on disk'
complete -c draft -n "not __fish_seen_subcommand_from $commands" -a use -d 'switch the daemon to other models'
complete -c draft -n "not __fish_seen_subcommand_from $commands" -a lsp -d 'the language server for editors'
complete -c draft -n "__fish_seen_subcommand_from correct rewrite" -F
complete -c draft -n "__fish_seen_subcommand_from correct rewrite" -l diff -d 'show a word diff'
complete -c draft -n "__fish_seen_subcommand_from correct rewrite" -l json -d 'print JSON'
complete -c draft -n "__fish_seen_subcommand_from correct rewrite" -l color -x -a 'auto always never' -d 'colour the diff'
complete -c draft -n "__fish_seen_subcommand_from correct rewrite" -l disable -x -d 'leave out a rule, by id or family'
complete -c draft -n "__fish_seen_subcommand_from correct" -l selection -d 'correct the primary selection onto the clipboard'
complete -c draft -n "__fish_seen_subcommand_from correct" -l dialect -x -a 'en-US en-GB en-CA en-AU en-ZA none' -d 'hold spellings to a dialect'
complete -c draft -n "__fish_seen_subcommand_from correct" -l path -r -F -d 'the document of text read from stdin'
complete -c draft -n "__fish_seen_subcommand_from correct" -l suggestions -d 'list what the model doubted on stderr'
complete -c draft -n "__fish_seen_subcommand_from rewrite" -s i -l instruction -x -a 'formal concise simple friendly' -d 'how to rewrite'
for opt in max-tokens temperature top-p top-k min-p seed stop
    complete -c draft -n "__fish_seen_subcommand_from complete chat" -l $opt -x
end
complete -c draft -n "__fish_seen_subcommand_from complete chat" -s n -x -d 'most tokens to generate'
complete -c draft -n "__fish_seen_subcommand_from chat" -s c -l conversation -x -d 'continue the conversation NAME'
complete -c draft -n "__fish_seen_subcommand_from chat" -l reset -d 'forget the conversation first'
complete -c draft -n "__fish_seen_subcommand_from complete chat" -l force -d 'run even on a model that cannot complete or chat'
complete -c draft -n "__fish_seen_subcommand_from status models rules" -l json -d 'print JSON'
complete -c draft -n "__fish_seen_subcommand_from pull" -l list -d 'the models known by name'
complete -c draft -n "__fish_seen_subcommand_from pull use" -x -a '(__draft_models)'
complete -c draft -n "__fish_seen_subcommand_from use" -l assistant -x -a 'none (__draft_models)' -d 'the assistant model'
complete -c draft -n "__fish_seen_subcommand_from lsp" -l stdio -d 'speak over stdin and stdout'
