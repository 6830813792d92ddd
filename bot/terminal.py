"""Terminal play: ``python -m bot play <game> [--preset P] [--level L] [--seed S] [--players N]``.

One person plays any game against computer players on the real engine, without Discord. It reads
stdin and writes stdout only, so a script can drive it (the tests do).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from bot.games import GAMES as ENGINE_GAMES
from bot.games import Action, GameState, IllegalAction, new_game, parse_action
from bot.i18n import LANGUAGES, N_, _, lang_of, using
from bot.players import LEVELS, choose_action
from bot.render.boards.hurricane_poker import showdown_lines
from bot.render.cards import card_label, cards_label
from bot.render.combos import combo_words
from bot.render.hands import HandContext, hand_model
from bot.render.moves import (
    MoveWords,
    describe_move,
    describe_words,
    move_kind,
    suggestion_key,
)
from bot.render.notation import notation_text
from bot.render.option_words import option_words
from bot.render.refusals import refusal
from bot.render.rules import glossary_text, options_in_force, preset_line, rules_panel
from bot.render.scores import no_primiera
from bot.render.typed import canonical, typed_move
from bot.render.words import agree, plural
from bot.tables.models import Table
from bot.tables.specs import title_of

from . import terminal_board

MAX_LISTED = 40  # a longer list is shown as a short menu of move kinds with suggestions
SUGGESTIONS = 8
VALUES = N_("Card values: A=1, 2–7 as marked, J=8, Q=9, K=10.")
COMMANDS = N_(
    "Commands: a move's number or the move itself ('moves' lists every move), 'rules' for the "
    "rules, 'help' for this, 'quit' (or Ctrl-D) to stop."
)
#: The terminal's own commands, in English and Russian (never a single letter: ``Q`` is a move).
COMMAND_WORDS = {
    "quit": "quit",
    "выход": "quit",
    "moves": "moves",
    "ходы": "moves",
    "?": "moves",
    "rules": "rules",
    "правила": "rules",
    "help": "help",
    "помощь": "help",
}
GAMES = ENGINE_GAMES
WORD_MOVES = ("pass", "bet", "give")  # Haggis moves listed even when the list is cut
TITLES = {
    "hurricane": N_("Hurricane"),
    "hurikan": N_("Hurikan"),
    "haggis": N_("Haggis"),
    "hurricane_poker": N_("Hurricane poker"),
}
#: The games with views and events worded here; any other game is told through its board model
#: (``bot.terminal_board``), so a new game needs no code in this module.
OWN_VIEWS = {
    "hurricane": "show_hurricane",
    "hurikan": "show_hurricane",
    "haggis": "show_haggis",
    "hurricane_poker": "show_poker",
}


def _count(n: int) -> str:
    return plural(n, "card")


def _cards(cards: Sequence[str]) -> str:
    return cards_label(cards) if cards else "—"


def typed_words(line: str) -> str:
    """A line of the notation help with its typed words in quotes (```H D C S``` -> ``'H D C S'``)."""
    return re.sub(r"`([^`]*)`", r"'\1'", line)


def _joined(cards: Sequence[str]) -> str:
    """Cards as the table's story joins them (``3♣ + 4♦``)."""
    return " + ".join(card_label(c) for c in cards)


def plain(line: str) -> str:
    """A hand line without Discord's bold (``**Table:**`` -> ``Table:``); code spans keep their
    backquotes: they mark what is typed as it is (``target``)."""
    return line.replace("**", "")


