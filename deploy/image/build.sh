#!/bin/sh
# `make image`: build deploy/image/Dockerfile from the repository root as
# $IMAGE (default tabletop:dev). The base is $BASE_IMAGE when set, else the
# Dockerfile's official python image when it is here or can be pulled, else a
# local Debian base (deploy/image/make-base.sh, made once) for machines that
# reach no image registry. The build runs on the host network: no bridge.
set -eu
cd "$(dirname "$0")/../.."
# The gateway in the image serves the web client built on this host.
[ -f web/dist/index.html ] || { echo "build.sh: no web/dist: run \`make web\` first" >&2; exit 1; }
image=${IMAGE:-tabletop:dev}
official=$(sed -n 's/^ARG BASE_IMAGE=//p' deploy/image/Dockerfile)
local_base=${LOCAL_BASE_IMAGE:-tabletop-base:bookworm}
base=${BASE_IMAGE:-}
if [ -z "$base" ]; then
    if docker image inspect "$official" >/dev/null 2>&1 ||
        timeout 60 docker pull --quiet "$official" >/dev/null 2>&1; then
        base=$official
    else
        echo "build.sh: cannot pull $official; using the local base $local_base" >&2
        docker image inspect "$local_base" >/dev/null 2>&1 ||
            deploy/image/make-base.sh "$local_base"
        base=$local_base
    fi
fi
docker build --network host --build-arg BASE_IMAGE="$base" \
    -f deploy/image/Dockerfile -t "$image" .
docker image ls "$image"
