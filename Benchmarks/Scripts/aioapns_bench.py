#!/usr/bin/env python3
"""Send background pushes with aioapns (PyPI) to a local mock APNs and print one JSON line of figures.

Run by the push benchmark (Benchmarks/Benchmarks/PushBenchmarks) when WAKEFUL_BENCH_AIOAPNS=1; it starts the
mock and passes its port and certificate.
On first use the script creates a virtual environment (python3 -m venv) and installs aioapns into it
with pip, then runs itself again inside it. If PyPI cannot be reached it prints {"error": ...}.

Example:
  python3 Benchmarks/Scripts/aioapns_bench.py --port 40123 --cafile /tmp/mock-apns.pem --key bench.p8 \
      --key-id BENCHKEY01 --team-id BENCHTEAM1 --topic com.example.wakeful.bench \
      --device-token 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef --count 20000
"""
import argparse
import asyncio
import json
import logging
import os
import ssl
import subprocess
import sys
import time

DEFAULT_VENV = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "aioapns-venv")


def fail(message):
    print(json.dumps({"error": message}))
    sys.exit(3)


def ensure_aioapns(venv_dir):
    """Re-executes the script inside a virtual environment that has aioapns."""
    try:
        import aioapns  # noqa: F401

        return
    except ImportError:
        pass
    venv_dir = os.path.abspath(venv_dir)
    python = os.path.join(venv_dir, "bin", "python3")
    if os.path.abspath(sys.prefix) == venv_dir:
        fail("aioapns is not importable inside " + venv_dir)
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", venv_dir], check=True, stdout=sys.stderr)
    install = subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "aioapns"], stdout=sys.stderr, stderr=subprocess.PIPE, text=True
    )
    if install.returncode != 0:
        lines = install.stderr.strip().splitlines()
        fail("pip install aioapns failed (is PyPI reachable?)" + (": " + lines[-1] if lines else ""))
    os.execv(python, [python, os.path.abspath(__file__)] + sys.argv[1:])


async def bench(args):
    from aioapns import APNs, NotificationRequest, PushType
    from aioapns.connection import APNsDevelopmentClientProtocol

    # With more pushes in flight than its connections' streams, aioapns logs a warning for each
    # push that waits ("Pool is completely busy"): the expected state of a throughput run.
    logging.getLogger("aioapns").setLevel(logging.ERROR)

    class LocalMockProtocol(APNsDevelopmentClientProtocol):
        """aioapns's host and port are class attributes: point them at the mock."""

        APNS_SERVER = "127.0.0.1"
        APNS_PORT = args.port

    with open(args.key) as handle:
        key = handle.read()
    context = ssl.create_default_context(cafile=args.cafile)
    apns = APNs(key=key, key_id=args.key_id, team_id=args.team_id, topic=args.topic,
                use_sandbox=True, ssl_context=context, max_connections=args.connections)
    apns.pool.protocol_class = LocalMockProtocol

    latencies = []
    delivered = 0

    async def send_many(total):
        nonlocal delivered
        counter = iter(range(total))

        async def worker():
            nonlocal delivered
            for _ in counter:
                request = NotificationRequest(
                    device_token=args.device_token, message={"aps": {"content-available": 1}, "bench": "1"},
                    time_to_live=3600, priority=5, push_type=PushType.BACKGROUND)
                started = time.perf_counter()
                result = await apns.send_notification(request)
                latencies.append((time.perf_counter() - started) * 1000)
                if result.is_successful:
                    delivered += 1

        await asyncio.gather(*(worker() for _ in range(min(args.in_flight, total))))

    if args.warm_up:
        await send_many(args.warm_up)
    latencies.clear()
    delivered = 0
    started = time.perf_counter()
    await send_many(args.count)
    seconds = time.perf_counter() - started
    apns.pool.close()
    latencies.sort()

    def percentile(p):
        return latencies[min(len(latencies) - 1, int(len(latencies) * p))] if latencies else 0.0

    import importlib.metadata

    print(json.dumps({
        "client": "aioapns %s (Python %d.%d)" % (importlib.metadata.version("aioapns"), *sys.version_info[:2]),
        "count": args.count, "delivered": delivered, "seconds": seconds,
        "p50_ms": percentile(0.50), "p99_ms": percentile(0.99),
    }))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, required=True, help="the mock's port on 127.0.0.1")
    parser.add_argument("--cafile", required=True, help="the mock's certificate (PEM)")
    parser.add_argument("--key", required=True, help="the .p8 provider key")
    parser.add_argument("--key-id", required=True)
    parser.add_argument("--team-id", required=True)
    parser.add_argument("--topic", required=True)
    parser.add_argument("--device-token", required=True)
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--warm-up", type=int, default=500)
    parser.add_argument("--in-flight", type=int, default=1000, help="notifications awaited at once")
    parser.add_argument("--connections", type=int, default=10, help="aioapns max_connections (its default: 10)")
    parser.add_argument("--venv", default=DEFAULT_VENV, help="where to create the virtual environment")
    args = parser.parse_args()
    ensure_aioapns(args.venv)
    asyncio.run(bench(args))


if __name__ == "__main__":
    main()
