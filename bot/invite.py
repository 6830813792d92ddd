"""What the bot asks for when it is added to a server: the OAuth2 scopes and the channel permissions,
each with the call that needs it, so the README's invite URL, the publisher's message to a host whose
channel refuses the bot and this list cannot drift apart (``tests/docs/test_readme.py``).

Checked against Discord's API reference and not asked for, because nothing the bot does needs them:
*Read Message History* (only for reading messages, replying to a message and reacting; the bot edits
and deletes only its own messages by id), *Use External Emojis* (the card emojis are the
application's own, which need no permission), *Manage Messages* (it never touches others' messages),
*Mention Everyone* (its pings mention one user), *Add Reactions*, *Create Threads*. No privileged
gateway intent is needed either: everything arrives as slash commands and components."""

from __future__ import annotations

from dataclasses import dataclass

import discord

#: ``bot`` puts the bot user in the server; ``applications.commands`` its slash commands.
SCOPES = ("bot", "applications.commands")


@dataclass(frozen=True)
class Needed:
    """One channel permission the bot needs: discord.py's flag, Discord's name for it, and why."""

    flag: str
    name: str  # as Discord's channel settings name it (what a host looks for)
    why: str


NEEDED: tuple[Needed, ...] = (
    Needed("view_channel", "View Channel", "see the table's channel at all"),
    Needed(
        "send_messages",
        "Send Messages",
        "post the table message, turn pings, reminders and score posts",
    ),
    Needed(
        "send_messages_in_threads", "Send Messages in Threads", "the same for tables in threads"
    ),
    Needed("embed_links", "Embed Links", "every table message, panel and answer is an embed"),
    Needed(
        "attach_files",
        "Attach Files",
        "the table and hand pictures (without it the tables are text only)",
    ),
)

#: The permissions integer of the invite URL.
REQUIRED_PERMISSIONS = discord.Permissions(**{n.flag: True for n in NEEDED})
#: Discord's names of those permissions, in the order above.
PERMISSION_NAMES: tuple[str, ...] = tuple(n.name for n in NEEDED)


def invite_url(application_id: int | str) -> str:
    """The URL that adds the bot (with its commands and permissions) to a server."""
    return discord.utils.oauth_url(application_id, permissions=REQUIRED_PERMISSIONS, scopes=SCOPES)
