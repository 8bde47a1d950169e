#!/usr/bin/env bash
# Sets Roofscope up on Debian 12 from a fresh clone:
#   ./packaging/bootstrap.sh run [FILE...]   install dependencies, build, start the explorer
#                                            (without a display: render the demo to files)
#   ./packaging/bootstrap.sh test            install dependencies, build, run the CTest suite
#   ./packaging/bootstrap.sh build           install dependencies and build only
#   ./packaging/bootstrap.sh fuzz            build the libFuzzer targets (clang, ASan+UBSan) and
#                                            run each for ROOFSCOPE_FUZZ_SECONDS (default 5)
#   ./packaging/bootstrap.sh sanitize        install dependencies, build the asan preset (ASan +
#                                            UBSan, Debug, no CUDA) in build-asan/ and run the
#                                            whole suite under it
#   ./packaging/bootstrap.sh package         install dependencies, build a stripped .deb in
#                                            build-package/ (without CUDA and NCCL unless
#                                            ROOFSCOPE_PACKAGE_CUDA=1) and print its path
# Environment: ROOFSCOPE_BUILD_DIR (default: build/ in the checkout), ROOFSCOPE_CMAKE_ARGS
# (extra configure arguments, e.g. -DROOFSCOPE_WITH_CUDA=OFF), ROOFSCOPE_JOBS,
# ROOFSCOPE_SKIP_FUZZ=1 (test without the fuzz smoke run), ROOFSCOPE_PACKAGE_BUILD_DIR (default:
# build-package/).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${ROOFSCOPE_BUILD_DIR:-$root/build}
jobs=${ROOFSCOPE_JOBS:-$(nproc)}

# Debian 12 packages the build and the tests need. Open MPI is optional for the build but
# installed, so that the probe's two-rank test runs; CUDA and NCCL are optional and not installed
# here: the build uses them when they are present. appstream and desktop-file-utils validate the
# desktop metadata in the tests, and man-db formats the generated roofscope(1) in its test;
# dpkg-dev and file are what CPack's .deb needs for its dependencies (dpkg-shlibdeps).
packages=(
    build-essential cmake ninja-build pkg-config ccache git
    qt6-base-dev qt6-base-dev-tools qt6-svg-dev libgl-dev
    libqcustomplot-dev libsimdjson-dev nlohmann-json3-dev zlib1g-dev libisal-dev libsqlite3-dev
    libprotobuf-dev protobuf-compiler
    clang libclang-rt-14-dev
    libopenmpi-dev openmpi-bin
    appstream desktop-file-utils man-db dpkg-dev file
)

usage() {
    sed -n '2,18p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

install_packages() {
    local missing=()
    for p in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "bootstrap: installing ${missing[*]}"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "bootstrap: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
        sudo=(sudo)
    fi
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

configure_and_build() {
    local args=(-S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo)
    # Only `test` decides it; `run` keeps what the build folder has, so as not to rebuild it all.
    if [ -n "${werror:-}" ]; then
        args+=("-DROOFSCOPE_WERROR=$werror")
    fi
    if command -v ccache >/dev/null; then
        args+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
               -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache)
    fi
    # shellcheck disable=SC2206 # word splitting of the user's extra arguments is intended
    args+=(${ROOFSCOPE_CMAKE_ARGS:-})
    cmake "${args[@]}"
    cmake --build "$build" --parallel "$jobs"
}

# The importers' libFuzzer targets: core only, built with clang in their own folder.
fuzz_smoke() {
    local fuzz_build=${ROOFSCOPE_FUZZ_BUILD_DIR:-$root/build-fuzz}
    local args=(-S "$root/fuzz" -B "$fuzz_build" -G Ninja -DCMAKE_C_COMPILER=clang
                -DCMAKE_CXX_COMPILER=clang++
                -DROOFSCOPE_FUZZ_SECONDS="${ROOFSCOPE_FUZZ_SECONDS:-5}")
    if command -v ccache >/dev/null; then
        args+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    fi
    cmake "${args[@]}"
    cmake --build "$fuzz_build" --parallel "$jobs"
    ctest --test-dir "$fuzz_build" --output-on-failure --parallel "$jobs" -L fuzz
}

# The whole CTest suite under AddressSanitizer and UBSan: CMakePresets.json's asan presets, whose
# test preset carries the sanitizer options and the leak suppressions of tests/sanitizers/.
# The folder is the preset's (build-asan/): ctest --preset does not take another.
sanitize() {
    local args=(--preset asan)
    if command -v ccache >/dev/null; then
        args+=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
    fi
    # shellcheck disable=SC2206 # word splitting of the user's extra arguments is intended
    args+=(${ROOFSCOPE_CMAKE_ARGS:-})
    # Presets are found from the source folder.
    cd "$root"
    cmake "${args[@]}"
    cmake --build --preset asan --parallel "$jobs"
    ctest --preset asan --parallel "$jobs" "$@"
}

command=${1:-}
[ $# -gt 0 ] && shift
case "$command" in
run)
    install_packages
    configure_and_build
    exec "$build/app/roofscope" "$@"
    ;;
test)
    install_packages
    # CI's build: a warning (-Wshadow, -Wconversion, ...) fails it.
    werror=ON
    configure_and_build
    # Benchmarks (label bench) measure, they do not check: run them with `ctest -L bench`.
    ctest --test-dir "$build" --output-on-failure --parallel "$jobs" --label-exclude bench "$@"
    if [ "${ROOFSCOPE_SKIP_FUZZ:-0}" != 1 ]; then
        fuzz_smoke
    fi
    ;;
fuzz)
    install_packages
    fuzz_smoke
    ;;
sanitize)
    install_packages
    sanitize "$@"
    ;;
build)
    install_packages
    configure_and_build
    ;;
package)
    install_packages
    build=${ROOFSCOPE_PACKAGE_BUILD_DIR:-$root/build-package}
    # The CUDA toolkit's libraries are no Debian package: a .deb that links them installs only
    # where the same toolkit is. Without CUDA the probe still measures CPUs.
    if [ "${ROOFSCOPE_PACKAGE_CUDA:-0}" != 1 ]; then
        ROOFSCOPE_CMAKE_ARGS="-DROOFSCOPE_WITH_CUDA=OFF -DROOFSCOPE_WITH_NCCL=OFF ${ROOFSCOPE_CMAKE_ARGS:-}"
    fi
    ROOFSCOPE_CMAKE_ARGS="-DBUILD_TESTING=OFF ${ROOFSCOPE_CMAKE_ARGS:-}"
    configure_and_build
    (cd "$build" && cpack -G DEB)
    ls "$build"/roofscope_*.deb
    ;;
-h | --help | help)
    usage
    ;;
*)
    usage >&2
    exit 2
    ;;
esac
