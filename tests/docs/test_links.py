"""Every relative link of README.md and docs/*.md leads somewhere in this repository (the file, and
the heading when the link names one), and nothing points outside it: a fresh clone has no
``../shared``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)


def prose(text: str) -> str:
    """The text without code (fenced blocks and inline spans), where links are not links."""
    return CODE.sub("", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's words only
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    out: set[str] = set()
    for heading in HEADING.findall(FENCE.sub("", path.read_text(encoding="utf-8"))):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def links(page: Path) -> list[str]:
    return LINK.findall(prose(page.read_text(encoding="utf-8")))


def broken(page: Path, target: str) -> str | None:
    """Why a link of ``page`` leads nowhere (None when it is sound)."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):  # https:, mailto: …
        return None
    path_part, _, anchor = target.partition("#")
    dest = (page.parent / path_part).resolve() if path_part else page
    if not dest.is_relative_to(ROOT):
        return f"{target}: outside the repository"
    if not dest.exists():
        return f"{target}: no such file"
    if anchor and dest.suffix == ".md" and anchor not in anchors(dest):
        return f"{target}: no heading #{anchor} in {dest.relative_to(ROOT)}"
    return None


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_somewhere(page: Path) -> None:
    problems = [why for target in links(page) if (why := broken(page, target))]
    assert not problems, f"{page.relative_to(ROOT)}: {problems}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_refers_outside_the_clone(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for outside in ("../shared", "/work/"):
        assert outside not in text, f"{page.relative_to(ROOT)} mentions {outside}"


def test_every_document_is_reachable_from_the_readme() -> None:
    """A newcomer finds each page of docs/ from the README, directly or through another page."""
    seen: set[Path] = set()
    todo = [ROOT / "README.md"]
    while todo:
        page = todo.pop()
        if page in seen or page.suffix != ".md" or not page.exists():
            continue
        seen.add(page)
        for target in links(page):
            if not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                path_part = target.partition("#")[0]
                if path_part:
                    todo.append((page.parent / path_part).resolve())
    unreached = [str(p.relative_to(ROOT)) for p in PAGES if p not in seen]
    assert not unreached, f"not linked from README.md (nor from a page it links): {unreached}"


def test_the_checker_catches_what_it_should(tmp_path: Path) -> None:
    """The checker itself: a missing file, a missing heading, a link out of the tree; links in code
    are not links."""
    page = ROOT / "docs" / "x.md"
    assert broken(page, "nowhere.md") == "nowhere.md: no such file"
    assert broken(page, "../README.md#no-such-heading") is not None
    assert broken(page, "../../outside.md") is not None
    assert broken(page, "https://example.com/x") is None
    assert prose("see `[a](b.md)` and\n```\n[c](d.md)\n```\n").count("](") == 0
    assert slug("Run the bot (quick start)") == "run-the-bot-quick-start"
    assert slug("`/table new` — open a table") == "table-new--open-a-table"
