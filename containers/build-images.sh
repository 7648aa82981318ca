#!/usr/bin/env bash
# Builds the images of the multi-process clusters, with no image registry:
#   harness-jre:<hash>      Debian bookworm (minbase) + openjdk-17-jre-headless, made by debootstrap and
#                           `docker import`
#   harness-cluster:<hash>  that base + the given jars in /opt/cluster/lib: Hadoop and Ozone servers and
#                           clients, started as `java -cp /etc/cluster:/opt/cluster/lib/* <main class>`
# Each tag is a hash of what goes into the image; an image whose tag exists is not built again.
# Usage: build-images.sh JAR_OR_DIR...   (directories: the *.jar directly in them)
# The last line of standard output is the cluster image's name.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 JAR_OR_DIR..." >&2
  exit 2
fi

suite=bookworm
packages=openjdk-17-jre-headless,ca-certificates,procps
mirror="${HARNESS_DEBIAN_MIRROR:-}"
if [ -z "$mirror" ]; then
  # the mirror apt already uses (deb822 sources or the classic list), else Debian's own
  mirror="$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null \
    | grep -v security | head -n 1 || true)"
  if [ -z "$mirror" ]; then
    mirror="$(awk '$1 == "deb" && $3 == "'"$suite"'" { print $2; exit }' /etc/apt/sources.list 2>/dev/null || true)"
  fi
  mirror="${mirror:-http://deb.debian.org/debian}"
fi

hash() { sha256sum | cut -c1-16; }
exists() { docker image inspect "$1" >/dev/null 2>&1; }

base="harness-jre:$(printf '%s\n' "$suite" "$packages" | hash)"
if exists "$base"; then
  echo "== $base exists" >&2
else
  echo "== building $base (debootstrap $suite from $mirror)" >&2
  root="$(mktemp -d /tmp/harness-jre.XXXXXX)"
  trap 'rm -rf "$root"' EXIT
  log="$root.log"
  if ! debootstrap --variant=minbase --include="$packages" "$suite" "$root" "$mirror" >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    echo "== debootstrap failed (log: $log)" >&2
    exit 1
  fi
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  tar -C "$root" -c . | docker import -c 'ENV LANG=C.UTF-8' - "$base" >/dev/null
  rm -rf "$root" "$log"
  trap - EXIT
fi

# the jars, in a stable order (by file name), and the hash of their content
jars=()
for a in "$@"; do
  if [ -d "$a" ]; then
    for j in "$a"/*.jar; do [ -f "$j" ] && jars+=("$j"); done
  elif [ -f "$a" ]; then
    jars+=("$a")
  else
    echo "no such jar or directory: $a" >&2
    exit 2
  fi
done
if [ "${#jars[@]}" -eq 0 ]; then
  echo "no jars given" >&2
  exit 2
fi
dockerfile="FROM $base
COPY lib/ /opt/cluster/lib/
RUN mkdir -p /etc/cluster /data
WORKDIR /opt/cluster"
content="$( { printf '%s\n' "$dockerfile"
  for j in "${jars[@]}"; do printf '%s %s\n' "$(basename "$j")" "$(sha256sum < "$j" | cut -c1-64)"; done \
    | sort; } | hash)"
image="harness-cluster:$content"
if exists "$image"; then
  echo "== $image exists" >&2
else
  echo "== building $image (${#jars[@]} jars)" >&2
  ctx="$(mktemp -d /tmp/harness-cluster.XXXXXX)"
  trap 'rm -rf "$ctx"' EXIT
  mkdir "$ctx/lib"
  for j in "${jars[@]}"; do
    cp "$j" "$ctx/lib/$(basename "$j")"
  done
  printf '%s\n' "$dockerfile" > "$ctx/Dockerfile"
  docker build -q -t "$image" "$ctx" >/dev/null
  rm -rf "$ctx"
  trap - EXIT
fi
echo "$image"
