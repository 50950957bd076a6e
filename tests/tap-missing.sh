# Sourced by the shell TAP tests: `missing REASON` ends the test as skipped, or, under
# CI=true (where tools/setup-debian.sh --tests installs everything), as a failure.
missing() {
  if [ "${CI:-}" = "true" ]; then
    echo "1..1"
    echo "not ok 1 - $1 (required under CI=true)"
    exit 1
  fi
  echo "1..0 # SKIP $1"
  exit 0
}
