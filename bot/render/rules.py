"""The rules of each game in our own words (from /work/shared/RULES.md), short enough for one embed,
with every option a table can change (``/table new … options:name=value``). The option names, choices,
defaults and the seat counts they matter for come from the engines' ``game_info``, so this text, the
``/table new`` autocomplete and the lobby cannot fall behind them.

Every function that returns words takes ``lang`` ("en" or "ru"; anything else is English): the
Russian texts live in ``rules_ru``, written from the same rulebook, not translated by machine."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from bot.games import GameInfo, OptionInfo, game_info
from bot.i18n import _, using

from . import notation, rules_ru
from .option_words import changed_words, preset_word
from .rules_ru import words as ru
from .text import Panel

SET_OPTIONS = "Set them with `/table new … options:name=value` (several: separate with spaces)."
#: Usual picks offered after the default for numeric options with bounds (any number within is accepted).
NUMBER_PICKS: dict[str, tuple[int, ...]] = {
    "target": (15, 11, 21),
    "double_below": (0, 5),
    # Hurricane poker
    "stack": (50, 200, 500, 1000),
    "ante": (0, 2, 5),
    "bet_max": (2, 5, 10),
    "raises": (0, 1, 3),
    "hands": (5, 20, 50),
}
#: What an option means, where its name does not say it (shown after its choices).
NOTES = {
    "double_below": "0 = never",
    "min_cards": "only the smallest sum captures",
    "first_out_bonus": "+5 for the first out",
    "bomb_capture": "a bombed trick goes to the player who played just before the bomb, "
    "or the bomber chooses",
}


def default_first(values: Iterable[Any], default: Any) -> tuple[str, ...]:
    """The values as typed (strings), the default first."""
    words = [str(v) for v in values]
    return (str(default), *[w for w in words if w != str(default)])


def option_values(option: OptionInfo) -> tuple[str, ...]:
    """The values offered for an option: its choices, or usual picks within its bounds."""
    if option.bounds is not None:
        low, high = option.bounds
        picks = [p for p in NUMBER_PICKS.get(option.name, ()) if low <= p <= high]
        return default_first(picks, option.default)
    return default_first(option.choices, option.default)


def is_russian(lang: str) -> bool:
    """Whether ``lang`` asks for the Russian texts (every other value gets English)."""
    return lang == "ru"


def _notes(info: GameInfo, option: OptionInfo, russian: bool = False) -> list[str]:
    if russian:
        notes = [ru.OPTIONS.get(info.name, {}).get(option.name, option.description)]
    else:
        notes = [NOTES[option.name]] if option.name in NOTES else []
    if option.players and russian:
        notes.append(ru.players_only(option.players))
    elif option.players:
        notes.append(f"{' or '.join(map(str, option.players))} players only")
    for preset in info.presets:
        if option.name in preset.overrides and russian:
            value = preset.overrides[option.name]
            with using("ru"):
                notes.append(
                    f"{preset_word(preset.name)}: {_typed(value, not isinstance(value, int))}"
                )
        elif option.name in preset.overrides:
            notes.append(f"{preset.name}: {preset.overrides[option.name]}")
    return notes


def _typed(word: Any, russian: bool) -> str:
    """An option's name or value as typed: in a Russian text, a code span (it is not a word)."""
    return f"`{word}`" if russian else str(word)


def options_text(game: str, *, lang: str = "en") -> str:
    """Every option of a game with its values (default first) and notes, from ``game_info``."""
    info = game_info(game)
    russian = is_russian(lang)
    parts: list[str] = []
    if not info.presets and len(info.players) > 1:
        players = ru.PLAYERS if russian else "players"
        parts.append(f"{players}: {' | '.join(map(str, info.players))}")
    for option in info.options:
        notes = _notes(info, option, russian)
        if option.bounds is not None:
            first = f"{option.default}, {option.allowed_text()}"
            parts.append(f"{_typed(option.name, russian)} ({'; '.join([first, *notes])})")
        else:
            text = _typed(f"{option.name}: {' | '.join(option_values(option))}", russian)
            parts.append(f"{text} ({'; '.join(notes)})" if notes else text)
    if russian:
        if not info.options:
            return ru.OPTIONS_NONE
        return " · ".join([*parts, ru.TURN_TIMER]) + ". " + ru.SET_OPTIONS
    if not info.options:
        return "turn_timer only."
    return " · ".join([*parts, "turn_timer"]) + ". " + SET_OPTIONS


