"""Cards as text players read: ``7H`` -> ``7♥``, ``10G`` -> ``10🟩``; ``J``/``Q``/``K`` stay as they are;
and sorted the way players hold them, for every game. In Russian the court cards and the ace take the
rulebook's letters (``AH`` -> ``Т♥``, ``QS`` -> ``Д♠``, Haggis's wild ``K`` -> ``К``); typed moves are read
in either notation (``/play qs``, ``дп``, ``Д♠``: ``typed``)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from bot.i18n import current

HURRICANE_SUITS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
HAGGIS_SUITS = {"R": "🟥", "O": "🟧", "Y": "🟨", "G": "🟩", "B": "🟦"}
HAGGIS_SUIT_NAMES = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue"}


#: The letters of the ranks per language (Russian: Туз, Валет, Дама, Король).
RANK_LETTERS: dict[str, dict[str, str]] = {"ru": {"A": "Т", "J": "В", "Q": "Д", "K": "К"}}


def rank_letter(rank: str, lang: str | None = None) -> str:
    """A rank as written in ``lang`` (the current language by default): ``Q`` -> ``Д`` in Russian."""
    return RANK_LETTERS.get(lang or current(), {}).get(rank, rank)


def card_label(card: str) -> str:
    """One card in canonical notation, with its suit as a symbol (works for every game), in the
    current language's rank letters."""
    return _card_label(card, current())


@lru_cache(maxsize=1024)
def _card_label(card: str, lang: str) -> str:
    if len(card) >= 2:
        rank, suit = card[:-1], card[-1]
        if suit in HURRICANE_SUITS:
            return rank_letter(rank, lang) + HURRICANE_SUITS[suit]
        if suit in HAGGIS_SUITS and rank not in {"J", "Q", "K"}:
            return rank + HAGGIS_SUITS[suit]
    return rank_letter(card, lang) if card in ("J", "Q", "K") else card


def ranks_label(text: object) -> str:
    """Ranks joined by dashes (a poker hand's High or Low, ``K–K``, ``A–3``) in the current
    language's letters: ``К–К``, ``Т–3``."""
    return "–".join(rank_letter(rank) for rank in str(text).split("–"))


def cards_label(cards: Iterable[str], sep: str = " ") -> str:
    return sep.join(card_label(card) for card in cards)


HURRICANE_RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]
HURRICANE_SUIT_ORDER = ["H", "D", "C", "S"]
HAGGIS_RANKS = [str(n) for n in range(2, 11)] + ["J", "Q", "K"]
HAGGIS_SUIT_ORDER = ["R", "O", "Y", "G", "B"]


def _key(card: str) -> tuple[int, int, str]:
    if card in ("J", "Q", "K"):  # Haggis face cards (no suit)
        return (HAGGIS_RANKS.index(card) + 100, 0, card)
    rank, suit = card[:-1], card[-1]
    if suit in HURRICANE_SUIT_ORDER and rank in HURRICANE_RANKS:
        return (HURRICANE_RANKS.index(rank), HURRICANE_SUIT_ORDER.index(suit), card)
    if suit in HAGGIS_SUIT_ORDER and rank in HAGGIS_RANKS:
        return (HAGGIS_RANKS.index(rank), HAGGIS_SUIT_ORDER.index(suit), card)
    return (999, 0, card)


def _known_keys() -> dict[str, tuple[int, int, str]]:
    cards = [r + s for r in HURRICANE_RANKS for s in HURRICANE_SUIT_ORDER]
    cards += [r + s for r in HAGGIS_RANKS for s in HAGGIS_SUIT_ORDER] + ["J", "Q", "K"]
    return {c: _key(c) for c in cards}


_KEYS = _known_keys()  # every card of every game: a hand is re-sorted on each redraw


