#!/bin/sh
# The entrypoint of docker-compose.scale.yml's standby, run as the postgres user.
#
#   examprep-standby [POSTGRES OPTIONS]   on an empty volume, copy the primary (pg_basebackup,
#                                         which also writes standby.signal and how to reach the
#                                         primary, -R); then run what the volume holds: a hot
#                                         standby that follows the primary, or, once promoted
#                                         (deploy/failover promote), the primary
#   examprep-standby discard              empty the volume, so that the next start copies the
#                                         primary afresh (deploy/failover go-back, with the
#                                         service stopped)
#
# It connects as `standby` (cluster_name), the name the primary waits for. Its own
# synchronous_standby_names is cleared on the command line, not in its data: once promoted it
# must not wait for a standby of its own, and when deploy/failover go-back copies its data
# back into `postgres`, that copy keeps the primary's 'standby' (postgresql.auto.conf).
# EXAMPREP_PRIMARY_HOST and EXAMPREP_PRIMARY_PORT (postgres, 5432) name the primary.
set -eu
primary_host=${EXAMPREP_PRIMARY_HOST:-postgres}
primary_port=${EXAMPREP_PRIMARY_PORT:-5432}

if [ "${1:-}" = discard ]; then
    find "$PGDATA" -mindepth 1 -delete
    echo "examprep-standby: the volume is empty; the next start copies the primary"
    exit 0
fi

# A copy that stopped halfway (the container was killed during pg_basebackup) has the
# backup's backup_label but not yet standby.signal, which pg_basebackup writes last: started
# as it is, it would become a primary of its own. Copy again instead.
if [ -e "$PGDATA/backup_label" ] && [ ! -e "$PGDATA/standby.signal" ]; then
    echo "examprep-standby: an unfinished copy of the primary is here; copying again"
    find "$PGDATA" -mindepth 1 -delete
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    until pg_isready -q -h "$primary_host" -p "$primary_port" -U replicator; do sleep 1; done
    if ! pg_basebackup -h "$primary_host" -p "$primary_port" -U replicator -D "$PGDATA" -R -X stream -c fast; then
        echo "examprep-standby: could not copy the primary as the role replicator. A primary volume made" \
            "by docker-compose.yml alone has no such role: docs/OPERATIONS.md, 'From one server to a" \
            "standby', says what to run once." >&2
        exit 1
    fi
    chmod 700 "$PGDATA"
fi
exec postgres -c cluster_name=standby -c hot_standby_feedback=on -c synchronous_standby_names= "$@"
