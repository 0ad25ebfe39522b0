#!/usr/bin/env bash
# `make fuzz SECONDS=N`: every fuzz target (BeaconFuzzing's FuzzTarget) for N seconds under libFuzzer, with
# AddressSanitizer. The build is release with coverage instrumentation, in .build-fuzz (apart from the ordinary
# build, whose flags it would otherwise change). Each target starts from its seeds in Tests/Fuzz/corpus/TARGET; what
# it learns goes to .build-fuzz/corpus/TARGET (not committed), and a crash or hang is written to .build-fuzz/findings
# and the run fails: fix it, then copy the file into the target's corpus, where FuzzCorpusTests replays it for ever.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
case "$seconds" in ''|*[!0-9]*) echo "fuzz: SECONDS must be a whole number of seconds, not \"$seconds\"." >&2; exit 2 ;; esac
toolchain="$(dirname "$(readlink -f "$(command -v swift)")")/.."
libfuzzer="$(ls "$toolchain"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -1)"
if [ -z "$libfuzzer" ]; then echo "fuzz: this Swift toolchain has no libFuzzer (libclang_rt.fuzzer_no_main)." >&2; exit 2; fi
# libFuzzer's driver is looked up at run time (beacon-fuzz uses dlsym), so the linker is told to keep it and export it.
swift build -c release --product beacon-fuzz --scratch-path .build-fuzz \
    -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
    -Xlinker --undefined=LLVMFuzzerRunDriver -Xlinker "$libfuzzer" -Xlinker --export-dynamic -Xlinker -lstdc++
fuzzer=.build-fuzz/release/beacon-fuzz
mkdir -p .build-fuzz/findings
status=0
for folder in Tests/Fuzz/corpus/*/; do
    target=$(basename "$folder")
    mkdir -p ".build-fuzz/corpus/$target"
    log=".build-fuzz/$target.log"
    # -timeout: a single input taking over 10 s is a hang; -rss_limit_mb keeps a runaway allocation a finding.
    if "$fuzzer" "$target" ".build-fuzz/corpus/$target" "$folder" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=2048 -max_len=65536 -artifact_prefix=".build-fuzz/findings/$target-" -print_final_stats=1 \
        >"$log" 2>&1; then
        runs=$(grep -E "^stat::number_of_executed_units" "$log" | awk '{print $2}')
        echo "fuzz: $target: ${runs:-?} runs in $seconds s, nothing found"
    else
        status=1
        echo "fuzz: $target FOUND A CRASH OR HANG; the input is in .build-fuzz/findings, the report in $log"
        grep -E "ERROR|SUMMARY|Fatal error|deadly signal|timeout" "$log" | head -5 || true
    fi
done
exit "$status"
