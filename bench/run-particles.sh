#!/usr/bin/env bash
# Issue 4's side-by-side particle measurement: kiln (release), a plain C SDL program and
# LÖVE 11.4, the same workload in a 1280×800 window on a private Xvfb, vsync off.
# Prints each run's JSON line; runs alternate so that background load hits all three alike.
#   bench/run-particles.sh [COUNT] [FRAMES] [ROUNDS]      (defaults 20000 600 3)
# Needs: a release build of kiln, cc, Xvfb, libgl1-mesa-dri, love (scripts/bootstrap --bench).
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-20000} frames=${2:-600} rounds=${3:-3}

mkdir -p .build/bench
cc -O2 -Wall -o .build/bench/particles-sdl bench/particles-sdl.c $(pkg-config --cflags --libs sdl2) -lm

display=95
while [ -e "/tmp/.X$display-lock" ] || [ -e "/tmp/.X11-unix/X$display" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$display" ] && break; sleep 0.1; done
export DISPLAY=":$display"

run() {
    local label=$1; shift
    printf '%-6s ' "$label"
    "$@" 2>/dev/null | grep '^{"bench"' || echo "(failed)"
}

for round in $(seq "$rounds"); do
    echo "round $round"
    run kiln .build/release/kiln bench particles --count "$count" --frames "$frames" --window --json
    run c .build/bench/particles-sdl --count "$count" --frames "$frames"
    if command -v love >/dev/null; then
        run love love bench/love-particles --count "$count" --frames "$frames"
    else
        echo "love   (not installed: scripts/bootstrap --bench)"
    fi
done
