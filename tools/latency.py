#!/usr/bin/env python3
"""Reply-delay and memory probe for a pbrain engine (freestyle).

Plays MOVES engine replies against a simple opponent (a random cell next to
the stones, or an immediate five / block when there is one), restarting the
game whenever it ends, and reports the largest and mean delay between
sending a command and reading the engine's move, and the engine's peak
resident memory (VmHWM from /proc).

    python3 tools/latency.py --engine target/release/pbrain-tengen \
        --turn 1000 --moves 100 [--max-memory 83886080] [--size 15]
"""
import argparse
import random
import subprocess
import sys
import time

DIRS = [(1, 0), (0, 1), (1, 1), (1, -1)]


def five_at(board, size, x, y):
    c = board.get((x, y))
    for dx, dy in DIRS:
        n = 1
        for s in (1, -1):
            k = 1
            while board.get((x + s * k * dx, y + s * k * dy)) == c:
                n += 1
                k += 1
        if n >= 5:
            return True
    return False


def completing_cell(board, size, color):
    for y in range(size):
        for x in range(size):
            if (x, y) in board:
                continue
            board[(x, y)] = color
            win = five_at(board, size, x, y)
            del board[(x, y)]
            if win:
                return (x, y)
    return None


def opponent_move(board, size, rng):
    own = completing_cell(board, size, 2)
    if own:
        return own
    block = completing_cell(board, size, 1)
    if block:
        return block
    near = set()
    for (x, y) in board:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                p = (x + dx, y + dy)
                if 0 <= p[0] < size and 0 <= p[1] < size and p not in board:
                    near.add(p)
    if not near:
        return (size // 2, size // 2)
    return rng.choice(sorted(near))


def peak_rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/pbrain-tengen")
    ap.add_argument("--turn", type=int, default=1000)
    ap.add_argument("--moves", type=int, default=100)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--max-memory", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    p = subprocess.Popen([a.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    def read_move():
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit("engine closed its output")
            line = line.strip()
            if not line or line.startswith(("MESSAGE", "DEBUG")):
                continue
            if line.startswith(("ERROR", "UNKNOWN")):
                sys.exit(f"engine said: {line}")
            x, y = line.split(",")[:2]
            return int(x), int(y)

    send(f"START {a.size}")
    assert p.stdout.readline().strip() == "OK"
    send(f"INFO timeout_turn {a.turn}")
    send("INFO timeout_match 0")
    if a.max_memory:
        send(f"INFO max_memory {a.max_memory}")
    delays = []
    games = 0
    board = {}
    pending = "BEGIN"
    while len(delays) < a.moves:
        t = time.monotonic()
        send(pending)
        x, y = read_move()
        delays.append((time.monotonic() - t) * 1000)
        if (x, y) in board or not (0 <= x < a.size and 0 <= y < a.size):
            sys.exit(f"illegal move {x},{y}")
        board[(x, y)] = 1
        over = five_at(board, a.size, x, y)
        if not over:
            ox, oy = opponent_move(board, a.size, rng)
            board[(ox, oy)] = 2
            over = five_at(board, a.size, ox, oy) or len(board) >= a.size * a.size - 1
            pending = f"TURN {ox},{oy}"
        if over:
            games += 1
            board = {}
            send("RESTART")
            while p.stdout.readline().strip() != "OK":
                pass
            pending = "BEGIN"
    rss = peak_rss_kib(p.pid)
    send("END")
    p.wait(timeout=5)
    delays.sort()
    print(f"turn {a.turn} ms: {len(delays)} replies over {games} finished games; "
          f"max {delays[-1]:.0f} ms, median {delays[len(delays) // 2]:.0f} ms, "
          f"mean {sum(delays) / len(delays):.0f} ms; peak RSS {rss} KiB")


if __name__ == "__main__":
    main()