HURRICANE = Panel(
    title="Hurricane (Uragano)",
    lines=[
        "A fishing game for 2 players (or 4 in two teams) with 40 cards: A–7 and J Q K. "
        "Values: A=1, 2–7 as marked, J=8, Q=9, K=10.",
        "Each player gets 6 cards and 4 go face up on the table; the non-dealer leads and the deal "
        "alternates. On your turn play one card: it **takes** one table card of the same value, or a "
        "group of table cards that adds up to its value — or, if it can take nothing, it is laid on "
        "the table. If a table card equals your card you must take one of those. A card that can "
        "take may not be laid. When several captures are possible, you choose.",
        "Emptying the table is a **hurricane** (1 point) — except with the deal's last card. "
        "When both hands are empty, 6 more each (no new table cards). At the end of the deal the "
        "cards left on the table go to the last player who took.",
        "**Scoring each deal:** 1 point each for every hurricane, most cards, most hearts, the 7♥ and "
        "primiera (the best card of each suit: 7=21, 6=18, A=16, 5=15, 4=14, 3=13, 2=12, K=10, Q=9, "
        "J=8, added up; a side missing a suit cannot win it). A tie scores nobody.",
        "**Game end:** after a deal in which a side has 16 or more, the higher total wins (equal: "
        "another deal). A **double win** if the loser has fewer than 8.",
    ],
    fields=[
        (
            "Presets",
            "**standard** — as above. **open** — 4 of your 6 cards face up for all to see, 2 face "
            "down that nobody sees (when your open cards are gone, turn one up and play it at once); "
            "primiera by sets (best three or four of a kind); after a hurricane the opponent lays "
            "their hand on the table; game to 15, no double win. **pairs** — 4 players, partners "
            "opposite, 9 cards each and no refills, play goes to the right; teams share piles.",
        ),
        ("Options (default first)", options_text("hurricane")),
    ],
)

HURIKAN = Panel(
    title="Hurikan",
    lines=[
        "The summing variant, 2 players, same 40 cards and values. 6 cards each, nothing on the table.",
        "The player on the dealer's left opens by laying 1 to 3 cards face up. After that, on your turn "
        "either **take** one table card by laying hand cards that add up to its value exactly (4+2 take "
        "a 6; one equal card also takes) — laid and taken cards go to your pile — or **lay** one or "
        "more cards on the table. Taking is never forced.",
        "When both hands are empty each gets 6 more (the last refill is 2 each); a player whose hand "
        "is empty while the other still holds cards is skipped. At the end each player adds up the "
        "values in their pile (220 in all; cards left on the table count for nobody): the higher "
        "total wins, equal is a draw.",
    ],
    fields=[("Options", options_text("hurikan"))],
)

HAGGIS = Panel(
    title="Haggis",
    lines=[
        "A climbing game for 2 or 3 players (Sean Ross). Number cards 2–10 in five suits plus J Q K "
        "(with 2 players the blue suit and one J, Q, K are out). Each round everyone holds 14 number "
        "cards and their own J, Q and K, face up. The undealt number cards are the **Haggis**.",
        "Combinations: **sets** (1–8 cards of a rank), **sequences** (3+ consecutive ranks, or 2+ "
        "ranks of pairs, triples … in the same suits), and six **bombs**, low to high: 3-5-7-9 in "
        "four suits, J-Q, J-K, Q-K, J-Q-K, 3-5-7-9 in one suit. J, Q and K are wild (or "
        "themselves); two or three face cards together are always a bomb.",
        "The leader plays any combination; the others beat it with the same kind and size, higher — or "
        "a bomb (only a higher bomb beats a bomb) — or pass. With 2 players one pass ends the trick; "
        "with 3, everyone else passing does. The last to play takes the trick, but a bomb's trick "
        "goes to an opponent.",
        "**Going out** first: 5 points per card in the biggest hand left (+5 bonus with 3 players); "
        "with 3 players the second out scores 5 per card of the last player, and the first out takes "
        "the last hand and the Haggis. Card points: 3 5 7 9 = 1, J=2, Q=3, K=5.",
        "**Bets**, once each, any time before your first card: 15 or 30. Go out first and you score "
        "it; otherwise the first player out and every player who did not bet score it.",
        "When a round ends with someone at the target (250), the highest total wins (a tie plays on).",
    ],
    fields=[
        ("Options (default first)", options_text("haggis")),
        (
            "Playing here",
            "Pick your cards in the menu, then **Play**; the bot asks which reading only "
            "when it matters. Bet buttons show while you may still bet.",
        ),
    ],
)

