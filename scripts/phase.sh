# Sourced by .ci/run and scripts/test.sh: each phase's wall time, printed on stderr after it, where a
# developer's wait goes (docs/decisions/026-the-gate.md).
phase() {
  local name=$1 started=$SECONDS
  shift
  "$@"
  echo "⏱ $name: $((SECONDS - started)) s" >&2
}
