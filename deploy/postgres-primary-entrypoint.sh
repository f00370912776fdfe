#!/bin/sh
# The entrypoint of docker-compose.scale.yml's primary, `postgres`, which sees the standby's
# volume read-only at EXAMPREP_STANDBY_DATA.
#
#   examprep-primary docker-entrypoint.sh postgres   (the service's command) start PostgreSQL,
#                                                    unless the standby has replaced this primary
#   examprep-primary replaced                        exit 0 when it has (deploy/failover go-back)
#   examprep-primary take-back                       replace this volume's data with the promoted
#                                                    standby's (deploy/failover go-back, with both
#                                                    services stopped)
#
# After a failover (deploy/failover promote) this volume holds the old primary's data, older
# than the promoted standby's. Were it started again (`docker compose up`, a reboot, the
# restart policy), it would take writes too, first in the replicas' DATABASE_URL, and the two
# would drift apart. So it refuses to start, saying why, for as long as the standby's volume
# holds a promoted primary. No marker has to be written at the failover for that: promotion
# itself removes the standby's standby.signal.
set -eu
standby=${EXAMPREP_STANDBY_DATA:?EXAMPREP_STANDBY_DATA names where the standby volume is mounted}

# The standby's data is a primary's: copied (PG_VERSION), started (a copy keeps
# backup_label until its first start) and no longer a standby (promotion removed
# standby.signal).
replaced() {
    [ -s "$standby/PG_VERSION" ] && [ ! -e "$standby/standby.signal" ] && [ ! -e "$standby/backup_label" ]
}

case "${1:-}" in
replaced)
    replaced
    ;;
take-back)
    if ! replaced; then
        echo "examprep-primary: the standby's volume holds no promoted primary; nothing to take back" >&2
        exit 1
    fi
    find "$PGDATA" -mindepth 1 -delete
    cp -a "$standby/." "$PGDATA/"
    # A standby stopped by SIGKILL leaves its postmaster.pid; PostgreSQL would take it for another server's.
    rm -f "$PGDATA/postmaster.pid"
    echo "examprep-primary: this volume now holds the promoted standby's data"
    ;;
*)
    if replaced; then
        echo "examprep-primary: not starting. postgres-standby was promoted and is the primary now;" \
            "the data in this volume is older. deploy/failover go-back (docs/OPERATIONS.md) makes this" \
            "service the primary again, with the promoted data." >&2
        exit 1
    fi
    exec "$@"
    ;;
esac
