#!/usr/bin/env bash
# The portal's scaling with server processes (docs/benchmarks.md, "Scaling with server processes"), in one
# command on a bare x86-64 Linux machine, from the checkout that holds payload/ (pack.sh):
#   bash e2e/bench/scaling/run.sh        (npm run bench:scaling -w e2e)
# Needs only bash and coreutils: Node, PostgreSQL 15, wrk, taskset and setpriv come from the payload,
# unpacked into /tmp/portal-scaling/rt, and its static busybox stands in for xz, tar, awk and grep. Writes $OUT (default e2e/bench/scaling/out): table.md (the
# table), log.txt, results.json, raw-wrk.txt, seed.log, pg.log and the servers' logs. Settings, with
# their defaults for 16 cores:
#   PATIENTS=100000 WORKERS_LIST=1,2,4,8 BOOK_WORKERS=1,4 DUR=5 WARM=2 CONN=128 ANCHOR_SECONDS=3
#   SERVER_CPUS, PG_CPUS, LOAD_CPUS  taskset lists; by default half, a quarter and a quarter of the
#                                    allowed cores, SMT siblings kept together (16 cores: 8/4/4)
#   PGPORT=5451 APP_PORT=3160 (and the next)
#   PG_USER=portalbench              PostgreSQL's user when run as root (made when missing)
#   TIME_LIMIT=470                   seconds for the whole run: the measurement stops in time, and the
#                                    table keeps what was measured
#   KEEP_RT=1                        keeps the unpacked tree and the database afterwards
set -uo pipefail
T0=$(date +%s)
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${OUT:-$HERE/out}
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd)
RT=/tmp/portal-scaling/rt
PAY=$HERE/payload
PGBIN=$RT/pg/usr/lib/postgresql/15/bin
export PATH="$RT/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
TIME_LIMIT=${TIME_LIMIT:-470}
log() { echo "[$(date -u +%H:%M:%S) +$(($(date +%s) - T0))s] $*" | tee -a "$OUT/log.txt"; }

