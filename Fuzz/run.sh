#!/usr/bin/env bash
# Runs the fuzzing harnesses (Fuzz/Sources/Fuzz*), each for SECONDS (default 60), from the
# seed corpus in Fuzz/Corpus/<harness>, the inputs that once broke it (Fuzz/Regressions/<harness>,
# each run first: a regression test) and what earlier runs found (kept in
# Fuzz/.build/corpus/<harness>, not in git), and prints one line per harness: executions,
# coverage (libFuzzer's cov: edges and ft: features) and the corpus size.
#
#   Fuzz/run.sh [SECONDS] [HARNESS...]      e.g. Fuzz/run.sh 5, Fuzz/run.sh 600 FuzzConfig
#
# A crash, a broken contract, a leak or an input slower than 10 s stops that harness; the
# input is kept in Fuzz/.build/artifacts/, with the stack in the log, and the script exits 1.
# JOBS (default 1) harnesses run at once.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
shift || true
if [ $# -gt 0 ]; then
    harnesses=("$@")
else
    mapfile -t harnesses < <(ls Sources | grep '^Fuzz' | grep -v '^FuzzSupport$')
fi
jobs=${JOBS:-1}

# Both sanitizers in ONE flag: swiftc keeps only the last of several -sanitize= flags, and
# SwiftPM's `--sanitize fuzzer --sanitize address` passes them as two, in an order that changes
# from build to build, so each module got either coverage or ASan, never both (libFuzzer then
# saw 2 edges and fuzzed blind). `--sanitize fuzzer` stays for SwiftPM to link the harnesses
# against libFuzzer's main.
build=(swift build -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address)
"${build[@]}" 2>&1 | grep -Ev 'Cannot export local symbol' | tail -1
bin=$("${build[@]}" --show-bin-path)
mkdir -p .build/corpus .build/artifacts .build/logs

symbolizer=$(command -v llvm-symbolizer || true)
[ -z "$symbolizer" ] && [ -x "$(dirname "$(command -v swift)")/llvm-symbolizer" ] && symbolizer="$(dirname "$(command -v swift)")/llvm-symbolizer"

run_one() {
    local name=$1
    local corpus=.build/corpus/$name log=.build/logs/$name.log
    mkdir -p "$corpus"
    local dict=()
    case $name in
        FuzzConfig | FuzzTOML) dict=(-dict=Dictionaries/toml.dict) ;;
        FuzzJSON | FuzzSections | FuzzJSONLines) dict=(-dict=Dictionaries/json.dict) ;;
        FuzzDelimited) dict=(-dict=Dictionaries/csv.dict) ;;
    esac
    # A Swift trap is SIGILL: ASan prints its stack; the runtime's own backtracer would take
    # minutes over an instrumented binary.
    SWIFT_BACKTRACE=enable=no \
    ASAN_OPTIONS=handle_sigill=1:handle_abort=1:symbolize=1 ASAN_SYMBOLIZER_PATH="$symbolizer" \
        "$bin/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=8192 \
        -handle_ill=0 -handle_abrt=0 -print_final_stats=1 -artifact_prefix=".build/artifacts/$name-" \
        "${dict[@]}" "$corpus" "Corpus/$name" $(ls -d "Regressions/$name" 2>/dev/null) >"$log" 2>&1
}

status=0
pids=()
names=()
for name in "${harnesses[@]}"; do
    run_one "$name" &
    pids+=($!)
    names+=("$name")
    if [ ${#pids[@]} -ge "$jobs" ]; then
        wait "${pids[0]}" || true
        pids=("${pids[@]:1}")
    fi
done
wait || true

printf '%-16s %12s %8s %8s %8s  %s\n' harness executions cov ft corpus result
for name in "${names[@]}"; do
    log=.build/logs/$name.log
    executions=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || echo 0)
    last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
    cov=$(grep -o 'cov: [0-9]*' <<<"$last" | grep -o '[0-9]*' || echo "?")
    ft=$(grep -o 'ft: [0-9]*' <<<"$last" | grep -o '[0-9]*' || echo "?")
    corpus=$(ls ".build/corpus/$name" | wc -l)
    counters=$(grep -o '([0-9]* inline 8-bit counters)' "$log" | grep -o '[0-9]*' | head -1 || echo 0)
    if [ "${counters:-0}" -lt 1000 ]; then
        result="FAILED: the harness is not instrumented for coverage (${counters:-0} counters)"
        status=1
    elif grep -qE 'ERROR: libFuzzer|ERROR: AddressSanitizer|ERROR: LeakSanitizer|fuzz contract broken' "$log"; then
        result="FAILED: $(grep -m1 -E 'fuzz contract broken|ERROR:' "$log" | cut -c1-100) (log: Fuzz/$log)"
        status=1
    else
        result=ok
    fi
    printf '%-16s %12s %8s %8s %8s  %s\n' "$name" "$executions" "$cov" "$ft" "$corpus" "$result"
done
exit $status