@dataclass
class TerminalGame:
    """The game loop: the person's turns read from ``inp``, computer turns from the players."""

    state: GameState
    game: str
    level: str
    seat: int
    inp: TextIO
    out: TextIO
    seed: int
    time_budget: float | None = None
    lang: str = "en"  # the language of everything it prints (``--lang``)
    rng: random.Random = field(init=False)
    history: list[tuple[int, str]] = field(init=False, default_factory=list)  # (seat, move)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    # ---- output helpers -------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def name(self, seat: int) -> str:
        if seat == self.seat:
            return _("You")
        level = _(self.level)
        if self.is_pairs and seat % 2 == self.seat % 2:
            return _("Seat {number} (your partner, {level})").format(number=seat, level=level)
        return _("Seat {number} ({level})").format(number=seat, level=level)

    def side_name(self, side: int) -> str:
        if self.is_pairs:
            return _("your team") if side == self.seat % 2 else _("their team")
        return _("you") if side == self.seat else _("seat {number}").format(number=side)

    @property
    def is_pairs(self) -> bool:
        return self.game == "hurricane" and self.state.options.get("preset") == "pairs"

    # ---- the loop -------------------------------------------------------------------------
    def run(self) -> int:
        with using(self.lang):
            return self._run()

    def _run(self) -> int:
        self.intro()
        while not self.state.is_over:
            player = self.state.current_player
            if not (player is not None):
                raise RuntimeError("internal error: expected player is not None")
            going_on = self.human_turn() if player == self.seat else self.offer_bet(player)
            if not going_on:
                self.say("\n" + _("Input ended — the game is left unfinished. Goodbye!"))
                return 0
            if player != self.seat:
                self.computer_turn(player)
        self.finish()
        return 0

    def intro(self) -> None:
        """A header in words: the game and its rules in one line, who plays, how to type."""
        title = _(TITLES[self.game]) if self.game in TITLES else title_of(self.game)
        options = dict(self.state.options)
        if self.game == "hurricane" and "preset" not in options:
            options["preset"] = "standard"
        summary = preset_line(self.game, options, lang=self.lang)
        self.say(f"=== {title}" + (f" — {summary}" if summary else ""))
        in_force = options_in_force(self.game, self.state.num_players, options)
        if in_force and "preset" not in options:  # a preset's line says it all
            self.say(_("Rules in force: {options}.").format(options=option_words(in_force)))
        if self.game in ("hurricane", "hurikan"):
            self.say(_(VALUES))
        others = self.state.num_players - 1
        self.say(
            _("You play seat {seat} against {computers} ({level})").format(
                seat=self.seat, computers=plural(others, "computer player"), level=_(self.level)
            )
            + (_(", your partner opposite you.") if self.is_pairs else ".")
        )
        self.say(typed_words(notation_text(self.game)))
        self.say(typed_words(_(COMMANDS)))

    def show_rules(self) -> None:
        panel = rules_panel(self.game, lang=self.lang)
        self.say("")
        for line in panel.as_text().split("\n"):
            self.say(plain(typed_words(line)))

    def show_help(self) -> None:
        self.say(typed_words(_(COMMANDS)))
        self.say(typed_words(notation_text(self.game)))
        if self.game in ("hurricane", "hurikan"):
            self.say(_(VALUES))
        self.say(_("Words used:"))
        for line in glossary_text(self.game, lang=self.lang).split("\n"):
            self.say("  " + plain(line))

    def context(self, legal: Sequence[Action]) -> HandContext:
        """What the person's hand model reads: their view and legal moves only (as on Discord)."""
        view = self.state.view(self.seat)
        names = [self.name(s) for s in range(self.state.num_players)]
        return HandContext(self.game, self.seat, view, [str(a) for a in legal], names)

    def show_hand(self, ctx: HandContext, *, hints: bool = True) -> None:
        """The hand as the Discord hand shows it (its model's text), without the controls."""
        model = hand_model(self.game)
        lines = model.board(ctx) + (list(model.draw(ctx, None).lines) if hints else [])
        for line in lines:
            self.say(plain(line))

    def human_turn(self) -> bool:
        """The person's own turn; False when the input ends (or they quit)."""
        view = self.state.view(self.seat)
        self.show_view(view)
        legal = self.state.legal_actions(self.seat)
        ctx = self.context(legal)
        self.show_hand(ctx)
        self.list_moves(legal, ctx)
        events = self.ask(_("Your move: "), legal, ctx)
        if events is None:
            return False
        self.show_events(events)
        return True

    def offer_bet(self, player: int) -> bool:
        """Haggis bets out of turn (G-17): before a computer seat moves, the person may bet while
        the engine still allows it. An empty line lets the computer play; False when input ends."""
        bets = [a for a in self.state.legal_actions(self.seat) if str(a).startswith("bet")]
        if not bets:
            return True
        self.say("")
        ctx = self.context(bets)
        self.show_hand(ctx, hints=False)
        header = _("{name} plays next. You may bet first").format(name=self.name(player))
        self.list_moves(bets, ctx, header=header)
        prompt = _("Your bet, or Enter to let seat {number} play: ").format(number=player)
        events = self.ask(prompt, bets, ctx, skip=True)
        if events is None:
            return False
        self.show_events(events)
        return True

    def ask(
        self, prompt: str, legal: Sequence[Action], ctx: HandContext, *, skip: bool = False
    ) -> list[dict[str, Any]] | None:
        """Read a choice until the engine accepts one: its events, [] for an empty line when
        ``skip``, None when the input ends or the person types ``quit`` (never a single letter:
        ``Q`` is a Haggis move)."""
        while True:
            self.out.write(prompt)
            self.out.flush()
            line = self.inp.readline()
            if not line:
                return None
            text = line.strip()
            if not text:
                if skip:
                    return []
                continue
            command = COMMAND_WORDS.get(text.lower())
            if command == "quit":
                return None
            if command == "moves":
                self.list_moves(legal, ctx, everything=True)
                continue
            if command == "rules":
                self.show_rules()
                continue
            if command == "help":
                self.show_help()
                continue
            action: Action | str
            if text.isdigit():
                index = int(text)
                if not 1 <= index <= len(legal):
                    self.say(
                        _("There is no move {number}: choose 1 to {last}.").format(
                            number=index, last=len(legal)
                        )
                    )
                    continue
                action = legal[index - 1]
            else:
                meant = typed_move(text, [str(a) for a in legal])
                action = meant if meant is not None else canonical(text)
            try:
                return self.apply(action, self.seat)
            except IllegalAction as exc:
                self.say(_("Not allowed: {reason}").format(reason=refusal(str(exc))))

    def computer_turn(self, player: int) -> None:
        view = self.state.view(player)
        legal = self.state.legal_actions(player)
        action = choose_action(
            self.game,
            view,
            legal,
            self.level,
            seed=self.rng.getrandbits(32),
            time_budget=self.time_budget,
        )
        events = self.apply(action, player)
        self.show_events(events)

    def apply(self, action: Action | str, seat: int) -> list[dict[str, Any]]:
        """The engine applies the move; the moves so far are kept for the story lines."""
        events = self.state.apply(action, seat)
        self.history.append((seat, str(parse_action(self.game, str(action)))))
        return events

    def table(self, events: Sequence[dict[str, Any]] = ()) -> Table:
        """The table a board model reads (seats named in the third person: "Seat 0 (you)
        plays")."""
        names = [
            _("Seat {number} (you)").format(number=s) if s == self.seat else self.name(s)
            for s in range(self.state.num_players)
        ]
        return terminal_board.terminal_table(self.state, names, self.history, events)

    def list_moves(
        self,
        legal: Sequence[Action],
        ctx: HandContext,
        everything: bool = False,
        header: str | None = None,
    ) -> None:
        """Numbered moves in the words of the Discord hand (its model's ``describe``). A long list
        (a Haggis lead has hundreds) becomes a short menu: the kinds of move with their counts and
        a few sensible suggestions (no wild cards wasted), with pass, bets and gives always shown;
        'moves' lists everything."""
        model = hand_model(self.game)
        header = header or _("Your moves")
        texts = [str(a) for a in legal]
        if everything or len(texts) <= MAX_LISTED:
            self.say(f"{header} ({len(texts)}):")
            for i, text in enumerate(texts):
                self.say(f"  {i + 1:>3}) {model.describe(ctx, text)}   [{text}]")
            return
        kinds: dict[str, list[int]] = {}
        for i, text in enumerate(texts):
            kinds.setdefault(move_kind(self.game, text, ctx.facts.play_words(text)), []).append(i)
        menu = " · ".join(f"{kind}: {len(ids)}" for kind, ids in kinds.items())
        self.say(f"{header}: {plural(len(texts), 'move')} — {menu}.")
        plays = [ids for ids in kinds.values() if not texts[ids[0]].startswith(WORD_MOVES)]

        def sensible(i: int) -> tuple[bool, tuple[int, int, int]]:
            # a bomb is kept for when it is needed; then no wild cards wasted, most cards down
            bomb = move_kind(self.game, texts[i], ctx.facts.play_words(texts[i])) == _("bombs")
            return (bomb, suggestion_key(self.game, texts[i]))

        best = [min(ids, key=sensible) for ids in plays]
        best.sort(key=sensible)
        picked = best[:SUGGESTIONS]
        picked += [i for i, t in enumerate(texts) if t.startswith(WORD_MOVES)]
        self.say(_("Some of them:"))
        for i in picked:
            self.say(f"  {i + 1:>3}) {model.describe(ctx, texts[i])}   [{texts[i]}]")
        self.say(
            _(
                "Type any move as the cards (e.g. 3r 4r 5r), a number, or 'moves' to see all of them."
            )
        )

    def finish(self) -> None:
        result = self.state.result()
        winner = result.get("winner")
        scores = result.get("scores", [])
        self.say("\n=== " + _("Game over"))
        self.say(
            _("Final scores: {scores}").format(
                scores=", ".join(f"{self.side_name(i)} {s}" for i, s in enumerate(scores))
            )
        )
        if winner is None:
            self.say(_("It is a draw."))
        else:
            mine = self.seat % 2 if self.is_pairs else self.seat
            double = " — " + _("a double win!") if result.get("double") else ""
            if winner == mine:
                self.say(_("You win") + double)
            else:
                side = self.side_name(winner)
                who = side[:1].upper() + side[1:]
                self.say(f"{who} {agree(who, 'wins', 'win')}{double}")

    # ---- views ----------------------------------------------------------------------------
    def show_view(self, view: dict[str, Any]) -> None:
        """What everyone sees (scores, the other seats); the person's own cards and the table
        follow in the hand model's words (``show_hand``)."""
        self.say("")
        own = OWN_VIEWS.get(self.game)
        if own is not None:
            getattr(self, own)(view)
            return
        for line in terminal_board.board_lines(self.table(), dict(self.state.view(None))):
            self.say(line)

    def show_hurricane(self, view: dict[str, Any]) -> None:
        n = view["num_players"]
        scores = view.get("scores")
        target = view["options"].get("target")
        header = "--- " + _("Deal {number}").format(number=view.get("deal", 1))
        if scores is not None:
            header += " · " + _("scores: {scores}").format(
                scores=", ".join(f"{self.side_name(i)} {s}" for i, s in enumerate(scores))
            )
            if target:
                header += " " + _("(target {target})").format(target=target)
        self.say(header)
        open_hands = view.get("open_hands")
        for s in range(n):
            if s == self.seat:
                continue
            pile = view["piles"][s]
            line = _("{name} — {cards} in hand, pile {pile}").format(
                name=self.name(s), cards=_count(view["hand_sizes"][s]), pile=_count(len(pile))
            )
            if open_hands is not None:
                line += "; " + _("open {cards}, {count} face down").format(
                    cards=_cards(open_hands[s]), count=view["down_counts"][s]
                )
            self.say(line)
        if view.get("pile_values"):
            self.say(
                _("Captured value: {values}").format(
                    values=", ".join(
                        f"{self.side_name(i)} {v}" for i, v in enumerate(view["pile_values"])
                    )
                )
            )
        if view.get("sweeps") is not None and any(view["sweeps"]):
            self.say(
                _("Hurricanes: {scores}").format(
                    scores=", ".join(
                        f"{self.side_name(i)} {v}" for i, v in enumerate(view["sweeps"])
                    )
                )
            )
        self.say(
            _("Stock: {stock} · your pile: {pile}").format(
                stock=_count(view.get("stock_count", 0)),
                pile=_count(len(view["piles"][self.seat])),
            )
        )

    def show_poker(self, view: dict[str, Any]) -> None:
        hands = view["options"].get("hands")
        self.say(
            "--- "
            + _("Hand {number} of {hands} · dealer: {name} · pot {pot}").format(
                number=view.get("hand_no"),
                hands=hands,
                name=self.name(view["dealer"]),
                pot=view.get("pot_total", 0),
            )
        )
        for s in range(view["num_players"]):
            parts = [_("chips {chips}").format(chips=view["chips"][s])]
            if view["out"][s]:
                parts.append(_("out"))
            elif view["folded"][s]:
                parts.append(_("folded"))
            elif view["in_hand"][s]:
                parts.append(_("bet {bet} this round").format(bet=view["round_bets"][s]))
                if view["all_in"][s]:
                    parts.append(_("all-in"))
            self.say(f"{self.name(s)}: " + ", ".join(parts))

    def show_haggis(self, view: dict[str, Any]) -> None:
        n = view["num_players"]
        target = view["options"].get("target")
        scores = ", ".join(f"{self.side_name(i)} {s}" for i, s in enumerate(view["scores"]))
        self.say(
            "--- "
            + _("Round {number}").format(number=view.get("round", 1))
            + " · "
            + _("scores: {scores}").format(scores=scores)
            + " "
            + _("(target {target})").format(target=target)
        )
        for s in range(n):
            bet = view["bets"][s]
            bet_text = _("no bet yet") if bet is None else _("bet {bet}").format(bet=bet)
            who = self.name(s)
            faces = cards_label(view["faces"][s]) or "—"
            self.say(
                _("{name} — {cards} (face up: {faces}), captured {points}, {bet}").format(
                    name=who,
                    cards=_count(view["hand_sizes"][s]),
                    faces=faces,
                    points=plural(int(view["card_points"][s]), "point"),
                    bet=bet_text,
                )
                + (" — " + _("out") if s in (view.get("out") or []) else "")
            )

    # ---- events ---------------------------------------------------------------------------
    def show_events(self, events: list[dict[str, Any]]) -> None:
        if self.game not in OWN_VIEWS:
            for line in terminal_board.move_lines(self.table(events)):
                self.say(line)
            return
        for event in events:
            kind = event["type"]
            handler = getattr(self, f"on_{kind}", None)
            if handler is not None:
                handler(event)

    def _seat_of(self, event: dict[str, Any]) -> int:
        return int(event.get("seat", event.get("player", 0)))

    def tell(self, seat: int, words: MoveWords, *, sweep: bool = False) -> str:
        """A move in the words of the table's story (one line format per kind of move), told to
        the person in the second person when it is theirs ("You pass", «Вы пасуете»)."""
        names = [self.name(s) for s in range(self.state.num_players)]
        return describe_words(
            words, self.name(seat), sweep=sweep, names=names, you=seat == self.seat
        )

    def mine(self, seat: int, yours: str, theirs: str, **values: Any) -> str:
        """``yours`` (second person, no name) when ``seat`` is the person's, else ``theirs``
        with the seat's name as ``{name}``."""
        if seat == self.seat:
            return _(yours).format(**values)
        return _(theirs).format(name=self.name(seat), **values)

    def on_capture(self, event: dict[str, Any]) -> None:
        seat = self._seat_of(event)
        if self.game == "hurikan":
            laid, taken = _joined(event["cards"]), _joined(event["captured"])
            self.say(self.tell(seat, MoveWords("lay_take", played=laid, taken=taken)))
            return
        words = MoveWords(
            "take", played=card_label(event["card"]), taken=_joined(event["captured"])
        )
        self.say(self.tell(seat, words, sweep=bool(event.get("hurricane"))))

    def on_trail(self, event: dict[str, Any]) -> None:
        seat = self._seat_of(event)
        if self.game == "hurikan":
            self.say(self.tell(seat, MoveWords("lay", played=_joined(event["cards"]))))
            return
        cards = event.get("cards") or [event.get("card")]
        self.say(self.tell(seat, MoveWords("trail", played=_joined(cards))))

    def on_flip(self, event: dict[str, Any]) -> None:
        who = self.name(self._seat_of(event))
        self.say(
            _("{who} {turn} up {card}").format(
                who=who, turn=agree(who, "turns", "turn"), card=card_label(event["card"])
            )
        )

    def on_lay_hand(self, event: dict[str, Any]) -> None:
        self.say(
            self.mine(
                self._seat_of(event),
                N_(
                    "After the hurricane, the open rules make you lay your whole hand on the "
                    "table: {cards}"
                ),
                N_(
                    "After the hurricane, the open rules make {name} lay the whole hand on the "
                    "table: {cards}"
                ),
                cards=_cards(event["cards"]),
            )
        )

    def on_leftover(self, event: dict[str, Any]) -> None:
        if event.get("cards"):
            self.say(
                _("The cards left on the table go to {side}: {cards}").format(
                    side=self.side_name(event["side"]), cards=_cards(event["cards"])
                )
            )

    def on_deal(self, event: dict[str, Any]) -> None:
        if event.get("refill"):
            self.say(_("(new cards are dealt)"))
        else:
            self.say(
                "\n=== " + _("New deal — dealer: seat {number}").format(number=event.get("dealer"))
            )

    def on_deal_scored(self, event: dict[str, Any]) -> None:
        points = event["points"]
        self.say("\n=== " + _("Deal scored"))
        if self.game == "hurikan":
            self.say(
                _("Captured value: {values}").format(
                    values=", ".join(f"{self.side_name(i)} {p}" for i, p in enumerate(points))
                )
            )
            return
        cats = event.get("categories", {})
        details = event.get("details", {})

        def who(w: int | None) -> str:
            return _("nobody (tie)") if w is None else self.side_name(w)

        sweeps = cats.get("sweeps", [])
        self.say(
            "  "
            + _("hurricanes: {scores}").format(
                scores=", ".join(f"{self.side_name(i)} {s}" for i, s in enumerate(sweeps))
            )
        )
        vs = " " + _("vs") + " "
        for cat, label in (("cards", _("most cards")), ("hearts", _("most hearts"))):
            counts = details.get(cat)
            extra = f" ({vs.join(str(c) for c in counts)})" if counts else ""
            self.say(f"  {label}{extra}: {who(cats.get(cat))}")
        self.say(f"  7♥: {who(cats.get('seven'))}")
        prim = details.get("primiera") or {}
        values = prim.get("values")
        shown = ""
        if values:
            hands = prim.get("cards") or [[] for _v in values]
            rule = str(self.state.options.get("primiera", "suits"))

            def side(value: int | None, cards: list[str]) -> str:
                if value is None:  # "—" says why
                    return f"— ({no_primiera(cards, rule)}): {_cards(cards)}"
                return f"{value}: {_cards(cards)}"

            shown = " (" + vs.join(side(v, c) for v, c in zip(values, hands, strict=False)) + ")"
        primiera = _("primiera")
        self.say(f"  {primiera}{shown}: {who(cats.get('primiera'))}")
        self.say(
            "  "
            + _("points: {scores}").format(
                scores=", ".join(f"{self.side_name(i)} {p}" for i, p in enumerate(points))
            )
        )
        totals = event.get("totals", [])
        self.say(
            "  "
            + _("totals: {scores}").format(
                scores=", ".join(f"{self.side_name(i)} {t}" for i, t in enumerate(totals))
            )
        )

    # Haggis
    def on_play(self, event: dict[str, Any]) -> None:
        if self.game != "haggis":
            return
        combo = combo_words(event.get("combination")) or ""
        line = self.tell(event["player"], MoveWords("play", played=_cards(event["cards"])))
        self.say(line + (f" — {combo}" if combo else ""))

    def on_pass(self, event: dict[str, Any]) -> None:
        self.say(self.tell(event["player"], MoveWords("pass")))

    def on_bet(self, event: dict[str, Any]) -> None:
        seat = event["player"]
        if "action" in event:  # Hurricane poker: check, call, bet N, raise N
            words = describe_move(
                self.game, self.name(seat), event["action"], you=seat == self.seat
            )
            all_in = ", " + _("all-in") if event.get("all_in") else ""
            chips = f" ({plural(int(event.get('chips') or 0), 'chip')}{all_in})"
            self.say(words + (chips if event.get("chips") else ""))
            return
        self.say(self.tell(seat, MoveWords("bet", int(event["amount"]))))

    # Hurricane poker
    def on_fold(self, event: dict[str, Any]) -> None:
        self.say(self.tell(event["player"], MoveWords("fold")))

    def on_draw(self, event: dict[str, Any]) -> None:
        kind = "draw" if event.get("cards") else "stand"
        self.say(self.tell(event["player"], MoveWords(kind)))

    def on_declared(self, event: dict[str, Any]) -> None:
        line = self.tell(event["player"], MoveWords("declare"))
        self.say(line + " " + _("(secret until everyone has declared)"))

    def on_uncalled(self, event: dict[str, Any]) -> None:
        self.say(
            self.mine(
                event["player"],
                N_("You take back {chips} uncalled"),
                N_("{name} takes back {chips} uncalled"),
                chips=plural(int(event["chips"]), "chip"),
            )
        )

    def on_showdown(self, event: dict[str, Any]) -> None:
        names = [self.name(s) for s in range(self.state.num_players)]
        self.say("\n=== " + _("Hand {number} over").format(number=event.get("hand_no")))
        for line in showdown_lines(event, names):
            self.say("  " + plain(line))

    def on_trick_won(self, event: dict[str, Any]) -> None:
        taker = event.get("taker")
        line = "  → " + self.mine(
            event["winner"], N_("you win the trick"), N_("trick won by {name}")
        )
        if isinstance(taker, int):
            who = self.name(taker)
            points = plural(int(event.get("points", 0)), "point")
            line += "; " + _("{who} {take} the cards ({points})").format(
                who=who, take=agree(who, "takes", "take"), points=points
            )
        self.say(line)

    def on_went_out(self, event: dict[str, Any]) -> None:
        bonus = (
            ", " + _("bonus {points}").format(points=event["bonus"]) if event.get("bonus") else ""
        )
        self.say(
            "  ★ "
            + self.mine(
                event["player"],
                N_("You went out (+{points}{bonus})"),
                N_("{name} went out (+{points}{bonus})"),
                points=event.get("points", 0),
                bonus=bonus,
            )
        )

    def on_round_scored(self, event: dict[str, Any]) -> None:
        n = len(event["points"])
        self.say("\n=== " + _("Round scored"))
        names = [self.side_name(i) for i in range(n)]
        self.say("  " + " " * 10 + "".join(f"{name:>10}" for name in names))
        parts = event.get("parts", {})
        for label, key in (
            (_("going out"), "out"),
            (_("bonus"), "bonus"),
            (_("cards"), "cards"),
            (_("bets"), "bets"),
        ):
            row = parts.get(key, [0] * n)
            self.say(f"  {label:<10}" + "".join(f"{v:>10}" for v in row))
        round_word, total_word = _("round"), _("total")
        self.say(f"  {round_word:<10}" + "".join(f"{v:>10}" for v in event["points"]))
        self.say(f"  {total_word:<10}" + "".join(f"{v:>10}" for v in event.get("totals", [])))


