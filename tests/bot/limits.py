"""Discord's hard limits on a message body, as Discord checks them (discord-platform.md §1.3).

The fake runs ``message_problems`` on every body the bot sends (interaction replies and updates, webhook
follow-ups and edits, channel messages) and on every autocomplete answer; each problem is a violation that
fails the test. discord.py checks none of these on the way out, so a view that grows past 5 rows or a select
past 25 options would otherwise pass the tests and fail in production with a 400 "Invalid Form Body"."""

from __future__ import annotations

import json
import re
from typing import Any

ACTION_ROW, BUTTON = 1, 2
SELECTS = {3, 5, 6, 7, 8}  # string, user, role, mentionable, channel selects


def _too_long(problems: list[str], what: str, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        problems.append(f"{what} is {len(value)} characters (limit {limit})")


def _select_problems(select: dict[str, Any], where: str) -> list[str]:
    problems: list[str] = []
    options = select.get("options") or []
    if select.get("type") == 3 and not 1 <= len(options) <= 25:
        problems.append(f"{where}: a select with {len(options)} options (1..25)")
    lo, hi = int(select.get("min_values", 1)), int(select.get("max_values", 1))
    if not 0 <= lo <= hi <= 25:
        problems.append(f"{where}: min_values {lo} / max_values {hi} (0 <= min <= max <= 25)")
    if select.get("type") == 3 and hi > len(options):
        problems.append(f"{where}: max_values {hi} > {len(options)} options")
    _too_long(problems, f"{where} placeholder", select.get("placeholder"), 150)
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        problems.append(f"{where}: duplicate option values")
    for o in options:
        for key in ("label", "value", "description"):
            _too_long(problems, f"{where} option {key}", o.get(key), 100)
    return problems


def component_problems(components: list[dict[str, Any]]) -> list[str]:
    """≤ 5 action rows; a row holds 1..5 buttons or exactly one select; custom_ids 1..100, unique."""
    problems: list[str] = []
    if len(components) > 5:
        problems.append(f"{len(components)} action rows (limit 5)")
    ids: list[str] = []
    for r, row in enumerate(components):
        if row.get("type") != ACTION_ROW:
            problems.append(f"row {r} is not an action row (type {row.get('type')})")
            continue
        items = row.get("components") or []
        kinds = [c.get("type") for c in items]
        if any(k in SELECTS for k in kinds):
            if len(items) != 1:
                problems.append(f"row {r}: a select must be alone in its row ({len(items)} items)")
        elif not 1 <= len(items) <= 5:
            problems.append(f"row {r}: {len(items)} buttons (1..5)")
        for c in items:
            where = f"row {r} {c.get('custom_id')!r}"
            cid = c.get("custom_id")
            if cid is not None:
                ids.append(cid)
                if not 1 <= len(cid) <= 100:
                    problems.append(f"{where}: custom_id of {len(cid)} characters (1..100)")
            elif c.get("type") != BUTTON or c.get("style") != 5:
                problems.append(f"{where}: a component without a custom_id")
            if c.get("type") == BUTTON:
                _too_long(problems, f"{where} label", c.get("label"), 80)
            elif c.get("type") in SELECTS:
                problems += _select_problems(c, where)
    if len(set(ids)) != len(ids):
        problems.append("duplicate custom_ids on one message")
    return problems


def embed_problems(embeds: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(embeds) > 10:
        problems.append(f"{len(embeds)} embeds (limit 10)")
    total = 0
    for e in embeds:
        fields = e.get("fields") or []
        if len(fields) > 25:
            problems.append(f"an embed with {len(fields)} fields (limit 25)")
        texts = [
            ("title", e.get("title"), 256),
            ("description", e.get("description"), 4096),
            ("footer", (e.get("footer") or {}).get("text"), 2048),
            ("author", (e.get("author") or {}).get("name"), 256),
        ]
        for f in fields:
            texts += [("field name", f.get("name"), 256), ("field value", f.get("value"), 1024)]
            if not f.get("name") or not f.get("value"):
                problems.append("an embed field with an empty name or value")
        for what, value, limit in texts:
            _too_long(problems, f"embed {what}", value, limit)
            total += len(value) if isinstance(value, str) else 0
    if total > 6000:
        problems.append(f"embeds total {total} characters (limit 6000)")
    return problems


def message_problems(body: dict[str, Any] | None) -> list[str]:
    """Every limit a message body (create or edit) breaks."""
    if not isinstance(body, dict):
        return []
    problems: list[str] = []
    _too_long(problems, "content", body.get("content"), 2000)
    problems += embed_problems(body.get("embeds") or [])
    problems += component_problems(body.get("components") or [])
    return problems


def autocomplete_problems(choices: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(choices) > 25:
        problems.append(f"{len(choices)} autocomplete choices (limit 25)")
    for c in choices:
        _too_long(problems, "autocomplete choice name", c.get("name"), 100)
        _too_long(problems, "autocomplete choice value", c.get("value"), 100)
        if not c.get("name"):
            problems.append("an autocomplete choice without a name")
    return problems


ATTACHMENT_REF = re.compile(r"attachment://([^\s\"'\\]+)")


def attachment_problems(body: dict[str, Any] | None, files: list[str]) -> list[str]:
    """Discord shows an uploaded file in an embed (or a Components V2 media item) only when the
    body names it ``attachment://<filename>``, and such a name resolves only against the files
    uploaded in the same request: every reference must be uploaded, every upload referenced."""
    refs = set(ATTACHMENT_REF.findall(json.dumps(body or {}, ensure_ascii=False)))
    problems = [
        f"attachment://{r} is not uploaded in this request" for r in sorted(refs - set(files))
    ]
    problems += [f"the file {f} is uploaded but never referenced" for f in files if f not in refs]
    if len(set(files)) != len(files):
        problems.append(f"two uploads share a file name: {files}")
    return problems
