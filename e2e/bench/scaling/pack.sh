#!/usr/bin/env bash
# Packs what run.sh needs on a bare x86-64 Linux machine into e2e/bench/scaling/payload/: this machine's
# Node, Debian 12's PostgreSQL 15 server, wrk, taskset and setpriv with every shared library they load
# (glibc included), and the built portal with its production dependencies. Run as root on Debian 12
# (x86-64), after `npm run build`, from anywhere in the checkout:
#   bash e2e/bench/scaling/pack.sh        (npm run bench:scaling:pack -w e2e)
#   SRC  the built checkout (default: this one)   WORK  scratch folder (default /tmp/portal-scaling/build)
# Every ELF file gets $RTP/lib/ld-linux-x86-64.so.2 as its interpreter and $RTP/lib as its RPATH
# (patchelf), so the target's own libraries and glibc version never matter; $RTP is where run.sh
# unpacks, so it is fixed.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=$(cd "${SRC:-$HERE/../../..}" && pwd)
WORK=${WORK:-/tmp/portal-scaling/build}
RTP=/tmp/portal-scaling/rt
PAY=$HERE/payload
for f in server/dist/main.js server/dist/cli.js web/dist/index.html contract/dist; do
  [ -e "$SRC/$f" ] || { echo "$SRC/$f is missing: run npm run build first" >&2; exit 1; }
done
command -v patchelf >/dev/null || { apt-get update -qq && apt-get install -y -qq patchelf; }

# 1. Debian's packages, unpacked into a staging folder (nothing is installed). The libraries are
#    those the binaries below load; step 3 fails when one resolves outside these packages.
pkgs="postgresql-15 libpq5 libicu72 libssl3 libxml2 libldap-2.5-0 libgssapi-krb5-2 libkrb5-3 libk5crypto3
 libkrb5support0 libcom-err2 libkeyutils1 libsasl2-2 libgnutls30 libp11-kit0 libidn2-0 libunistring2
 libtasn1-6 libnettle8 libhogweed6 libgmp10 libffi8 libzstd1 liblz4-1 liblzma5 libpam0g libaudit1
 libcap-ng0 libsystemd0 libcap2 libgcrypt20 libgpg-error0 zlib1g libstdc++6 libgcc-s1 libc6 wrk
 libluajit-5.1-2 util-linux tzdata busybox-static"
DEBS=$WORK/debs S=$WORK/stage R=$WORK/rt A=$WORK/app
mkdir -p "$DEBS"
if [ "$(ls "$DEBS"/*.deb 2>/dev/null | wc -l)" -lt "$(echo $pkgs | wc -w)" ]; then
  (cd "$DEBS" && { apt-get download $pkgs 2>/dev/null || { apt-get update -qq && apt-get download $pkgs; }; })
