#!/usr/bin/env bash
# The Python package: builds its wheel into a fresh virtual environment (the `python-ci`
# profile, quicker to build than a release) and runs its pytest suite, which compares runs with
# the `owlery` binary `cargo test` built.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv=$root/target/python-venv
rm -rf "$venv"
python3 -m venv "$venv"
MATURIN_PEP517_ARGS="--profile python-ci" \
    "$venv/bin/pip" install --quiet --disable-pip-version-check "$root/python[test]"
cd "$root/python"
OWLERY_BIN=${OWLERY_BIN:-$root/target/debug/owlery} "$venv/bin/pytest" -q -p no:cacheprovider tests
