"""Secrecy scan: no payload may show a card its readers cannot know.

At the moment the bot issues each request the scanner snapshots, per reader (the public, and each seat's
user), the cards hidden from that reader: other seats' hands (``open``: only the face-down cards), the stock,
the Haggis, and one's own face-down cards. Until the game ends, no request of any kind may carry the
table's fair-deal server seed (``SEED``: checked in every body, whoever reads it). A card counts as secret for a payload if it was hidden both at
the previous request and at this one (so a card that was public at any moment in between — and may
legitimately be in a message drawn then — is not flagged). Public payloads are scanned without the
previous deal's breakdown (cards of a finished deal, all played face up); the "Last move" line (on the
table message and on the hands) is scanned separately, excused only for the cards of that very move (which
were played face up)."""

from __future__ import annotations

import copy
import hashlib
import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from bot.i18n import LANGUAGES, translate, using
from bot.render.cards import card_emoji, card_label
from bot.render.pictures import Picture
from bot.tables.models import Table

from .fakediscord import FakeDiscord, Recorded


def _breakdown_names() -> str:
    """The breakdown fields' names in every language (their numbers as ``\\d*``)."""
    names = ("Deal {number} result", "Round {number} result", "Last round", "Final count")
    names += ("Hand {number} showdown",)
    forms = {
        re.escape(translate(name, lang)).replace(re.escape("{number}"), r"\d*").replace(r"\ ", " ?")
        for name in names
        for lang in LANGUAGES
    }
    return "|".join(sorted(forms))


#: How the "Last move" line begins, in every language.
LAST_MOVE = tuple(translate("Last move: {move}", lang).split("{move}")[0] for lang in LANGUAGES)

#: Fields that show the cards of a scored deal or round (public by then).
BREAKDOWN_FIELDS = re.compile(rf"^({_breakdown_names()})")


def hidden_sets(table: Table) -> dict[Any, frozenset[str]]:
    """Reader -> cards hidden from them, right now."""
    state = table.state
    if state is None:
        return {}
    data = state.to_dict()
    hands = data.get("hands") or []
    secret_by_seat: list[set[str]] = []
    down_by_seat: list[set[str]] = []
    for hand in hands:
        if hand is None:  # Hurricane poker: a seat out of the hand
            secret_by_seat.append(set())
            down_by_seat.append(set())
        elif isinstance(hand, dict):  # open preset
            secret_by_seat.append(set(hand.get("down") or []))
            down_by_seat.append(set(hand.get("down") or []))
        else:
            secret_by_seat.append({c for c in hand if c not in ("J", "Q", "K")})
            down_by_seat.append(set())
    # poker: the discards stay secret for good (only that a card was drawn is public)
    common = (
        set(data.get("stock") or [])
        | set(data.get("haggis") or [])
        | set(data.get("discards") or [])
    )
    out: dict[Any, frozenset[str]] = {"public": frozenset(common.union(*secret_by_seat))}
    for seat_no, seat in enumerate(table.seats):
        if seat is None or seat.computer is not None:
            continue
        others = set().union(*(s for i, s in enumerate(secret_by_seat) if i != seat_no))
        out[seat.user_id] = frozenset(common | others | down_by_seat[seat_no])
    return out


# Every PNG a Picture encodes is remembered with the card faces it shows, so a scan can check the
# pictures a message uploads, not only its text (sha256 of the bytes -> what was drawn). Only the
# facts are kept, never the image: a whole test session draws thousands of pictures.
@dataclass(frozen=True)
class Drawn:
    """What one encoded picture showed."""

    cards: tuple[str, ...]
    backs: int
    filename: str
    raised: tuple[str, ...]
    texts: tuple[str, ...]
    size: tuple[int, int]


DRAWN: dict[str, Drawn] = {}
_encode = Picture.png


def _recording_png(self: Picture) -> bytes:
    data = _encode(self)
    facts = Drawn(self.cards, self.backs, self.filename, self.raised, self.texts, self.size)
    DRAWN[hashlib.sha256(data).hexdigest()] = facts
    return data


Picture.png = _recording_png  # type: ignore[method-assign]


def drawn(data: bytes) -> Drawn | None:
    """What the Picture that encoded these PNG bytes (in this process) showed, if any."""
    return DRAWN.get(hashlib.sha256(data).hexdigest())


def _pattern(card: str) -> re.Pattern[str]:
    forms = {re.escape(card)}
    for lang in LANGUAGES:  # a card as each language writes it (Т♥ in Russian) and its emoji
        with using(lang):
            forms.add(re.escape(card_label(card)))
            emoji = card_emoji(card)
            if emoji:
                forms.add(re.escape(emoji))
    return re.compile(r"(?<![0-9A-Za-z])(?:" + "|".join(forms) + r")(?![0-9A-Za-z])")


