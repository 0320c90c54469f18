#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the storage tests and for trying `wakeful-server serve --database`.
#
#   scripts/postgres.sh install   install Debian's postgresql package when its binaries are missing
#   scripts/postgres.sh start     create (once) and start the cluster in .build/postgres; prints its URL
#   scripts/postgres.sh stop      stop the cluster
#   scripts/postgres.sh url       print the URL
#
# The cluster listens on 127.0.0.1 only, port $WAKEFUL_POSTGRES_PORT (54329 by default), with trust
# authentication for loopback connections and no Unix socket. initdb refuses to run as root, so
# under root the cluster belongs to the `postgres` user and its commands run through runuser.
# `start` is idempotent and safe to call from several processes at once (flock).
set -euo pipefail
cd "$(dirname "$0")/.."
# WAKEFUL_POSTGRES_DIR moves the cluster; under root it must be reachable by the postgres user.
root=${WAKEFUL_POSTGRES_DIR:-$(pwd)/.build/postgres}
data=$root/data
port=${WAKEFUL_POSTGRES_PORT:-54329}
url="postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable"

# The directory of pg_ctl and initdb: PATH first, else Debian's newest /usr/lib/postgresql/N/bin.
bindir() {
    if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
        dirname "$(command -v pg_ctl)"
        return
    fi
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -n "$dir" ] && [ -x "$dir/pg_ctl" ] && { echo "$dir"; return; }
    return 1
}

# Runs a PostgreSQL command as the cluster's owner: the postgres user when we are root.
as_owner() {
    if [ "$(id -u)" -ne 0 ]; then
        "$@"
    elif command -v runuser >/dev/null 2>&1; then
        runuser -u postgres -- "$@"
    else
        # Without runuser (util-linux), su does the same; the arguments are quoted for its shell.
        su -s /bin/sh postgres -c "$(printf '%q ' "$@")"
    fi
}

# Closes every descriptor above standard error in this (sub)shell.
close_inherited_descriptors() {
    local fd
    for fd in $(ls /proc/$BASHPID/fd); do
        [ "$fd" -gt 2 ] && eval "exec $fd>&-" 2>/dev/null
    done
    return 0
}

install() {
    if bindir >/dev/null; then
        echo "postgres: binaries in $(bindir)"
        return
    fi
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo -n"
    $sudo apt-get install -y postgresql >/dev/null 2>&1 \
        || { $sudo apt-get update >/dev/null 2>&1 && $sudo apt-get install -y postgresql >/dev/null 2>&1; } \
        || { echo "postgres: could not install Debian's postgresql package (apt-get install -y postgresql)" >&2; exit 1; }
    echo "postgres: installed; binaries in $(bindir)"
}

start() {
    local bin
    bin=$(bindir) || { echo "postgres: no PostgreSQL binaries; run scripts/postgres.sh install" >&2; exit 1; }
    mkdir -p "$root"
    if [ "$(id -u)" -eq 0 ]; then
        id postgres >/dev/null 2>&1 || { echo "postgres: running as root needs the postgres user (from the postgresql package)" >&2; exit 1; }
        chown postgres: "$root"
        # The postgres user must be able to reach the cluster's directory.
        as_owner test -x "$root" || { echo "postgres: the postgres user cannot reach $root; make its parents traversable (chmod o+x) or set WAKEFUL_POSTGRES_DIR" >&2; exit 1; }
    fi
    exec 9>"$root.lock"
    flock 9
    if ! [ -f "$data/PG_VERSION" ]; then
        rm -rf "$data"
        as_owner "$bin/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 --no-sync >"$root/initdb.log" 2>&1 \
            || { cat "$root/initdb.log" >&2; echo "postgres: initdb failed" >&2; exit 1; }
        as_owner tee -a "$data/postgresql.conf" >/dev/null <<EOF
# scripts/postgres.sh: a test cluster on loopback only.
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = ''
max_connections = 300
EOF
        as_owner tee "$data/pg_hba.conf" >/dev/null <<EOF
# scripts/postgres.sh: trust on loopback only; nothing else may connect.
host all all 127.0.0.1/32 trust
EOF
    fi
    if ! as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
        # The postmaster outlives this script, so it must not keep any descriptor this script was
        # given: not the lock (fd 9), and not whatever the caller left open. Foundation's Process on
        # Linux learns that a child exited when a socket every descendant inherits reaches EOF; a
        # postmaster holding it made the test process wait for ever.
        ( close_inherited_descriptors
          as_owner "$bin/pg_ctl" -D "$data" -l "$root/server.log" -w -t 60 start >/dev/null ) \
            || { tail -n 20 "$root/server.log" >&2; echo "postgres: the cluster did not start (is port $port taken? set WAKEFUL_POSTGRES_PORT)" >&2; exit 1; }
    fi
    echo "$url"
}

stop() {
    local bin
    bin=$(bindir) || return 0
    [ -f "$data/PG_VERSION" ] || return 0
    if as_owner "$bin/pg_ctl" -D "$data" status >/dev/null 2>&1; then
        as_owner "$bin/pg_ctl" -D "$data" -m fast -w stop >/dev/null
    fi
    # Say stopped only when it is: a postmaster.pid left means a server still runs the cluster.
    if [ -f "$data/postmaster.pid" ] && kill -0 "$(head -n 1 "$data/postmaster.pid")" 2>/dev/null; then
        echo "postgres: still running (pid $(head -n 1 "$data/postmaster.pid")); stop it as the cluster's owner" >&2
        return 1
    fi
    echo "postgres: stopped"
}

case "${1:-}" in
    install) install ;;
    start) start ;;
    stop) stop ;;
    url) echo "$url" ;;
    *) echo "usage: scripts/postgres.sh install|start|stop|url" >&2; exit 2 ;;
esac
