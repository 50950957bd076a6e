#!/usr/bin/env bash
# Installs what draftd needs to build and run on Debian 12 (bookworm): with Hunspell's English
# dictionaries (US and GB: a word either accepts is spelt right) and WordNet's irregular forms
# for correction; with --tests, also what
# the whole test suite needs (the editors the editor tests drive, and PyTorch, SentencePiece and
# the corpus packages for the training-pipeline test, systemd-analyze for the unit's test, Xvfb,
# xclip and notify-send for draft correct --selection's test, dpkg-dev, debhelper, fakeroot and
# lintian for the Debian package's test, the Hunspell dictionaries the tests pin
# (tests/pin-dictionaries.py), so that no test skips for want of a package). Tests that need
# ../shared (reference models, stories260K, JFLEG) still skip without it, as in a fresh clone:
# this script installs packages, not that data. help2man makes the man pages from the
# programs' --help.
# Mesa 25's lavapipe comes from bookworm-backports: its storage-buffer reads are
# several times faster than bookworm's Mesa 22.3, which the test suite relies on.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive

enable_backports() {
  local f
  if grep -rqs 'bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null; then
    return 0
  fi
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    # The Debian entry is the stanza whose Suites: line names plain "bookworm".
    if grep -qE '^Suites:(.* )?bookworm( |$)' "$f"; then
      $SUDO sed -i -E '0,/^Suites:(.* )?bookworm( |$)/{/^Suites:(.* )?bookworm( |$)/ s/$/ bookworm-backports/}' "$f"
      return 0
    fi
  done
  if [ -f /etc/apt/sources.list ] && grep -qE '^deb .* bookworm main' /etc/apt/sources.list; then
    local uri
    uri=$(grep -E '^deb .* bookworm main' /etc/apt/sources.list | head -1 | awk '{print $2}')
    echo "deb $uri bookworm-backports main" | $SUDO tee /etc/apt/sources.list.d/backports.list >/dev/null
  fi
}

PKGS=(meson ninja-build pkg-config gcc glslc libvulkan-dev vulkan-validationlayers
      libglib2.0-dev libjson-glib-dev libdbus-1-dev libcurl4-openssl-dev dbus dbus-bin libreadline-dev python3 tmux
      libhunspell-dev hunspell-en-us hunspell-en-gb wordnet-base wamerican-small scowl help2man g++ libcld2-dev
      liblink-grammar-dev link-grammar-dictionaries-en)  # optional: confirms some rules (docs/correction.md)
if [ "${1:-}" = "--tests" ]; then
  PKGS+=(neovim emacs-nox elpa-eglot systemd libxml2-utils
         python3-torch python3-sentencepiece libopenblas0-pthread python3.11-doc
         hunspell-fr hunspell-de-de hunspell-es hunspell-ca hunspell-pt-pt hunspell-pt-br hunspell-uk hunspell-ru
         hunspell-cs hunspell-sk hunspell-pl hunspell-da hunspell-sv hunspell-no
         xvfb xclip libnotify-bin man-db
         dpkg-dev debhelper fakeroot lintian
         base-files)  # /usr/share/common-licenses: the clean-text test's prose (essential; named for the record)
fi

need=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || need+=("$p")
done
mesa_ok=0
if dpkg-query -W -f='${Version}' mesa-vulkan-drivers 2>/dev/null | grep -qE '^(2[4-9]|[3-9][0-9])\.'; then
  mesa_ok=1
fi
if [ ${#need[@]} -gt 0 ] || [ $mesa_ok -eq 0 ]; then
  enable_backports
  $SUDO apt-get update -q
  if [ ${#need[@]} -gt 0 ]; then
    $SUDO apt-get install -y -q --no-install-recommends "${need[@]}"
  fi
  if [ $mesa_ok -eq 0 ]; then
    $SUDO apt-get install -y -q --no-install-recommends -t bookworm-backports mesa-vulkan-drivers
  fi
fi
