"""Pictures and card emojis through the real discord.py stack: the table message carries the table
picture and replaces it on every move (the final piles at the end), the private hand carries its
picture with the selection raised, the card emojis are uploaded once and used in selects, buttons and
text, and the cards fall back to text when the upload fails. The fake checks every
``attachment://`` reference against the files of the same request (a violation fails the test)."""

from __future__ import annotations

import io
import logging
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import discord
import pytest
from PIL import Image

import bot.render.pictured as pictured
from bot.i18n import using
from bot.render.cards import ALL_CARDS, BACK, EMOJI_FACES, card_emoji, card_label, emoji_name
from bot.render.pictures import Picture
from bot.tables.models import TableStatus

from .conftest import FakeFactory
from .driver import comp, hurricane_duel, start_table
from .fakediscord import FakeDiscord, Person, iter_components, snowflake
from .secrecy import Drawn, drawn

SAVE = bool(os.environ.get("SAVE_PICTURES"))  # write some pictures to /tmp to look at


def keep(path: str, data: bytes) -> None:
    if SAVE:
        Path(path).write_bytes(data)


def picture_of(fake: FakeDiscord, msg: dict[str, Any]) -> Drawn:
    """The one picture a message shows: its embed names the attachment, which a Picture drew."""
    assert len(msg["attachments"]) == 1, msg["attachments"]
    attachment = msg["attachments"][0]
    assert msg["embeds"][0]["image"]["url"] == attachment["url"]  # resolved as Discord does
    data = fake.attachment(msg)
    assert data.startswith(b"\x89PNG")
    picture = drawn(data)
    assert picture is not None, "the attachment is not a drawn picture"
    assert attachment["filename"] == picture.filename
    with Image.open(io.BytesIO(data)) as img:
        assert img.size == picture.size
    return picture