fi
rm -rf "$S" "$R" "$A"
mkdir -p "$S" "$R/bin" "$R/lib" "$A"
for d in "$DEBS"/*.deb; do dpkg-deb -x "$d" "$S"; done

# 2. The runtime: PostgreSQL keeps Debian's layout, as it finds its share and lib folders relative to
#    its binary. No JIT (jit=off), so no llvmjit; pg_trgm is the portal's one extension.
PG=usr/lib/postgresql/15
mkdir -p "$R/pg/$PG/bin" "$R/pg/$PG/lib" "$R/pg/usr/share/postgresql"
cp -a "$S/$PG/bin/"{postgres,initdb,pg_ctl} "$R/pg/$PG/bin/"
cp -a "$S/$PG/lib/"{plpgsql,dict_snowball,pg_trgm}.so "$S/$PG/lib/"*_and_*.so "$R/pg/$PG/lib/"
cp -a "$S/usr/share/postgresql/15" "$R/pg/usr/share/postgresql/"
rm -rf "$R/pg/usr/share/postgresql/15/man"
cp -a "$S/usr/bin/"{wrk,taskset,setpriv} "$R/bin/"
cp "$(command -v node)" "$R/bin/node"
# Debian's PostgreSQL reads time zones from /usr/share/zoneinfo; run.sh adds these where it is missing.
for z in UTC Etc/UTC GMT Asia/Jakarta; do
  mkdir -p "$R/zoneinfo/$(dirname $z)" && cp -L "$S/usr/share/zoneinfo/$z" "$R/zoneinfo/$z"
done

# 3. Their libraries, glibc's loader and run-time pieces (name service, resolver) included.
elfs=("$R/pg/$PG/bin/"{postgres,initdb,pg_ctl} "$R/pg/$PG/lib/"*.so "$R/bin/"{wrk,taskset,setpriv,node})
for f in "${elfs[@]}"; do
  LD_LIBRARY_PATH=$S/lib/x86_64-linux-gnu:$S/usr/lib/x86_64-linux-gnu ldd "$f" | awk '/=>/ && $3 ~ /^\// {print $3}'
done | sort -u > "$WORK/libs.txt"
if grep -v "^$S/" "$WORK/libs.txt"; then echo "the libraries above are outside the packages: add theirs" >&2; exit 1; fi
xargs -a "$WORK/libs.txt" cp -L -t "$R/lib/"
cp -L "$S/lib64/ld-linux-x86-64.so.2" "$R/lib/"
for l in libnss_files.so.2 libnss_dns.so.2 libresolv.so.2 libdl.so.2 libpthread.so.0 librt.so.1 libm.so.6; do
  cp -L "$S/lib/x86_64-linux-gnu/$l" "$R/lib/"
done
for f in "${elfs[@]}"; do
  case "$f" in *.so) ;; *) patchelf --set-interpreter "$RTP/lib/ld-linux-x86-64.so.2" "$f" ;; esac
  patchelf --force-rpath --set-rpath "$RTP/lib" "$f"
done

# 4. The portal: the server workspace's production dependencies, the built server, web and contract, and
#    the benchmark (measure.ts bundled with its imports, beside the bare route it starts).
cp "$SRC/package.json" "$SRC/package-lock.json" "$A/"
for w in contract server web e2e; do mkdir -p "$A/$w" && cp "$SRC/$w/package.json" "$A/$w/"; done
(cd "$A" && npm ci --omit=dev -w @portal/server --include-workspace-root=false --ignore-scripts \
  --prefer-offline --no-audit --no-fund >/dev/null)
for w in contract server web; do cp -a "$SRC/$w/dist" "$A/$w/dist"; done
mkdir -p "$A/e2e/bench/scaling"
cp "$SRC/e2e/bench/bare-route.mjs" "$A/e2e/bench/"
(cd "$SRC/e2e" && npx esbuild bench/scaling/measure.ts --bundle --platform=node --format=esm --target=node20 \
  --external:pg-native --log-level=warning --outfile="$A/e2e/bench/scaling/measure.mjs" \
  --banner:js="import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);")
git -C "$SRC" rev-parse HEAD > "$A/COMMIT" 2>/dev/null || true   # named in the table
# What never runs there: source maps, type declarations, documents, and PGlite's database (the server
# imports PGlite, but opens it only without DATABASE_URL).
find "$A" -name '*.map' -delete
find "$A/node_modules" -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -iname '*.md' \) -delete
find "$A/node_modules/@electric-sql/pglite/dist" -maxdepth 1 \( -name '*.tar.gz' -o -name '*.wasm' -o -name '*.data' \) -delete

# 5. The payload: two archives, the static busybox run.sh falls back on, their checksums.
rm -rf "$PAY" && mkdir -p "$PAY"
tar -C "$R" -cf - . | xz -T0 -9 > "$PAY/rt.tar.xz"
tar -C "$A" -cf - . | xz -T0 -9 > "$PAY/app.tar.xz"
cp "$S/bin/busybox" "$PAY/busybox"
(cd "$PAY" && sha256sum rt.tar.xz app.tar.xz busybox > SHA256SUMS)
du -sh "$PAY"
