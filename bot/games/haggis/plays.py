"""Enumerating legal plays by shape, never by testing subsets of the hand (G-6..G-8, G-11).

Plays are distinct *card sets*: suits never matter for beating, but they matter for what stays in
the hand, so ``5R`` and ``5O`` are two plays, and so are ``5R 6R 7R`` and ``5R 6R J``. A card set is
listed once per reading (kind and width); within a reading the highest rank is used (see
``combinations``). Results map a card mask to ``{reading code: combination}``.
"""

from __future__ import annotations

from itertools import combinations as subsets

from .cards import FACE_BIT, JACK, KING, NUMBER_MASK, QUEEN
from .combinations import FACE_BOMB_LEVEL, SEQ_MIN_LENGTH, Combination, Kind, combo

Found = dict[int, dict[int, Combination]]

_FACES = (JACK, QUEEN, KING)


def _wild_subsets(hand: int) -> list[tuple[int, int, tuple[int, ...]]]:
    """Every subset of the hand's face cards: (size, mask, face ranks descending)."""
    faces = [r for r in _FACES if hand & FACE_BIT[r]]
    out = []
    for n in range(len(faces) + 1):
        for sub in subsets(faces, n):
            m = 0
            for r in sub:
                m |= FACE_BIT[r]
            out.append((n, m, tuple(sorted(sub, reverse=True))))
    return out


def _rank_suits(hand: int) -> list[int]:
    """Suit mask (bit = suit) of the hand's number cards per rank; index = rank (0, 1 unused)."""
    return [0, 0] + [(hand >> ((r - 2) * 5)) & 31 for r in range(2, 11)]


def _add(found: Found, mask: int, c: Combination, code: int) -> None:
    entry = found.get(mask)
    if entry is None:
        found[mask] = {code: c}
        return
    old = entry.get(code)
    if old is None or c.rank > old.rank:
        entry[code] = c


def _submasks(m: int) -> list[int]:
    out = []
    sub = m
    while sub:
        out.append(sub)
        sub = (sub - 1) & m
    return out


def add_sets(
    found: Found, hand: int, size: int | None = None, above: int = 0, wilds: list | None = None
) -> None:
    """Sets of one rank (G-6): number cards of that rank plus any face cards as wilds."""
    wild = wilds if wilds is not None else _wild_subsets(hand)
    per_rank = _rank_suits(hand)
    for r in range(max(2, above + 1), 11):
        m = per_rank[r]
        if not m:
            continue
        shift = (r - 2) * 5
        for sub in _submasks(m):
            k = sub.bit_count()
            bits = sub << shift
            for n, wm, _ in wild:
                total = k + n
                if total > 8 or (size is not None and total != size):
                    continue
                # one rank's cards and some faces: no other set reading has this card set
                mask = bits | wm
                c = combo(Kind.SET, total, 0, r)
                entry = found.get(mask)
                if entry is None:
                    found[mask] = {0: c}
                else:
                    entry[0] = c
    if size in (None, 1):
        for r in _FACES:
            if r > above and hand & FACE_BIT[r]:
                _add(found, FACE_BIT[r], combo(Kind.SET, 1, 0, r), 0)


def add_bombs(found: Found, hand: int, above: int = 0) -> None:
    """The six bombs (G-8) above a given level."""
    faces = hand & ~NUMBER_MASK
    for fm, level in FACE_BOMB_LEVEL.items():
        if level > above and faces & fm == fm:
            _add(found, fm, combo(Kind.BOMB, fm.bit_count(), 0, level), -1)
    if above >= 6:
        return
    per_rank = _rank_suits(hand)
    m3, m5, m7, m9 = per_rank[3], per_rank[5], per_rank[7], per_rank[9]
    if not (m3 and m5 and m7 and m9):
        return
    base = (5, 15, 25, 35)  # ids of 3R, 5R, 7R, 9R
    common = m3 & m5 & m7 & m9
    for s in range(5):
        if common >> s & 1:
            _add(
                found,
                sum(1 << (b + s) for b in base),
                combo(Kind.BOMB, 4, 0, 6),
                -1,
            )
    if above >= 1:
        return
    for s3 in range(5):
        if not m3 >> s3 & 1:
            continue
        for s5 in range(5):
            if s5 == s3 or not m5 >> s5 & 1:
                continue
            for s7 in range(5):
                if s7 in (s3, s5) or not m7 >> s7 & 1:
                    continue
                for s9 in range(5):
                    if s9 in (s3, s5, s7) or not m9 >> s9 & 1:
                        continue
                    mask = (1 << (5 + s3)) | (1 << (15 + s5)) | (1 << (25 + s7)) | (1 << (35 + s9))
                    _add(found, mask, combo(Kind.BOMB, 4, 0, 1), -1)


