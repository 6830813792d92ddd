"""The English refusals of the engines and the table layer that ``refusals`` translates: sentences
with values (matched as templates), fixed sentences no gettext keyword marks, and the words put into
them. Word for word what those layers say: ``tests/i18n/test_refusals_ru.py`` plays bad moves and
bad table specs and checks each refusal comes out in Russian."""

from __future__ import annotations

from bot.i18n import N_

#: Sentences with values (the English is word for word what the other layers say).
TEMPLATES: tuple[str, ...] = (
    # the table layer
    N_("That seat is already taken by {name}."),
    N_(
        "This server already has {count} open tables, the most it may have ({most}). "
        "Finish or close one first."
    ),
    N_(
        "You already host {count} lobbies, the most one member may host at once ({most}). "
        "Start or cancel one first."
    ),
    N_(
        "You already sit at {count} correspondence tables in this server, the most one member "
        "may have ({most}). Finish one first."
    ),
    N_("Every seat must be filled before the game starts — {count} still empty."),
    N_("The clock can be paused {count} times per game, and this game has used them all."),
    N_("It is not your turn — {name} is to play."),
    N_("The game has already started, so you cannot {what} now. {hint}"),
    N_("The game has already started, so you cannot {what} now."),
    N_("Option {name} is given twice."),
    N_("The turn timer must be between 0 and {most} seconds."),
    # the engines
    N_("it is not your turn: seat {seat} is to play"),
    N_("it is not your turn: seat {seat} is to act"),
    N_("{card} is not in your hand"),
    N_("{card} is not on the table"),
    N_("{card} cannot take itself"),
    N_("{head}: they add up to {total}, not {value}"),
    N_("{head}: an {rank} on the table must be taken first"),
    N_("{head}: a {rank} on the table must be taken first"),
    N_("{head}: a card takes one set only — one equal card or a sum, never both"),
    N_(
        "{head}: one card is taken only by a card of equal value ({value}, not {played}); "
        "to take a sum, name two or more cards"
    ),
    N_("there is no face-down card {index}: choose {choices}"),
    N_("the opening lays 1, 2 or 3 cards, not {count}"),
    N_("you do not hold {cards} any more"),
    N_("you do not hold {cards}"),
    N_("only a higher bomb can beat {combo}"),
    N_("{combo} does not beat {current}: only a higher bomb may be played on a bomb"),
    N_("{combo} cannot be beaten by {cards}: it needs a higher rank"),
    N_("{combo} can only be beaten by {shape} of a higher rank, or by a bomb"),
    N_("{cards} cannot be played as ={reading}: it is {options}"),
    N_("you already bet {bet} this round: a bet is final"),
    N_("give the trick to an opponent: seat {seats}"),
    N_("3-5-7-9 in {count} suits is not a bomb"),
    N_("{cards} is too many cards for one set"),
    N_("{cards} is no combination"),
    N_("{cards} is too short: a sequence of single cards needs three or more ranks"),
    N_(
        "{cards} is not a sequence: cards of {count} suits make a sequence only with one card of "
        "each of those suits at every rank, over two or more ranks (face cards fill in)"
    ),
    N_("{cards} is not a sequence: its ranks have gaps the face cards cannot fill"),
    N_(
        "{cards} is not a set, a sequence or a bomb: a set is cards of one rank, a sequence needs "
        "consecutive ranks with the same suits at every rank (face cards fill gaps)"
    ),
    # Hurricane and Hurikan
    N_("{head}: with min_cards on, a sum capture must use the fewest cards ({fewest})"),
    N_("{card}: name the cards to take after the colon"),
    N_("{card} can capture ({capture}), so it may not be trailed"),
    N_("{card} is listed twice"),
    N_("{card} is listed twice: each seat has only one {card}"),
    N_("{typed} is not in this pack: Hurricane plays without 8s, 9s and 10s"),
    N_("{typed} is not a card: write rank A 2 3 4 5 6 7 J Q K and suit H D C S, e.g. 7H or QS"),
    N_("{typed} has more than one ':'; write e.g. 7H:3C+4D"),
    N_("{typed}: play one card (e.g. 7H) or a capture with a colon (e.g. 7H:3C+4D)"),
    N_("{typed}: write the laid cards, a colon and one table card, e.g. 4S+2H:6C"),
    N_("{typed} is not a Hurricane move"),
    N_("{typed} is not a Hurikan move: lay cards (2H+5D) or take (4S+2H:6C)"),
    N_("no cards to lay: write {hint}"),
    # every game
    N_("empty action: write {hint}"),
    N_("{typed} is far too long for an action: write {hint}"),
    N_("there is no seat {typed}: seats are 0..{last} or None"),
    N_("there is no seat {typed}: seats are 0..{last} or None for a spectator"),
    # Haggis
    N_(
        "{typed} is not a Haggis card: write a rank 2-10 and a suit letter ({letters}), "
        "like 7R or 10G, or J, Q, K for your face cards"
    ),
    N_("{typed} is not a reading: write =set or =seqW (W = the width, 1 to 5)"),
    N_("a bet needs a number, not {typed}"),
    N_("give needs a number, not {typed}"),
    N_("a card is listed twice: {card}"),
    N_("{cards} can be played several ways: {readings}; add the reading you mean, like {example}"),
    # Hurricane poker
    N_("{typed} is not a card: write cards like 7H, 10D, AS or X1"),
    N_("'{command}' needs a number of chips from 1 to {most}"),
    N_("'{command}' takes nothing after it"),
    N_("write '{command} N' with the chips beyond the amount to call"),
    N_("a bet is 1 to {most} chips here"),
    N_("a raise is 1 to {most} chips here"),
    N_("you cannot check: {chips} to call (call, raise or fold)"),
    N_("there is already a bet: call {chips}, raise or fold"),
    N_("this is a betting round: call {chips}, raise or fold"),
    N_("this is a betting round: call {chips} or fold"),
    N_("the raises are capped at {most} this round: call or fold"),
    N_("you do not hold {card}: draw one of your own cards"),
    N_("a hand is two different cards of the {typed} pack"),
    # the table layer's checks of a new table (and the engines' option checks they pass on)
    N_("Write options as name=value pairs, e.g. target=350 bomb_capture=chooser (not {typed})."),
    N_("{typed} is given twice: as its own option and in options."),
    N_("{title} has no presets: presets are for {titles} only."),
    N_("{title} has no target: it ends when the cards run out."),
    N_("{title}'s preset sets the number of players ({seats})."),
    N_("{title} is for {count} players only."),
    N_("{title} is played by {choices} players, not {typed}."),
    N_("{title} is not available yet."),
    N_("Unknown game {typed}: choose one of {names}."),
    N_("Unknown option {typed} for {title}: choose from nothing."),
    N_("Unknown option {typed} for {title}: choose from {names}."),
    N_("Unknown option {typed}: Hurikan has no options."),
    N_("Unknown option {typed} for {title}: the options are {names}."),
    N_("Option {name} cannot be {typed}: choose one of {choices}."),
    N_("Option {name} must be a whole number in {choices}, not {typed}."),
    N_("Unknown preset {typed}: choose one of {names}."),
    N_("{title} has no presets."),
    N_("Unknown computer level {typed}: choose {names}."),
)
#: The subject of a refused Hurricane or Hurikan capture (``{head}`` above): ``7H cannot take 3C+4D``.
HEAD = N_("{card} cannot take {cards}")
#: Fixed sentences the engines say that no keyword marks (assigned, not raised).
SENTENCES = (
    N_("spectators do not play"),
    N_("select the cards to play"),
    N_("pass (you may play again in this trick)"),
    N_("a 3-5-7-9 bomb takes no face cards: a bomb with an extra card is no combination"),
    N_("There is already a table in this channel — join it, or start a thread for another game."),
    N_("That player has already left this game."),
    N_("You have already left this game."),
    N_("The turn clock is already paused."),
    N_("The clock is running."),
    N_("It is not your turn."),
    N_("no cards given after ':'; write e.g. 7H:3C+4D"),
    N_("it is the draw: 'stand' or 'draw CARD' (the card you discard)"),
    N_("declare your side: 'declare high', 'declare low' or 'declare both'"),
    N_("this is a betting round: check or bet"),
    N_("this is a betting round: check"),
    N_("there is nothing to call: check instead of folding"),
    N_("there is nothing to call: check or bet"),
    N_("there is no bet to raise: bet instead"),
    N_("nobody left can answer a bet: no further bets this hand"),
    N_("you do not have the chips to raise: call or fold"),
)
#: Words the table layer puts into its sentences.
WORDS = (
    N_("start"),
    N_("join"),
    N_("leave"),
    N_("kick"),
    N_("add a computer"),
    N_("change the turn pings"),
    N_("change the pace"),
    N_("Resign or vote to abandon instead."),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    # what an empty or overlong action should have been (the engines' hints)
    N_("a card such as 7H, or a capture such as 7H:3C+4D"),
    N_("cards to lay such as 2H+5D, or cards and the table card they take such as 4S+2H:6C"),
    N_("cards such as '7R 7G', or 'pass', or 'bet 0/15/30'"),
    N_("R=red, O=orange, Y=yellow, G=green, B=blue"),
    N_("an empty string"),
    N_("and"),
)