async def test_table_message_carries_the_table_picture_and_replaces_it_on_each_move(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await hurricane_duel(fake, users)
    first = picture_of(fake, d.public())
    keep("/tmp/table_first.png", fake.attachment(d.public()))
    assert first.filename == "table.png"
    assert set(first.cards) == set(d.table.state.view(None)["table"])  # type: ignore[union-attr]
    assert first.backs > 0  # the opponents' hands, face down
    seen = {d.public()["attachments"][0]["id"]}
    for _ in range(3):
        seat = d.table.state.current_player  # type: ignore[union-attr]
        assert seat is not None
        before = len(fake.requests)
        await d.play_move(seat, d.choose(seat))
        await fake.bot.settle()  # type: ignore[union-attr]
        msg = d.public()
        picture = picture_of(fake, msg)
        assert msg["attachments"][0]["id"] not in seen  # a new upload replaced the old picture
        seen.add(msg["attachments"][0]["id"])
        view = d.table.state.view(None)  # type: ignore[union-attr]
        assert set(view["table"]) <= set(picture.cards)  # and the last move's cards, highlighted
        edits = [
            r
            for r in fake.requests[before:]
            if r.method == "PATCH" and r.path.endswith(f"/messages/{msg['id']}")
        ]
        assert edits and all(
            r.json["attachments"] == [{"id": 0, "filename": "table.png"}] for r in edits
        )
    # the text stays beside the picture (move log, scores, screen readers)
    assert "Last move" in msg["embeds"][0]["description"]


async def test_finished_game_shows_the_final_picture(
    fake: FakeDiscord, users: list[Person]
) -> None:
    d = await start_table(fake, users[:2], seed=5, game="hurikan")
    await d.play_to_end()
    assert d.table.status is TableStatus.FINISHED
    picture = picture_of(fake, d.public())
    assert picture.filename == "final.png"
    keep("/tmp/final.png", fake.attachment(d.public()))
    assert d.scanner.pictures > 50  # every picture of the game was scanned for hidden cards


async def test_hand_carries_its_picture_with_the_selection_raised(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=4, game="haggis", players=2)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    assert seat is not None
    person = d.person(seat)
    msg = await d.show_hand(person)
    picture = picture_of(fake, msg)
    hand = d.table.state.view(seat)["hand"]  # type: ignore[union-attr]
    assert picture.filename == "hand.png" and sorted(picture.cards) == sorted(hand)
    assert picture.raised == ()
    select = comp(msg, "hs:gsel:")
    assert select is not None
    legal = [str(a) for a in d.table.state.legal_actions(seat)]  # type: ignore[union-attr]
    single = next(t for t in legal if " " not in t and t != "pass")  # a single card is a play
    msg = await d.click(person, msg, select["custom_id"], [single])
    picture = picture_of(fake, msg)
    assert picture.raised == (single,)
    assert "✓ legal play" in picture.texts  # the verdict is drawn
    keep("/tmp/hand_selected.png", fake.attachment(msg))
    # two cards that make no play: raised, and drawn as not legal
    hand_sorted = [o["value"] for o in select["options"]]
    pair = next(
        (
            [a, b]
            for a in hand_sorted
            for b in hand_sorted
            if a < b
            and f"{a} {b}" not in legal
            and f"{b} {a}" not in legal
            and not any(set(t.split()) == {a, b} for t in legal)
        ),
    )
    select = comp(msg, "hs:gsel:")
    assert select is not None
    msg = await d.click(person, msg, select["custom_id"], pair)
    picture = picture_of(fake, msg)
    assert set(picture.raised) == set(pair) and "✗ not a legal play" in picture.texts
    # the hand picture shows that seat's cards only
    assert set(picture.cards) <= set(hand)


async def test_a_poker_table_carries_its_own_picture_and_the_showdown(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """Hurricane poker's picture: every hand face down, the pot; after a showdown the hands it
    made public (the scanner checks every picture for a card still hidden)."""
    alice, bob, _ = users
    d = await start_table(fake, [alice, bob], seed=21, game="hurricane_poker", options="hands=3")
    picture = picture_of(fake, d.public())
    assert picture.cards == () and picture.backs >= 4  # two backs a seat, and the stock
    assert "Pot" in picture.texts and "Hurricane poker · hand 1 of 3" in picture.texts
    seat = d.table.state.current_player  # type: ignore[union-attr]
    assert seat is not None
    hand = picture_of(fake, await d.show_hand(d.person(seat)))
    assert sorted(hand.cards) == sorted(d.table.state.view(seat)["hand"])  # type: ignore[union-attr]
    shown_once = False
    while d.table.status is TableStatus.PLAYING:
        seat = d.table.state.current_player  # type: ignore[union-attr]
        assert seat is not None
        legal = [str(a) for a in d.table.state.legal_actions(seat)]  # type: ignore[union-attr]
        await d.play_move(seat, next(t for t in ("check", "call", "stand") if t in legal))
        await fake.bot.settle()  # type: ignore[union-attr]
        d.scanner.scan()
        last = d.table.state.view(None)["last_showdown"]  # type: ignore[union-attr]
        if last and last["shown"] and d.table.status is TableStatus.PLAYING:
            picture = picture_of(fake, d.public())
            shown = [c for cards in last["shown"].values() for c in cards]
            assert sorted(picture.cards) == sorted(shown)
            shown_once = True
    assert shown_once
    final = picture_of(fake, d.public())
    assert final.filename == "final.png" and "Final ranking by chips" in final.texts
    keep("/tmp/poker_final_bot.png", fake.attachment(d.public()))


async def test_public_pictures_are_drawn_from_the_spectator_view_only(
    fake: FakeDiscord, users: list[Person], monkeypatch: pytest.MonkeyPatch
) -> None:
    seats: list[Any] = []
    for name in ("table_picture", "final_picture"):
        original = getattr(pictured, name)

        def spy(view: Any, *a: Any, _original: Any = original, **kw: Any) -> Picture:
            seats.append(view.get("seat", "missing"))
            picture: Picture = _original(view, *a, **kw)
            return picture

        monkeypatch.setattr(pictured, name, spy)
    d = await hurricane_duel(fake, users, preset="open")
    for _ in range(4):
        seat = d.table.state.current_player  # type: ignore[union-attr]
        assert seat is not None
        await d.play_move(seat, d.choose(seat))
        d.scanner.scan()
    await fake.bot.settle()  # type: ignore[union-attr]
    assert seats and all(s is None for s in seats), seats
    assert d.scanner.pictures >= 5


async def test_the_fake_refuses_unmatched_attachment_references(fake: FakeDiscord) -> None:
    channel = fake.bot.get_partial_messageable(fake.channel_id)  # type: ignore[union-attr]
    embed = discord.Embed(title="x").set_image(url="attachment://missing.png")
    await channel.send(embed=embed)
    await channel.send("a file nobody shows", file=discord.File(io.BytesIO(b"x"), "lone.png"))
    assert fake.violations == [
        f"POST /channels/{fake.channel_id}/messages: attachment://missing.png is not uploaded in this request",
        f"POST /channels/{fake.channel_id}/messages: the file lone.png is uploaded but never referenced",
    ]
    fake.violations.clear()


# --- card emojis -------------------------------------------------------------------------------------


def option_emojis(msg: dict[str, Any]) -> dict[str, Any]:
    return {
        o["value"]: o.get("emoji")
        for c in iter_components(msg.get("components") or [])
        for o in c.get("options") or []
    }


def two_people(fake: FakeDiscord) -> list[Person]:
    return [Person(n, fake.make_user(n)) for n in ("Alice", "Bob")]


async def test_card_emojis_are_uploaded_once_and_shown_in_selects_and_text(
    make_fake: FakeFactory,
) -> None:
    fake = await make_fake(card_emojis=True)
    await fake.bot.settle()  # type: ignore[union-attr]
    names = {e["name"] for e in fake.app_emojis.values()}
    # every card and the back (103), and the 21 faces Russian draws differently: Т В Д К of the
    # four French suits and Haggis's wild В Д К (a joker prints no word: one face)
    assert names == {emoji_name(key) for key, _card, _lang in EMOJI_FACES} and len(names) == 122
    assert {emoji_name(c) for c in (*ALL_CARDS, BACK)} < names
    by_name = {e["name"]: e_id for e_id, e in fake.app_emojis.items()}
    for card in ("AH", "KS", "Q"):
        assert (
            fake.emoji_images[by_name[emoji_name(f"ru_{card}")]]
            != fake.emoji_images[by_name[emoji_name(card)]]
        )
        with using("ru"):
            ru = emoji_name(f"ru_{card}")
            assert card_emoji(card) == f"<:{ru}:{by_name[ru]}>"
    with using("ru"):  # a face Russian draws the same keeps the one emoji
        assert card_emoji("7H") == f"<:{emoji_name('7H')}:{by_name[emoji_name('7H')]}>"
    with Image.open(io.BytesIO(fake.emoji_images[min(fake.app_emojis)])) as img:
        assert img.size[0] == img.size[1] <= 128
    people = two_people(fake)
    d = await hurricane_duel(fake, people)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    assert seat is not None
    msg = await d.show_hand(d.person(seat))
    emojis = option_emojis(msg)
    hand = d.table.state.view(seat)["hand"]  # type: ignore[union-attr]
    assert set(emojis) == set(hand)
    for card, emoji in emojis.items():
        assert emoji is not None and emoji["name"] == emoji_name(card)
        assert int(emoji["id"]) in fake.app_emojis
    text = msg["embeds"][0]["description"]
    for card in hand:
        assert card_emoji(card) in text  # the text shows the same emojis
    public = d.public()["embeds"][0]
    table_cards = d.table.state.view(None)["table"]  # type: ignore[union-attr]
    shown = public["description"] + "".join(f["value"] for f in public.get("fields") or [])
    assert all(card_emoji(c) in shown for c in table_cards)
    uploads = sum(1 for r in fake.requests if r.method == "POST" and r.path.endswith("/emojis"))
    assert uploads == 122

    # a Russian player's hand shows the Russian faces (Т В Д К) where they differ; the deal is
    # random (a fresh server seed), so play on until the player to move holds a face
    def has_face(cards: Iterable[str]) -> bool:
        return any(card[:-1] in ("A", "J", "Q", "K") for card in cards)

    for _ in range(60):
        state = d.table.state
        assert state is not None and not state.is_over
        mover = state.current_player
        assert mover is not None
        if has_face(state.view(mover)["hand"]):  # only the player to move is offered their cards
            break
        await d.play_move(mover, d.choose(mover))
    person = d.person(mover)
    fake.user_locales[person.id] = "ru"
    ru_msg = await d.show_hand(person)
    ru_emojis = option_emojis(ru_msg)
    assert has_face(ru_emojis)
    for card, emoji in ru_emojis.items():
        differs = has_face([card])
        assert emoji["name"] == emoji_name(f"ru_{card}" if differs else card)
    # a restarted bot finds them and uploads nothing
    await fake.close()
    again = await make_fake(world=fake, card_emojis=True)
    await again.bot.settle()  # type: ignore[union-attr]
    assert [r.method for r in again.requests if r.path.endswith("/emojis")] == ["GET"]
    assert card_emoji("7H") is not None


@pytest.mark.parametrize("failing", ["GET", "POST"])
async def test_cards_fall_back_to_text_when_the_emojis_cannot_be_uploaded(
    make_fake: FakeFactory,
    caplog: pytest.LogCaptureFixture,
    failing: str,
) -> None:
    caplog.set_level(logging.WARNING, logger="bot.discord.media")

    def refuse(world: FakeDiscord) -> None:
        world.fail_emojis = {failing}

    fake = await make_fake(card_emojis=True, prepare=refuse)
    await fake.bot.settle()  # type: ignore[union-attr]
    assert any("cards are shown as text" in r.getMessage() for r in caplog.records)
    assert card_emoji("7H") is None
    people = two_people(fake)
    d = await hurricane_duel(fake, people)
    seat = d.table.state.current_player  # type: ignore[union-attr]
    assert seat is not None
    msg = await d.show_hand(d.person(seat))
    assert all(e is None for e in option_emojis(msg).values())
    hand = d.table.state.view(seat)["hand"]  # type: ignore[union-attr]
    assert all(card_label(c) in msg["embeds"][0]["description"] for c in hand)
    assert "<:card" not in str(d.public())


async def test_an_emoji_uploaded_meanwhile_by_another_process_is_used(
    make_fake: FakeFactory,
) -> None:
    """Processes of a cluster start together: an upload refused because another process was
    first (a duplicate name) re-lists the emojis and uses the other process's one."""

    def other_process_first(world: FakeDiscord) -> None:
        original = world._emojis

        def racing(method: str, body: Any) -> tuple[int, Any]:
            if method == "POST" and isinstance(body, dict) and body.get("name") == emoji_name("7H"):
                original("POST", body)  # the other process's upload lands first
                world.violations.clear()
                return 400, {"message": "Invalid Form Body (name taken)", "code": 50035}
            return original(method, body)

        world._emojis = racing  # type: ignore[method-assign]

    fake = await make_fake(card_emojis=True, prepare=other_process_first)
    await fake.bot.settle()  # type: ignore[union-attr]
    assert len(fake.app_emojis) == len(EMOJI_FACES)
    seven = next(e for e in fake.app_emojis.values() if e["name"] == emoji_name("7H"))
    assert card_emoji("7H") == f"<:{emoji_name('7H')}:{seven['id']}>"


def _uploaded(world: FakeDiscord, names: Iterable[str]) -> None:
    """Emojis already in the application, as an earlier run (or someone else) left them."""
    for name in names:
        eid = snowflake()
        world.app_emojis[eid] = {
            "id": str(eid),
            "name": name,
            "roles": [],
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
        }
        world.emoji_images[eid] = b"old"


#: What an earlier design left: its faces under the old names (``card_7H``), a Russian joker face
#: the current design no longer draws, and emojis that are not the bot's cards.
OLD_FACES = [f"card_{key}" for key, _card, _lang in EMOJI_FACES] + ["card_ru_X1", "card1_ru_X2"]
FOREIGN = ["party_parrot", "card_game_logo", "cardX_7H"]


async def test_faces_of_an_earlier_design_are_replaced_and_deleted(make_fake: FakeFactory) -> None:
    """An uploaded emoji keeps its image: new faces come under new names (the design's number
    in the name), and the bot's emojis of an earlier design are deleted; others are kept."""
    assert not set(OLD_FACES) & {emoji_name(key) for key, _c, _l in EMOJI_FACES}
    fake = await make_fake(card_emojis=True, prepare=lambda w: _uploaded(w, OLD_FACES + FOREIGN))
    await fake.bot.settle()  # type: ignore[union-attr]
    names = sorted(e["name"] for e in fake.app_emojis.values())
    assert names == sorted([emoji_name(key) for key, _c, _l in EMOJI_FACES] + FOREIGN)
    by_name = {e["name"]: e_id for e_id, e in fake.app_emojis.items()}
    assert fake.emoji_images[by_name[emoji_name("7H")]] != b"old"
    assert card_emoji("7H") == f"<:{emoji_name('7H')}:{by_name[emoji_name('7H')]}>"
    calls = [r.method for r in fake.requests if "/emojis" in r.path]
    # the new faces first (the old ones serve until they are there), then the old ones go
    assert calls.index("DELETE") > max(i for i, m in enumerate(calls) if m == "POST")
    assert calls.count("DELETE") == len(OLD_FACES)


async def test_old_faces_make_room_when_the_emoji_limit_is_near(make_fake: FakeFactory) -> None:
    """2000 emojis at most per application: old faces are deleted before the new are uploaded
    when both would not fit together."""
    filler = [f"someone_{i}" for i in range(2000 - len(OLD_FACES) - 5)]
    fake = await make_fake(card_emojis=True, prepare=lambda w: _uploaded(w, OLD_FACES + filler))
    await fake.bot.settle()  # type: ignore[union-attr]
    assert len(fake.app_emojis) == len(filler) + len(EMOJI_FACES) <= 2000
    calls = [r.method for r in fake.requests if "/emojis" in r.path]
    assert calls.index("POST") > max(i for i, m in enumerate(calls) if m == "DELETE")
    assert card_emoji("7H") is not None
