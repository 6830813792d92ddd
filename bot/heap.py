"""The cyclic garbage collector and a long-lived bot.

A full (oldest-generation) collection walks every tracked object; with the gateway's caches, the
restored tables and the modules in memory that took 30-75 ms in the bot benchmark, a stall of the
event loop that every interaction waiting behind it feels. Objects alive once the bot is ready
mostly live as long as the process, so they are moved out of the collector's sight
(``gc.freeze``): later full collections only walk what was made since."""

from __future__ import annotations

import gc


def freeze_long_lived() -> None:
    """Collect what is garbage now, then freeze the survivors (called when the bot is ready; again
    on a later ready it freezes what came since)."""
    gc.collect()
    gc.freeze()
