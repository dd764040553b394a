#!/usr/bin/env bash
# Regenerates docs/reference/ (dialect, pass and conversion pass reference)
# from the ODS and Passes.td files (include/tg/IR, include/tg/Passes,
# include/tg/Conversion). test/docs/reference-up-to-date.test fails when they
# drift.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${TG_BUILD_DIR:-build}
./scripts/build.sh mlir-doc
mkdir -p docs/reference
cp "$BUILD_DIR/docs/Dialects/TGDialect.md" docs/reference/TGDialect.md
cp "$BUILD_DIR/docs/Passes/TGPasses.md" docs/reference/TGPasses.md
cp "$BUILD_DIR/docs/Passes/TGConversionPasses.md" docs/reference/TGConversionPasses.md
echo "docs/reference updated"
