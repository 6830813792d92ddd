"""Terminal play driven by scripted stdin: full games, illegal entries, end of input."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from bot import terminal


def _run(monkeypatch: pytest.MonkeyPatch, argv: list[str], script: str) -> tuple[int, str]:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    monkeypatch.setattr(sys, "stdout", out)
    code = terminal.main(argv)
    return code, out.getvalue()


def test_a_full_short_hurricane_game(monkeypatch):
    code, text = _run(
        monkeypatch,
        ["hurricane", "--seed", "3", "--level", "easy", "--option", "target=1"],
        "1\n" * 200,
    )
    assert code == 0
    assert "Your cards:" in text and "Table:" in text and "Scores:" in text
    assert "**" not in text  # the models' lines, without Discord's markdown
    # the deal's scoring message and the final line, as the Discord table tells them
    assert "=== Hurricane — scores" in text and "Primiera:" in text and "7♥:" in text
    end = text[text.index("=== Game over") :]
    assert ("Seat 0 (you) wins" in end) or ("Computer 1 (easy) wins" in end) or ("draw" in end)


@pytest.mark.parametrize(
    "argv",
    [
        ["hurikan", "--seed", "2"],
        ["haggis", "--seed", "4", "--level", "easy"],
        ["hurricane", "--preset", "pairs", "--seed", "5", "--option", "target=1"],
        ["hurricane", "--preset", "open", "--seed", "6", "--option", "target=1"],
    ],
)
def test_full_games_of_other_games(monkeypatch, argv):
    code, text = _run(monkeypatch, argv, "1\n" * 3000)
    assert code == 0
    assert "=== Game over" in text
    if argv[0] == "haggis":
        assert "=== Haggis (2 players) — scores" in text and "Going out:" in text


def test_an_illegal_choice_is_explained_and_asked_again(monkeypatch):
    script = "9X\n0\n999\nKS:AH\nmoves\n1\n"
    code, text = _run(monkeypatch, ["hurricane", "--seed", "3", "--level", "normal"], script)
    assert code == 0
    assert "Not allowed: 9X is not in this pack" in text or "Not allowed: 9X" in text
    assert "There is no move 0" in text and "There is no move 999" in text
    assert text.count("Not allowed:") == 2  # 9X and KS:AH
    assert text.count("Your move: ") >= 6
    assert "You play " in text or "You lay " in text  # the final "1" was played
    assert "Input ended" in text


def test_end_of_input_stops_cleanly(monkeypatch):
    code, text = _run(monkeypatch, ["haggis", "--seed", "1", "--players", "3"], "")
    assert code == 0
    assert "Input ended" in text
    assert "Traceback" not in text


def test_bad_arguments_are_refused(monkeypatch, capsys):
    assert terminal.main(["hurricane", "--preset", "poker"]) == 2
    assert "preset" in capsys.readouterr().err
    assert terminal.main(["chess"]) == 2


def test_moves_are_listed_in_the_words_of_the_discord_hand(monkeypatch):
    """The numbered list is the hand model's ``describe``: what each card does, as the Discord
    card select says it (captures, the 7♥, hurricanes), and Haggis plays with their combination."""
    _code, text = _run(monkeypatch, ["hurricane", "--seed", "3"], "")
    listed = text[text.index("Your moves (") :]
    assert "takes" in listed or "is trailed: laid on the table" in listed
    _code, text = _run(monkeypatch, ["haggis", "--seed", "5", "--players", "3"], "")
    if "Your moves (" in text:
        listed = text[text.index("Your moves (") :]
        assert " — a single " in listed or "[pass]" in listed


def test_q_is_a_haggis_move_not_quit():
    """A single queen is typed ``Q``: the terminal must not take it for quitting."""
    from bot.games import load_game

    state = load_game(
        {
            "game": "haggis",
            "options": {},
            "seed": 1,
            "dealer": 1,
            "turn": 0,
            "hands": [["2R", "Q"], ["3R", "4O", "J", "Q", "K"]],
            "piles": [["J", "K"], []],
            "played": [True, False],
        }
    )
    out = io.StringIO()
    game = terminal.TerminalGame(state, "haggis", "easy", 0, io.StringIO("Q\nquit\n"), out, 1)
    assert game.run() == 0
    text = out.getvalue()
    assert "You play Q" in text  # played, not quit
    assert "Input ended" in text


def test_the_menu_runs_the_bot_by_default_and_has_play(monkeypatch, capsys):
    from bot import __main__ as entry

    ran: list[str] = []
    monkeypatch.setitem(entry.COMMANDS, "run", lambda args: ran.append("run") or 0)
    assert entry.main([]) == 0 and entry.main(["run"]) == 0 and ran == ["run", "run"]
    assert entry.main(["play", "chess"]) == 2
    assert "invalid choice" in capsys.readouterr().err
    assert entry.main(["--help"]) == 0
    usage = capsys.readouterr().out
    assert all(word in usage for word in ("run", "play", "check-db"))
    checked: list[str] = []
    monkeypatch.setitem(entry.COMMANDS, "check-db", lambda args: checked.append("db") or 0)
    assert entry.main(["check-db"]) == 0 and checked == ["db"]


def test_python_m_bot_play_runs_in_a_subprocess():
    proc = subprocess.run(
        [sys.executable, "-m", "bot", "play", "hurikan", "--seed", "7", "--level", "easy"],
        input="1\n" * 100,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "=== Game over" in proc.stdout


def _haggis_game(script: str, seed: int = 4, players: int = 2) -> tuple[terminal.TerminalGame, str]:
    """Seat 0 plays; with seed 4 (two players) seat 1 leads the first trick."""
    from bot.games import new_game

    out = io.StringIO()
    state = new_game("haggis", seed=seed, players=players)
    game = terminal.TerminalGame(state, "haggis", "easy", 0, io.StringIO(script), out, seed)
    assert game.run() == 0
    return game, out.getvalue()


def test_a_haggis_bet_out_of_turn_before_the_computer_moves():
    game, text = _haggis_game("3\n")
    assert game.state.view(0)["bets"][0] == 30
    offer = text.index("Computer 1 (easy) plays next. You may bet first")
    assert (
        offer
        < text.index("You bet 30 (big bet)")
        < text.index("Computer 1 (easy) plays ", offer + 1)
    )
    assert "Your cards: " in text[:offer]  # the person sees the hand before betting


def test_enter_lets_the_computer_play_without_a_bet():
    game, text = _haggis_game("\n")
    assert game.state.view(0)["bets"][0] is None
    assert game.state.view(0)["played"][1]  # the computer has led
    # on the person's own turn the bets are still offered, even when the list of plays is cut
    own_turn = text[text.index("Your moves: ") :]
    assert "Some of them:" in own_turn and "[bet 15]" in own_turn and "[pass]" in own_turn


def test_the_bet_prompt_refuses_anything_but_a_bet():
    game, text = _haggis_game("7R\n9\nbet 15\n")
    assert "Not allowed:" in text and "There is no move 9: choose 1 to 3." in text
    assert game.state.view(0)["bets"][0] == 15


def test_no_bet_is_offered_once_a_card_is_played():
    # skip the offer, play the first listed move (cards), then the input ends
    game, text = _haggis_game("\n1\n")
    assert game.state.view(0)["played"][0]
    assert text.count("You may bet first") == 1
    assert not any(str(a).startswith("bet") for a in game.state.legal_actions(0))


def test_out_of_turn_bets_with_three_players():
    seen: set[int] = set()
    for seed in range(6):
        game, text = _haggis_game("2\n", seed=seed, players=3)
        if "You may bet first" in text:
            assert game.state.view(0)["bets"][0] == 15
            seen.add(seed)
    assert seen  # some deal lets a computer seat move first


def test_a_hurricane_poker_game_with_four_players(monkeypatch):
    argv = ["hurricane_poker", "--players", "4", "--level", "normal", "--seed", "3"]
    code, text = _run(monkeypatch, [*argv, "--option", "hands=2"], "1\n" * 300)
    assert code == 0
    assert text.count("=== Hurricane poker") == 1 and "(changed here: hands 2)" in text
    assert "Your cards:" in text and "Your chips: 99" in text
    assert "1) Check   [check]" in text and "Bet 1   [bet 1]" in text
    assert "Stand pat   [stand]" in text and "Draw: discard" in text
    assert "hand 1 over: " in text and "Hand 1 showdown:" in text and "=== Game over" in text
    assert "**" not in text


# --- the terminal teaches ------------------------------------------------------------------------------


def test_header_in_words_and_card_values(monkeypatch):
    code, text = _run(monkeypatch, ["hurricane", "--preset", "open", "--seed", "3"], "quit\n")
    assert code == 0
    header = text.split("\n")[1]
    assert (
        header == "=== Hurricane — open: 4 open + 2 blind hand cards, premiere of sets, game to 15"
    )
    assert "Card values: A=1, 2–7 as marked, J=8, Q=9, K=10." in text
    assert "after_sweep" not in text and "double_below" not in text  # no dump of option keys
    code, text = _run(monkeypatch, ["haggis", "--seed", "3"], "quit\n")
    assert "=== Haggis — Sean Ross's climbing game" in text and "J=8" not in text


@pytest.mark.parametrize("game", ["hurricane", "hurikan", "haggis", "hurricane_poker"])
def test_rules_and_help_commands(monkeypatch, game):
    from bot.render.rules import glossary_entries, rules_panel

    code, text = _run(monkeypatch, [game, "--seed", "4", "--level", "easy"], "rules\nhelp\n" * 2)
    assert code == 0
    first_rule = terminal.plain(terminal.typed_words(rules_panel(game).lines[0]))
    assert first_rule in text  # the same rules text as /rules
    assert "Glossary:" in text and "Words used:" in text
    for term, _meaning in glossary_entries(game):  # the game's own words, in help too
        assert f"{term}:" in text
    assert "Commands: " in text and "'rules'" in text and "To play, type" in text


@pytest.mark.parametrize("game", ["hurricane", "haggis", "hurricane_poker"])
def test_the_terminal_commands_have_russian_forms(monkeypatch, game):
    from bot.i18n import using
    from bot.render.rules import glossary_entries

    typed = "правила\nпомощь\nходы\nвыход\n"
    code, text = _run(monkeypatch, [game, "--seed", "4", "--level", "easy", "--lang", "ru"], typed)
    assert code == 0 and "Словарь" in text  # правила: the rules with their glossary
    for term, _meaning in glossary_entries(game, lang="ru"):
        assert f"{term}:" in text
    with using("ru"):
        assert "помощь" in terminal._(terminal.COMMANDS)  # the intro names them
    assert "Нельзя:" not in text  # no command was taken for a move


def test_a_long_move_list_is_a_short_menu_with_sensible_suggestions():
    from bot.games import new_game
    from bot.render.moves import played_cards

    for seed in range(20):  # a Haggis lead for the person: hundreds of moves
        state = new_game("haggis", seed=seed, players=2)
        if state.current_player == 0:
            break
    legal = [str(a) for a in state.legal_actions(0)]
    assert len(legal) > 200
    out = io.StringIO()
    game = terminal.TerminalGame(state, "haggis", "easy", 0, io.StringIO(""), out, seed)
    game.run()
    text = out.getvalue()
    menu = text[text.index("Your moves: ") :]
    head = menu.split("\n")[0]
    assert f"Your moves: {len(legal)} moves — " in head
    assert "single cards: " in head and "pairs: " in head and "sequences: " in head
    assert "bombs: " in head
    listed = [line for line in menu.split("\n")[2:] if line.strip()[:1].isdigit()]
    assert 3 <= len(listed) <= 12  # not 600 lines
    suggested = [line[line.rindex("[") + 1 : -1] for line in listed if "[" in line]
    plays = [s for s in suggested if not s.startswith(("pass", "bet", "give"))]
    assert plays
    for move in plays[:3]:  # the first suggestions waste no wild card and are no bomb
        assert not {"J", "Q", "K"} & set(played_cards("haggis", move) or ())
    # 'moves' still lists all of them
    out = io.StringIO()
    game = terminal.TerminalGame(state, "haggis", "easy", 0, io.StringIO("moves\n"), out, seed)
    game.run()
    assert f"  {len(legal):>3}) " in out.getvalue()


def test_cards_are_typed_as_they_are_shown():

    from bot.render.typed import typed_move

    legal = ["AC", "6H:AC+5D", "7H:3C+4D", "10D", "KS"]
    assert typed_move("A♣", legal) == "AC" and typed_move("a♣", legal) == "AC"
    assert typed_move("10♦", legal) == "10D" and typed_move("ks", legal) == "KS"
    assert typed_move("6h", legal) == "6H:AC+5D"  # one card alone: its only capture
    assert typed_move("7♥:3♣+4♦", legal) == "7H:3C+4D" and typed_move("zz", legal) is None
    assert typed_move("3y 3g j q =SET", ["3Y 3G J Q =set"]) == "3Y 3G J Q =set"
    assert typed_move("3🟨 3🟩", ["3Y 3G"]) == "3Y 3G"


@pytest.mark.parametrize("typed", ["6h", "6♥", "6♥:A♣+5♦", "6h:ac+5d"])
def test_the_terminal_plays_a_card_typed_as_shown(typed):
    from bot.games import new_game

    for seed in range(200):
        state = new_game("hurricane", seed=seed)
        if state.current_player != 0:
            continue
        legal = [str(a) for a in state.legal_actions(0)]
        singles = [
            m for m in legal if ":" in m and sum(x.startswith(m.split(":")[0]) for x in legal) == 1
        ]
        if singles:
            break
    move = singles[0]
    card, _, taken = move.partition(":")
    symbols = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}

    def shown(c: str) -> str:
        return c[:-1] + symbols[c[-1]]

    forms = {
        "6h": card.lower(),
        "6♥": shown(card),
        "6♥:A♣+5♦": shown(card) + ":" + "+".join(shown(t) for t in taken.split("+")),
        "6h:ac+5d": move.lower(),
    }
    out = io.StringIO()
    game = terminal.TerminalGame(
        state, "hurricane", "easy", 0, io.StringIO(forms[typed] + "\n"), out, seed
    )
    game.run()
    text = out.getvalue()
    assert "Not allowed" not in text
    assert f"You play {shown(card)} and take " in text


# --- one model per game, every surface (issue 24, item 2) -----------------------------------------


def test_the_terminal_names_no_game():
    """The terminal tells every game through its models: no game has words of its own here."""
    import re
    from pathlib import Path

    from bot.games import GAMES
    from bot.render.table import game_name

    root = Path(terminal.__file__).parent
    names = {game for game in GAMES} | {game_name(game) for game in GAMES}
    names |= {"hurricane", "hurikan", "haggis", "poker", "pairs"}
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names)), re.IGNORECASE)
    for module in ("terminal.py", "terminal_board.py"):
        source = (root / module).read_text()
        assert not pattern.findall(source), (module, sorted(set(pattern.findall(source))))


class _Watching(terminal.TerminalGame):
    """Notes, at each of the person's turns, what was printed and the board model's lines for
    the spectator view at that moment."""

    turns: list[tuple[list[str], str]]

    def human_turn(self) -> bool:
        from bot.render.boards import board_model

        table = self.table()
        view = dict(self.state.view(None))
        board = board_model(self.game)
        expected = [terminal.plain(line) for line in board.lines(table, view)]
        for i in range(self.state.num_players):
            expected += [terminal.plain(p) for p in board.seat_parts(table, view, i)]
        start = len(self.out.getvalue())  # type: ignore[attr-defined]
        going_on = super().human_turn()
        self.turns.append((expected, self.out.getvalue()[start:]))  # type: ignore[attr-defined]
        return going_on


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [
        ("hurricane", None, 2),
        ("hurricane", {"preset": "open"}, 2),
        ("hurricane", {"preset": "pairs"}, 4),
        ("hurikan", None, 2),
        ("haggis", None, 3),
        ("hurricane_poker", {"hands": 2}, 3),
    ],
)
def test_every_turn_shows_the_board_models_lines(game, options, players):
    """Each of the person's turns shows the table as the game's board model draws it for
    everyone (its lines and every seat's parts), and never a card of another hand."""
    from bot.games import new_game

    state = new_game(game, seed=7, players=players, options=options)
    tg = _Watching(state, game, "easy", 0, io.StringIO("1\n" * 3000), io.StringIO(), 7)
    tg.turns = []
    assert tg.run() == 0
    assert len(tg.turns) >= 3
    for expected, shown in tg.turns:
        for line in expected:
            assert line in shown, (line, shown)
        assert "**" not in shown and "<t:" not in shown and "<@" not in shown
