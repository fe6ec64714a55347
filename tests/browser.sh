#!/usr/bin/env bash
# The browser test: Debian's Chromium, headless, drives `owlery serve` through its page
# (tests/browser/play.mjs: a word placed by clicking, the bot's answer, a card, a short game
# to its end, a screenshot in target/browser/). Installs chromium with apt-get and
# playwright-core with npm when missing; skips, saying so, where it cannot.
set -euo pipefail
cd "$(dirname "$0")/.."
skip() { echo "SKIPPED browser test: $1"; exit 0; }
if ! command -v chromium >/dev/null; then
  command -v apt-get >/dev/null || skip "no chromium and no apt-get"
  [ "$(id -u)" = 0 ] || skip "no chromium, and not root to install it"
  apt-get install -y -q chromium >/dev/null 2>&1 ||
    { apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium >/dev/null 2>&1; } ||
    skip "apt-get could not install chromium (no network?)"
fi
command -v node >/dev/null && command -v npm >/dev/null || skip "no node and npm"
(cd tests/browser && npm ci --no-audit --no-fund --silent) || skip "npm could not install playwright-core (no network?)"
bin=target/debug/owlery
# The test profile: the binary `cargo test` built (and Slurm's test) is reused, not rebuilt.
cargo build -q --profile test --bin owlery
started=$(date +%s)
OWLERY_BIN="$bin" OWLERY_SCREENSHOTS=target/browser CHROMIUM="$(command -v chromium)" \
  timeout 300 node tests/browser/play.mjs
echo "browser test passed in $(( $(date +%s) - started )) s"
