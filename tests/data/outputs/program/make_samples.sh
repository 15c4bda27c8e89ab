#!/bin/sh
# Makes the captured outputs of tests/data/outputs/ again (thread ids and timings will differ):
#   sh make_samples.sh /tmp/scan_samples   (from tests/data/outputs/program)
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=$(dirname "$here")
work=${1:-/tmp/scan_samples}
mkdir -p "$work" && cd "$work" || exit 1
rm -rf pb_pit broken && cargo new --quiet pb_pit && cargo new --quiet broken
cp "$here/main.rs" pb_pit/src/main.rs
cd pb_pit && cargo build -q && cargo build -q --release
touch src/main.rs; RUST_BACKTRACE=1 cargo run > "$out/cargo_run_short.txt" 2>&1
touch src/main.rs; RUST_BACKTRACE=1 cargo run --color=always > "$out/cargo_run_color.txt" 2>&1
RUST_BACKTRACE=full ./target/debug/pb_pit > "$out/full.txt" 2>&1
RUST_BACKTRACE=0 ./target/debug/pb_pit > "$out/no_backtrace.txt" 2>&1
RUST_BACKTRACE=1 ./target/release/pb_pit > "$out/release.txt" 2>&1
RUST_BACKTRACE=full ./target/release/pb_pit > "$out/release_full.txt" 2>&1
RUST_BACKTRACE=1 ./target/debug/pb_pit thread > "$out/threads.txt" 2>&1
RUST_BACKTRACE=0 ./target/debug/pb_pit thread > "$out/threads_no_backtrace.txt" 2>&1
RUST_BACKTRACE=1 ./target/debug/pb_pit assert > "$out/assert_eq.txt" 2>&1
RUST_BACKTRACE=1 ./target/debug/pb_pit utf8 > "$out/utf8.txt" 2>&1
RUST_BACKTRACE=0 ./target/debug/pb_pit unwrap > "$out/unwrap.txt" 2>&1
RUST_BACKTRACE=0 ./target/debug/pb_pit multiline > "$out/multiline.txt" 2>&1
touch src/main.rs; RUST_BACKTRACE=1 cargo test > "$out/cargo_test.txt" 2>&1
touch src/main.rs
RUST_BACKTRACE=1 cargo test --color=always -- --color=always > "$out/cargo_test_color.txt" 2>&1
cd ../broken
grep -v '^//' "$here/broken.rs" > src/main.rs; cargo build > "$out/build_e0308.txt" 2>&1
touch src/main.rs; cargo build --color=always > "$out/build_e0308_color.txt" 2>&1
grep -v '^//' "$here/broken_macro.rs" > src/main.rs; cargo build > "$out/build_error_plain.txt" 2>&1
