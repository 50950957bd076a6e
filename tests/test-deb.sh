#!/bin/sh
# The Debian package as a Debian user meets it (issue 47): dpkg-buildpackage builds it from a
# copy of the source tree (the checkout stays clean), lintian finds no error in it, `apt-get
# install ./draftd_*.deb` installs it system-wide, the installed `draft correct` answers through
# D-Bus activation on a private session bus that reads the system's activation directory, and
# `apt-get purge` leaves no file of it behind. It installs into the real /usr, so it needs root
# (CI runs as root) and refuses to run where draftd is installed already. The build recompiles
# everything (release flags, no tests, 2 jobs): a few minutes.
src=$1
. "$(dirname "$0")/tap-missing.sh"
. "$src/tools/private-bus.sh"
if [ "$(id -u)" -ne 0 ]; then
  missing "installs a package system-wide: run as root (CI does)"
fi
for p in dpkg-buildpackage dh fakeroot lintian apt-get dbus-daemon dbus-send; do
  command -v $p >/dev/null 2>&1 || missing "$p is not installed (tools/setup-debian.sh --tests)"
done
if dpkg-query -W -f='${Status}' draftd 2>/dev/null | grep -q 'ok installed\|config-files\|half'; then
  # Not a missing dependency: never a failure, under CI or not.
  echo "1..0 # SKIP the draftd package is installed on this machine; this test would replace and purge it"
  exit 0
