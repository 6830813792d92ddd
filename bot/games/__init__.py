"""Pure, deterministic rules engines (ENGINE.md). No Discord, storage or asyncio here.

Everything other floors may use is exported here: the ENGINE.md contract, ``game_info`` and the
view-only helpers and types of ``docs/engine-api.md``.
"""

from .api import (
    card_value,
    describe,
    determinise,
    position_key,
    readings_of,
    selection_plays,
    timeout_move,
)
from .base import Action, GameState
from .deals import Deal, deals_of
from .errors import IllegalAction, InvalidState
from .fair import FAIR_V1, LEGACY, FairSeed, commitment, new_server_seed
from .haggis.combinations import Kind as HaggisKind
from .haggis.public import Reading, Selection
from .hurricane_poker.public import PokerPack, poker_pack, poker_ranks, poker_strength
from .info import GameInfo, OptionInfo, PresetInfo
from .registry import (
    GAMES,
    game_info,
    load_game,
    new_game,
    parse_action,
    register_game,
    unregister_game,
)
from .types import (
    GameOver,
    GameResult,
    HaggisCombination,
    HaggisEvent,
    HaggisMove,
    HaggisTrickEntry,
    HaggisView,
    HurikanEvent,
    HurikanMove,
    HurikanView,
    HurricaneEvent,
    HurricaneMove,
    HurricaneView,
    PokerMove,
)

__all__ = [
    "FAIR_V1",
    "GAMES",
    "LEGACY",
    "Action",
    "Deal",
    "FairSeed",
    "GameInfo",
    "GameOver",
    "GameResult",
    "GameState",
    "HaggisCombination",
    "HaggisEvent",
    "HaggisKind",
    "HaggisMove",
    "HaggisTrickEntry",
    "HaggisView",
    "HurikanEvent",
    "HurikanMove",
    "HurikanView",
    "HurricaneEvent",
    "HurricaneMove",
    "HurricaneView",
    "IllegalAction",
    "InvalidState",
    "OptionInfo",
    "PokerMove",
    "PokerPack",
    "PresetInfo",
    "Reading",
    "Selection",
    "card_value",
    "commitment",
    "deals_of",
    "describe",
    "determinise",
    "game_info",
    "load_game",
    "new_game",
    "new_server_seed",
    "parse_action",
    "poker_pack",
    "poker_ranks",
    "poker_strength",
    "position_key",
    "readings_of",
    "register_game",
    "selection_plays",
    "timeout_move",
    "unregister_game",
]
