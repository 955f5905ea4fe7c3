#!/usr/bin/env python3
"""Turns a `pbrain-tengen watch --pos FILE` record and the watch's printed
log into the `RULE SIZE RESULT MOVES` lines that the texel_features example
reads. Games played twice from one opening by identical engines come out the
same; duplicates are dropped.

usage: texel_games.py GAMES.pos WATCH.log RULE SIZE > games.txt
"""
import re
import sys


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    pos_file, log_file, rule, size = sys.argv[1:]
    games = [l.strip() for l in open(pos_file) if l.strip()]
    results = [l for l in open(log_file) if re.match(r"Game \d+:", l)]
    seen = set()
    for moves, line in zip(games, results):
        if moves in seen:
            continue
        seen.add(moves)
        if "Black (X)" in line and "wins" in line:
            r = "1"
        elif "White (O)" in line and "wins" in line:
            r = "0"
        elif "Draw" in line:
            r = "h"
        else:
            continue
        print(rule, size, r, moves)


if __name__ == "__main__":
    main()
