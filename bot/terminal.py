"""Terminal play: ``python -m bot play <game> [--preset P] [--level L] [--seed S] [--players N]
[--analyse]``.

One person plays any game against computer players on the real engine, without Discord. It reads
stdin and writes stdout only, so a script can drive it (the tests do).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from bot.games import GAMES as ENGINE_GAMES
from bot.games import Action, GameState, IllegalAction, new_game, parse_action
from bot.i18n import LANGUAGES, N_, _, lang_of, using
from bot.players import LEVELS, choose_action
from bot.render.hands import HandContext, hand_model
from bot.render.moves import move_kind, played_cards, suggestion_key
from bot.render.notation import notation_text, value_help
from bot.render.option_words import option_words
from bot.render.refusals import refusal
from bot.render.rules import glossary_text, options_in_force, preset_line, rules_panel
from bot.render.table import game_name
from bot.render.typed import canonical, typed_move
from bot.render.words import plural
from bot.tables.models import Table

from .terminal_board import Story, plain, terminal_table, typed_words

MAX_LISTED = 40  # a longer list is shown as a short menu of move kinds with suggestions
SUGGESTIONS = 8
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
__all__ = ["GAMES", "TerminalGame", "main", "plain", "play", "typed_words"]


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
    analyse: bool = False  # after the game, the analysis of the person's moves (``--analyse``)
    analyse_samples: int | None = None  # its worlds per move (None: the game's default)
    rng: random.Random = field(init=False)
    start: GameState = field(init=False)  # the game as dealt, for the analysis
    history: list[tuple[int, str]] = field(init=False, default_factory=list)  # (seat, move)
    story: Story = field(init=False, default_factory=Story)  # the results told so far
    shown: list[str] = field(init=False, default_factory=list)  # the table's lines last shown

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.start = self.state.clone()

    # ---- output helpers -------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def name(self, seat: int) -> str:
        if seat == self.seat:
            return _("You")
        level = _(self.level)
        if self.partner(seat):
            return _("Computer {number} (your partner, {level})").format(number=seat, level=level)
        # named as the bot names computer seats, so a sentence reads the same on every surface
        return _("Computer {number} ({level})").format(number=seat, level=level)

    def partner(self, seat: int) -> bool:
        """Whether ``seat`` plays on the person's team (a game with teams)."""
        table = terminal_table(self.state, [""] * self.state.num_players)
        mine = table.team_of(self.seat)
        return seat != self.seat and mine is not None and table.team_of(seat) == mine

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
        if self.analyse:
            self.show_analysis()
        return 0

    def intro(self) -> None:
        """A header in words: the game and its rules in one line, who plays, how to type."""
        title = game_name(self.game)
        options = dict(self.state.options)
        summary = preset_line(self.game, options, lang=self.lang)
        self.say(f"=== {title}" + (f" — {summary}" if summary else ""))
        in_force = options_in_force(self.game, self.state.num_players, options)
        if in_force and "preset" not in options:  # a preset's line says it all
            self.say(_("Rules in force: {options}.").format(options=option_words(in_force)))
        if value_help(self.game):
            self.say(value_help(self.game))
        others = self.state.num_players - 1
        self.say(
            _("You play seat {seat} against {computers} ({level})").format(
                seat=self.seat, computers=plural(others, "computer player"), level=_(self.level)
            )
            + (
                _(", your partner opposite you.")
                if any(self.partner(s) for s in range(self.state.num_players))
                else "."
            )
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
        if value_help(self.game):
            self.say(value_help(self.game))
        self.say(_("Words used:"))
        for line in glossary_text(self.game, lang=self.lang).split("\n"):
            self.say("  " + plain(line))

    def context(self, legal: Sequence[Action]) -> HandContext:
        """What the person's hand model reads: their view and legal moves only (as on Discord)."""
        view = self.state.view(self.seat)
        names = [self.name(s) for s in range(self.state.num_players)]
        return HandContext(self.game, self.seat, view, [str(a) for a in legal], names)

    def show_hand(self, ctx: HandContext, *, hints: bool = True) -> None:
        """The hand as the Discord hand shows it (its model's text), without the controls and
        without a line the table just above says already (the cards on the table)."""
        model = hand_model(self.game)
        lines = model.board(ctx) + (list(model.draw(ctx, None).lines) if hints else [])
        for line in lines:
            if plain(line) not in self.shown:
                self.say(plain(line))

    def human_turn(self) -> bool:
        """The person's own turn; False when the input ends (or they quit)."""
        self.show_view()
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
        """Bets out of turn (G-17): before a computer seat moves, the person may bet while
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
        ``Q`` is a move: a single queen)."""
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
        return terminal_table(self.state, names, self.history, events)

    def list_moves(
        self,
        legal: Sequence[Action],
        ctx: HandContext,
        everything: bool = False,
        header: str | None = None,
    ) -> None:
        """Numbered moves in the words of the Discord hand (its model's ``describe``). A long list
        (a lead in a climbing game has hundreds) becomes a short menu: the kinds of move with their counts and
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
        plays = [
            ids for ids in kinds.values() if played_cards(self.game, texts[ids[0]]) is not None
        ]

        def sensible(i: int) -> tuple[bool, tuple[int, int, int]]:
            # a bomb is kept for when it is needed; then no wild cards wasted, most cards down
            bomb = move_kind(self.game, texts[i], ctx.facts.play_words(texts[i])) == _("bombs")
            return (bomb, suggestion_key(self.game, texts[i]))

        best = [min(ids, key=sensible) for ids in plays]
        best.sort(key=sensible)
        picked = best[:SUGGESTIONS]
        picked += [i for i, t in enumerate(texts) if played_cards(self.game, t) is None]
        self.say(_("Some of them:"))
        for i in picked:
            self.say(f"  {i + 1:>3}) {model.describe(ctx, texts[i])}   [{texts[i]}]")
        self.say(
            _(
                "Type any move as the cards (e.g. 3r 4r 5r), a number, or 'moves' to see all of them."
            )
        )

    def finish(self) -> None:
        """The last table and the end in the words of the Discord table message."""
        self.say("\n=== " + _("Game over"))
        for line in self.story.final_lines(self.table(), dict(self.state.view(None))):
            self.say(line)

    def show_analysis(self) -> None:
        """The analysis of the person's moves (``bot.analysis``): expert's move from the same
        view beside each, its cost and mark, and the accuracy."""
        from bot.analysis.analyse import AnalysedMove, analyse_game
        from bot.render.analysis import analysis_lines

        self.say("\n=== " + _("Analysis of your moves"))
        self.out.flush()
        moves = [AnalysedMove(seat, text, seat == self.seat) for seat, text in self.history]
        analysis = analyse_game(
            self.start, moves, game_id="terminal", samples=self.analyse_samples, seed=self.seed
        )
        names = [self.name(s) for s in range(self.state.num_players)]
        for line in analysis_lines(analysis, names, seats={self.seat}):
            self.say(line)

    # ---- the table ------------------------------------------------------------------------
    def show_view(self) -> None:
        """What everyone sees, in the words of the Discord table message (the board model); the
        person's own cards follow in the hand model's words (``show_hand``)."""
        self.say("")
        self.shown = self.story.board_lines(self.table(), dict(self.state.view(None)))
        for line in self.shown:
            self.say(line)

    def show_events(self, events: list[dict[str, Any]]) -> None:
        """The move just made, told as the table's story tells it (with what its events did), and
        the scoring message when it ended a deal, a round or a hand."""
        for line in self.story.move_lines(self.table(events), self.seat):
            self.say(line)


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
    parser.add_argument(
        "--preset", help="a preset of the game's rules (the game's default if not given)"
    )
    parser.add_argument("--level", default="normal", choices=LEVELS)
    parser.add_argument("--seed", type=int, help="the shuffle (default: random)")
    parser.add_argument("--players", type=int, help="how many play, where the game lets you choose")
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument("--time-budget", type=float, help="hard: seconds per move (default 1)")
    parser.add_argument("--option", action="append", default=[], help="another option, key=value")
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help="ru or en (default: from LC_ALL, LC_MESSAGES or LANG; English otherwise)",
    )
    parser.add_argument(
        "--analyse",
        action="store_true",
        help="after the game, show the analysis of your moves (expert's move, cost, mistakes)",
    )
    parser.add_argument(
        "--analyse-samples",
        type=int,
        default=None,
        help="the analysis's worlds per move (default: the game's own)",
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
        analyse=args.analyse,
        analyse_samples=args.analyse_samples,
    )
    try:
        return game.run()
    except KeyboardInterrupt:
        print("\n" + _("Interrupted — goodbye!"), file=sys.stdout)
        return 130
