"""How the site is run: its settings and ``python -m bot web`` on its own (``WEB_PORT`` inside the
bot process: tests/bot/test_web_links.py)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.config import Config, ConfigError

ROOT = Path(__file__).resolve().parent.parent.parent


def test_web_settings_are_read_and_checked() -> None:
    config = Config.from_env(
        {"WEB_PORT": "8081", "WEB_BASE_URL": "https://cards.example.org/", "WEB_TRUST_PROXY": "1"}
    )
    assert (config.web_host, config.web_port) == ("127.0.0.1", 8081)
    assert config.web_base_url == "https://cards.example.org" and config.web_trust_proxy
    for bad in ({"WEB_PORT": "http"}, {"WEB_PORT": "70000"}, {"WEB_BASE_URL": "cards.example"}):
        with pytest.raises(ConfigError):
            Config.from_env(bad)


def test_python_m_bot_web_serves_alone(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "DATABASE_PATH": str(tmp_path / "alone.sqlite3"),
        "DISCORD_TOKEN": "",
        "LOG_LEVEL": "INFO",
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "bot", "web", "--port", "0"],
        cwd=ROOT,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stderr is not None
        port = None
        deadline = time.monotonic() + 30
        while port is None and time.monotonic() < deadline:
            line = proc.stderr.readline()
            found = re.search(r"Web pages on http://127\.0\.0\.1:(\d+)", line)
            port = int(found[1]) if found else None
        assert port, "the web server did not say where it listens"
        import urllib.request

        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as r:
            assert r.status == 200 and r.read() == b"ok\n"
    finally:
        proc.terminate()
        assert proc.wait(10) == 0  # SIGTERM: a clean stop
