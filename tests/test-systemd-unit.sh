#!/bin/sh
# The systemd user unit and the D-Bus activation file as built: documented, valid for systemd
# (systemd-analyze verify), hardened (systemd-analyze security's exposure below 5), and the
# activation file handing over to the unit. Needs systemd-analyze (package systemd), which
# tools/setup-debian.sh --tests installs; without it the test skips, except under CI=true.
build=$1
unit=$build/daemon/draftd.service
activation=$build/daemon/org.draftd.Assistant1.service
. "$(dirname "$0")/tap-missing.sh"
command -v systemd-analyze >/dev/null 2>&1 || missing "systemd-analyze is not installed (package systemd)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# systemd-analyze's user manager wants a runtime directory, which a CI shell may lack.
export XDG_RUNTIME_DIR="$tmp/run"
mkdir -m 700 "$XDG_RUNTIME_DIR"
echo "1..4"
if grep -q '^Documentation=.*README.md' "$unit"; then
  echo "ok 1 - the unit has a Documentation= line naming the README"
else
  echo "not ok 1 - the unit has a Documentation= line naming the README"
fi
# The installed binary is not there in a build tree: check the unit as if it were.
sed "s|^ExecStart=[^ ]*|ExecStart=$build/daemon/draftd|" "$unit" >"$tmp/draftd.service"
if systemd-analyze verify --user "$tmp/draftd.service" >"$tmp/verify.log" 2>&1 && [ ! -s "$tmp/verify.log" ]; then
  echo "ok 2 - systemd-analyze verify --user finds nothing to say"
else
  echo "not ok 2 - systemd-analyze verify --user finds nothing to say"
  sed 's/^/# /' "$tmp/verify.log"
fi
systemd-analyze security --offline=yes --user "$tmp/draftd.service" >"$tmp/security.log" 2>&1
level=$(sed -n 's/.*Overall exposure level for draftd.service: \([0-9.]*\).*/\1/p' "$tmp/security.log")
if [ -n "$level" ] && awk "BEGIN { exit !($level < 5) }"; then
  echo "ok 3 - systemd-analyze security: exposure $level, below 5"
else
  echo "not ok 3 - systemd-analyze security: exposure '$level', below 5"
  tail -n 20 "$tmp/security.log" | sed 's/^/# /'
fi
if grep -q '^SystemdService=draftd.service$' "$activation" && grep -q '^Name=org.draftd.Assistant1$' "$activation"; then
  echo "ok 4 - D-Bus activation hands over to draftd.service under systemd"
else
  echo "not ok 4 - D-Bus activation hands over to draftd.service under systemd"
fi
