"""The table of benchmarks/peer-rounds, read from its rounds file on standard input.

Usage: python3 rounds_table.py round N     the rows of round N
       python3 rounds_table.py medians     the medians over all rounds

Each line of the rounds file is either
  ROUND ROUTE OURS_RPS OURS_P99 OURS_NOT_2XX PEER_RPS PEER_P99 PEER_NOT_2XX   (ROUTE courses or health)
  ROUND host PGBENCH_TPS HASHES_PER_SECOND                                     (the host's speed that round)
with p99 as wrk prints it (850.00us, 12.34ms, 1.02s).
"""
import statistics
import sys

PATHS = {"courses": "`GET /api/faculty/courses`", "health": "`GET /health`"}
UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def milliseconds(text):
    for unit in ("us", "ms", "s"):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * UNITS[unit]
    raise ValueError(f"not a wrk latency: {text}")


def read():
    runs, hosts = [], {}
    for line in sys.stdin:
        fields = line.split()
        if not fields:
            continue
        if fields[1] == "host":
            hosts[fields[0]] = (float(fields[2]), float(fields[3]))
        else:
            round_, route, ours_rps, ours_p99, ours_bad, peer_rps, peer_p99, peer_bad = fields
            runs.append({
                "round": round_, "route": route,
                "ours": (float(ours_rps), milliseconds(ours_p99), int(ours_bad)),
                "peer": (float(peer_rps), milliseconds(peer_p99), int(peer_bad)),
            })
    return runs, hosts


def row(label, route, ours, peer, ratio, bad, host):
    print(f"| {label} | {PATHS[route]} | {ours[0]:,.0f} | {ours[1]:.1f} ms | {peer[0]:,.0f} | {peer[1]:.1f} ms"
          f" | {ratio:.2f}× | {bad} | {host[0]:,.0f} | {host[1]:.1f} |")


def main():
    runs, hosts = read()
    if sys.argv[1] == "round":
        for run in runs:
            if run["round"] == sys.argv[2]:
                row(run["round"], run["route"], run["ours"], run["peer"], run["ours"][0] / run["peer"][0],
                    f"{run['ours'][2]}, {run['peer'][2]}", hosts.get(run["round"], (0, 0)))
        return
    host = tuple(statistics.median(values[i] for values in hosts.values()) for i in (0, 1))
    for route in PATHS:
        mine = [run for run in runs if run["route"] == route]
        if not mine:
            continue
        ours = tuple(statistics.median(run["ours"][i] for run in mine) for i in (0, 1))
        peer = tuple(statistics.median(run["peer"][i] for run in mine) for i in (0, 1))
        ratios = [run["ours"][0] / run["peer"][0] for run in mine]
        bad = f"{sum(run['ours'][2] for run in mine)}, {sum(run['peer'][2] for run in mine)}"
        row("median", route, ours, peer, statistics.median(ratios), bad, host)
        print(f"|  | ratio per round | {', '.join(f'{ratio:.2f}×' for ratio in ratios)} | | | | | | | |")


if __name__ == "__main__":
    main()
