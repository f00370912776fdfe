#!/bin/sh
# The standby of docker-compose.scale.yml, run as the postgres user. On its first start (an
# empty volume) it copies the primary with pg_basebackup, which also writes standby.signal
# and how to reach the primary (-R); later starts run on what it has: a hot standby that
# follows the primary, or, once promoted, the primary. It connects as `standby`
# (cluster_name), the name the primary waits for; the copy's own synchronous_standby_names
# is cleared, so that once promoted it does not wait for a standby of its own.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
    until pg_isready -q -h postgres -U replicator; do sleep 1; done
    pg_basebackup -h postgres -U replicator -D "$PGDATA" -R -X stream -c fast
    echo "synchronous_standby_names = ''" >>"$PGDATA/postgresql.auto.conf"
    chmod 700 "$PGDATA"
fi
exec postgres -c cluster_name=standby -c hot_standby_feedback=on
