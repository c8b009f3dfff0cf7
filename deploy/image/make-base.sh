#!/bin/sh
# Make a local Debian bookworm base image for deploy/image/Dockerfile, for
# machines that reach Debian's package mirror but no image registry:
# debootstrap a minimal root file system with Python, then `docker import` it.
#   deploy/image/make-base.sh [TAG]      (root; default TAG tabletop-base:bookworm)
# Then: docker build --build-arg BASE_IMAGE=TAG ...   (what `make image` does)
set -eu
tag=${1:-tabletop-base:bookworm}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
# python3 (3.11 on bookworm) runs the services; pip only installs uv in the
# build stage; python-is-python3 gives the `python` the Dockerfile calls.
packages=python3,python3-pip,python-is-python3,ca-certificates
rootfs=$(mktemp -d "${TMPDIR:-/tmp}/tabletop-base.XXXXXX")
trap 'rm -rf "$rootfs"' EXIT
debootstrap --variant=minbase --include="$packages" bookworm "$rootfs" "$mirror"
# This machine's own certificate authorities (a TLS-inspecting egress proxy's,
# say) go into the base too, or the build stage cannot reach PyPI through it.
# Only this locally made base carries them; the official python base does not.
ca_dir=${LOCAL_CA_DIR:-/usr/local/share/ca-certificates}
if ls "$ca_dir"/*.crt >/dev/null 2>&1; then
    cp "$ca_dir"/*.crt "$rootfs/usr/local/share/ca-certificates/"
    chroot "$rootfs" update-ca-certificates
fi
# What an image needs no copy of: package lists, caches, docs, locales.
chroot "$rootfs" apt-get clean
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/* "$rootfs"/usr/share/doc/* \
    "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/* "$rootfs"/var/log/*
tar -C "$rootfs" --numeric-owner -c . |
    docker import --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        --change 'ENV SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt' \
        --change 'CMD ["python3"]' - "$tag"
echo "made $tag"
