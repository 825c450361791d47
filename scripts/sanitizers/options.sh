# Sourced by scripts/test-sanitize and scripts/test-sanitize-e2e: every sanitizer report ends
# the process with status 66 (a status nothing in Kiln uses), so a report fails the run.
# Suppressions beside this file cover reports inside system libraries only, each with its reason.
sanitizers_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
export SANITIZER_STATUS=66
export TSAN_OPTIONS="halt_on_error=1 exitcode=$SANITIZER_STATUS second_deadlock_stack=1 suppressions=$sanitizers_dir/tsan.supp"
export ASAN_OPTIONS="halt_on_error=1 exitcode=$SANITIZER_STATUS detect_leaks=1 detect_stack_use_after_return=0 suppressions=$sanitizers_dir/asan.supp"
export LSAN_OPTIONS="exitcode=$SANITIZER_STATUS print_suppressions=0 suppressions=$sanitizers_dir/lsan.supp"
