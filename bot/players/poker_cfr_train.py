"""Train the expert's heads-up Hurricane poker strategy by CFR+ (issue 29) and write the table.

``python -m bot.players.poker_cfr_train`` (the full run: the table shipped as
``bot/players/data/poker_cfr.json.gz``, about 15 minutes of CPU on one core);
``--quick`` trains a small table in a few seconds (the suite's check); ``--out PATH`` writes
elsewhere; ``--iterations N`` and ``--buckets K`` override the defaults.

The game is ``poker_abstraction``'s: heads-up, antes ``ante``, one bet size ``bet_max``, at most
one bet and ``raises`` raises a round, the draw as stand / draw for High / draw for Low, and with
``declare=yes`` the secret declarations; cards are buckets of rank classes. Buckets come from
Ward clustering of the classes by their showdown shares against every class, now and after each
draw. Chance (the deal, the card drawn) is handled exactly at the level of buckets: each player's
bucket is dealt independently by the number of hands in it, a draw moves the drawer to a bucket by
the transition probabilities of its classes, and a showdown between two buckets pays the average
share of their classes. Card removal between the two players is ignored.

The solver is vectorised CFR+ over the public tree (regret matching+, linearly weighted average
strategy, simultaneous updates): a node holds each player's reach per bucket and returns each
player's counterfactual value per bucket. After a draw the drawer's hand is only its new bucket
(imperfect recall). Deterministic: no randomness at all.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from operator import mul
from pathlib import Path

from .poker_abstraction import (
    DECLARES,
    TABLE_FILE,
    class_count,
    class_keys,
    classes,
    config_key,
    declared_share,
    speak_share,
)

Vec = list[float]


# ------------------------------------------------------------------ cards
@cache
def class_transitions(side: str) -> list[dict[int, float]]:
    """Per class, the probabilities of the class after a draw for ``side`` (new card from the 50
    unseen; the kept card as ``poker_abstraction.kept_card`` picks in the plain pack)."""
    from .poker_abstraction import _card_of, class_index, kept_card, rank_of

    index = class_index()
    out: list[dict[int, float]] = []
    for a, b in classes():
        x, y = _card_of(a), _card_of(b) + (1 if a == b else 0)
        keep = rank_of(kept_card((x, y), "none", side))
        held = [a, b]
        dist: dict[int, float] = {}
        for r in range(2, 15):
            left = 4 - held.count(r)
            if left:
                c = index[(min(keep, r), max(keep, r))]
                dist[c] = dist.get(c, 0.0) + left / 50
        out.append(dist)
    return out


def _cmp(x: int, y: int) -> int:
    return (x > y) - (x < y)


@cache
def class_shares(declare: bool) -> list[list[list[float]]]:
    """share[m][i][j]: player 0's pot share with class i against class j; m indexes
    (d0, d1) pairs under declarations, else m = 0 (cards speak). A heads-up share depends only
    on how the two hands compare on each side, so it is looked up by the two comparisons."""
    keys = class_keys()
    n = len(keys)
    sides = [(d0, d1) for d0 in DECLARES for d1 in DECLARES] if declare else [("", "")]
    out = []
    for d0, d1 in sides:
        by_cmp: dict[tuple[int, int], float] = {}
        for ch in (-1, 0, 1):
            for cl in (-1, 0, 1):
                h0, l0 = 1 + max(ch, 0), 1 + max(cl, 0)
                h1, l1 = 1 + max(-ch, 0), 1 + max(-cl, 0)
                by_cmp[(ch, cl)] = (
                    declared_share(h0, l0, d0, h1, l1, d1)
                    if declare
                    else speak_share(h0, l0, h1, l1)
                )
        out.append(
            [
                [
                    by_cmp[(_cmp(keys[i][0], keys[j][0]), _cmp(keys[i][1], keys[j][1]))]
                    for j in range(n)
                ]
                for i in range(n)
            ]
        )
    return out


@cache
def cluster(k: int) -> tuple[int, ...]:
    """Ward clustering of the 91 classes into ``k`` buckets; returns the bucket of each class
    (buckets numbered by their first class)."""
    n = len(classes())
    weights = [float(class_count(c)) for c in classes()]
    share = class_shares(False)[0]
    moves = [class_transitions("high"), class_transitions("low")]
    total = sum(weights)
    features: list[Vec] = []
    for i in range(n):
        row = [share[i][j] * weights[j] / total * n for j in range(n)]
        for move in moves:
            drawn = [0.0] * n
            for c, p in move[i].items():
                for j in range(n):
                    drawn[j] += p * share[c][j]
            row.extend(0.5 * drawn[j] * weights[j] / total * n for j in range(n))
        features.append(row)
    alive = list(range(n))
    size = weights[:]
    dist: dict[tuple[int, int], float] = {}
    for x in range(n):
        for y in range(x + 1, n):
            sq = sum((p - q) ** 2 for p, q in zip(features[x], features[y], strict=True))
            dist[(x, y)] = size[x] * size[y] / (size[x] + size[y]) * sq
    members = {i: [i] for i in range(n)}
    while len(alive) > k:
        best = min(dist.items(), key=lambda item: (item[1], item[0]))[0]
        x, y = best
        wx, wy = size[x], size[y]
        dxy = dist[(x, y)]
        for z in alive:
            if z in (x, y):
                continue
            wz = size[z]
            dxz = dist[(min(x, z), max(x, z))]
            dyz = dist[(min(y, z), max(y, z))]
            dist[(min(x, z), max(x, z))] = ((wx + wz) * dxz + (wy + wz) * dyz - wz * dxy) / (
                wx + wy + wz
            )
        for z in alive:
            if z != y:
                dist.pop((min(y, z), max(y, z)), None)
        dist.pop((x, y), None)
        alive.remove(y)
        size[x] = wx + wy
        members[x].extend(members.pop(y))
    bucket = [0] * n
    for number, head in enumerate(sorted(alive)):
        for c in members[head]:
            bucket[c] = number
    return tuple(bucket)


@dataclass
class Cards:
    """The card abstraction at the level of buckets."""

    buckets: int
    prior: Vec
    moves: list[list[Vec]]  # per draw choice (high, low): moves[d][b] = next bucket probabilities
    shares: list[list[Vec]]  # per (d0, d1) pair (or one, cards speak): shares[m][b0][b1]
    bucket_of_class: tuple[int, ...]


def card_abstraction(k: int, declare: bool) -> Cards:
    bucket = cluster(k)
    n = len(classes())
    weights = [float(class_count(c)) for c in classes()]
    mass = [0.0] * k
    for i in range(n):
        mass[bucket[i]] += weights[i]
    total = sum(mass)
    prior = [m / total for m in mass]
    moves = []
    for side in ("high", "low"):
        per_class = class_transitions(side)
        rows = [[0.0] * k for _ in range(k)]
        for i in range(n):
            for c, p in per_class[i].items():
                rows[bucket[i]][bucket[c]] += weights[i] * p / mass[bucket[i]]
        moves.append(rows)
    shares = []
    for table in class_shares(declare):
        rows = [[0.0] * k for _ in range(k)]
        for i in range(n):
            for j in range(n):
                rows[bucket[i]][bucket[j]] += (
                    table[i][j] * weights[i] * weights[j] / (mass[bucket[i]] * mass[bucket[j]])
                )
        shares.append(rows)
    return Cards(k, prior, moves, shares, bucket)


# ------------------------------------------------------------------ the tree
@dataclass
class Node:
    kind: str  # act, draw, declare, fold, show
    history: str
    player: int = 0
    actions: str = ""
    children: list[Node] = field(default_factory=list)
    paid: tuple[int, int] = (0, 0)  # chips each player put in (terminals and declarations)
    folder: int = -1
    regret: list[Vec] = field(default_factory=list)
    regret1: list[Vec] = field(default_factory=list)  # declarations: player 1's
    total: list[Vec] = field(default_factory=list)
    total1: list[Vec] = field(default_factory=list)


@dataclass(frozen=True)
class Game:
    declare: bool
    draw: bool
    bet_max: int = 3
    raises: int = 2
    ante: int = 1


def build(game: Game) -> Node:
    cap = 1 + game.raises

    def showdown(history: str, paid: tuple[int, int]) -> Node:
        if game.declare:
            return Node("declare", history + "#", paid=paid, actions="hlB")
        return Node("show", history, paid=paid)

    def after_round(street: int, history: str, paid: tuple[int, int]) -> Node:
        if street == 1 and game.draw:
            node = Node("draw", history + "/", player=0, actions="shl")
            for seen0 in "sd":
                second = Node("draw", history + "/" + seen0, player=1, actions="shl")
                for seen1 in "sd":
                    second.children.append(betting(2, history + "/" + seen0 + seen1 + "/", paid))
                node.children.append(second)
            return node
        return showdown(history, paid)

    def betting(street: int, start: str, paid: tuple[int, int]) -> Node:
        def act(player: int, line: str, put: tuple[int, int], aggressive: int) -> Node:
            history = start + line
            other = 1 - player
            node = Node("act", history, player=player)
            if put[player] == put[other]:
                node.actions = "k" + ("b" if aggressive < cap else "")
                if player == 0:
                    node.children.append(act(1, line + "k", put, aggressive))
                else:
                    node.children.append(after_round(street, history + "k", put))
            else:
                node.actions = "fc" + ("r" if aggressive < cap else "")
                node.children.append(Node("fold", history + "f", paid=put, folder=player))
                called = (put[other], put[other])
                node.children.append(after_round(street, history + "c", called))
            if aggressive < cap:
                raised = list(put)
                raised[player] = put[other] + game.bet_max
                letter = "b" if put[player] == put[other] else "r"
                node.children.append(
                    act(other, line + letter, (raised[0], raised[1]), aggressive + 1)
                )
            return node

        return act(0, "", paid, 0)

    return betting(1, "", (game.ante, game.ante))


def _zeros(rows: int, cols: int) -> list[Vec]:
    return [[0.0] * cols for _ in range(rows)]


def _strategy(regret: list[Vec]) -> list[Vec]:
    out = []
    for row in regret:
        s = sum(row)
        out.append([r / s for r in row] if s > 0 else [1.0 / len(row)] * len(row))
    return out


class Solver:
    def __init__(self, game: Game, cards: Cards) -> None:
        self.game = game
        self.cards = cards
        self.root = build(game)
        self.k = cards.buckets
        # the transposed shares give player 1's view of a showdown
        self.shares_t = [[list(col) for col in zip(*m, strict=True)] for m in cards.shares]
        self.moves_t = [[list(col) for col in zip(*m, strict=True)] for m in cards.moves]
        self.weight = 0.0
        self._init(self.root)

    def _init(self, node: Node) -> None:
        if node.kind in ("act", "draw"):
            node.regret = _zeros(self.k, len(node.actions))
            node.total = _zeros(self.k, len(node.actions))
        elif node.kind == "declare":
            node.regret = _zeros(self.k, 3)
            node.regret1 = _zeros(self.k, 3)
            node.total = _zeros(self.k, 3)
            node.total1 = _zeros(self.k, 3)
        for child in node.children:
            self._init(child)

    def iterate(self, t: int) -> None:
        self.weight = float(t)
        prior = self.cards.prior
        self._walk(self.root, prior[:], prior[:])

    def _walk(self, node: Node, r0: Vec, r1: Vec) -> tuple[Vec, Vec]:
        k = self.k
        if node.kind == "fold":
            c0, c1 = node.paid
            s0, s1 = sum(r0), sum(r1)
            if node.folder == 0:
                return [-c0 * s1] * k, [c0 * s0] * k
            return [c1 * s1] * k, [-c1 * s0] * k
        if node.kind == "show":
            c = node.paid[0]
            s0, s1 = sum(r0), sum(r1)
            share, share_t = self.cards.shares[0], self.shares_t[0]
            v0 = [2 * c * sum(map(mul, row, r1)) - c * s1 for row in share]
            v1 = [c * s0 - 2 * c * sum(map(mul, col, r0)) for col in share_t]
            return v0, v1
        if node.kind == "declare":
            return self._declare(node, r0, r1)
        if node.kind == "draw":
            return self._draw(node, r0, r1)
        return self._act(node, r0, r1)

    def _update(
        self,
        node: Node,
        regret: list[Vec],
        total: list[Vec],
        sigma: list[Vec],
        q: list[Vec],
        reach: Vec,
    ) -> Vec:
        """Regret matching+ update from action values ``q[a][b]``; returns the node's value."""
        k = self.k
        actions = len(q)
        value = [sum(sigma[b][a] * q[a][b] for a in range(actions)) for b in range(k)]
        w = self.weight
        for b in range(k):
            row, srow, tot = regret[b], sigma[b], total[b]
            vb = value[b]
            for a in range(actions):
                r = row[a] + q[a][b] - vb
                row[a] = r if r > 0 else 0.0
                tot[a] += w * reach[b] * srow[a]
        return value

    def _act(self, node: Node, r0: Vec, r1: Vec) -> tuple[Vec, Vec]:
        p = node.player
        sigma = _strategy(node.regret)
        mine = r0 if p == 0 else r1
        q: list[Vec] = []
        other_value = [0.0] * self.k
        for a, child in enumerate(node.children):
            reach = [mine[b] * sigma[b][a] for b in range(self.k)]
            v0, v1 = self._walk(child, reach, r1) if p == 0 else self._walk(child, r0, reach)
            q.append(v0 if p == 0 else v1)
            ov = v1 if p == 0 else v0
            other_value = [x + y for x, y in zip(other_value, ov, strict=True)]
        value = self._update(node, node.regret, node.total, sigma, q, mine)
        return (value, other_value) if p == 0 else (other_value, value)

    def _draw(self, node: Node, r0: Vec, r1: Vec) -> tuple[Vec, Vec]:
        p = node.player
        k = self.k
        sigma = _strategy(node.regret)
        mine = r0 if p == 0 else r1
        stood = [mine[b] * sigma[b][0] for b in range(k)]
        drew = [0.0] * k
        for d in (1, 2):
            move = self.cards.moves[d - 1]
            for b in range(k):
                m = mine[b] * sigma[b][d]
                if m:
                    row = move[b]
                    for c in range(k):
                        drew[c] += m * row[c]
        values = []
        for child, reach in zip(node.children, (stood, drew), strict=True):
            values.append(self._walk(child, reach, r1) if p == 0 else self._walk(child, r0, reach))
        vs = values[0][p]
        vd = values[1][p]
        q = [vs] + [[sum(map(mul, self.cards.moves[d][b], vd)) for b in range(k)] for d in (0, 1)]
        value = self._update(node, node.regret, node.total, sigma, q, mine)
        other = [x + y for x, y in zip(values[0][1 - p], values[1][1 - p], strict=True)]
        return (value, other) if p == 0 else (other, value)

    def _declare(self, node: Node, r0: Vec, r1: Vec) -> tuple[Vec, Vec]:
        k = self.k
        c = node.paid[0]
        s0, s1 = sum(r0), sum(r1)
        sig0, sig1 = _strategy(node.regret), _strategy(node.regret1)
        part0 = [[r0[b] * sig0[b][d] for b in range(k)] for d in range(3)]
        part1 = [[r1[b] * sig1[b][d] for b in range(k)] for d in range(3)]
        q0: list[Vec] = []
        q1: list[Vec] = [[0.0] * k for _ in range(3)]
        for d0 in range(3):
            acc = [0.0] * k
            for d1 in range(3):
                m = d0 * 3 + d1
                share, share_t = self.cards.shares[m], self.shares_t[m]
                reach1 = part1[d1]
                for b in range(k):
                    acc[b] += sum(map(mul, share[b], reach1))
                reach0 = part0[d0]
                col = q1[d1]
                sum0 = sum(reach0)
                for b in range(k):
                    col[b] += sum0 - sum(map(mul, share_t[b], reach0))
            q0.append([2 * c * x - c * s1 for x in acc])
        q1 = [[2 * c * x - c * s0 for x in row] for row in q1]
        v0 = self._update(node, node.regret, node.total, sig0, q0, r0)
        v1 = self._update(node, node.regret1, node.total1, sig1, q1, r1)
        return v0, v1

    # -------------------------------------------------------------- output
    def table(self) -> dict[str, str]:
        """Average strategy per history (permille per action, buckets joined by ``;``)."""
        out: dict[str, str] = {}

        def encode(total: list[Vec]) -> str:
            cells = []
            for row in total:
                s = sum(row)
                if s <= 0:
                    cells.append(",".join("1" for _ in row))
                    continue
                cells.append(",".join(str(round(1000 * x / s)) for x in row))
            return ";".join(cells)

        def visit(node: Node) -> None:
            if node.kind in ("act", "draw"):
                out[node.history] = encode(node.total)
            elif node.kind == "declare":
                out[node.history + "0"] = encode(node.total)
                out[node.history + "1"] = encode(node.total1)
            for child in node.children:
                visit(child)

        visit(self.root)
        return out

    def exploitability(self) -> float:
        """Chips a hand a best response to the average strategy wins, summed over both seats
        (0 at an equilibrium of the abstract game); the trainer's progress report."""
        avg: dict[int, list[Vec]] = {}
        avg1: dict[int, list[Vec]] = {}

        def collect(node: Node) -> None:
            if node.kind in ("act", "draw", "declare"):
                avg[id(node)] = _strategy(node.total)
            if node.kind == "declare":
                avg1[id(node)] = _strategy(node.total1)
            for child in node.children:
                collect(child)

        collect(self.root)
        prior = self.cards.prior
        best = 0.0
        for hero in (0, 1):
            values = self._best(self.root, prior[:], prior[:], hero, avg, avg1)
            best += sum(map(mul, prior, values))
        return best

    def _best(
        self,
        node: Node,
        r0: Vec,
        r1: Vec,
        hero: int,
        avg: dict[int, list[Vec]],
        avg1: dict[int, list[Vec]],
    ) -> Vec:
        """The hero's best-response counterfactual values per bucket (a perfect-recall best
        response would do better: an estimate)."""
        k = self.k
        if node.kind in ("fold", "show"):
            return self._walk(node, r0, r1)[hero]
        if node.kind == "declare":
            sig = avg1[id(node)] if hero == 0 else avg[id(node)]
            opp = r1 if hero == 0 else r0
            parts = [[opp[b] * sig[b][d] for b in range(k)] for d in range(3)]
            c = node.paid[0]
            so = sum(opp)
            best = [-1e18] * k
            for dh in range(3):
                acc = [0.0] * k
                for do in range(3):
                    if hero == 0:
                        share = self.cards.shares[dh * 3 + do]
                        for b in range(k):
                            acc[b] += sum(map(mul, share[b], parts[do]))
                    else:
                        share_t = self.shares_t[do * 3 + dh]
                        for b in range(k):
                            acc[b] += sum(parts[do]) - sum(map(mul, share_t[b], parts[do]))
                best = [max(x, 2 * c * y - c * so) for x, y in zip(best, acc, strict=True)]
            return best
        sigma = avg[id(node)]
        p = node.player
        if node.kind == "act":
            if p == hero:
                out = [-1e18] * k
                for child in node.children:
                    v = self._best(child, r0, r1, hero, avg, avg1)
                    out = [max(x, y) for x, y in zip(out, v, strict=True)]
                return out
            mine = r0 if p == 0 else r1
            out = [0.0] * k
            for a, child in enumerate(node.children):
                reach = [mine[b] * sigma[b][a] for b in range(k)]
                v = (
                    self._best(child, reach, r1, hero, avg, avg1)
                    if p == 0
                    else self._best(child, r0, reach, hero, avg, avg1)
                )
                out = [x + y for x, y in zip(out, v, strict=True)]
            return out
        # draw
        mine = r0 if p == 0 else r1
        if p == hero:
            # the hero's reach does not matter to its own values: pass everything down
            full = [1.0] * k
            vs = self._best(
                node.children[0], *((full, r1) if p == 0 else (r0, full)), hero, avg, avg1
            )
            vd = self._best(
                node.children[1], *((full, r1) if p == 0 else (r0, full)), hero, avg, avg1
            )
            out = []
            for b in range(k):
                options = [vs[b]] + [sum(map(mul, self.cards.moves[d][b], vd)) for d in (0, 1)]
                out.append(max(options))
            return out
        stood = [mine[b] * sigma[b][0] for b in range(k)]
        drew = [0.0] * k
        for d in (1, 2):
            for b in range(k):
                m = mine[b] * sigma[b][d]
                for c in range(k):
                    drew[c] += m * self.cards.moves[d - 1][b][c]
        out = [0.0] * k
        for child, reach in zip(node.children, (stood, drew), strict=True):
            v = (
                self._best(child, reach, r1, hero, avg, avg1)
                if p == 0
                else self._best(child, r0, reach, hero, avg, avg1)
            )
            out = [x + y for x, y in zip(out, v, strict=True)]
        return out