HURRICANE_POKER = Panel(
    title="Hurricane poker",
    lines=[
        "Two-card poker played high-low, for 2 to 8 players, with a 52-card pack (two jokers "
        "added with `wild=jokers`). Chips are play money for this table only: everyone starts "
        "with the same stack, nothing carries over and nothing can be bought.",
        "**A hand:** everyone with chips pays the ante and gets two cards face down. A betting "
        "round starts on the dealer's left: **check**, **bet**, **call**, **raise** or **fold**. "
        "Spread limit: a bet or a raise adds 1 to `bet_max` chips (3) to the amount to call; at "
        "most one bet and `raises` raises (2) a round. Short of chips you may call all-in; side "
        "pots are formed as in standard poker and you win only the pots you put chips into.",
        "**The draw:** everyone still in either stands pat or discards one card and draws one; "
        "then a second betting round. If all others fold, the last player takes the pot without "
        "showing.",
        "**Ranking, no straights or flushes, suits never count.** High: any pair beats any "
        "non-pair, A–A best; otherwise the higher card, then the lower. Low: aces are low, any "
        "non-pair beats any pair; the lower top card wins, then the lower second card: A–2 is the "
        "best Low, then A–3, 2–3, A–4 …. Wild cards take any rank, for High and Low separately: "
        "wild + K is K–K for High, wild + A is A–2 for Low; two wilds are a pair of aces.",
        "**Showdown (cards speak):** each pot is split in half between the best High and the best "
        "Low among the hands that contributed to it (the odd chip to High; ties share). With "
        "`declare=yes` each player still in declares High, Low or both, in secret until all have; "
        "only declared players compete for a side, and a player declaring both must win both "
        "outright or takes nothing.",
        "**Game end:** after `hands` hands (10) or when one seat holds every chip. The most chips "
        "wins; players level on chips share the place. The turn timer plays for you: check where "
        "allowed, else fold; stand at the draw; at a declaration the side your hand is stronger "
        "on. `/table leave` during the game folds and sits you out; your chips stay on the table.",
    ],
    fields=[
        ("Options (default first)", options_text("hurricane_poker")),
        (
            "Playing here",
            "**Show my hand** shows your two cards with Check / Call / Fold buttons and a menu "
            "for the amount of a bet or raise; at the draw, pick the card to discard or Stand "
            "pat; with `declare=yes`, the High / Low / Both buttons.",
        ),
    ],
)

RULES = {
    "hurricane": HURRICANE,
    "hurikan": HURIKAN,
    "haggis": HAGGIS,
    "hurricane_poker": HURRICANE_POKER,
}


def register_rules(game: str, panel: Panel, russian: Panel | None = None) -> None:
    """The rules of a game kept outside this module (``russian``: its Russian text; without it
    Russian readers get the English one, as for any game not written in Russian yet)."""
    RULES[game] = panel
    if russian is not None:
        rules_ru.RULES[game] = russian


def unregister_rules(game: str) -> None:
    RULES.pop(game, None)
    rules_ru.RULES.pop(game, None)


