"""The fake's checks of Discord's message limits catch every kind of breach (so a passing suite means
the bot's payloads really fit)."""

from __future__ import annotations

from typing import Any

from .limits import autocomplete_problems, component_problems, embed_problems, message_problems


def button(cid: str, label: str = "x") -> dict[str, Any]:
    return {"type": 2, "style": 2, "custom_id": cid, "label": label}


def select(cid: str, n: int, max_values: int = 1) -> dict[str, Any]:
    options = [{"label": f"o{i}", "value": f"v{i}"} for i in range(n)]
    return {
        "type": 3,
        "custom_id": cid,
        "options": options,
        "min_values": 1,
        "max_values": max_values,
    }


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def test_a_message_within_the_limits_passes() -> None:
    components = [row(*(button(f"b{r}{i}") for i in range(5))) for r in range(4)]
    components.append(row(select("s", 25, max_values=25)))
    embed = {"title": "t", "description": "d" * 4000, "fields": [{"name": "n", "value": "v"}]}
    assert (
        message_problems({"content": "c" * 2000, "embeds": [embed], "components": components}) == []
    )


def test_component_breaches_are_reported() -> None:
    assert component_problems([row(button(f"b{r}")) for r in range(6)]) == [
        "6 action rows (limit 5)"
    ]
    assert "6 buttons" in component_problems([row(*(button(f"b{i}") for i in range(6)))])[0]
    assert "alone in its row" in component_problems([row(select("s", 3), button("b"))])[0]
    assert "26 options" in component_problems([row(select("s", 26))])[0]
    assert any("max_values" in p for p in component_problems([row(select("s", 3, max_values=4))]))
    assert "custom_id of 101" in component_problems([row(button("x" * 101))])[0]
    assert "duplicate custom_ids" in component_problems([row(button("a"), button("a"))])[0]
    assert "label" in component_problems([row(button("a", "L" * 81))])[0]


def test_embed_content_and_autocomplete_breaches_are_reported() -> None:
    assert "content" in message_problems({"content": "c" * 2001})[0]
    assert "description" in embed_problems([{"description": "d" * 4097}])[0]
    big = [{"description": "d" * 4000}, {"description": "d" * 2001}]
    assert "total 6001" in embed_problems(big)[0]
    assert "field value" in embed_problems([{"fields": [{"name": "n", "value": "v" * 1025}]}])[0]
    choices = [{"name": f"c{i}", "value": str(i)} for i in range(26)]
    assert "26 autocomplete choices" in autocomplete_problems(choices)[0]
    assert "name" in autocomplete_problems([{"name": "n" * 101, "value": "v"}])[0]
