"""Failed requests in a wrk report: socket errors (connect, read, write, timeout) and answers
that were not 2xx or 3xx. Usage: python3 wrk_failures.py REPORT"""
import re
import sys

text = open(sys.argv[1]).read()
failures = 0
socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
if socket:
    failures += sum(int(n) for n in socket.groups())
status = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
if status:
    failures += int(status.group(1))
print(failures)