@lru_cache(maxsize=64)
def option_choices(game: str, players: int | None = None) -> dict[str, tuple[str, ...]]:
    """The values offered while typing ``/table new … options:`` (default first; numbers: usual
    picks), for the options that matter at ``players`` seats (every option while unknown)."""
    try:
        info = game_info(game)
    except ValueError:
        return {}
    options = info.options if players is None else info.options_for(players)
    return {o.name: option_values(o) for o in options}


OPTION_CHOICES: dict[str, dict[str, tuple[str, ...]]] = {g: option_choices(g) for g in RULES}


def options_in_force(game: str, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """Every option that matters at a table of ``players`` seats, defaults (of the preset) filled
    in, as the engine will play it: what the lobby shows."""
    try:
        info = game_info(game)
        values: dict[str, Any] = dict(
            info.defaults(options.get("preset") if info.presets else None)
        )
    except ValueError:  # the lobby still shows what was asked for
        return dict(options)
    values.update((k, v) for k, v in options.items() if k != "preset")
    shown = {o.name for o in info.options_for(players)}
    return {k: v for k, v in values.items() if k in shown}


def option_suggestions(
    game: str | None, typed: str, limit: int = 25, *, players: int | None = None
) -> list[str]:
    """Completions of a partly typed ``name=value …`` string: the last word completed to every
    ``name=value`` it may become (names already given are not offered again), the rest kept.
    ``players``: the seat count chosen so far (options that do not apply are not offered)."""
    choices = option_choices(game, players) if game else {}
    head, _, last = typed.rpartition(" ") if not typed.endswith(" ") else (typed.rstrip(), "", "")
    given = {part.partition("=")[0].lower() for part in head.replace(",", " ").split()}
    name, sep, value = last.lower().partition("=")
    out: list[str] = []
    for option, values in choices.items():
        if option in given or (option != name if sep else not option.startswith(name)):
            continue
        for v in values:
            text = f"{head} {option}={v}".strip()
            if v.startswith(value) and len(text) <= 100:  # Discord's limit on a choice
                out.append(text)
                if len(out) == limit:
                    return out
    return out


#: The words the rules and the tables use, in one short list (``/rules`` and the terminal's ``rules``).
GLOSSARY: tuple[tuple[str, str], ...] = (
    ("trail", "lay a card face up on the table because it takes nothing (Hurricane)"),
    ("sweep / hurricane", "a capture that empties the table: 1 point at the end of the deal"),
    ("primiera", "a point for the best card of each suit, by primiera value (7, 6, A, 5…)"),
    ("premiere", "`open`'s primiera: the best three or four of a kind wins the point"),
    ("set", "one or more cards of one rank, e.g. three 7s (Haggis)"),
    ("sequence", "three or more consecutive ranks in one suit, or runs of sets (Haggis)"),
    ("bomb", "3-5-7-9, J-Q, J-K, Q-K or J-Q-K: beats any ordinary combination (Haggis)"),
    ("bet", "0, 15 or 30 before your first card of a round that you go out first (Haggis)"),
    (
        "face cards (J Q K)",
        "wild: each stands for any lower card, or is itself; two or three together are a bomb",
    ),
    (
        "the Haggis",
        "the number cards dealt to nobody; at the end of a round they go to the first out",
    ),
    *(
        ("ante", "the chips each seat puts in before a hand is dealt"),
        ("check", "stay in without putting chips in, when there is nothing to call"),
        ("bet", "put chips in first in a betting round: 1 up to the spread limit"),
        ("call", "put in what it takes to match the bet or raise"),
        ("raise", "call and put in more: 1 up to the spread limit beyond the call"),
        ("fold", "give up the hand and every chip put into it"),
        ("draw", "after the first round, discard one card and take the top of the stock"),
        ("stand pat", "keep both cards at the draw"),
        ("High", "the higher hand: any pair beats any non-pair, A high (A–A best, then K–K …)"),
        ("Low", "the lower hand: A counts 1, any non-pair beats any pair (A–2 best, then A–3 …)"),
        (
            "declare",
            "with declarations: say whether you play for High, Low or both (both must win both)",
        ),
        (
            "side pot",
            "chips a player all-in could not match: only those who put them in play for them",
        ),
    ),
)
#: The games each entry (by position in ``GLOSSARY`` and ``rules_ru``'s, which keep one order) is for.
GLOSSARY_GAMES: tuple[frozenset[str], ...] = (
    *(frozenset({"hurricane"}),) * 2,
    frozenset({"hurricane"}),
    frozenset({"hurricane"}),
    *(frozenset({"haggis"}),) * 6,
    *(frozenset({"hurricane_poker"}),) * 12,
)
#: The glossary of a variant is its game's.
GLOSSARY_OF = {"hurikan": "hurricane"}


def glossary_entries(game: str | None = None, *, lang: str = "en") -> list[tuple[str, str]]:
    """The words ``game``'s texts use (every game's without one), in ``lang``."""
    glossary = ru.GLOSSARY if is_russian(lang) else GLOSSARY
    game = GLOSSARY_OF.get(game or "", game)
    return [
        entry
        for entry, games in zip(glossary, GLOSSARY_GAMES, strict=True)
        if game is None or game in games
    ]


def glossary_text(game: str | None = None, *, lang: str = "en") -> str:
    entries = glossary_entries(game, lang=lang)
    return "\n".join(f"**{term}**: {meaning}" for term, meaning in entries)


def rules_panel(game: str, *, lang: str = "en") -> Panel:
    """The rules panel of a game with the glossary (``ValueError`` for an unknown game)."""
    russian = is_russian(lang) and game in rules_ru.RULES  # a game not written yet: English
    lang = "ru" if russian else "en"
    try:
        rules = (rules_ru.RULES if russian else RULES)[game]
    except KeyError:
        raise ValueError(f"Unknown game {game!r}: choose one of {', '.join(RULES)}.") from None
    panel = Panel(rules.title, list(rules.lines), footer=rules.footer)
    for name, value in rules.fields:  # ``add`` keeps each within Discord's limits
        if value == ru.OPTIONS_SLOT:  # made here from game_info, as the English one is
            value = options_text(game, lang=lang)
        panel.add(name, value)
    with using(lang):
        panel.add(_(notation.FIELD), notation.notation_text(game))
    panel.add(ru.GLOSSARY_FIELD if russian else "Glossary", glossary_text(game, lang=lang))
    return panel


def preset_line(game: str, options: Mapping[str, Any], *, lang: str = "en") -> str | None:
    """The table's rules in one line: the preset and what it means ("open: 4 open + 2 blind hand
    cards, premiere of sets, game to 15"), plus any option changed from it; for a game without
    presets, what the game is."""
    try:
        info = game_info(game)
        preset = info.preset(options.get("preset") if info.presets else None)
        defaults = info.defaults(preset.name if preset is not None else None)
    except ValueError:
        return None
    changed = {
        k: v
        for k, v in options.items()
        if k != "preset" and k in defaults and str(defaults[k]) != str(v)
    }
    with using(lang):
        words = changed_words(changed)
        name = preset_word(preset.name) if preset is not None else ""
    if is_russian(lang):
        if preset is not None:
            line = f"{name}: {ru.PRESETS.get(preset.name, preset.description)}"
        else:
            line = ru.SUMMARIES.get(game, info.summary)
        return line + (f" ({ru.CHANGED_HERE} — {words})" if changed else "")
    line = f"{name}: {preset.description}" if preset is not None else info.summary
    return line + (f" (changed here: {words})" if changed else "")


def display_title(game: str, *, lang: str = "en") -> str:
    """A game's name in menus and titles: its rules' title (``Hurricane (Uragano)``, ``Ураган``),
    else the engine's."""
    panel = (rules_ru.RULES if is_russian(lang) else RULES).get(game)
    return panel.title if panel is not None else game_info(game).title


def preset_shown(game: str, options: Mapping[str, Any], *, lang: str = "en") -> str | None:
    """The preset worth naming next to a game's title, in ``lang`` (``open``, «открытый»): only
    for a game that has presets."""
    preset = options.get("preset")
    try:
        has_presets = bool(game_info(game).presets)
    except ValueError:
        return None
    if not (preset and has_presets):
        return None
    with using(lang):
        return preset_word(str(preset))