#: ``_CELLS[rank][suit_mask]``: the single-card masks of those suits at that rank.
_CELLS: list[list[tuple[int, ...]]] = [
    [tuple(1 << (s + (r - 2) * 5) for s in range(5) if m >> s & 1) for m in range(32)]
    if r >= 2
    else []
    for r in range(11)
]


def add_sequences(
    found: Found,
    hand: int,
    suits: int,
    width: int | None = None,
    length: int | None = None,
    above: int = 0,
    wilds: list | None = None,
) -> None:
    """Sequences (G-7) by window: width, suit columns, lowest rank, top rank.

    In each window the slots not held must be filled by face cards; any held card may also be
    swapped for a face card, which gives the other card sets of the same window.
    """
    wild = wilds if wilds is not None else _wild_subsets(hand)
    nw = len(wild[-1][2])
    per_rank = _rank_suits(hand)
    widths = range(1, suits + 1) if width is None else (width,)
    fitting: dict[tuple[int, int], dict[int, list[int]]] = {}
    for w in widths:
        min_len = SEQ_MIN_LENGTH.get(w, 2)
        if length is not None and length < min_len:
            continue
        for cols in subsets(range(suits), w):
            smask = 0
            for s in cols:
                smask |= 1 << s
            # per rank: the held cards of these columns (mask, single-card bits, slots missing)
            held = [0] * 11
            cells_at: list[tuple[int, ...]] = [()] * 11
            missing = [w] * 11
            for r in range(2, 11):
                pm = per_rank[r] & smask
                if pm:
                    held[r] = pm << ((r - 2) * 5)
                    cells_at[r] = _CELLS[r][pm]
                    missing[r] = w - len(cells_at[r])
            for lo in range(2, 11):
                if missing[lo] > nw:
                    continue  # the lowest rank alone needs more faces than the hand has
                absent = 0
                cells: list[int] = []
                full = 0
                high = 0  # the top face rank (11..13) the window reaches, 0 if none
                for hi in range(lo, 14):
                    if hi <= 10:
                        full |= held[hi]
                        cells += cells_at[hi]
                        absent += missing[hi]
                    else:
                        absent += w
                        high = hi
                    if absent > nw:
                        break
                    n = hi - lo + 1
                    if n < min_len or hi <= above:
                        continue
                    if length is not None and n != length:
                        if n > length:
                            break
                        continue
                    if not cells:
                        continue
                    by_size = fitting.get((high, w))
                    if by_size is None:
                        by_size = fitting[(high, w)] = _fitting_wilds(wild, high, w)
                    _emit_window(
                        found, cells, full, absent, nw, w, combo(Kind.SEQ, n * w, w, hi), by_size
                    )


def _fitting_wilds(
    wild: list[tuple[int, int, tuple[int, ...]]], high: int, w: int
) -> dict[int, list[int]]:
    """Face-card subsets (masks by size) that can fill the face-rank slots 11..high, w each."""
    need: list[int] = []
    for r in range(high, 10, -1):
        need.extend([r] * w)
    by_size: dict[int, list[int]] = {}
    for n, wm, desc in wild:
        if len(need) <= n and all(f >= r for f, r in zip(desc, need, strict=False)):
            by_size.setdefault(n, []).append(wm)
    return by_size


def _emit_window(
    found: Found,
    cells: list[int],
    full: int,
    absent: int,
    nw: int,
    w: int,
    c: Combination,
    by_size: dict[int, list[int]],
) -> None:
    """Every card set of one window: held cards, minus any swapped for faces, plus faces."""
    count = len(cells)
    rank = c.rank
    get = found.get
    for extra in range(0, nw - absent + 1):
        if extra >= count:
            break
        wms = by_size.get(absent + extra)
        if not wms:
            continue
        bases = [full] if extra == 0 else [full ^ sum(r) for r in subsets(cells, extra)]
        for base in bases:
            for wm in wms:  # _add, inlined: this is the enumerator's innermost loop
                mask = base | wm
                entry = get(mask)
                if entry is None:
                    found[mask] = {w: c}
                else:
                    old = entry.get(w)
                    if old is None or rank > old.rank:
                        entry[w] = c


def lead_plays(hand: int, suits: int) -> Found:
    """Every combination a leader may play from ``hand`` (G-10)."""
    found: Found = {}
    wild = _wild_subsets(hand)
    add_sets(found, hand, wilds=wild)
    add_sequences(found, hand, suits, wilds=wild)
    add_bombs(found, hand)
    return found


def follow_plays(hand: int, suits: int, top: Combination) -> Found:
    """Every play from ``hand`` that beats ``top`` (G-11)."""
    found: Found = {}
    if top.kind is Kind.BOMB:
        add_bombs(found, hand, above=top.rank)
        return found
    if top.kind is Kind.SET:
        add_sets(found, hand, size=top.size, above=top.rank)
    else:
        add_sequences(found, hand, suits, width=top.width, length=top.length, above=top.rank)
        # a card set may fit the shape at a lower rank too; only the highest counts
    add_bombs(found, hand)
    return found
