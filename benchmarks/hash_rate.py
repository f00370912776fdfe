"""Raw password-hash rate of libcrypt for one scheme and cost, on N processes.

Usage: python3 hash_rate.py SCHEME COST PROCESSES SECONDS
Prints the hashes per second over all processes. It calls the same libcrypt
(crypt_r through ctypes) the server uses, so the figure is the ceiling for logins.
"""
import ctypes
import ctypes.util
import multiprocessing
import sys
import time

PREFIX = {"yescrypt": b"$y$", "bcrypt": b"$2b$"}


def worker(args):
    scheme, cost, seconds = args
    lib = ctypes.CDLL(ctypes.util.find_library("crypt"))
    lib.crypt_gensalt_rn.restype = ctypes.c_char_p
    lib.crypt.restype = ctypes.c_char_p
    buffer = ctypes.create_string_buffer(256)
    setting = lib.crypt_gensalt_rn(PREFIX[scheme], ctypes.c_ulong(cost), None, 0, buffer, 256)
    count = 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        lib.crypt(b"benchmark password", setting)
        count += 1
    return count


def main():
    scheme, cost, processes, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    with multiprocessing.Pool(processes) as pool:
        counts = pool.map(worker, [(scheme, cost, seconds)] * processes)
    print(f"{sum(counts) / seconds:.1f}")


if __name__ == "__main__":
    main()
