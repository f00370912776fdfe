"""Probes GET PATH on 127.0.0.1:PORT over one keep-alive connection, one request every
INTERVAL milliseconds, for SECONDS; prints the p50 and p99 latency in milliseconds and
the number of samples. A light, steady probe: it measures what a health checker sees
without adding load of its own.

Usage: python3 probe.py PORT PATH SECONDS INTERVAL_MS
"""
import http.client
import sys
import time


def main():
    port, path, seconds, interval = int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), float(sys.argv[4]) / 1000
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    latencies = []
    failures = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        start = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        latencies.append((time.perf_counter() - start) * 1000)
        if response.status != 200:
            failures += 1
        time.sleep(interval)
    latencies.sort()
    p50 = latencies[len(latencies) // 2]
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(f"p50 {p50:.2f}ms p99 {p99:.2f}ms ({len(latencies)} probes, {failures} not 200)")


if __name__ == "__main__":
    main()
