"""The entry point and the engine registry behave sensibly before any game is chosen."""

import subprocess
import sys

import pytest

from bot.config import Config, ConfigError
from bot.games import InvalidState, load_game, new_game


def test_main_without_token_explains_how_to_get_one(tmp_path):
    env = {"PATH": "", "HOME": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "DISCORD_TOKEN" in proc.stderr
    assert "developers/applications" in proc.stderr


def test_unknown_game_names_the_choices():
    with pytest.raises(ValueError, match="hurricane, hurikan, haggis"):
        new_game("poker", seed=1)


def test_load_game_rejects_non_positions():
    with pytest.raises(InvalidState):
        load_game({"game": "chess"})


def test_config_reads_environment():
    config = Config.from_env({"DISCORD_TOKEN": " abc ", "DEV_GUILD_ID": "42", "LOG_LEVEL": "debug"})
    assert config.token == "abc"
    assert config.dev_guild_id == 42
    assert config.log_level == "DEBUG"
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        Config.from_env({"DEV_GUILD_ID": "server"})


def test_the_analysis_of_finished_games_is_on_unless_turned_off():
    assert Config.from_env({}).analysis and Config.from_env({}).analysis_samples is None
    assert not Config.from_env({"ANALYSIS": "0"}).analysis
    assert Config.from_env({"ANALYSIS": "on", "ANALYSIS_SAMPLES": "4"}).analysis_samples == 4
    with pytest.raises(ConfigError, match="ANALYSIS"):
        Config.from_env({"ANALYSIS": "maybe"})
    for bad in ("0", "-3", "many"):
        with pytest.raises(ConfigError, match="ANALYSIS_SAMPLES must be"):
            Config.from_env({"ANALYSIS_SAMPLES": bad})
