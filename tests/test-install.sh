#!/bin/sh
# tools/install.sh as a new user meets it (issue 34): install into a prefix under a temporary
# HOME, then, with no daemon running, the installed `draft correct` answers through D-Bus
# activation on a private session bus that reads only the installed service directory; the
# completions and man pages are installed and parse; --uninstall stops the daemon it
# installed, says which user data it keeps (the word list here), and --purge removes that:
# HOME is then as it was.
# The install builds in BUILD/install-test (release, no tests): slow the first time only.
src=$1
build=$2
. "$(dirname "$0")/tap-missing.sh"
. "$src/tools/private-bus.sh"
for p in dbus-daemon dbus-send groff help2man; do
  command -v $p >/dev/null 2>&1 || missing "$p is not installed (tools/setup-debian.sh --tests)"
done
tmp=$(mktemp -d)
bus_pid=""
cleanup() {
  [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
export HOME="$tmp/home"
export XDG_CONFIG_HOME="$tmp/xdg/config" XDG_CACHE_HOME="$tmp/xdg/cache" XDG_DATA_HOME="$HOME/.local/share"
export XDG_RUNTIME_DIR="$tmp/run"
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME"
mkdir -m 700 "$XDG_RUNTIME_DIR"
unset DBUS_SESSION_BUS_ADDRESS DRAFTD_MODELS_DIR
prefix="$HOME/.local"
n=0
check() {  # check DESCRIPTION COMMAND...: one TAP line
  n=$((n + 1)); d=$1; shift
  if "$@" >"$tmp/out" 2>&1; then echo "ok $n - $d"; else echo "not ok $n - $d"; sed 's/^/# /' "$tmp/out" | tail -n 30; fi
}
echo "1..14"

check "tools/install.sh --prefix installs without root" "$src/tools/install.sh" --prefix "$prefix" --builddir "$build/install-test"
check "draft, draftd, draftd-lsp and the tools are on PREFIX/bin" \
  sh -c "for p in draft draftd draftd-lsp draftd-convert draftd-run draftd-tokenize draftd-bench; do test -x '$prefix/bin/'\$p || { echo missing \$p; exit 1; }; done"
check "the shipped models and the docs are under PREFIX/share" \
  sh -c "test -s '$prefix/share/draftd/models/draftd-target.gguf' && test -s '$prefix/share/doc/draftd/README.md' && test -s '$prefix/share/doc/draftd/docs/usage.md'"
check "the activation file and the systemd unit name the installed draftd" \
  sh -c "grep -qx 'Exec=$prefix/bin/draftd --activated' '$prefix/share/dbus-1/services/org.draftd.Assistant1.service' &&
         grep -qx 'ExecStart=$prefix/bin/draftd --activated' '$prefix/share/systemd/user/draftd.service'"

# A session bus of our own whose only service directory is the installed one.
private_bus_conf "$tmp" "$prefix/share/dbus-1/services"
# --fork returns once the bus listens, having printed its address and pid.
dbus-daemon --config-file="$tmp/bus.conf" --fork --print-address=1 --print-pid=1 >"$tmp/bus.out"
DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$tmp/bus.out")
bus_pid=$(sed -n 2p "$tmp/bus.out")
export DBUS_SESSION_BUS_ADDRESS
check "no draftd is on the private bus before the first call" \
  sh -c "! dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetNameOwner string:org.draftd.Assistant1"
check "the installed draft correct answers through activation" \
  sh -c "echo 'She have a cat and two dog.' | env PATH='$prefix/bin:/usr/bin:/bin' draft correct | grep -q 'She has a cat and two dogs.'"
pid=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetConnectionUnixProcessID \
      string:org.draftd.Assistant1 2>/dev/null | awk '/uint32/ { print $2 }')
check "the daemon that answered is the installed draftd, started by the bus" \
  sh -c "test -n '$pid' && test \"\$(readlink /proc/$pid/exe)\" = '$prefix/bin/draftd'"
check "draft add-word keeps a word in the user's word list" \
  sh -c "env PATH='$prefix/bin:/usr/bin:/bin' draft add-word zorbify && test -s '$XDG_CONFIG_HOME/draftd/words.txt'"

check "the bash completions parse and complete draft's commands" \
  sh -c "bash -n '$prefix/share/bash-completion/completions/draft' && bash -n '$prefix/share/bash-completion/completions/draftd' &&
         bash -c '. $prefix/share/bash-completion/completions/draft; COMP_WORDS=(draft re); COMP_CWORD=1; _draft; echo \"\${COMPREPLY[*]}\"' | grep -qx rewrite"
check "the zsh and fish completions are installed" \
  sh -c "grep -q '^#compdef draft' '$prefix/share/zsh/site-functions/_draft' && grep -q '^complete -c draft' '$prefix/share/fish/vendor_completions.d/draft.fish'"
# groff -ww warns of every fault in a page; a page that parses says nothing.
check "draft.1, draftd.1 and draftd-lsp.1 are installed and parse without a warning" \
  sh -c "for p in draft draftd draftd-lsp; do f='$prefix/share/man/man1/'\$p.1; test -s \$f || { echo no \$f; exit 1; };
         out=\$(groff -man -ww -z -Tutf8 \$f 2>&1); [ -z \"\$out\" ] || { echo \"\$p: \$out\"; exit 1; };
         grep -q '^\\.SH SYNOPSIS\\|^\\.SH DESCRIPTION' \$f || { echo \$p has no section; exit 1; }; done"
# Issue 47: the daemon still runs (the bus started it); uninstall stops it, and names the
# data it keeps and how to remove it.
check "tools/install.sh --uninstall stops the running draftd, removes what it installed, lists the data it keeps" \
  sh -c "'$src/tools/install.sh' --prefix '$prefix' --uninstall >'$tmp/un.out' 2>&1; st=\$?; cat '$tmp/un.out';
         test \$st -eq 0 && grep -q 'stopped the running draftd (pid $pid)' '$tmp/un.out' && test -n '$pid' && ! test -e /proc/$pid &&
         grep -q '^  $XDG_CONFIG_HOME/draftd\$' '$tmp/un.out' && grep -q -- '--uninstall --purge' '$tmp/un.out' &&
         test -s '$XDG_CONFIG_HOME/draftd/words.txt'"
kill "$bus_pid" 2>/dev/null
bus_pid=""
check "tools/install.sh --purge removes the user's draftd data" \
  sh -c "'$src/tools/install.sh' --prefix '$prefix' --purge && ! test -e '$XDG_CONFIG_HOME/draftd'"
check "after --uninstall HOME holds nothing" sh -c "find '$HOME' -mindepth 1 | sed 1q | grep . && exit 1 || exit 0"
