"""The one error handler of every command and component, and the sentences it answers with.

Lives in cogs so that both the bot (``bot.app``) and the components (``bot.discord.ui``) can use it
without importing each other."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.games import IllegalAction
from bot.i18n import N_, _, lang_of, set_language
from bot.render.refusals import refusal
from bot.tables.errors import LOST_MESSAGE, NO_TABLE_MESSAGE, STALE_MESSAGE, TableError
from bot.tables.persistence import SAVE_FAILED
from bot.tournaments.service import TournamentError

log = logging.getLogger("bot.app")

GENERIC_ERROR = N_("Something went wrong — nothing was changed.")
NOT_DONE = N_("That did not work out — nothing was changed.")
#: The table layer's fixed refusals (it knows no languages), here for the catalog; a test checks
#: they are word for word the table layer's.
TABLE_SENTENCES = {
    NO_TABLE_MESSAGE: N_("There is no table in this channel. Open one with /table new."),
    STALE_MESSAGE: N_("That hand is out of date — here is your current one."),
    LOST_MESSAGE: N_(
        "This table is now run by another instance of the bot, so this one has let it go. "
        "Please try again in a moment."
    ),
    SAVE_FAILED: N_(
        "Saving is delayed: the table could not be saved, so nothing changed. "
        "Please try again in a moment."
    ),
}
#: discord.py's own refusals that reach players (a guild-only command in a direct message).
DISCORD_SENTENCES = (N_("This command cannot be used in direct messages."),)
#: Unknown interaction (answered too late) and Unknown Webhook (the token is gone).
EXPIRED_CODES = frozenset({10062, 10015})
#: ``Interaction.extras`` key set while an interaction's answer is a public "thinking…" (bot.discord.ui).
PUBLIC_THINKING = "public_thinking"


class UnknownControl(Exception):
    """A component click with a custom_id that no handler knows (forged or from an old version)."""

    def __str__(self) -> str:
        return _("That control is not one I know (or no longer used) — nothing was changed.")


def cooldown_message(retry_after: float) -> str:
    return _("Not so fast — try again in {seconds} s. Nothing was changed.").format(
        seconds=max(1, round(retry_after + 0.5))
    )


def friendly_message(error: BaseException) -> str | None:
    """The user-facing sentence for an expected error (a refused request), or None for a bug.
    The table layer and the engines write English (they know no languages): a sentence the catalog
    has is shown translated."""
    if isinstance(error, TournamentError):
        said = refusal(error.template) if not error.values else _(error.template)
        return said.format(**error.values) if error.values else said
    if isinstance(error, TableError | IllegalAction | UnknownControl):
        return refusal(str(error)) if str(error) else _(GENERIC_ERROR)
    if isinstance(error, app_commands.CommandOnCooldown):
        return cooldown_message(error.retry_after)
    if isinstance(error, app_commands.CheckFailure):
        return _(str(error)) if str(error) else _("You can't use that command here.")
    return None


async def report_interaction_error(
    interaction: discord.Interaction[Any], error: BaseException
) -> None:
    """A friendly ephemeral answer, and a logged traceback when it is a bug (never the state of a
    hand), in the user's language."""
    set_language(lang_of(interaction.locale))
    original = getattr(error, "original", None) or error
    if isinstance(original, discord.NotFound) and original.code in EXPIRED_CODES:
        # Discord no longer takes an answer (too late, or a token gone): nobody can be told.
        log.warning("Interaction %s expired before it was answered", interaction.id)
        return
    message = friendly_message(original)
    if message is None:
        command = interaction.command.qualified_name if interaction.command else None
        custom_id = (interaction.data or {}).get("custom_id") if interaction.data else None
        log.error(
            "Unhandled error in %s", command or custom_id or "an interaction", exc_info=original
        )
        message = _(GENERIC_ERROR)
    try:
        if interaction.extras.get(PUBLIC_THINKING):
            # A public "thinking…" answer can only become public: close it with a neutral line,
            # so that the refusal itself goes out as a private follow-up.
            interaction.extras[PUBLIC_THINKING] = False
            await interaction.edit_original_response(content=_(NOT_DONE))
            await interaction.followup.send(message, ephemeral=True)
        elif interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
    except discord.HTTPException:
        log.warning("Could not tell the user about an error (interaction %s)", interaction.id)
