"""A player's own record: their games in the bot's DM and in group DMs, wherever played, added up and
reachable from anywhere (/stats and /history with ``scope``; outside a server it is the default)."""

from __future__ import annotations

from .driver import Driver, comp
from .fakediscord import GUILD_ID, FakeDiscord, Person, render_text


async def test_games_outside_servers_make_one_own_record_seen_from_anywhere(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, carol = users
    group = fake.make_group_dm(alice.user, bob.user)
    d = Driver(fake, [alice, bob], channel_id=group, seed=1)
    await d.open(alice, game="hurricane", preset="standard")
    await d.join_all([bob])
    await d.start(alice)
    await fake.slash("table resign", user=bob.user, channel_id=group)  # Alice wins in the group
    group_game = d.table.game_id
    dm = fake.make_bot_dm(alice.user)
    ex = await fake.slash(
        "table new", user=alice.user, channel_id=dm, game="haggis", computer="easy"
    )
    assert not ex.ephemeral, ex.content
    await fake.slash("table resign", user=alice.user, channel_id=dm)  # and loses in her DM
    await fake.bot.settle()  # type: ignore[union-attr]

    ex = await fake.slash("stats", user=alice.user)  # in a server: that server's, by default
    assert "no finished games in this server" in render_text(ex.reply)
    ex = await fake.slash("stats", user=alice.user, scope="mine")
    text = render_text(ex.reply)
    assert ex.ephemeral and "in DMs and group DMs" in text
    assert "Hurricane" in text and "Haggis" in text and "1W 0L" in text and "0W 1L" in text
    assert "Rank #" not in text and "Ratings are kept per place" in text  # ratings stay per place

    ex = await fake.slash("stats", user=alice.user, channel_id=group)  # the own record by default
    assert "Haggis" in render_text(ex.reply) and "Rank #" not in render_text(ex.reply)
    ex = await fake.slash("stats", user=alice.user, channel_id=group, scope="here")
    here = render_text(ex.reply)
    assert "Hurricane" in here and "Haggis" not in here and "Rank #1" in here
    ex = await fake.slash("stats", user=bob.user, channel_id=group, player=alice.user)
    assert "Rank #1" in render_text(ex.reply)  # someone else's: this place's by default

    ex = await fake.slash("history", user=alice.user, scope="mine")  # from the server
    text = render_text(ex.reply)
    assert "Recent games of Alice in DMs and group DMs" in text and group_game in text
    menu = comp(ex.reply, "rpsel")
    assert menu is not None and len(menu["options"]) == 2
    assert ex.message is not None
    opened = await fake.click(ex.message, "rpsel", user=alice.user, values=[group_game])
    assert opened.ephemeral and "As dealt" in render_text(opened.reply), opened.text

    # someone else's own record is theirs alone; a game of it is not replayed for others
    for name in ("stats", "history"):
        ex = await fake.slash(name, user=carol.user, player=alice.user, scope="mine")
        assert ex.ephemeral and "theirs alone to see" in ex.content, name
    ex = await fake.slash("replay", user=carol.user, game=group_game)
    assert ex.ephemeral and "no finished game" in ex.content


async def test_a_server_channel_sharing_the_servers_id_is_still_a_server(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """A server's original channel (before 2017) has the server's id: its table is the bot's own,
    edited through the channel, and its results are the server's alone."""
    alice, bob, _ = users
    general = fake.make_channel("general", channel_id=GUILD_ID)
    d = Driver(fake, [alice, bob], channel_id=general, seed=1)
    await d.open(alice, game="hurricane", preset="standard")
    ex = await fake.click(d.public(), f"lobby:join:{general}", user=bob.user)
    assert any(
        r.method == "PATCH" and r.path.startswith(f"/channels/{general}/") for r in ex.requests
    )
    await d.start(alice)
    await fake.slash("table resign", user=bob.user, channel_id=general)
    await fake.bot.settle()  # type: ignore[union-attr]
    ex = await fake.slash("stats", user=alice.user, scope="mine")
    assert "no finished games in DMs or group DMs" in render_text(ex.reply)
