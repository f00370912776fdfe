# Sourced by the benchmarks of the protected read (benchmarks/run, benchmarks/peer-rounds): the
# seed they measure it on, and readers of wrk's output.
#
# read_path_seed BASE LOGIN_USERS STUDENTS: on the server at BASE (faculty registration open),
# one faculty member with 20 courses, LOGIN_USERS student accounts (benchN@example.com, password
# "benchmark password") of which the first STUDENTS are enrolled, in turn, in the 20 courses.
# Sets `token` (the faculty member's access token), `codes` (the course codes), and `sid` and
# `uid` (the token's session and user).
json() { curl -fsS -H 'Content-Type: application/json' "$@"; }
field() { python3 -c "import json,sys; print(json.load(sys.stdin)$1)"; }

read_path_seed() {
    local base=$1 login_users=$2 students=$3 faculty student claims index
    json -X POST "$base/api/register" -d '{"email":"faculty@example.com","password":"benchmark password","roleId":1}' >/dev/null
    faculty="$(json -X POST "$base/api/login" -d '{"email":"faculty@example.com","password":"benchmark password"}')"
    token="$(field '["token"]' <<<"$faculty")"
    codes=()
    for index in $(seq 1 20); do
        codes+=("$(json -X POST "$base/api/faculty/courses" -H "Authorization: Bearer $token" \
            -d "{\"name\":\"Course $index\",\"description\":\"Benchmark course $index\"}" | field '["course"]["courseCode"]')")
    done
    for index in $(seq 0 $((login_users - 1))); do
        json -X POST "$base/api/register" -d "{\"email\":\"bench$index@example.com\",\"password\":\"benchmark password\",\"roleId\":2}" >/dev/null
        if [ "$index" -lt "$students" ]; then
            student="$(json -X POST "$base/api/login" -d "{\"email\":\"bench$index@example.com\",\"password\":\"benchmark password\"}" | field '["token"]')"
            json -X POST "$base/api/students/courses/enroll" -H "Authorization: Bearer $student" \
                -d "{\"courseCode\":\"${codes[$((index % 20))]}\"}" >/dev/null
        fi
    done
    # The faculty token's session and user (pgbench runs the route's statements with them).
    claims="$(python3 -c "import base64,json,sys; p=sys.argv[1].split('.')[1]; print(json.dumps(json.loads(base64.urlsafe_b64decode(p+'='*(-len(p)%4)))))" "$token")"
    sid="$(field '["sid"]' <<<"$claims")"
    uid="$(field '["sub"]' <<<"$claims")"
}

# Readers of a wrk output file: requests per second, p99 (with --latency), answers not 2xx/3xx.
rps() { awk '/^Requests\/sec/ { print $2 }' "$1"; }
p99() { awk '$1 == "99%" { print $2 }' "$1"; }
non2xx() { awk '/Non-2xx or 3xx responses/ { print $5; found = 1 } END { if (!found) print 0 }' "$1"; }
