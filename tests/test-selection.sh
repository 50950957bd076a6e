#!/bin/sh
# draft correct --selection under Xvfb with xclip (issue 34): the primary selection is corrected
# onto the clipboard, and what changed goes to notify-send, or to stderr without it; with no
# selection tool at all it says what to install. draftd starts by D-Bus activation on a private
# bus, from the build tree.
build=$1
. "$(dirname "$0")/tap-missing.sh"
. "$(dirname "$0")/../tools/private-bus.sh"
for p in Xvfb xclip dbus-daemon dbus-send; do
  command -v $p >/dev/null 2>&1 || missing "$p is not installed (tools/setup-debian.sh --tests)"
done
tmp=$(mktemp -d)
xvfb_pid=""
bus_pid=""
cleanup() {
  pid=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetConnectionUnixProcessID \
        string:org.draftd.Assistant1 2>/dev/null | awk '/uint32/ { print $2 }')
  [ -n "$pid" ] && kill "$pid" 2>/dev/null
  [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
unset WAYLAND_DISPLAY
export XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state"
# Xvfb writes its display number to the FIFO once it accepts clients.
mkfifo "$tmp/displayfd"
Xvfb -displayfd 3 -nolisten tcp 3>"$tmp/displayfd" >/dev/null 2>&1 &
xvfb_pid=$!
read -r display <"$tmp/displayfd"
export DISPLAY=":$display"
private_bus_service "$tmp" "$build/daemon/draftd --activated"
private_bus_conf "$tmp" "$tmp/services"
dbus-daemon --config-file="$tmp/bus.conf" --fork --print-address=1 --print-pid=1 >"$tmp/bus.out"
DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p "$tmp/bus.out")
bus_pid=$(sed -n 2p "$tmp/bus.out")
export DBUS_SESSION_BUS_ADDRESS
draft="$build/client/draft"
n=0
result() {  # result OK DESCRIPTION
  n=$((n + 1))
  if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; sed 's/^/# /' "$tmp/err" 2>/dev/null; fi
}
echo "1..6"

# A stand-in notify-send records what it was asked to show.
mkdir -p "$tmp/bin"
printf '#!/bin/sh\nprintf "%%s\\n" "$@" >"%s/notified"\n' "$tmp" >"$tmp/bin/notify-send"
chmod +x "$tmp/bin/notify-send"
printf 'She have a cat and two dog.' | xclip -i -selection primary >/dev/null 2>&1
PATH="$tmp/bin:$PATH" "$draft" correct --selection >"$tmp/out" 2>"$tmp/err"
result $? "draft correct --selection succeeds"
clip=$(xclip -o -selection clipboard 2>/dev/null)
[ "$clip" = "She has a cat and two dogs." ]; result $? "the corrected text is on the clipboard ('$clip')"
grep -q 'corrections; the corrected text is on the clipboard' "$tmp/notified" 2>/dev/null &&
  grep -q 'have → has' "$tmp/notified"; result $? "notify-send says what changed"

# Without notify-send (a PATH with xclip alone), stderr says it.
mkdir -p "$tmp/xonly"
ln -s "$(command -v xclip)" "$tmp/xonly/xclip"
printf 'She have a cat and two dog.' | xclip -i -selection primary >/dev/null 2>&1
printf 'stale' | xclip -i -selection clipboard >/dev/null 2>&1
PATH="$tmp/xonly" "$draft" correct --selection >"$tmp/out" 2>"$tmp/err"
status=$?
[ $status = 0 ] && grep -q 'on the clipboard: have → has' "$tmp/err"; result $? "without notify-send, stderr says what changed"
[ "$(xclip -o -selection clipboard 2>/dev/null)" = "She has a cat and two dogs." ]; result $? "and the clipboard holds the correction"

# No selection tool at all: what to install, status 1.
mkdir -p "$tmp/none"
PATH="$tmp/none" "$draft" correct --selection >"$tmp/out" 2>"$tmp/err"
status=$?
[ $status = 1 ] && grep -q 'needs wl-clipboard (Wayland) or xclip or xsel (X11)' "$tmp/err"; result $? "with no selection tool, it says what to install (status $status)"
