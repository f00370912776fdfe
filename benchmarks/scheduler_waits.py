#!/usr/bin/env python3
"""How long the exam hour's processes wait for a core each time they are woken.

    python3 benchmarks/scheduler_waits.py record LOG SERVER_BIN   (beside benchmarks/exam-hour; Ctrl-C ends it, or SIGTERM: a background job of a script ignores SIGINT)
    python3 benchmarks/scheduler_waits.py report LOG [BUCKET_SECONDS]

`record` reads, once a second, the kernel's scheduler statistics of every thread
(/proc/<pid>/task/<tid>/schedstat: time spent runnable but waiting for a core, and how many
times the thread was given one) of the server started from SERVER_BIN, of PostgreSQL's
processes and of the load generator, and appends them to LOG. `report` prints, for each
server run in LOG, the mean wait per wake-up in microseconds of the server's own threads,
the hashing threads (nice 10 or more), PostgreSQL and the generator, per BUCKET_SECONDS
(default 20), and over the sign-in surge (the buckets in which the hashing threads ran)
against the rest of the run (the benchmark's closing pgbench ceiling included, which only
raises PostgreSQL's figure). benchmarks/README.md ("Where the surge takes the cores from")
quotes its figures.
"""
import collections
import os
import sys
import time


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def processes(server_exe):
    """The server's pid (or None), PostgreSQL's pids, the generator's pids."""
    server, postgres, generator = None, [], []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        comm = (read(f"/proc/{pid}/comm") or "").strip()
        if comm == "postgres":
            postgres.append(pid)
            continue
        try:
            exe = os.readlink(f"/proc/{pid}/exe")
        except OSError:
            continue
        command = read(f"/proc/{pid}/cmdline") or ""
        if exe == server_exe and "settings" not in command and "save-script" not in command:
            server = pid
        elif "python" in exe and "exam_hour" in command:
            generator.append(pid)
    return server, postgres, generator


def record(log, server_bin):
    server_exe = os.path.realpath(server_bin)
    start = time.time()
    with open(log, "a", buffering=1) as out:
        while True:
            server, postgres, generator = processes(server_exe)
            second = int(time.time() - start)
            lines = []
            for kind, pids in (("server", [server] if server else []), ("pg", postgres), ("gen", generator)):
                for pid in pids:
                    try:
                        tids = os.listdir(f"/proc/{pid}/task")
                    except OSError:
                        continue
                    for tid in tids:
                        schedstat, stat = read(f"/proc/{pid}/task/{tid}/schedstat"), read(f"/proc/{pid}/task/{tid}/stat")
                        if not schedstat or not stat:
                            continue
                        nice = stat[stat.rindex(")") + 2:].split()[16]
                        _, waited, scheduled = schedstat.split()
                        lines.append(f"{second} {server or 0} {kind} {tid} {nice} {waited} {scheduled}")
            if lines:
                out.write("\n".join(lines) + "\n")
            time.sleep(1)


def report(log, bucket):
    previous = {}
    runs = collections.defaultdict(lambda: collections.defaultdict(lambda: collections.defaultdict(lambda: [0, 0])))
    first_second = {}
    with open(log) as f:
        for line in f:
            fields = line.split()
            if len(fields) != 7 or fields[1] == "0":
                continue
            second, server, kind, tid, nice = int(fields[0]), fields[1], fields[2], fields[3], int(fields[4])
            waited, scheduled = int(fields[5]), int(fields[6])
            key = (server, tid)
            if key in previous:
                if kind == "server" and nice >= 10:
                    kind = "hashing"
                elif kind == "server" and nice > 0:
                    kind = "background"
                first_second.setdefault(server, second)
                cell = runs[server][(second - first_second[server]) // bucket][kind]
                cell[0] += waited - previous[key][0]
                cell[1] += scheduled - previous[key][1]
            previous[key] = (waited, scheduled)

    def mean(cell):
        return f"{cell[0] / max(cell[1], 1) / 1000:.0f}"

    kinds = ("server", "hashing", "pg", "gen")
    for server, buckets in runs.items():
        print(f"server {server}: mean wait for a core per wake-up, µs (wake-ups)")
        for index in sorted(buckets):
            cells = buckets[index]
            print(f"  {index * bucket:>5} s  " + "  ".join(f"{kind} {mean(cells[kind])} ({cells[kind][1]})" for kind in kinds))
        surge = [index for index in buckets if buckets[index]["hashing"][1] > 0]
        # The last bucket is cut short by the server's exit.
        rest = [index for index in sorted(buckets) if buckets[index]["hashing"][1] == 0][:-1]
        for label, chosen in (("sign-in surge", surge), ("the rest", rest)):
            total = collections.defaultdict(lambda: [0, 0])
            for index in chosen:
                for kind, cell in buckets[index].items():
                    total[kind][0] += cell[0]
                    total[kind][1] += cell[1]
            print(f"  {label} ({len(chosen) * bucket} s): " + ", ".join(f"{kind} {mean(total[kind])}" for kind in ("server", "pg", "gen")))


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "record":
        try:
            record(sys.argv[2], sys.argv[3])
        except KeyboardInterrupt:
            pass
    elif len(sys.argv) >= 3 and sys.argv[1] == "report":
        report(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 20)
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
