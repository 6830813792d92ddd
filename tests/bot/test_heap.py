"""The deployed bot freezes what is alive at ready (``bot.heap``): the cyclic collector's full walks
then skip the long-lived objects, which stalled the event loop for 30-75 ms in the benchmark."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from .conftest import FakeFactory


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()  # later tests' bots must stay collectable


def _walked(obj: object) -> bool:
    """Whether the collector's walks still visit ``obj`` (frozen objects are out of them)."""
    return any(o is obj for o in gc.get_objects())


async def test_ready_freezes_the_bot_out_of_the_collectors_walks(
    make_fake: FakeFactory, unfrozen: None
) -> None:
    fake = await make_fake(freeze_heap=True)
    assert gc.get_freeze_count() > 0
    assert not _walked(fake.bot)
    assert not _walked(fake.bot.tables)


async def test_bots_made_for_tests_are_not_frozen(make_fake: FakeFactory, unfrozen: None) -> None:
    fake = await make_fake()
    assert gc.get_freeze_count() == 0
    assert _walked(fake.bot)
