#!/usr/bin/env bash
# Installs draftd for the user, without root, through `meson install`: the programs into
# PREFIX/bin, the shipped models, docs, editor packages, D-Bus activation file, systemd user
# unit, shell completions and man pages under PREFIX/share. After it, the first `draft` call in
# any shell starts draftd through D-Bus activation. Every file and directory it created is
# recorded in PREFIX/share/draftd/install-manifest.txt, which --uninstall reads back; it
# stops a draftd running from PREFIX first, and says which of your data it keeps (--purge
# removes that too).
#   tools/install.sh [--prefix DIR] [--builddir DIR] [--uninstall [--purge]]
# PREFIX defaults to ~/.local; the build directory to build-install/ in the source tree (built
# in release mode, without the tests). Needs what tools/setup-debian.sh installs.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
prefix="$HOME/.local"
builddir="$src/build-install"
uninstall=0
purge=0
usage() {
  echo "Usage: tools/install.sh [--prefix DIR] [--builddir DIR] [--uninstall [--purge]]"
  echo "Installs draftd into DIR (default ~/.local) for this user; --uninstall removes what it installed"
  echo "(and stops its running daemon); --purge also removes your draftd data: config, word list,"
  echo "pulled models, history, caches."
}
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { usage >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --builddir) [ $# -ge 2 ] || { usage >&2; exit 2; }; builddir=$2; shift 2 ;;
    --builddir=*) builddir=${1#--builddir=}; shift ;;
    --uninstall) uninstall=1; shift ;;
    --purge) uninstall=1; purge=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
prefix=$(realpath -m -- "$prefix")
manifest="$prefix/share/draftd/install-manifest.txt"

# The user's systemd manager and session bus pick up new or removed unit and service files;
# neither may be running (a container, a test's temporary HOME).
reload_user_services() {
  if command -v systemctl >/dev/null 2>&1 && systemctl --user show-environment >/dev/null 2>&1; then
    systemctl --user daemon-reload || true
  fi
}

