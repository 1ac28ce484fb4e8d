#!/usr/bin/env bash
# Installs what a fresh Debian/Ubuntu machine lacks to build Emberdeep: cmake
# and the X11/Wayland/audio headers SDL3's build from source looks for, and
# Xvfb for playing or testing in a virtual display. Skips when all are there.
set -euo pipefail
packages=(cmake pkg-config build-essential
  libx11-dev libxext-dev libxrandr-dev libxcursor-dev libxfixes-dev libxi-dev
  libxss-dev libxtst-dev libxkbcommon-dev libwayland-dev wayland-protocols
  libegl1-mesa-dev libgl1-mesa-dev libdrm-dev libgbm-dev libasound2-dev libpulse-dev
  xvfb xauth)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
