# Sourced by the benchmarks that time one route one request at a time (benchmarks/statistics,
# benchmarks/live-page): a throw-away release server with its embedded PostgreSQL, the
# helpers they share, students seeded in SQL, and a table row of p50 and p99.
#
# route_bench_start NAME PORT: starts EXAMPREP_SERVER_BIN (default scripts/build-release) on
# PORT with its data in a temporary folder (removed at exit), faculty registration open (the
# teacher signs up through /api/register; the default, invite, would refuse), and waits for
# /ready. Sets `base` and `workdir`.
psql=/usr/lib/postgresql/15/bin/psql
server_pid=""

route_bench_cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid"
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$workdir"
}

route_bench_start() {
    local name=$1 port=$2
    scripts/system-packages
    local server_bin="${EXAMPREP_SERVER_BIN:-$(scripts/build-release)}"
    workdir="$(mktemp -d "/tmp/examprep-$name.XXXXXX")"
    chmod 755 "$workdir"
    trap route_bench_cleanup EXIT
    env EXAMPREP_DATA_DIR="$workdir/data" PORT="$port" JWT_SECRET="$name-bench-secret-0123456789-abcdefghij" FACULTY_REGISTRATION=open \
        "$server_bin" >"$workdir/server.log" 2>&1 &
    server_pid=$!
    base="http://127.0.0.1:$port"
    for _ in $(seq 1 240); do
        curl -fsS "$base/ready" >/dev/null 2>&1 && break
        sleep 0.5
    done
    curl -fsS "$base/ready" >/dev/null || { cat "$workdir/server.log" >&2; exit 1; }
}

json() { curl -fsS -H 'Content-Type: application/json' "$@"; }
field() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }
sql() { "$psql" -X -q -t -A -v ON_ERROR_STOP=1 -h "$workdir/data/postgres/socket" -U examprep_app examprep "$@"; }

# route_bench_students COURSE COUNT PASSWORD: COUNT students (studentN@school.example, with
# the password hash of one registered through the API) enrolled in COURSE.
route_bench_students() {
    local course=$1 count=$2 password=$3
    json -X POST "$base/api/register" -d "{\"email\":\"seed@school.example\",\"password\":\"$password\",\"roleId\":2}" >/dev/null
    sql >/dev/null <<SQL
INSERT INTO users (email, email_key, password_hash, role_id)
SELECT 'student' || g || '@school.example', 'student' || g || '@school.example',
       (SELECT password_hash FROM users WHERE email_key = 'seed@school.example'), 2
FROM generate_series(0, $count - 1) AS g;
INSERT INTO enrollments (user_id, course_id)
SELECT id, $course FROM users WHERE email_key LIKE 'student%@school.example';
SQL
}

# route_bench_row LABEL ROUNDS CURL_ARGS…: asks ROUNDS times, one at a time, and prints
# "| LABEL | p50 | p99 | body |" (the body of the last answer).
route_bench_row() {
    local label=$1 rounds=$2
    shift 2
    local times=()
    for _ in $(seq 1 "$rounds"); do
        times+=("$(curl -fsS -o "$workdir/body" -w '%{time_total}' "$@")")
    done
    local size
    size="$(wc -c <"$workdir/body")"
    printf '%s\n' "${times[@]}" | python3 -c "
import sys
times = sorted(float(line) for line in sys.stdin)
def pick(q): return times[min(len(times) - 1, max(0, round(q * len(times) + 0.5) - 1))]
print('| %s | %.0f ms | %.0f ms | %s bytes |' % (sys.argv[1], 1000 * pick(0.5), 1000 * pick(0.99), sys.argv[2]))" "$label" "$size"
}
