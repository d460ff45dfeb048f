#!/usr/bin/env bash
# Builds the lab's WebAssembly module, every step's engine in one file, into
# book/chapters/lab/pkg/, where mdBook copies it into the site. Needs the
# wasm32 target and wasm-bindgen-cli at the version Cargo.toml pins:
#   rustup target add wasm32-unknown-unknown
#   cargo install wasm-bindgen-cli --version 0.2.130
set -euo pipefail
# From book/, the book's workspace, which builds into the root's target/.
cd "$(dirname "${BASH_SOURCE[0]}")/.."
cargo build -p lamosca-lab --lib --release --target wasm32-unknown-unknown
wasm-bindgen --target no-modules --no-typescript \
    --out-dir chapters/lab/pkg \
    ../target/wasm32-unknown-unknown/release/lamosca_lab.wasm
