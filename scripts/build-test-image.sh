#!/usr/bin/env bash
# A minimal container image for background runs in tests, CI and the bench (issue 33), built
# from files already on this machine and never pulled: the Node binary in use, npm, a POSIX
# shell (dash or busybox) and the shared libraries they need, taken in with `podman import`.
# Cached by content: the image is tagged with a hash of what went in, and the script builds it
# only when no image with that tag exists. Prints the image's name on stdout.
#
# Usage: scripts/build-test-image.sh [ENGINE_URL]   (ENGINE_URL for podman --url, optional)
set -euo pipefail

url=()
[ $# -ge 1 ] && [ -n "$1" ] && url=(--url "$1")

node_bin=$(readlink -f "$(command -v node)")
shell_bin=$(readlink -f "$(command -v dash || command -v busybox)")
npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
tools=()
for tool in env cat ls rm mkdir sleep touch; do
  found=$(command -v "$tool" || true)
  [ -n "$found" ] && tools+=("$(readlink -f "$found")")
done

libs_of() { ldd "$1" 2>/dev/null | awk '/=> \// { print $3 } /^\t\/.*ld-linux/ { print $1 }'; }

inputs=("$node_bin" "$shell_bin" "${tools[@]}")
mapfile -t libs < <(for bin in "${inputs[@]}"; do libs_of "$bin"; done | sort -u)

# The tag: a hash of every input's content and the npm version, so a new Node makes a new image.
hash=$(
  {
    for file in "${inputs[@]}" "${libs[@]}"; do sha256sum "$file"; done
    cat "$npm_dir/package.json"
    sha256sum "$0"
  } | sha256sum | cut -c1-16
)
image="localhost/sluice-test-node:$hash"

if podman "${url[@]}" image exists "$image" 2>/dev/null; then
  echo "$image"
  exit 0
fi

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,usr/bin,usr/lib/node_modules,tmp,etc,work}
chmod 1777 "$root/tmp"
for lib in "${libs[@]}"; do
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
cp "$node_bin" "$root/usr/bin/node"
cp "$shell_bin" "$root/bin/sh"
for tool in "${tools[@]}"; do cp "$tool" "$root/usr/bin/$(basename "$tool")"; done
cp -r "$npm_dir" "$root/usr/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/bin/npm"
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/sh\n' >"$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"

tar -C "$root" -cf "$root.tar" .
podman "${url[@]}" import \
  --change 'CMD ["/bin/sh"]' \
  --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin' \
  --change 'LABEL sluice.test-image=1' \
  "$root.tar" "$image" >/dev/null 2>&1
rm -f "$root.tar"
echo "$image"
