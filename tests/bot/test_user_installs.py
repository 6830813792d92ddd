"""A user-installed app plays where the bot user is absent (a group DM, a server that never added the
bot): the fake models what Discord allows there, and the bot keeps to it."""

from __future__ import annotations

import discord
import pytest

from .fakediscord import APP_ID, Exchange, FakeDiscord, Person, Recorded, render_text


def _followup(fake: FakeDiscord, token: str) -> Recorded:
    rec = Recorded("POST", f"/webhooks/{APP_ID}/{token}", {"content": "more"}, {})
    rec.status, rec.response = fake.route(rec)
    return rec


async def test_the_bot_cannot_write_to_a_place_it_is_not_in(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _carol = users
    assert fake.bot is not None
    for place in (fake.make_group_dm(alice.user, bob.user), fake.make_foreign_channel()):
        with pytest.raises(discord.Forbidden) as refused:
            await fake.bot.http.send_message(
                place, params=discord.http.handle_message_parameters("hi")
            )
        assert refused.value.code == 50001
    with pytest.raises(discord.Forbidden):
        await fake.bot.http.get_channel(fake.make_foreign_channel())
    await fake.bot.http.send_message(  # where the bot is a member, it writes as ever
        fake.channel_id, params=discord.http.handle_message_parameters("hi")
    )


async def test_group_dm_interactions_carry_no_server_and_cap_follow_ups(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, carol = users
    group = fake.make_group_dm(alice.user, bob.user, carol.user)
    ex = await fake.slash("rules", user=bob.user, channel_id=group, game="hurricane")
    assert (
        ex.payload["context"] == 2 and "guild_id" not in ex.payload and "member" not in ex.payload
    )
    assert ex.payload["authorizing_integration_owners"] == {"1": str(bob.id)}
    assert ex.ephemeral and "Hurricane" in render_text(ex.reply)
    token = ex.payload["token"]
    sent = [_followup(fake, token) for _ in range(6)]
    assert [r.status for r in sent] == [200] * 5 + [400]  # the sixth follow-up is refused
    assert fake.violations == [f"follow-up 6 to interaction {ex.payload['id']} (max 5)"]
    fake.violations.clear()
    served = await fake.slash("rules", user=bob.user, game="hurricane")  # the bot's own server
    assert [_followup(fake, served.payload["token"]).status for _ in range(6)] == [200] * 6


async def test_tokens_expire_after_fifteen_fake_minutes(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    group = fake.make_group_dm(alice.user, bob.user)
    ex = await fake.slash("rules", user=alice.user, channel_id=group, game="hurricane")
    fake.advance(14 * 60)
    assert _followup(fake, ex.payload["token"]).status == 200
    fake.advance(2 * 60)
    assert _followup(fake, ex.payload["token"]).status == 401
    assert len(fake.violations) == 1 and "older than 15 minutes" in fake.violations[0]
    fake.violations.clear()


def channel_calls(ex: Exchange) -> list[str]:
    return [f"{r.method} {r.path}" for r in ex.requests if r.path.startswith("/channels/")]


async def test_the_delivery_is_chosen_per_table_channel_writes_only_where_the_bot_is_installed(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """A lobby where the bot is absent is the answer of /table new, and a join (a lobby click)
    redraws it through that click's own token; in the bot's server the lobby is edited with the
    channel endpoint as ever."""
    alice, bob, carol = users
    assert fake.bot is not None
    for place in (fake.make_foreign_channel(), fake.make_group_dm(alice.user, bob.user)):
        ex = await fake.slash("table new", user=alice.user, channel_id=place, game="hurricane")
        assert not ex.ephemeral and fake.bot.tables.get(place) is not None
        lobby = fake.public_messages(place)[0]
        ex = await fake.click(lobby, f"lobby:join:{place}", user=bob.user)
        assert "Bob" in render_text(fake.public_messages(place)[0])
        assert any(r.method == "PATCH" and "/webhooks/" in r.path for r in ex.requests)
        for name in ("hand", "table status"):
            ex = await fake.slash(name, user=bob.user, channel_id=place)
            assert not channel_calls(ex), name
        assert not [r for r in fake.requests if r.path.startswith(f"/channels/{place}")]
    ex = await fake.slash("table new", user=carol.user, game="hurricane")
    assert not ex.ephemeral, ex.content
    ex = await fake.click(fake.public_messages()[0], f"lobby:join:{fake.channel_id}", user=bob.user)
    assert [c for c in channel_calls(ex) if c.startswith("PATCH")]  # the server path is unchanged


async def test_results_are_kept_per_place_a_group_dm_by_its_channel(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    group = fake.make_group_dm(alice.user, bob.user)
    for name, kw in (("stats", {}), ("history", {}), ("leaderboard", {"game": "hurricane"})):
        ex = await fake.slash(name, user=alice.user, channel_id=group, **kw)
        text = render_text(ex.reply)
        assert ex.ephemeral and "without a database" not in text and "yet" in text, name
    ex = await fake.slash("replay", user=alice.user, channel_id=group, game="nope")
    assert ex.ephemeral and "no finished game" in ex.content


async def test_a_token_edits_only_its_own_messages(fake: FakeDiscord, users: list[Person]) -> None:
    alice, bob, _ = users
    group = fake.make_group_dm(alice.user, bob.user)
    first = await fake.slash("rules", user=alice.user, channel_id=group, game="hurricane")
    other = await fake.slash("rules", user=bob.user, channel_id=group, game="hurricane")
    mine = _followup(fake, first.payload["token"]).response["id"]
    edit = {"content": "edited"}
    ok = Recorded("PATCH", f"/webhooks/{APP_ID}/{first.payload['token']}/messages/{mine}", edit, {})
    assert fake.route(ok)[0] == 200
    theirs = Recorded(
        "PATCH", f"/webhooks/{APP_ID}/{other.payload['token']}/messages/{mine}", edit, {}
    )
    assert fake.route(theirs)[0] == 404
    assert fake.violations and "did not send" in fake.violations[0]
    fake.violations.clear()


async def test_results_texts_say_here_outside_a_server(
    fake: FakeDiscord, users: list[Person]
) -> None:
    """/stats, /history (of the place: ``scope:here``; by default they show the player's own
    record there) and /leaderboard in a group DM or the bot's DM do not speak of a server."""
    alice, bob, _ = users
    here = {"scope": "here"}
    for place in (fake.make_group_dm(alice.user, bob.user), fake.make_bot_dm(alice.user)):
        for name, options in (
            ("stats", here),
            ("history", here),
            ("leaderboard", {"game": "haggis"}),
        ):
            ex = await fake.slash(name, user=alice.user, channel_id=place, **options)
            text = render_text(ex.reply)
            assert "here yet" in text and "server" not in text, (name, text)
    foreign = fake.make_foreign_channel()  # a server, even without the bot: "in this server"
    ex = await fake.slash("stats", user=alice.user, channel_id=foreign)
    assert "in this server yet" in render_text(ex.reply)


async def test_closing_a_table_outside_a_server_says_it_is_for_server_moderators(
    fake: FakeDiscord, users: list[Person]
) -> None:
    alice, bob, _ = users
    for place in (fake.make_group_dm(alice.user, bob.user), fake.make_bot_dm(alice.user)):
        await fake.slash("table new", user=alice.user, channel_id=place, game="hurricane")
        ex = await fake.slash("table close", user=alice.user, channel_id=place)
        assert ex.ephemeral and "for server moderators" in ex.content, ex.content
        assert fake.bot is not None and fake.bot.tables.get(place) is not None  # nothing changed
