"""What a table picture says, checked against the view it was drawn from.

``problems(picture, view, names, game, mover, last)`` reads the picture's recorded texts (and
where they were drawn) and lists every way they disagree with the state's public view: the
player to move, the new trick's leader, the dealer, the scores (chips) and the pot, the last
move's player; and every placeholder drawn ("?", "None", an empty name). A name drawn shortened
counts as the one seat it can only stand for (``seat_of``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import _
from bot.render.moves import describe_move
from bot.render.pictures import Picture
from bot.render.pictures.fit import ELLIPSIS, display_names
from bot.render.pictures.layouts import layout_for, picture_words

PLACEHOLDER = re.compile(r"(^|[\s(])\?($|[\s:),.])|\bNone\b")


def seat_of(drawn: str, names: Sequence[str]) -> set[int]:
    """The seats a drawn name (whole or shortened) could stand for."""
    drawn = drawn.strip()
    found = {i for i, name in enumerate(names) if name == drawn}
    if found:
        return found
    mark = re.match(r"^(\d+)·", drawn)
    if mark:
        return {int(mark.group(1)) - 1}
    if ELLIPSIS in drawn:
        prefix, _e, suffix = drawn.partition(ELLIPSIS)
        return {
            i
            for i, name in enumerate(names)
            if name.startswith(prefix.rstrip()) and name.endswith(suffix.lstrip())
        }
    return set()


def _slot(template: str, text: str) -> str | None:
    """What stands for ``{name}`` in ``text`` drawn from ``template`` (None: not that text)."""
    head, _n, tail = template.partition("{name}")
    pattern = re.escape(head) + "(.+)" + re.escape(tail)
    match = re.fullmatch(pattern, text)
    return match.group(1) if match else None


def _rows_overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return min(a[3], b[3]) - max(a[1], b[1]) > 0


def problems(
    picture: Picture,
    view: Mapping[str, Any],
    names: Sequence[str],
    mover: int | None,
    last: str | None,
) -> list[str]:
    game = str(view.get("game"))
    shown = display_names(names)
    texts = list(picture.texts)
    out: list[str] = []

    def expect(what: str, drawn: str | None, seat: Any) -> None:
        if drawn is None:
            out.append(f"{what}: not drawn (expected seat {seat})")
        elif seat_of(drawn, shown) != {seat}:
            out.append(f"{what}: draws {drawn!r}, the view says seat {seat} ({shown[seat]!r})")

    for text in picture.cut:
        out.append(f"cut by the canvas (not fitted): {text!r}")
    for text in texts:
        if not text.strip() or PLACEHOLDER.search(text):
            out.append(f"placeholder drawn: {text!r}")
    current = view.get("current_player")
    over = bool(view.get("is_over"))
    turn_texts = [t for t in texts if t.startswith("▶ ")]
    if over or not isinstance(current, int):
        if turn_texts:
            out.append(f"a turn drawn when no one is to play: {turn_texts}")
    else:
        header = [s for t in turn_texts if (s := _slot("▶ " + _("{name} to play"), t))]
        expect("to play (header)", header[0] if header else None, current)
        seats = [t[2:] for t in turn_texts if _slot("▶ " + _("{name} to play"), t) is None]
        expect("to play (seat)", seats[0] if len(seats) == 1 else None, current)
    # Haggis: the seat that leads a new trick is the seat to move
    if game == "haggis" and not view.get("trick") and not over and isinstance(current, int):
        frame = _("New trick — {who}").format(who=_("{name} leads"))
        leads = [s for t in texts if (s := _slot(frame, t))]
        leads = leads or [s for t in texts if (s := _slot(_("{name} leads"), t))]  # two lines
        expect("leader", leads[0] if leads else None, current)
    # the dealer's mark (a pill, poker's button) sits in the dealer's seat row, right of the name
    dealer = view.get("dealer")
    mark = "D" if game == "hurricane_poker" else _("dealer")
    if isinstance(dealer, int) and not (game == "hurricane_poker" and over):
        marks = [b for t, b in zip(texts, picture.boxes, strict=True) if t == mark]
        if len(marks) != 1:
            out.append(f"dealer: {len(marks)} marks drawn")
        else:
            box = marks[0]
            row = [
                (b[0], t)
                for t, b in zip(texts, picture.boxes, strict=True)
                if b[0] < box[0] and _rows_overlap(b, box) and seat_of(t.removeprefix("▶ "), shown)
            ]
            expect("dealer", max(row)[1].removeprefix("▶ ") if row else None, dealer)
    # scores: the footer's sides and numbers, in order
    scores = view.get("scores")
    if game != "hurricane_poker" and isinstance(scores, list) and scores:
        sides = display_names(layout_for(view).score_sides(view, shown))
        if _("Score") not in texts:
            out.append("scores: no score line")
        else:
            at = texts.index(_("Score"))
            for k, score in enumerate(scores):
                drawn, number = texts[at + 1 + 2 * k], texts[at + 2 + 2 * k]
                if seat_of(drawn, sides) != {k} or number != str(score):
                    out.append(f"score {k}: draws {drawn!r} {number!r}, the view {score}")
    if game == "hurricane_poker":
        chips = view.get("chips") or []
        if not over:
            pot = texts[texts.index(_("Pot")) + 1] if _("Pot") in texts else None
            if pot != str(view.get("pot_total")):
                out.append(f"pot: draws {pot!r}, the view {view.get('pot_total')}")
            for seat, count in enumerate(chips):
                at = next(
                    (
                        i
                        for i, t in enumerate(texts)
                        if seat_of(t.removeprefix("▶ "), shown) == {seat}
                    ),
                    None,
                )
                numbers = [t for t in texts[at or 0 :] if t.isdigit()] if at is not None else []
                if not numbers or numbers[0] != str(count):
                    out.append(f"chips {seat}: draws {numbers[:1]}, the view {count}")
    # the last move: its player as the history has it
    # (poker's: the view's own log, where a declaration stays secret until the showdown)
    if game == "hurricane_poker" and view.get("log"):
        mover, last = int(view["log"][-1][0]), str(view["log"][-1][1])
    if last and _("Last move") in texts and isinstance(mover, int):
        drawn = texts[texts.index(_("Last move")) + 1]
        frame = picture_words(describe_move(game, "\x00", last, names=["\x01"] * len(shown)))
        pattern = "".join(
            "(.+?)" if ch == "\x00" else ".+" if ch == "\x01" else re.escape(ch) for ch in frame
        )
        match = re.fullmatch(pattern, drawn) if "\x00" in frame else None
        expect("last move", match.group(1) if match else drawn, mover)
    return out