# ------------------------------------------------------------------ driver
GAMES = (
    Game(declare=False, draw=True),
    Game(declare=True, draw=True),
    Game(declare=False, draw=False),
    Game(declare=True, draw=False),
)
#: buckets, and iterations per (declare, draw)
FULL = {
    "buckets": 40,
    "iterations": {
        (False, True): 1000,
        (True, True): 400,
        (False, False): 1500,
        (True, False): 1500,
    },
}
QUICK = {
    "buckets": 6,
    "iterations": {(False, True): 10, (True, True): 4, (False, False): 20, (True, False): 20},
}


def train(
    buckets: int,
    iterations: Callable[[Game], int],
    games: tuple[Game, ...] = GAMES,
    report: Callable[[str], None] | None = None,
) -> dict[str, object]:
    """The table for ``games`` (a JSON-ready dict); deterministic."""
    configs: dict[str, object] = {}
    abstractions: dict[bool, Cards] = {}
    for game in games:
        if game.declare not in abstractions:
            abstractions[game.declare] = card_abstraction(buckets, game.declare)
        cards = abstractions[game.declare]
        solver = Solver(game, cards)
        clock = time.process_time()
        n = iterations(game)
        for t in range(1, n + 1):
            solver.iterate(t)
        key = config_key(game.declare, game.draw, game.bet_max, game.raises, game.ante)
        if report is not None:
            report(
                f"{key}: {n} iterations, {time.process_time() - clock:.0f} s CPU, "
                f"exploitability {solver.exploitability():.4f} chips/hand"
            )
        configs[key] = {"bucket_of_class": cards.bucket_of_class, "nodes": solver.table()}
    return {"version": 1, "buckets": buckets, "configs": configs}


def default_path() -> Path:
    return Path(__file__).resolve().parent / "data" / TABLE_FILE


def write(table: dict[str, object], path: Path) -> None:
    text = json.dumps(table, sort_keys=True, separators=(",", ":"))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="a small table in seconds (tests)")
    parser.add_argument(
        "--out", type=Path, default=None, help="where to write (default: the shipped table)"
    )
    parser.add_argument("--buckets", type=int, default=None)
    parser.add_argument("--iterations", type=int, default=None)
    args = parser.parse_args(argv)
    if args.out is None and (args.quick or args.buckets or args.iterations):
        parser.error(
            "a quick or custom table is written only where --out says, never over the shipped one"
        )
    plan = QUICK if args.quick else FULL
    buckets = args.buckets or int(plan["buckets"])  # type: ignore[call-overload]
    counts: dict[tuple[bool, bool], int] = plan["iterations"]  # type: ignore[assignment]

    def iterations(game: Game) -> int:
        return args.iterations or counts[(game.declare, game.draw)]

    table = train(buckets, iterations, report=lambda line: print(line, file=sys.stderr))
    path = args.out or default_path()
    write(table, path)
    print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