# A draftd of this install still running keeps serving from a deleted binary: stop it, by
# the unit where systemd runs it, else by its pid (only processes of this user whose program
# is PREFIX/bin/draftd), and wait until it is gone.
stop_daemon() {
  local bin="$prefix/bin/draftd" pids=() pid exe
  for d in /proc/[0-9]*; do
    exe=$(readlink "$d/exe" 2>/dev/null) || continue
    [ "$exe" = "$bin" ] || [ "$exe" = "$bin (deleted)" ] || continue
    [ -O "$d" ] && pids+=("${d#/proc/}")
  done
  [ ${#pids[@]} -gt 0 ] || return 0
  if command -v systemctl >/dev/null 2>&1 && systemctl --user is-active --quiet draftd 2>/dev/null; then
    systemctl --user stop draftd || true
  fi
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for _ in $(seq 100); do
    local alive=0
    for pid in "${pids[@]}"; do [ -d "/proc/$pid" ] && alive=1; done
    [ $alive -eq 0 ] && break
    sleep 0.1
  done
  echo "stopped the running draftd (pid ${pids[*]})"
}

# What draftd keeps of the user's own, outside PREFIX: kept on uninstall, removed by --purge.
user_data() {
  local config=${XDG_CONFIG_HOME:-$HOME/.config} data=${XDG_DATA_HOME:-$HOME/.local/share}
  local state=${XDG_STATE_HOME:-$HOME/.local/state} cache=${XDG_CACHE_HOME:-$HOME/.cache}
  local d
  for d in "$config/draftd" "$data/draftd" "$state/draftd" "$cache/draftd"; do
    # The data directory under PREFIX/share is the install's own, not the user's.
    [ "$d" = "$prefix/share/draftd" ] && continue
    [ -e "$d" ] && echo "$d"
  done
  return 0
}

if [ $uninstall -eq 1 ] && [ ! -f "$manifest" ] && [ $purge -eq 1 ]; then
  # Uninstalled already: --purge still removes the user's data.
  printf '%s\n' "$(user_data)" | while IFS= read -r d; do [ -n "$d" ] && rm -rf -- "$d" && echo "removed $d"; done
  exit 0
fi
if [ $uninstall -eq 1 ]; then
  if [ ! -f "$manifest" ]; then
    echo "install.sh: nothing installed by tools/install.sh in $prefix ($manifest is missing)" >&2
    exit 1
  fi
  # Files first, then the directories the install created, deepest first, where now empty
  # (a directory holding something else the user put there stays).
  stop_daemon
  entries=$(cat "$manifest")   # the manifest lists itself
  printf '%s\n' "$entries" | grep '^f ' | cut -c3- | while IFS= read -r f; do
    if [ -d "$f" ] && [ ! -L "$f" ]; then continue; fi
    rm -f -- "$f"
  done
  printf '%s\n' "$entries" | grep '^d ' | cut -c3- | awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2- |
    while IFS= read -r d; do rmdir -- "$d" 2>/dev/null || true; done
  rm -f -- "$manifest"
  rmdir -- "$prefix/share/draftd" 2>/dev/null || true
  reload_user_services
  echo "draftd uninstalled from $prefix"
  kept=$(user_data)
  if [ -n "$kept" ] && [ $purge -eq 1 ]; then
    printf '%s\n' "$kept" | while IFS= read -r d; do rm -rf -- "$d"; echo "removed $d"; done
  elif [ -n "$kept" ]; then
    echo "your draftd data is kept (config and word list, pulled models, REPL history, spelling"
    echo "indexes and pipeline cache):"
    printf '  %s\n' $kept
    echo "remove it with: tools/install.sh --uninstall --purge${prefix:+ --prefix $prefix} (or rm -r the folders above)"
  fi
  exit 0
fi

# The prefix and those of its parents that do not exist yet are the install's to remove too.
created_above=()
p=$prefix
while [ ! -e "$p" ]; do created_above+=("$p"); p=$(dirname "$p"); done
mkdir -p "$prefix"
dirs_before=$(mktemp)
trap 'rm -f "$dirs_before"' EXIT
find "$prefix" -type d | sort >"$dirs_before"
opts=(--prefix "$prefix" -Dsystemduserunitdir="$prefix/share/systemd/user")
if [ -f "$builddir/build.ninja" ]; then
  meson configure "$builddir" "${opts[@]}" >/dev/null
else
  meson setup "$builddir" "$src" "${opts[@]}" --buildtype release -Dtests=false >/dev/null
fi
meson compile -C "$builddir" >/dev/null
meson install -C "$builddir" --no-rebuild --quiet >/dev/null

# The manifest: every file meson installed, every directory that did not exist before, and
# what an earlier install recorded (a reinstall keeps what it still has to remove).
new_manifest=$(mktemp)
{
  [ -f "$manifest" ] && grep -E '^[fd] ' "$manifest"
  # meson logs a directory it made whole (install_subdir) too: those come from the
  # before/after comparison instead, so a directory that was there before is never removed.
  grep -v '^#' "$builddir/meson-logs/install-log.txt" | while IFS= read -r f; do
    [ -d "$f" ] && [ ! -L "$f" ] || echo "f $f"
  done
  find "$prefix" -type d | sort | comm -13 "$dirs_before" - | sed 's/^/d /'
  for d in "${created_above[@]}"; do echo "d $d"; done
  echo "f $manifest"
} | sort -u >"$new_manifest"
mkdir -p "$(dirname "$manifest")"
mv "$new_manifest" "$manifest"
reload_user_services
echo "draftd installed into $prefix (tools/install.sh --uninstall${prefix:+ --prefix $prefix} removes it)"
# bash loads share/bash-completion/completions/draft through the bash-completion package only.
if [ ! -f /usr/share/bash-completion/bash_completion ]; then
  echo "bash completion for draft needs the bash-completion package: sudo apt install bash-completion"
fi
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "add $prefix/bin to PATH (for bash: echo 'export PATH=\"$prefix/bin:\$PATH\"' >>~/.bashrc)" ;;
esac
