"""A login surge: COUNT logins that arrive evenly within WINDOW seconds, each on a
connection of its own (students opening the app at the start of an exam), round robin over
USERS seeded accounts bench0..bench{USERS-1}@example.com. Waits for every answer (up to 120 s
each) and prints one JSON line: the answers by status, the successes per second over the
time from the first request to the last answer, and the p50/p99 latency in seconds.

Usage: python3 surge.py PORT COUNT WINDOW USERS
"""
import http.client
import json
import sys
import threading
import time


def main():
    port, count, window, users = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
    results = []
    lock = threading.Lock()
    start = time.monotonic()

    def login(index):
        time.sleep(max(0.0, start + window * index / count - time.monotonic()))
        body = json.dumps({"email": f"bench{index % users}@example.com", "password": "benchmark password"})
        sent = time.monotonic()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            connection.request("POST", "/api/login", body, {"Content-Type": "application/json"})
            status = connection.getresponse().status
            connection.close()
        except Exception:  # a refused or broken connection counts as a failure
            status = 0
        with lock:
            results.append((status, time.monotonic() - sent, time.monotonic()))

    threads = [threading.Thread(target=login, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = {}
    for status, _, _ in results:
        statuses[str(status)] = statuses.get(str(status), 0) + 1
    successes = [r for r in results if r[0] == 200]
    span = max(r[2] for r in results) - start
    latencies = sorted(r[1] for r in results)
    print(json.dumps({
        "statuses": statuses,
        "successes_per_second": len(successes) / span if span > 0 else 0,
        "seconds": span,
        "p50": latencies[len(latencies) // 2],
        "p99": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))],
    }))


if __name__ == "__main__":
    main()