class SecrecyScanner:
    def __init__(self, fake: FakeDiscord, channel_id: int) -> None:
        self.fake = fake
        self.channel_id = channel_id
        self._prev: dict[Any, frozenset[str]] = {}
        self._prev_shown: Counter[str] = Counter()
        self.checked = 0
        self.seeds_checked = 0  # requests checked for the unrevealed server seed
        self.pictures = 0  # pictures checked
        self.position = len(fake.requests)
        self._patterns: dict[str, re.Pattern[str]] = {}
        fake.snapshot = self._snap

    def _snap(self) -> dict[Any, frozenset[str]]:
        table = self.fake.bot.tables.get(self.channel_id)  # type: ignore[union-attr]
        now = hidden_sets(table) if table is not None else {}
        both = {k: v & self._prev.get(k, v) for k, v in now.items()}
        self._prev = now
        both[PLAYED] = last_move_cards(table) if table is not None else frozenset()
        both[SEED] = unrevealed_seed(table)
        shown = showdown_cards(table)
        both[SHOWN] = shown | self._prev_shown  # drawn at either moment
        self._prev_shown = shown
        return both

    def scan(self) -> None:
        """Check every request made since the last scan; raise AssertionError on a leak."""
        for rec in self.fake.requests[self.position :]:
            self._check(rec)
        self.position = len(self.fake.requests)

    def _check(self, rec: Recorded) -> None:
        if not isinstance(rec.context, dict) or rec.json is None:
            return
        seed = rec.context.get(SEED)
        if seed is not None:  # whoever reads it, in whatever request: not before the game ends
            raw = json.dumps(rec.json, ensure_ascii=False).lower()
            assert seed not in raw, f"the server seed leaked in {rec.method} {rec.path}"
            self.seeds_checked += 1
        audience = self.fake.request_audience(rec)
        if audience is None:
            return
        body = rec.json.get("data") if rec.is_callback else rec.json
        if not isinstance(body, dict):
            return
        secret = rec.context.get(audience)
        if secret is None:  # a user who is not seated reads like the public
            secret = rec.context.get("public", frozenset())
        # every reader (the public and each seat's hand) sees the "Last move" line apart
        body, last_lines = _without_history(body, breakdown=audience == "public")
        text = json.dumps(body, ensure_ascii=False)
        self.checked += 1
        self._search(secret, text, audience, rec)
        for name, data in rec.files:
            shown = drawn(data)
            assert shown is not None, f"{name} in {rec.method} {rec.path} is not a drawn picture"
            # a finished hand's showdown is public (like the breakdown fields of the text): its
            # cards may be drawn once each, even if the new deal hides the same cards again
            beyond = Counter(shown.cards) - rec.context.get(SHOWN, Counter())
            leaked = secret & set(beyond)
            assert not leaked, f"{sorted(leaked)} drawn for {audience} in {name} ({rec.path})"
            self.pictures += 1
        self._search(secret - rec.context.get(PLAYED, frozenset()), last_lines, audience, rec)

    def _search(self, secret: frozenset[str], text: str, audience: Any, rec: Recorded) -> None:
        if not text:
            return
        for card in secret:
            key = f"{card} {card_emoji(card)}"
            pat = self._patterns.get(key) or self._patterns.setdefault(key, _pattern(card))
            assert not pat.search(text), (
                f"{card} leaked to {audience} in {rec.method} {rec.path}: {text[:600]}"
            )


PLAYED = "_played"
SEED = "_seed"
SHOWN = "_shown"


def showdown_cards(table: Table | None) -> Counter[str]:
    """The hands the last poker showdown made public (in the spectator view), once each."""
    if table is None or table.state is None:
        return Counter()
    showdown = table.state.view(None).get("last_showdown")
    shown = showdown.get("shown") if isinstance(showdown, dict) else None
    return Counter(c for cards in (shown or {}).values() for c in cards)


def unrevealed_seed(table: Table | None) -> str | None:
    """The table's server seed (hex) while it must stay secret: from the deal to the game's end."""
    if table is None or table.fair is None or table.revealed_seed is not None:
        return None
    return table.fair.server_seed.hex()


def last_move_cards(table: Table) -> frozenset[str]:
    """The cards the last move put face up (the move itself, flips, hands laid down, captures)."""
    cards: set[str] = set()
    if table.history:
        text = table.history[-1][1].split("=")[0]
        if not text.startswith("draw "):  # poker's discard goes face down: it stays secret
            cards.update(part for part in re.split(r"[+: ]", text) if part)
    for ev in table.last_events:
        for key in ("card", "cards", "captured"):
            value = ev.get(key)
            if isinstance(value, str):
                cards.add(value)
            elif isinstance(value, list):
                cards.update(str(v) for v in value)
    return frozenset(cards)


def _without_history(body: dict[str, Any], *, breakdown: bool = True) -> tuple[dict[str, Any], str]:
    """The body without the "Last move" line (returned apart) and, for the public (``breakdown``),
    without the previous deal's breakdown."""
    body = copy.deepcopy(body)
    last: list[str] = []
    for embed in body.get("embeds") or []:
        if breakdown:
            embed["fields"] = [
                f
                for f in embed.get("fields") or []
                if not BREAKDOWN_FIELDS.match(str(f.get("name")))
            ]
        desc = str(embed.get("description") or "")
        last += [line for line in desc.split("\n") if line.startswith(LAST_MOVE)]
        embed["description"] = "\n".join(
            line for line in desc.split("\n") if not line.startswith(LAST_MOVE)
        )
    return body, "\n".join(last)
