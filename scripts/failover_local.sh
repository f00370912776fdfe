# The services of docker-compose.scale.yml without containers, for deploy/failover
# (FAILOVER_ENGINE=scripts/failover_local.sh) and scripts/failover-test, which source this
# file: the same entrypoints (deploy/postgres-primary-entrypoint.sh,
# deploy/postgres-standby.sh) run with the machine's PostgreSQL binaries, on clusters in
# FAILOVER_LOCAL, where a volume is a folder and a container a process.
#
# FAILOVER_LOCAL holds `settings` (pg_bin, primary_port, standby_port,
# replication_password), the folders `postgres` and `postgres-standby` (the volumes), their
# logs, and `server/`: a launcher NAME.sh per replica, which starts it in the background and
# writes its process id to NAME.pid.
local_dir=${FAILOVER_LOCAL:?FAILOVER_LOCAL names the folder of the local services}
local_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=/dev/null
. "$local_dir/settings"
# PostgreSQL refuses to run as root: as root, its processes run as the postgres user.
local_user=()
if [ "$(id -u)" -eq 0 ]; then local_user=(runuser -u postgres --); fi
declare -F act >/dev/null || act() {
    printf '+ %s\n' "$*" >&2
    "$@"
}

# The environment a service's container has, and its entrypoint.
local_container() {
    case $1 in
    postgres)
        echo env "PATH=$pg_bin:/usr/bin:/bin" "PGDATA=$local_dir/postgres" "EXAMPREP_STANDBY_DATA=$local_dir/postgres-standby" \
            sh "$local_root/deploy/postgres-primary-entrypoint.sh"
        ;;
    postgres-standby)
        echo env "PATH=$pg_bin:/usr/bin:/bin" "PGDATA=$local_dir/postgres-standby" "PGPASSWORD=$replication_password" \
            EXAMPREP_PRIMARY_HOST=127.0.0.1 "EXAMPREP_PRIMARY_PORT=$primary_port" sh "$local_root/deploy/postgres-standby.sh"
        ;;
    esac
}
local_port() { if [ "$1" = postgres ]; then echo "$primary_port"; else echo "$standby_port"; fi; }
# What the compose file's `command` adds: PostgreSQL on loopback, on the service's own port.
local_options() {
    printf '%s ' -c listen_addresses=127.0.0.1 -c "port=$(local_port "$1")" -c "unix_socket_directories=$local_dir/$1-socket"
}

service_sql() {
    local service=$1 statement arguments=()
    shift
    for statement in "$@"; do arguments+=(-c "$statement"); done
    act "$pg_bin/psql" -X -q -t -A -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$(local_port "$service")" -U examprep -d examprep "${arguments[@]}"
}
service_query() {
    "$pg_bin/psql" -X -q -t -A -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$(local_port "$1")" -U examprep -d examprep -c "$2" 2>/dev/null
}
local_server_pids() { cat "$local_dir"/server/*.pid 2>/dev/null || true; }
service_running() {
    local pid
    if [ "$1" = server ]; then
        for pid in $(local_server_pids); do kill -0 "$pid" 2>/dev/null && return 0; done
        return 1
    fi
    "${local_user[@]}" "$pg_bin/pg_ctl" status -D "$local_dir/$1" >/dev/null 2>&1
}
service_stop() {
    local pid
    if [ "$1" = server ]; then
        for pid in $(local_server_pids); do
            if kill -0 "$pid" 2>/dev/null; then act kill -TERM "$pid"; fi
        done
        while service_running server; do sleep 0.2; done
    elif service_running "$1"; then
        act "${local_user[@]}" "$pg_bin/pg_ctl" stop -D "$local_dir/$1" -m fast -t "$2" >/dev/null
    fi
}
# The container's start: its entrypoint in the background, its output in FOLDER/SERVICE.log
# and, once it ends, its exit status in FOLDER/SERVICE.exit.
service_up() {
    local service=$1 command options
    if [ "$service" = server ]; then
        service_start server
        return
    fi
    read -r -a command <<<"$(local_container "$service")"
    if [ "$service" = postgres ]; then command+=(postgres -D "$local_dir/postgres"); fi
    read -r -a options <<<"$(local_options "$service")"
    rm -f "$local_dir/$service.exit"
    printf '+ %s &\n' "${local_user[*]} ${command[*]} ${options[*]}" >&2
    (
        status=0
        "${local_user[@]}" "${command[@]}" "${options[@]}" || status=$?
        echo "$status" >"$local_dir/$service.exit"
    ) </dev/null >>"$local_dir/$service.log" 2>&1 &
}
# The replicas whose process has ended are launched again.
service_start() {
    local launcher
    if [ "$1" != server ]; then
        service_up "$1"
        return
    fi
    for launcher in "$local_dir"/server/*.sh; do
        [ -e "$launcher" ] || continue
        if ! kill -0 "$(cat "${launcher%.sh}.pid" 2>/dev/null || echo none)" 2>/dev/null; then act bash "$launcher"; fi
    done
}
service_run() {
    local service=$1 command
    shift
    read -r -a command <<<"$(local_container "$service")"
    act "${local_user[@]}" "${command[@]}" "$@"
}

# The primary's volume as the postgres image fills an empty one on its first start: initdb
# with examprep as the superuser, the examprep database, and the scripts of
# /docker-entrypoint-initdb.d (deploy/postgres-primary.sh) run against a server on a socket.
local_create_primary() {
    local data=$local_dir/postgres socket=$local_dir/postgres-socket
    "${local_user[@]}" "$pg_bin/initdb" -D "$data" -U examprep --auth=trust >/dev/null
    "${local_user[@]}" "$pg_bin/pg_ctl" start -D "$data" -w -l "$local_dir/postgres.log" \
        -o "-c listen_addresses= -c port=$primary_port -c unix_socket_directories=$socket" >/dev/null
    "$pg_bin/psql" -X -q -h "$socket" -p "$primary_port" -U examprep -d postgres -c "CREATE DATABASE examprep"
    "${local_user[@]}" env "PATH=$pg_bin:/usr/bin:/bin" "PGDATA=$data" PGHOST="$socket" PGPORT="$primary_port" POSTGRES_USER=examprep \
        POSTGRES_DB=examprep "POSTGRES_REPLICATION_PASSWORD=$replication_password" sh "$local_root/deploy/postgres-primary.sh"
    "${local_user[@]}" "$pg_bin/pg_ctl" stop -D "$data" -w >/dev/null
}
