#!/usr/bin/env bash
# `npm test` (after `pretest`: scripts/test-services.sh). The stages, overlapped where the 2-core
# machine has room (docs/decisions/0047-ci-in-twenty-minutes.md):
#   1. side by side: Vitest (two files at a time, mostly waiting on imports and databases);
#      typecheck then lint; the production build;
#   2. the end-to-end suite alone (three browsers and three shops keep both cores busy), on that
#      build;
#   3. the resilience suite alone, on that build: it times server restarts and SIGKILLs under
#      load, and timed out when run beside Vitest on a busy machine.
# Every stage runs even when another failed, except those that need the build. Output of the
# overlapped stages goes to test-logs/<stage>.log and is printed whole when the phase ends (no
# interleaving); the later stages print as they go. The closing table gives each stage's result,
# seconds and test counts; the exit status is non-zero when any stage failed.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=test-logs
rm -rf "$logs"
mkdir -p "$logs"
suite_start=$(date +%s)

# Runs one stage, its output to its log (or also to the console with --stream); records
# "<exit status> <seconds>" in <stage>.result. Returns the stage's exit status.
stage() {
  local stream=0
  if [ "$1" = --stream ]; then
    stream=1
    shift
  fi
  local name=$1
  shift
  local start status
  start=$(date +%s)
  echo "▶ $name: $*"
  if [ "$stream" = 1 ]; then
    "$@" 2>&1 | tee "$logs/$name.log"
    status=${PIPESTATUS[0]}
  else
    "$@" >"$logs/$name.log" 2>&1
    status=$?
  fi
  echo "$status $(($(date +%s) - start))" >"$logs/$name.result"
  echo "■ $name: $([ "$status" = 0 ] && echo passed || echo "FAILED (exit $status)") in $(($(date +%s) - start)) s"
  return "$status"
}

# A stage not run because the one it needs failed.
skipped() {
  echo "skipped 0" >"$logs/$1.result"
  echo "■ $1: skipped ($2 failed)"
}

print_logs() {
  for name in "$@"; do
    [ -f "$logs/$name.log" ] || continue
    echo
    echo "════════ $name ════════"
    cat "$logs/$name.log"
  done
}

# Phase 1: three lanes side by side; each lane is waited for by its own process id.
stage unit npm run --silent test:unit &
unit_lane=$!
(
  stage typecheck npm run --silent typecheck
  stage lint npm run --silent lint
) &
check_lane=$!
stage build npm run --silent build &
build_lane=$!
wait "$unit_lane"
wait "$check_lane"
wait "$build_lane"
print_logs typecheck lint unit build

# Phases 2 and 3, one after the other on the build made above.
for name in e2e resilience; do
  echo
  if [ "$(cut -d' ' -f1 "$logs/build.result")" != 0 ]; then
    skipped "$name" build
  elif [ "$name" = e2e ]; then
    stage --stream e2e npx playwright test
  else
    stage --stream resilience npm run --silent test:resilience
  fi
done

# The closing table: each stage's result, seconds, and the test counts its runner printed.
counts() {
  local log=$logs/$1.log
  [ -f "$log" ] || return 0
  # Without the runners' colours (Vitest colours its summary even into a file).
  local plain
  plain=$(sed -E 's/\x1b\[[0-9;]*m//g' "$log")
  case $1 in
    unit | resilience) grep -E '^\s+Tests\s' <<<"$plain" | tail -n 1 | sed -E 's/^\s+Tests\s+//' ;;
    e2e) grep -E '^\s+[0-9]+ (passed|failed|flaky|skipped|did not run)' <<<"$plain" | sed -E 's/^\s+//; s/ \(.*\)$//' | paste -sd ',' | sed 's/,/, /g' ;;
  esac
}
failed=0
echo
echo "Stage        Result   Seconds  Tests"
for name in typecheck lint unit build e2e resilience; do
  status=missing seconds=0
  [ -f "$logs/$name.result" ] && read -r status seconds <"$logs/$name.result"
  case $status in
    0) result=passed ;;
    skipped) result=skipped failed=1 ;;
    *) result=FAILED failed=1 ;;
  esac
  printf '%-12s %-8s %7s  %s\n' "$name" "$result" "$seconds" "$(counts "$name")"
done
printf '%-12s %-8s %7s  %s\n' "npm test" "$([ "$failed" = 0 ] && echo passed || echo FAILED)" "$(($(date +%s) - suite_start))" "(wall clock; typecheck, lint and build ran beside unit)"
exit "$failed"