AS_PG=()
finish() {
  local rc=$?
  trap - EXIT
  log "stopping ($rc)"
  [ -f "$RT/pgdata/postmaster.pid" ] && "${AS_PG[@]}" "$PGBIN/pg_ctl" -D "$RT/pgdata" -m fast -w stop >>"$OUT/log.txt" 2>&1
  cp "$RT/run/pg.log" "$OUT/pg.log" 2>/dev/null
  # Whatever still runs from the unpacked tree was started by this run.
  for p in /proc/[0-9]*; do
    case "$(readlink "$p/exe" 2>/dev/null)" in "$RT"/*) kill -9 "${p#/proc/}" 2>/dev/null ;; esac
  done
  [ -n "${KEEP_RT:-}" ] || rm -rf "$RT"   # KEEP_RT=1 keeps the unpacked tree and the database
  log "ended"
  if [ -f "$OUT/table.md" ]; then cat "$OUT/table.md"; else echo "no table: see $OUT/log.txt"; fi
  exit "$rc"
}
trap finish EXIT

[ "$(uname -m)" = x86_64 ] || { log "FAILED: the payload is for x86-64, this is $(uname -m)"; exit 1; }
# 1. Unpack.
if ! (cd "$PAY" && sha256sum -c --quiet SHA256SUMS); then log "FAILED: the payload does not match its checksums"; exit 1; fi
rm -rf "$RT" && mkdir -p "$RT/bin" "$RT/app" && chmod 755 /tmp/portal-scaling "$RT"
cp "$PAY/busybox" "$RT/bin/" && chmod 755 "$RT/bin/busybox"
for t in xz tar awk grep; do command -v $t >/dev/null || ln -s busybox "$RT/bin/$t"; done
xz -dc "$PAY/rt.tar.xz" | tar -xf - -C "$RT" &
xz -dc "$PAY/app.tar.xz" | tar -xf - -C "$RT/app" &
wait
NODE=$RT/bin/node
"$NODE" -e 0 || { log "FAILED: the payload's node does not start"; exit 1; }
log "$(uname -srm), $(nproc) cores; node $("$NODE" --version), $("$PGBIN/postgres" --version), $(wrk -v 2>&1 | head -1)"
for z in UTC Etc/UTC GMT Asia/Jakarta; do
  [ -e "/usr/share/zoneinfo/$z" ] || { mkdir -p "/usr/share/zoneinfo/$(dirname $z)" && cp "$RT/zoneinfo/$z" "/usr/share/zoneinfo/$z"; }
done
ulimit -n 65536 2>/dev/null || ulimit -n 8192 2>/dev/null

# 2. The cores: the allowed ones ordered so that SMT siblings sit together, then the server, PostgreSQL
#    and the load generator get a half, a quarter and a quarter, so that no two share a physical core.
expand() { local p i; for p in ${1//,/ }; do for ((i = ${p%-*}; i <= ${p#*-}; i++)); do echo "$i"; done; done; }
ALL_CPUS=$(awk '/^Cpus_allowed_list/ {print $2}' /proc/self/status)
CPUS=($(for c in $(expand "$ALL_CPUS"); do
  t=/sys/devices/system/cpu/cpu$c/topology
  echo "$(cat $t/physical_package_id 2>/dev/null || echo 0) $(cat $t/core_id 2>/dev/null || echo "$c") $c"
done | sort -n -k1,1 -k2,2 -k3,3 | awk '{print $3}'))
n=${#CPUS[@]} h=$((${#CPUS[@]} / 2)) q=$((${#CPUS[@]} / 4))
csv() { local IFS=,; echo "$*"; }
if [ "$n" -ge 4 ]; then
  : "${SERVER_CPUS:=$(csv "${CPUS[@]:0:h}")}" "${PG_CPUS:=$(csv "${CPUS[@]:h:q}")}" "${LOAD_CPUS:=$(csv "${CPUS[@]:h+q}")}"
else
  : "${SERVER_CPUS:=${CPUS[0]}}" "${PG_CPUS:=$ALL_CPUS}" "${LOAD_CPUS:=${CPUS[n - 1]}}"
fi
PGPORT=${PGPORT:-5451}
log "cores: server $SERVER_CPUS, PostgreSQL $PG_CPUS, load generator $LOAD_CPUS"

# 3. PostgreSQL 15 on its cores, as a user that is not root.
mkdir -p "$RT/pgdata" "$RT/run" "$RT/scratch"
if [ "$(id -u)" = 0 ]; then
  U=${PG_USER:-portalbench}
  if ! id -u "$U" >/dev/null 2>&1; then
    useradd -r -M -d /nonexistent -s /bin/sh -U "$U" 2>/dev/null || {
      uid=1999; while cut -d: -f3 /etc/passwd /etc/group | grep -qx "$uid"; do uid=$((uid + 1)); done
      echo "$U:x:$uid:$uid::/nonexistent:/bin/sh" >>/etc/passwd && echo "$U:x:$uid:" >>/etc/group
    }
  fi
  AS_PG=(setpriv --reuid="$(id -u "$U")" --regid="$(id -g "$U")" --clear-groups --)
  chown "$U:" "$RT/pgdata" "$RT/run"
fi
AS_PG+=(env -i PATH="$PATH" LANG=C LC_ALL=C TZ=UTC)
chmod 700 "$RT/pgdata"
"${AS_PG[@]}" "$PGBIN/initdb" -D "$RT/pgdata" -U postgres --auth=trust -E UTF8 --locale=C --no-sync >>"$OUT/log.txt" 2>&1 ||
  { log "FAILED: initdb"; exit 1; }
MEM_GB=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 1024))
cat >>"$RT/pgdata/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $PGPORT
unix_socket_directories = '$RT/run'
max_connections = 300
shared_buffers = $([ "$MEM_GB" -ge 32 ] && echo 4GB || echo 256MB)
work_mem = 16MB
maintenance_work_mem = 512MB
max_wal_size = 16GB
checkpoint_timeout = 30min
random_page_cost = 1.1
jit = off
dynamic_shared_memory_type = mmap
timezone = 'UTC'
log_timezone = 'UTC'
EOF
"${AS_PG[@]}" taskset -c "$PG_CPUS" "$PGBIN/pg_ctl" -D "$RT/pgdata" -l "$RT/run/pg.log" -w -t 120 start >>"$OUT/log.txt" 2>&1 ||
  { log "FAILED: PostgreSQL did not start (pg.log)"; exit 1; }
log "PostgreSQL on 127.0.0.1:$PGPORT"

# 4. Seeding and the measurement (measure.ts), itself on the load generator's cores; it stops before
#    DEADLINE and the timeout is the backstop.
DEADLINE=$((T0 + TIME_LIMIT - 10))
export T0 OUT NODE ALL_CPUS SERVER_CPUS PG_CPUS LOAD_CPUS DEADLINE WRK=$RT/bin/wrk TASKSET=$RT/bin/taskset \
  ADMIN_URL="postgres://postgres@127.0.0.1:$PGPORT/postgres" SCRATCH=$RT/scratch TZ=Asia/Jakarta
timeout -k 5 $((DEADLINE - $(date +%s) + 5)) taskset -c "$LOAD_CPUS" "$NODE" "$RT/app/e2e/bench/scaling/measure.mjs" 2>&1 |
  tee -a "$OUT/log.txt"
rc=${PIPESTATUS[0]}
[ "$rc" = 124 ] && [ -f "$OUT/table.md" ] && printf '\nStopped at the time limit (TIME_LIMIT=%s s) in the middle of a step.\n' "$TIME_LIMIT" >>"$OUT/table.md"
exit "$rc"