def environment_language(env: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first set of ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` (``ru_RU.UTF-8`` -> ``ru``); English for anything else."""
    env = os.environ if env is None else env
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(key):
            return lang_of(env[key])
    return "en"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``play`` (shared by ``python -m bot play`` and this module's ``main``)."""
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--preset", help="Hurricane: standard (default), open or pairs")
    parser.add_argument("--level", default="normal", choices=LEVELS)
    parser.add_argument("--seed", type=int, help="the shuffle (default: random)")
    parser.add_argument(
        "--players", type=int, help="Haggis: 2 (default) or 3; Hurricane poker: 2 to 8"
    )
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument("--time-budget", type=float, help="hard: seconds per move (default 1)")
    parser.add_argument("--option", action="append", default=[], help="another option, key=value")
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help="ru or en (default: from LC_ALL, LC_MESSAGES or LANG; English otherwise)",
    )


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot play", description="Play a card game against the computer."
    )
    add_arguments(parser)
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
    except SystemExit as exc:  # argparse already printed the reason
        return int(exc.code or 0)
    return play(args)


def play(args: argparse.Namespace) -> int:
    """Play the game ``args`` (from ``add_arguments``) ask for, on stdin/stdout."""
    lang = args.lang or environment_language()
    with using(lang):
        return _play(args, lang)


def _play(args: argparse.Namespace, lang: str) -> int:
    options: dict[str, Any] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep:
            print(
                _("Options look like key=value, not {item}.").format(item=repr(item)),
                file=sys.stderr,
            )
            return 2
        options[key] = int(value) if value.isdigit() else value
    if args.preset:
        options["preset"] = args.preset
    seed = args.seed if args.seed is not None else random.randrange(1 << 31)
    try:
        state = new_game(args.game, seed=seed, players=args.players, options=options or None)
    except ValueError as exc:
        print(
            _("Cannot start that game: {reason}").format(reason=refusal(str(exc))), file=sys.stderr
        )
        return 2
    if not 0 <= args.seat < state.num_players:
        print(_("--seat must be 0 to {last}.").format(last=state.num_players - 1), file=sys.stderr)
        return 2
    print(_("(seed {seed})").format(seed=seed), file=sys.stdout)
    game = TerminalGame(
        state,
        args.game,
        args.level,
        args.seat,
        sys.stdin,
        sys.stdout,
        seed,
        args.time_budget,
        lang=lang,
    )
    try:
        return game.run()
    except KeyboardInterrupt:
        print("\n" + _("Interrupted — goodbye!"), file=sys.stdout)
        return 130
