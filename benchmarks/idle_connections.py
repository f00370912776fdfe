"""What a keep-alive connection costs the server while it waits for its next request.

    python3 benchmarks/idle_connections.py BASE_URL PATH TOKEN SERVER_PID [CONNECTIONS]

Reads the server's RSS, opens CONNECTIONS connections (default 2,000), sends one request
with the bearer TOKEN on each and reads its answer, keeps them all open and idle, waits for
the server to hand freed heap back (it does every 30 s), reads the RSS again and prints the
difference per connection in kB. Both readings are taken after the same wait, so what the
start left behind is handed back in both.
"""

import asyncio
import sys
from urllib.parse import urlsplit

from exam_hour import memory_kib

SETTLE_SECONDS = 35


async def one(host, port, request):
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(request)
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    if not head.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(head.split(b"\r\n")[0].decode())
    await reader.readexactly(length)
    return reader, writer


async def main():
    base, path, token, pid = sys.argv[1:5]
    count = int(sys.argv[5]) if len(sys.argv) > 5 else 2000
    url = urlsplit(base)
    request = (
        f"GET {path} HTTP/1.1\r\nHost: {url.netloc}\r\nAuthorization: Bearer {token}\r\n\r\n"
    ).encode()
    await one(url.hostname, url.port, request)  # warm
    await asyncio.sleep(SETTLE_SECONDS)
    before = memory_kib(pid, "VmRSS")
    open_connections = []
    for start in range(0, count, 200):
        batch = min(200, count - start)
        open_connections += await asyncio.gather(*(one(url.hostname, url.port, request) for _ in range(batch)))
    await asyncio.sleep(SETTLE_SECONDS)
    after = memory_kib(pid, "VmRSS")
    print(f"{(after - before) / count:.1f}")
    for _, writer in open_connections:
        writer.close()


if __name__ == "__main__":
    asyncio.run(main())