def _sort_key(card: str) -> tuple[int, int, str]:
    key = _KEYS.get(card)
    return key if key is not None else _key(card)


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Cards by rank, then suit (Haggis face cards last)."""
    return sorted(cards, key=_sort_key)


# --- card emojis -------------------------------------------------------------------------------------
# The bot uploads one application emoji per card of every pack (and a card back) and tells the render
# layer their markup here (``set_card_emojis``); messages then show the card itself. Render stays
# Discord-free: it only knows "card id -> the string that shows it". Empty mapping: plain text.

FRENCH_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
#: Every card of every game's pack: French (Hurricane's 40 are among them, poker adds the jokers),
#: Haggis's numbered cards and its three wild face cards.
ALL_CARDS: tuple[str, ...] = tuple(
    [r + s for s in HURRICANE_SUIT_ORDER for r in FRENCH_RANKS]
    + ["X1", "X2"]
    + [r + s for s in HAGGIS_SUIT_ORDER for r in HAGGIS_RANKS if r not in ("J", "Q", "K")]
    + ["J", "Q", "K"]
)
BACK = "back"  # the card back's key among the emojis
BACK_LABEL = "🂠"  # a card back in text
#: The emoji faces' design (``bot.render.pictures.sprites.emoji_sprite``), part of every emoji's
#: name: bump it when the faces are drawn differently, and the next start uploads the new faces
#: and deletes the old ones (an uploaded emoji keeps its image; only a new name brings a new one).
EMOJI_DESIGN = 2
EMOJI_PREFIX = f"card{EMOJI_DESIGN}_"
_OUR_EMOJI = re.compile(r"card(\d*)_([A-Za-z0-9_]+)")


def _face_differs(card: str, lang: str) -> bool:
    """Whether ``card`` looks different in ``lang``: a rank printed with another letter (Т В Д К);
    no card prints a word (a joker is drawn as stars)."""
    rank = card if card in ("J", "Q", "K") else card[:-1]
    return rank in RANK_LETTERS.get(lang, {})


#: Every emoji the bot owns: (key, card, language). The English faces of every card and the back,
#: then, per other language, the cards whose face differs there (``ru_AH`` shows a Т♥).
EMOJI_FACES: tuple[tuple[str, str, str], ...] = (
    *((card, card, "en") for card in (*ALL_CARDS, BACK)),
    *(
        (f"{lang}_{card}", card, lang)
        for lang in RANK_LETTERS
        for card in ALL_CARDS
        if _face_differs(card, lang)
    ),
)
#: The keys whose label is found in text as it is (Haggis's bare J/Q/K only beside spaces).
_PLAIN_KEYS = frozenset((*ALL_CARDS, BACK)) - {"J", "Q", "K"}

_emojis: dict[str, str] = {}


def emoji_name(key: str) -> str:
    """The application emoji's name of an emoji key (a card, ``BACK`` or ``ru_AH``): ``card2_7H``,
    ``card2_10R``, ``card2_J``, ``card2_ru_AH`` (2..32 characters of ``[A-Za-z0-9_]``, as Discord
    requires; the number is ``EMOJI_DESIGN``)."""
    return EMOJI_PREFIX + key


def emoji_key(name: str) -> str | None:
    """The emoji key an application emoji's name stands for, in any design the bot ever used
    (``card_7H``, ``card2_ru_AH``: the bot's own), or None for an emoji that is not a card's."""
    found = _OUR_EMOJI.fullmatch(name)
    if found is None:
        return None
    key = found.group(2)
    lang, _sep, card = key.partition("_")
    if key in ALL_CARDS or key == BACK or (lang in RANK_LETTERS and card in ALL_CARDS):
        return key
    return None


def set_card_emojis(mapping: dict[str, str]) -> None:
    """Install the emoji key -> emoji markup mapping (``{}``: back to plain text)."""
    _emojis.clear()
    _emojis.update(mapping)
    _emoji_patterns.clear()


def card_emoji(card: str) -> str | None:
    """The emoji markup that shows ``card`` (``BACK`` for a card back) in the language in force,
    or None without emojis."""
    lang = current()
    if lang in RANK_LETTERS:
        found = _emojis.get(f"{lang}_{card}")
        if found is not None:
            return found
    return _emojis.get(card)


_emoji_patterns: dict[tuple[str, bool], re.Pattern[str]] = {}


def _pattern(faces: bool) -> re.Pattern[str]:
    """Card labels as they appear in text: ``7♥``, ``10🟩``, a back ``🂠``, and (``faces``) Haggis's
    wild J/Q/K standing alone between spaces, commas or brackets."""
    key = (current(), faces)
    found = _emoji_patterns.get(key)
    if found is None:
        by_label = sorted(
            {_label(c) for c in _emojis if c in _PLAIN_KEYS},
            key=len,
            reverse=True,
        )
        alternatives = [re.escape(label) for label in by_label]
        body = "|".join(alternatives) or r"(?!x)x"
        wild = "|".join(rank_letter(f) for f in ("J", "Q", "K") if f in _emojis) if faces else ""
        face_part = rf"|(?<![^\s(,])(?:{wild})(?=[\s),.]|$)" if wild else ""
        found = re.compile(rf"(?<![0-9A-Za-z])(?:{body})(?![0-9A-Za-z]){face_part}")
        _emoji_patterns[key] = found
    return found


_LABEL_TO_CARD: dict[str, dict[str, str]] = {}


def _label(card: str) -> str:
    return BACK_LABEL if card == BACK else card_label(card)


def emojify(text: str, limit: int | None = None, *, game: str | None = None) -> str:
    """``text`` with every card label shown as its emoji (when emojis are installed). ``limit``: the
    longest the result may be; cards are replaced from the start only while the text still fits.
    ``game``: whose text it is (Haggis's bare J/Q/K are cards only in Haggis texts)."""
    if not _emojis or not text:
        return text
    lang = current()
    if lang not in _LABEL_TO_CARD:
        _LABEL_TO_CARD[lang] = {_label(c): c for c in (*ALL_CARDS, BACK)}
    to_card = _LABEL_TO_CARD[lang]
    out: list[str] = []
    length = len(text)
    pos = 0
    for m in _pattern(game == "haggis").finditer(text):
        card = to_card.get(m.group(0))
        emoji = card_emoji(card) if card is not None else None
        if emoji is None:
            continue
        grown = length + len(emoji) - len(m.group(0))
        if limit is not None and grown > limit:
            break
        length = grown
        out.append(text[pos : m.start()])
        out.append(emoji)
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)
