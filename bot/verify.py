"""Re-derive a fair game's deals from its revealed seed, with no database and no Discord:

    python -m bot.verify SEED TABLE_ID GAME [--deal N ...] [--players N] [--options k=v ...]
                         [--dealer N]

SEED is the server seed in hex as revealed at the end of the game; its SHA-256 is printed first,
to compare with the commitment shown when the table started. The scheme: docs/fair-deals.md.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from bot.games import GAMES, FairSeed, deals_of


def _options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise SystemExit(f"--options takes name=value pairs, not {pair!r}")
        out[key] = int(value) if value.isdigit() else value
    return out


def render(deal: dict[str, Any]) -> list[str]:
    lines = [f"deal {deal['deal']}: dealer {'?' if deal['dealer'] is None else deal['dealer']}"]
    lines.append("  pack (top first): " + " ".join(deal["pack"]))
    if deal["hands"] is None:
        lines.append("  hands: depend on the dealer (give --dealer)")
    else:
        for seat, hand in enumerate(deal["hands"]):
            line = f"  seat {seat}: " + ("-" if hand is None else " ".join(hand))
            if deal.get("down"):
                line += "  (face down: " + " ".join(deal["down"][seat]) + ")"
            lines.append(line)
    if deal["table"]:
        lines.append("  table: " + " ".join(deal["table"]))
    lines.append("  rest: " + " ".join(deal["rest"]))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.verify", description=__doc__)
    parser.add_argument("seed", help="the revealed server seed, hex")
    parser.add_argument("table_id", help="the table's public id")
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--deal", type=int, action="append", help="deal number(s); default 1")
    parser.add_argument("--players", type=int)
    parser.add_argument("--options", nargs="*", default=[], help="name=value ...")
    parser.add_argument("--dealer", type=int, help="the dealer of these deals, if not derivable")
    args = parser.parse_args(argv)
    try:
        fair = FairSeed.from_hex(args.seed, args.table_id)
        deal_nos = args.deal or [1]
        dealers = {k: args.dealer for k in deal_nos} if args.dealer is not None else None
        deals = deals_of(
            args.game,
            fair.server_seed,
            fair.table_id,
            players=args.players,
            options=_options(args.options),
            deal_nos=deal_nos,
            dealers=dealers,
        )
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"commitment SHA-256(seed) = {fair.commitment}")
    print(f"derivation {fair.version}, table {fair.table_id}, game {args.game}")
    for deal in deals:
        print("\n".join(render(dict(deal))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