fi
tmp=$(mktemp -d)
bus_pid=""
installed=0
cleanup() {
  [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null
  # A failed run leaves no package behind either.
  [ $installed -eq 1 ] && apt-get purge -y -q -o DPkg::Lock::Timeout=300 draftd >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
n=0
check() {  # check DESCRIPTION COMMAND...: one TAP line
  n=$((n + 1)); d=$1; shift
  if "$@" >"$tmp/out" 2>&1; then echo "ok $n - $d"; else echo "not ok $n - $d"; sed 's/^/# /' "$tmp/out" | tail -n 30; fi
}
# Stops the test where the next steps cannot mean anything.
need() {
  if ! "$@" >"$tmp/out" 2>&1; then
    echo "Bail out! $*"; sed 's/^/# /' "$tmp/out" | tail -n 40; exit 1
  fi
}
echo "1..11"

# The tree git would commit (tracked files and new ones it does not ignore), without build
# directories; a tree without git is copied less its build*/ folders.
copy_tree() {
  mkdir -p "$tmp/src"
  if git -C "$src" rev-parse --show-toplevel >/dev/null 2>&1; then
    (cd "$src" && git ls-files -z -co --exclude-standard | tar -cf - --null -T -) | tar -xf - -C "$tmp/src"
  else
    (cd "$src" && tar -cf - --exclude='./build*' --exclude=./.git .) | tar -xf - -C "$tmp/src"
  fi
}
need copy_tree
# nocheck: the test suite is CI's (tools/check.sh), not the package build's.
check "dpkg-buildpackage -b -us -uc builds the package" \
  sh -c "cd '$tmp/src' && DEB_BUILD_OPTIONS='nocheck parallel=2' dpkg-buildpackage -b -us -uc"
deb=$(ls "$tmp"/draftd_*_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || { echo "Bail out! no draftd_*.deb in $tmp"; exit 1; }
# Warnings are printed as comments, not failed on (debian/draftd.lintian-overrides says why each is overridden).
check "lintian reports no error" sh -c "lintian --fail-on error '$tmp'/draftd_*.changes >'$tmp/lintian' 2>&1; rc=\$?
  grep -v '^running with root' '$tmp/lintian'; exit \$rc"
grep -v '^running with root' "$tmp/lintian" | sed 's/^/# lintian: /'

# The paths the package holds that are there before it is installed (/usr/share/man/man1 ...):
# after the purge, only these may remain.
dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|; s|/$||' | grep . | while IFS= read -r p; do
  [ -e "$p" ] && echo "$p"
done | sort >"$tmp/before"
need apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 "$deb"
installed=1
echo "ok $((n = n + 1)) - apt-get install ./$(basename "$deb") installs it"
check "the programs are in /usr/bin, the models, editor files and docs under /usr/share" sh -c "
  for p in draft draftd draftd-lsp draftd-convert draftd-run draftd-tokenize draftd-bench; do
    test -x /usr/bin/\$p || { echo missing /usr/bin/\$p; exit 1; }
    test -s /usr/share/man/man1/\$p.1.gz || { echo missing the man page of \$p; exit 1; }
  done
  for f in /usr/share/draftd/models/draftd-target.gguf /usr/share/draftd/models/draftd-assistant.gguf \
           /usr/share/emacs/site-lisp/draftd/draftd.el /usr/share/draftd/neovim/lua/draftd.lua \
           /usr/share/bash-completion/completions/draft /usr/share/zsh/vendor-completions/_draft \
           /usr/share/fish/vendor_completions.d/draft.fish /usr/share/doc/draftd/README.md \
           /usr/share/doc/draftd/docs/usage.md /usr/share/doc/draftd/copyright; do
    test -s \$f || { echo missing \$f; exit 1; }
  done"
check "the activation file and the user unit are where the bus and systemd look, naming /usr/bin/draftd" \
  sh -c "grep -qx 'Exec=/usr/bin/draftd --activated' /usr/share/dbus-1/services/org.draftd.Assistant1.service &&
         grep -qx 'ExecStart=/usr/bin/draftd --activated' /usr/lib/systemd/user/draftd.service"
check "the user unit is not enabled for every user (activation starts it)" \
  sh -c "! ls /etc/systemd/user/*/draftd.service 2>/dev/null | grep ."

# A user of our own: a temporary HOME, no config, no models of its own, nothing from the
# test environment that points at the build tree. The bus passes its environment to what it
# activates.
export HOME="$tmp/home"
export XDG_CONFIG_HOME="$HOME/.config" XDG_CACHE_HOME="$HOME/.cache" XDG_DATA_HOME="$HOME/.local/share"
export XDG_STATE_HOME="$HOME/.local/state" XDG_RUNTIME_DIR="$tmp/run"
mkdir -p "$HOME"
mkdir -m 700 "$XDG_RUNTIME_DIR"
unset DBUS_SESSION_BUS_ADDRESS DRAFTD_MODELS_DIR DRAFTD_PIPELINE_CACHE_DIR DRAFTD_SPELL_CACHE_DIR DRAFTD_DICT_PATH
private_bus_conf "$tmp" /usr/share/dbus-1/services
# --fork returns once the bus listens, having printed its address and pid.
need dbus-daemon --config-file="$tmp/bus.conf" --fork --print-address=3 --print-pid=4 3>"$tmp/bus.address" 4>"$tmp/bus.pid"
DBUS_SESSION_BUS_ADDRESS=$(cat "$tmp/bus.address")
bus_pid=$(cat "$tmp/bus.pid")
export DBUS_SESSION_BUS_ADDRESS
check "the installed draft correct answers through activation with the shipped models" \
  sh -c "echo 'She have a cat and two dog.' | env PATH=/usr/bin:/bin draft correct | grep -q 'She has a cat and two dogs.'"
pid=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetConnectionUnixProcessID \
      string:org.draftd.Assistant1 2>/dev/null | awk '/uint32/ { print $2 }')
check "the daemon that answered is /usr/bin/draftd, started by the bus, on /usr/share/draftd/models" \
  sh -c "test -n '$pid' && test \"\$(readlink /proc/$pid/exe)\" = /usr/bin/draftd &&
         env PATH=/usr/bin:/bin draft status --json | grep -q /usr/share/draftd/models/draftd-target.gguf"
[ -n "$pid" ] && kill "$pid" 2>/dev/null
kill "$bus_pid" 2>/dev/null
bus_pid=""

# dpkg -L begins with "/.", the root every package holds.
dpkg -L draftd | grep -vx "/\." | sort -u >"$tmp/files"
check "apt-get purge removes the package" apt-get purge -y -q -o DPkg::Lock::Timeout=300 draftd
installed=0
check "after the purge no file or directory of the package is left" sh -c "
  test -s '$tmp/files' || { echo 'dpkg -L listed nothing'; exit 1; }
  dpkg-query -W -f='\${Status}' draftd 2>/dev/null | grep -q 'installed\|config-files' && { echo still known to dpkg; exit 1; }
  left=0
  while IFS= read -r p; do
    [ -e \"\$p\" ] || [ -L \"\$p\" ] || continue
    grep -qxF \"\$p\" '$tmp/before' || { echo \"left: \$p\"; left=1; }
  done <'$tmp/files'
  exit \$left"
check "nothing of draftd under /usr/share, /etc or /var/lib" sh -c "
  find /usr/share/draftd /usr/share/doc/draftd /usr/share/emacs/site-lisp/draftd /etc/draftd /var/lib/draftd \
       /var/lib/systemd/deb-systemd-user-helper-enabled -name '*draftd*' 2>/dev/null | grep . && exit 1
  ls /usr/bin/draft /usr/bin/draftd* /usr/share/dbus-1/services/org.draftd.* /usr/lib/systemd/user/draftd* 2>/dev/null | grep . && exit 1
  exit 0"
