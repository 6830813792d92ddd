"""The Russian words around the rules: game titles, one-line summaries, presets, what each option
means, the glossary. Written from RULES.md and the Russian seeds (Ураган, снос, примиера, премьера,
набор, последовательность, бомба); option names and values stay Latin, as players type them."""

from __future__ import annotations

#: The commands as a Russian client shows them (Discord also matches the English names).
TABLE_NEW = "/стол новый"
TABLE_LEAVE = "/стол встать"

SET_OPTIONS = f"Задать: `{TABLE_NEW} … опции:имя=значение …`."
OPTIONS_FIELD = "Настройки (первым — значение по умолчанию)"
OPTIONS_NONE = "только turn_timer (время на ход)."
TURN_TIMER = "turn_timer (время на ход)"
PLAYERS = "игроков"
CHANGED_HERE = "здесь изменено"
GLOSSARY_FIELD = "Словарь"
#: Stands for the options field in the panels below; ``rules_panel`` puts the options text there.
OPTIONS_SLOT = "\x00options"

TITLES = {
    "hurricane": "Ураган",
    "hurikan": "Хурикан",
    "haggis": "Хаггис",
    "hurricane_poker": "Покер «Ураган»",
}

SUMMARIES = {
    "hurricane": "игра на взятие со стола из семейства Скопы: карты берут равной картой или суммой",
    "hurikan": "Ураган со сложением: выложите карты, сумма которых равна карте на столе, "
    "и заберите её",
    "haggis": "игра Шона Росса на избавление от карт: наборы, последовательности и бомбы; "
    "фигуры — джокеры",
    "hurricane_poker": "покер на двух картах, хай-лоу: один обмен, спред-лимит, джокеры по желанию",
}

PRESETS = {
    "standard": "2 игрока, по 6 карт, 4 на столе, игра до 16",
    "open": "4 открытые и 2 закрытые карты в руке, премьера из наборов, игра до 15",
    "pairs": "двое на двое, партнёры напротив, по 9 карт, ход вправо",
}

#: What each option of each game means; where the values are a list, the words follow their order.
OPTIONS: dict[str, dict[str, str]] = {
    "hurricane": {
        "target": "до скольких очков",
        "double_below": "меньше у проигравшего — двойная победа; 0 — нет",
        "lead_after_redeal": "после досдачи ходит несдающий | последний сходивший",
        "precedence": "равная карта важнее суммы | любая взятка",
        "trail": "сносить только то, что не берёт | что угодно",
        "min_cards": "`on`: сумма только из наименьшего числа карт",
        "last_play_sweep": "ураган последней картой сдачи",
        "after_sweep": "после урагана соперник: ничего | выкладывает руку",
        "leftover": "остаток стола: последнему взявшему | сходившему",
        "primiera": "по мастям | премьера из наборов | нет",
        "missing_suit": "без масти примиеры нет | считать по имеющимся",
    },
    "haggis": {
        "target": "до скольких очков игра; 350 — длинная игра",
        "first_out_bonus": "+5 первому вышедшему",
        "bomb_capture": "взятку, побитую бомбой, получает сыгравший перед бомбой | "
        "кому решит бомбивший",
    },
    "hurricane_poker": {
        "wild": "джокеры: нет | два джокера | четыре двойки | одноглазые В♠ В♥ К♦",
        "declare": "карты говорят сами | перед вскрытием каждый объявляет хай, лоу или оба",
        "draw": "обмен одной карты и второй круг торговли | только один круг",
        "stack": "фишек у каждого в начале",
        "ante": "анте перед каждой раздачей",
        "bet_max": "спред-лимит: наибольшая прибавка ставки или рейза",
        "raises": "рейзов за круг торговли",
        "hands": "раздач в игре",
    },
}

GLOSSARY: tuple[tuple[str, str], ...] = (
    ("снос", "карта, положенная на стол в открытую, потому что ничего не берёт (Ураган)"),
    ("ураган (свип)", "взятка, после которой стол пуст: 1 очко в конце сдачи"),
    ("примиера", "очко за лучшие карты каждой масти по стоимости примиеры (7, 6, Т, 5…)"),
    (
        "премьера",
        "примиера варианта `open`: очко получает лучший набор из трёх или четырёх карт одного достоинства",
    ),
    ("набор", "одна или несколько карт одного достоинства, например три семёрки (Хаггис)"),
    ("последовательность", "три или больше карт подряд одной масти или ряды наборов (Хаггис)"),
    ("бомба", "3-5-7-9, В-Д, В-К, Д-К или В-Д-К: бьёт любую обычную комбинацию (Хаггис)"),
    ("ставка", "0, 15 или 30 до своей первой карты в раунде — на то, что выйдете первым (Хаггис)"),
)


def plural(count: int, one: str, few: str, many: str) -> str:
    """The Russian noun for ``count``: 1 игрок, 3 игрока, 5 игроков, 21 игрок, 11 игроков."""
    if count % 10 == 1 and count % 100 != 11:
        return one
    if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
        return few
    return many


def players_only(counts: tuple[int, ...]) -> str:
    """``только если играют 3 игрока`` / ``… 2 или 3 игрока`` (the noun agrees with the last)."""
    last = counts[-1]
    verb = "играет" if plural(last, "one", "few", "many") == "one" else "играют"
    numbers = " или ".join(map(str, counts))
    return f"только если {verb} {numbers} {plural(last, 'игрок', 'игрока', 'игроков')}"
