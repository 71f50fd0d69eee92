#!/usr/bin/env bash
# Real photos of things that are not pets or specimens, from Debian's own packages, for the tests
# in test/analysis/real-scenes.test.ts (fruit, a lawn, leaves, flowers, sand, sky, wood): what
# stool, urine, vomit, skin and ear analysis must refuse or find nothing in. They are fetched, not
# committed: OpenCV's sample data (opencv-doc, BSD-3-Clause) and MATE's nature backgrounds
# (mate-backgrounds, GPL-2+/CC). Usage: scripts/debian-photos.sh [folder] (default .cache/debian-photos).
set -euo pipefail
out="${1:-.cache/debian-photos}"
opencv=(fruits.jpg apple.jpg orange.jpg)
nature=(Aqua.jpg Dune.jpg FreshFlower.jpg Garden.jpg GreenMeadow.jpg LadyBird.jpg RainDrops.jpg Storm.jpg
  TwoWings.jpg Wood.jpg YellowFlower.jpg)
if [ -f "$out/food/orange.jpg" ] && [ -f "$out/nature/YellowFlower.jpg" ]; then exit 0; fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# apt-get download needs the package lists; refresh them once when a download fails.
(cd "$work" && { apt-get download -qq opencv-doc mate-backgrounds 2>/dev/null ||
  { apt-get update -qq && apt-get download -qq opencv-doc mate-backgrounds; }; })
for deb in "$work"/*.deb; do dpkg-deb -x "$deb" "$work/root"; done
mkdir -p "$out/food" "$out/nature"
for name in "${opencv[@]}"; do cp "$work/root/usr/share/doc/opencv-doc/examples/data/$name" "$out/food/"; done
for name in "${nature[@]}"; do cp "$work/root/usr/share/backgrounds/mate/nature/$name" "$out/nature/"; done
echo "$(find "$out" -type f | wc -l) photos in $out"
