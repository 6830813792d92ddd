"""The rules of each game in our own words (from RULES.md), short enough for one embed."""

from __future__ import annotations

from .text import Panel

HURRICANE = Panel(
    title="Hurricane (Uragano)",
    lines=[
        "A fishing game for 2 players (or 4 in two teams) with 40 cards: A–7 and J Q K. "
        "Values: A=1, 2–7 as marked, J=8, Q=9, K=10.",
        "Each player gets 6 cards, 4 go face up on the table. On your turn play one card: it **takes** a "
        "table card of the same value, or a group of table cards that adds up to its value — or, if it "
        "can take nothing, it stays on the table. If a table card equals your card you must take that one. "
        "A card that can take may not be laid. When several captures are possible, you choose.",
        "Emptying the table is a **hurricane** (1 point) — except with the deal's last card. "
        "When hands are empty, 6 more each. At the end the cards left go to the last player who took.",
        "**Scoring each deal:** 1 point each for every hurricane, most cards, most hearts, the 7♥ and "
        "primiera (best card per suit: 7=21, 6=18, A=16, 5=15 … J=8; a side missing a suit can't win it). "
        "Ties score nobody. The first side to 16 wins; double if the loser has under 8.",
    ],
    fields=[
        (
            "Presets",
            "**standard** — as above. **open** — 4 of your 6 cards face up for all to see, 2 face "
            "down (turn one up when your open cards are gone); premiere by sets; after a hurricane the "
            "opponent lays their hand on the table; game to 15. **pairs** — 4 players, partners opposite, "
            "9 cards each, play goes to the right.",
        ),
        (
            "Options",
            "target (points to win), turn timer. Others (precedence, trail, min_cards, "
            "last_play_sweep, after_sweep, leftover, primiera, missing_suit, double_below) follow the preset.",
        ),
    ],
)

HURIKAN = Panel(
    title="Hurikan",
    lines=[
        "The summing variant, 2 players, same 40 cards and values. 6 cards each, nothing on the table.",
        "The player on the dealer's left opens by laying 1 to 3 cards face up. After that, on your turn "
        "either **take** one table card by laying hand cards that add up to its value exactly (4+2 take "
        "a 6) — laid and taken cards go to your pile — or **lay** one or more cards on the table. "
        "Taking is never forced.",
        "When both hands are empty each gets 6 more (the last refill is 2 each). "
        "At the end each player adds up the values in their pile (220 in all); the higher total wins.",
    ],
    fields=[("Options", "turn timer only.")],
)

HAGGIS = Panel(
    title="Haggis",
    lines=[
        "A climbing game for 2 or 3 players (Sean Ross). Number cards 2–10 in five suits (blue removed "
        "with 2 players) plus J Q K. Each round everyone holds 14 number cards and their own J, Q and K, "
        "face up. The undealt cards are the **Haggis**.",
        "Combinations: **sets** (1–8 cards of a rank), **sequences** (3+ consecutive ranks, or runs of "
        "pairs, triples … in the same suits), and six **bombs** (3-5-7-9 in four suits, J-Q, J-K, Q-K, "
        "J-Q-K, 3-5-7-9 in one suit). J, Q and K are wild; two or three face cards together are a bomb.",
        "The leader plays any combination; the others beat it with the same kind and size, higher — or a "
        "bomb — or pass. The last to play takes the trick (a bomb's trick goes to an opponent). "
        "Go out first: 5 points per card in the biggest hand left. Points: 3 5 7 9 = 1, J=2, Q=3, K=5.",
        "**Bets** before your first card: 15 or 30 — win it by going out first; if you fail, the others "
        "score it. First to the target (250) wins.",
    ],
    fields=[
        (
            "Options",
            "players (2 or 3), target (250 or 350), first_out_bonus (on/off, +5 for the first "
            "out with 3 players), bomb_capture (tournament / chooser), turn timer.",
        ),
        (
            "Playing here",
            "Pick your cards in the menu, then **Play**; the bot asks which reading only "
            "when it matters. Bet buttons show while you may still bet.",
        ),
    ],
)

RULES = {"hurricane": HURRICANE, "hurikan": HURIKAN, "haggis": HAGGIS}


def rules_panel(game: str) -> Panel:
    """The rules panel of a game (``ValueError`` for an unknown game)."""
    try:
        return RULES[game]
    except KeyError:
        raise ValueError(f"Unknown game {game!r}: choose one of {', '.join(RULES)}.") from None
